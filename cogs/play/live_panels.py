"""Players' open panels, kept current.

A private panel is an ephemeral message: only the interaction that showed
it can edit it, and only for 15 minutes (Discord's token lifetime). So the
bot remembers, per match and player, the last interaction that showed their
panel, and after a move redraws the panels whose content changed for their
owner (their turn came, their hand changed). Older panels are left alone:
the turn ping's button opens a fresh one. Nothing here survives a restart,
and nothing needs to: a panel is a view, never the truth.
"""

from __future__ import annotations

import contextlib
import copy
from dataclasses import dataclass
from datetime import timedelta

import discord

#: a little less than Discord's 15 minutes, so an edit never races the expiry
LIFETIME = timedelta(minutes=14)


#: what a kept interaction needs no more once its panel is shown: the
#: message clicked (with every component it carried), the answer's message,
#: and the cached helpers that point back at the whole interaction
SHED = ("_cs_response", "_cs_followup", "_cs_namespace", "_cs_command", "_cs_command_id")


def kept(interaction: discord.Interaction) -> discord.Interaction:
    """A light copy of a real interaction that can still edit its original
    response (its token, application, channel and state). One is kept per
    open panel for up to 14 minutes: the whole interaction, with the panel
    it was clicked on, made up most of what the garbage collector's full
    collections walked under load (bench/stalls.py), and they held the
    event loop up to 75 ms each."""
    if type(interaction) is not discord.Interaction:
        return interaction  # (a test's stand-in)
    light = copy.copy(interaction)
    for name in SHED:
        with contextlib.suppress(AttributeError):  # (never computed)
            delattr(light, name)
    light.message = None
    light._original_response = None
    return light


@dataclass(slots=True)
class OpenPanel:
    interaction: discord.Interaction
    digest: tuple  # what the owner saw: whether they owed a move, their moves, hand
    seq: int = -1  # the match's seq it shows: an older redraw never replaces it


def digest(owes: bool, seq: int, legal_keys: list[str], view: dict) -> tuple:
    """What makes a panel worth redrawing for its owner: whether they owe a
    decision, and then every move (its buttons carry the seq), their moves
    and their hand. Not every public change: that would cost a REST call per
    player per move."""
    return owes, seq if owes else None, tuple(legal_keys), tuple(view.get("hand") or ())


class LivePanels:
    def __init__(self):
        self._open: dict[int, dict[int, OpenPanel]] = {}  # match -> user -> panel

    def shown(
        self,
        match_id: int,
        user_id: int,
        interaction: discord.Interaction,
        seen: tuple,
        seq: int = -1,
    ) -> None:
        """`interaction` just showed (or redrew) this player's panel, at `seq`."""
        self._open.setdefault(match_id, {})[user_id] = OpenPanel(kept(interaction), seen, seq)

    def get(self, match_id: int, user_id: int) -> OpenPanel | None:
        return self._open.get(match_id, {}).get(user_id)

    def forget(self, match_id: int, user_id: int | None = None) -> None:
        if user_id is None:
            self._open.pop(match_id, None)
            return
        panels = self._open.get(match_id, {})
        panels.pop(user_id, None)
        if not panels:
            self._open.pop(match_id, None)

    def editable(self, match_id: int) -> dict[int, OpenPanel]:
        """user id -> their open panel in this match, if it can still be
        edited (younger than LIFETIME); expired ones are dropped."""
        panels = self._open.get(match_id)
        if not panels:
            return {}
        now = discord.utils.utcnow()
        for user_id, panel in list(panels.items()):
            if now - panel.interaction.created_at >= LIFETIME:
                del panels[user_id]
        if not panels:
            del self._open[match_id]
        return dict(panels)
