"""A learn match's guide's hint (`/game learn`, issue 45): the 💡 hint of
cogs/play/hints.py for the learner's decision, worked out by the thinking
workers (never on the event loop, once per decision), in the words a 💡
press gives, with a ▶ Play it button that plays the choice it names as a
click on the panel does (an action button of the panel: the panel then
shows the move)."""

from __future__ import annotations

import logging

import discord

from cogs.i18n import _
from cogs.play import hints
from cogs.play.buttons import PLAY_HINT_LABEL
from cogs.play.learn_buttons import GuidePlayButton
from cogs.play.learn_guide import GUIDE_FAILED
from cogs.presenters import presenter_for
from cogs.thinking import HintBusy, Thinking, ThinkingFailed
from storage import LoadedMatch, Store, UnknownMatch

log = logging.getLogger(__name__)


class GuideHints:
    def __init__(self, store: Store, thinking: Thinking):
        self.store = store
        self.thinking = thinking

    async def __call__(
        self, loaded: LoadedMatch, seat: int, player: int
    ) -> tuple[discord.ui.Item | None, str]:
        """The hint for `seat`'s decision now: its ▶ Play it (None when
        there is none) and its words (the current language)."""
        match = loaded.match
        assert match is not None  # a running match
        try:
            found = await self.thinking.hint(loaded.id, match, seat, player)
        except (HintBusy, ThinkingFailed):
            return None, _(GUIDE_FAILED)
        if self.thinking.first_told(loaded.id, match.seq, seat):
            try:
                await self.store.record_hint(loaded.id, match.seq, seat, player)
            except UnknownMatch:  # deleted meanwhile
                return None, _(GUIDE_FAILED)
        key, text = hints.hint_message(presenter_for(loaded.game), found, match, seat)
        try:
            button = GuidePlayButton(loaded.id, match.seq, key, label=_(PLAY_HINT_LABEL))
        except ValueError:  # a choice too long for a button's id: the panel plays it
            log.warning("guide's hint choice %r too long for its button", key)
            return None, text
        return button, text
