"""The public table: one message per match with the public view (embed and
board image), the recent moves in words and the public buttons.

Every edit goes through the match's TableEditor (cogs/play/table_editor.py),
which calls `show_latest` here, drawn from the newest state (a move's
committed match, else a fresh load), so edits are coalesced and never land
out of order.
A table too old to edit cheaply, or gone, is posted anew.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord

from cogs.history.hints import mark_table as mark_hints
from cogs.history.story import recent_start, tell
from cogs.i18n import _, ngettext, speaking
from cogs.language import Languages
from cogs.permissions import Refusal, refusal
from cogs.play.names import SeatNames
from cogs.play.panels import table_view
from cogs.play.places import Places
from cogs.presenters import Presenter, board_pool, presenter_for
from cogs.presenters.base import board_files
from rules import Action
from storage import CorruptMatch, LoadedMatch, Status, UnknownMatch, stopped_after

if TYPE_CHECKING:
    from cogs.config import Config
    from storage import Store

log = logging.getLogger(__name__)

IMAGE_NAME = "table.png"


@dataclass
class Rendered:
    """A table ready to send: embed, components and an optional board image
    with its alt text."""

    embed: discord.Embed
    view: discord.ui.View
    image: bytes | None = None
    alt: str | None = None

    def files(self) -> list[discord.File]:
        """Fresh File objects (discord.py consumes them when sending)."""
        return board_files(self.image, self.alt, IMAGE_NAME)


def _age_seconds(posted: datetime) -> float:
    if posted.tzinfo is None:
        posted = posted.replace(tzinfo=UTC)
    return (datetime.now(UTC) - posted).total_seconds()


class PublicTable:
    def __init__(
        self,
        bot: discord.Client,
        store: Store,
        config: Config,
        languages: Languages,
        names: SeatNames,
        places: Places,
    ):
        self.bot = bot
        self.store = store
        self.config = config
        self.languages = languages
        self.names = names
        self.places = places

    async def recent_lines(self, loaded: LoadedMatch) -> list[str]:
        """The table's recent moves in words: everything public since the
        previous turn of the seat(s) now owing a decision, up to the loaded
        match's move (a move committed since is not on this table either)."""
        match = loaded.match
        assert match is not None
        owing = match.to_act() if loaded.status == Status.ACTIVE else ()
        presenter = presenter_for(loaded.game)
        since = recent_start(match.log, owing, presenter)
        actions = await self.store.story(loaded.id, since=since, until=match.seq)
        names_at = await self.names.history_names(loaded)
        return [line.text for line in tell(presenter, actions, names_at)]

    async def render(self, loaded: LoadedMatch, *, image: bool = True) -> Rendered:
        """The table as it stands (`image`: with the board picture, unless
        the place refuses files)."""
        match = loaded.match
        assert match is not None
        presenter = presenter_for(loaded.game)
        names = await self.names.names_for(loaded)
        state = match.view(None)
        to_act = match.to_act() if loaded.status == Status.ACTIVE else ()
        stopped = stopped_after(loaded)  # its outcome is not the game's: not drawn
        outcome = match.outcome() or (loaded.outcome if stopped is None else None)
        embed = presenter.table_embed(
            match_id=loaded.id,
            view=state,
            names=names,
            to_act=to_act,
            recent=await self.recent_lines(loaded),
            outcome=outcome,
            seq=match.seq,
        )
        if stopped is not None:
            embed.description = ngettext(
                "**Stopped: no end after {n} move** (a table of bots only).",
                "**Stopped: no end after {n} moves** (a table of bots only).",
                stopped,
            )
        elif loaded.status == Status.CANCELLED:
            embed.description = _("**This match was cancelled.**")
        elif loaded.paused and loaded.status == Status.ACTIVE:
            embed.description = _("⏸ **Paused by a host.**") + f"\n{embed.description or ''}"
        await mark_hints(self.store, loaded, embed)  # allowed, or counted at the end (issue 32)
        components = self.components(loaded, presenter, state)
        picture = await board_pool.board_image(presenter, state, names, outcome) if image else None
        alt = None
        if picture:
            embed.set_image(url=f"attachment://{IMAGE_NAME}")
            alt = presenter.board_alt(state, names, outcome)
        return Rendered(embed, components, picture, alt)

    @staticmethod
    def components(
        loaded: LoadedMatch, presenter: Presenter, state: dict, mask: int = 0
    ) -> discord.ui.View:
        """The table's buttons: the public decisions owed now, My hand, Log."""
        match = loaded.match
        assert match is not None
        to_act = match.to_act() if loaded.status == Status.ACTIVE else ()
        public: list[Action] = []
        for seat in to_act:
            for action in match.legal(seat):
                if presenter.is_public(action) and action not in public:
                    public.append(action)
        return table_view(
            presenter,
            loaded.id,
            match.seq,
            public,
            state,
            over=loaded.status != Status.ACTIVE,
            replay=loaded.status == Status.FINISHED,
            mask=mask,
            rematch=not loaded.learn,  # a lesson's review offers a real match instead
        )

    async def show_latest(
        self, match_id: int, shown: int | None, given: LoadedMatch | None
    ) -> int | None:
        """The table editor's one way to edit a table (cogs/play/table_editor.py,
        `Show`): from the newest committed state (`given` by the move that
        asked, else a fresh load); returns the seq shown. (Redraw the table;
        post a fresh one when the old is too old to edit cheaply, or gone.)
        A match deleted meanwhile raises UnknownMatch: the editor forgets it."""
        try:
            loaded = given if given is not None else await self.store.load(match_id)
        except CorruptMatch as exc:
            log.error("cannot show match %s: %s", match_id, exc)
            return None
        if loaded.match is None:
            return None
        try:
            with speaking(await self.languages.of_server(loaded.guild_id)):  # a public message
                await self._show(loaded)
        except UnknownMatch:  # deleted meanwhile (its server purged or forgotten)
            log.info("match %s was deleted while its table was being shown", match_id)
            raise
        return loaded.seq

    async def seq_now(self, match_id: int) -> int | None:
        """How far the match has got, as stored now (None: it is gone)."""
        try:
            return (await self.store.info(match_id)).seq
        except UnknownMatch:
            return None

    async def _show(self, loaded: LoadedMatch) -> None:
        """Show the table where the match can be shown now (cogs/play/places.py).
        A refusal the bot can mend (a thread locked, archived or deleted)
        is mended and the table shown once more; any other is not retried."""
        for attempt in range(2):
            place_id = await self.places.usable(loaded)
            if place_id is None:
                return  # shown again once a permission changes there
            try:
                if not await self._show_in(loaded, place_id):
                    continue  # the place closed while the table was drawn: ask again
            except discord.HTTPException as exc:
                if attempt or not await self.places.refused(loaded, place_id, exc):
                    log.warning("the table of match %s was refused: %s", loaded.id, exc)
                    return
                loaded = await self.store.load(loaded.id)
                continue
            self.places.shown(loaded, place_id)
            return

    async def _show_in(self, loaded: LoadedMatch, place_id: int) -> bool:
        """Post or edit the table in `place_id`; False (nothing sent) when the
        bot lost its permissions there while the table was being drawn (the
        board picture may wait for its worker): a request Discord would
        refuse is never sent (each refusal counts toward its ban)."""
        match_id = loaded.id
        table = await self.render(loaded, image=self.places.files_allowed(loaded, place_id))
        if self.places.lacks(loaded, place_id):
            return False
        channel = self.bot.get_partial_messageable(place_id)
        ref = await self.store.message(match_id, "table")
        young = ref is not None and _age_seconds(ref.posted_at) < self.config.table_max_age
        if ref is not None and young and ref.channel_id == place_id:
            try:
                await channel.get_partial_message(ref.message_id).edit(
                    embed=table.embed, view=table.view, attachments=table.files()
                )
                return True
            except discord.HTTPException as exc:
                if refusal(exc) not in (Refusal.GONE, Refusal.ARCHIVED, Refusal.OTHER):
                    raise  # a permission or a lock: posting would be refused too
                log.info("editing table of match %s failed (%s); posting a new one", match_id, exc)
        message = await channel.send(embed=table.embed, view=table.view, files=table.files())
        await self.store.set_message(match_id, "table", channel.id, message.id)
        if ref is not None:
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(ref.message_id).delete()
        return True
