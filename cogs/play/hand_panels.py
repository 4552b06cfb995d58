"""A seat's private panel: its view (the hand) and its legal moves as
components, shown only to its player, and kept current after each move
while Discord lets it be edited (see cogs/play/live_panels.py).

Each player's panel has its own lock, so a click's answer never waits for
the redraw of someone else's panel, and a redraw drawn from an older load
never lands over a panel showing a later move.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord

from cogs.i18n import _, speaking
from cogs.play.live_panels import LivePanels, digest
from cogs.play.names import SeatNames
from cogs.play.panels import panel_view
from cogs.play.turns import seat_of
from cogs.presenters import Presenter, presenter_for
from cogs.replies import own_panel
from rules import Action, Match
from storage import LoadedMatch, Status

if TYPE_CHECKING:
    from storage import Store

#: joins two action keys into one move (the panel offers such moves)
COMBO = "+"
MAX_COMBO = 2


def combos(
    match: Match, seat: int, legal: list[Action], presenter: Presenter, state: dict
) -> list[tuple[str, str]]:
    """The moves that can be made together with the presenter's `then`
    decision (a move, then the draw), as the engine says: each move is
    tried on a copy, and offered with `then` only if that is legal next."""
    if presenter.then is None or seat not in match.to_act():
        return []
    then, words = presenter.then
    found = []
    for action in legal:
        if presenter.group(action) is not None:
            continue
        if any(a.key() == then for a in match.legal_after(seat, action)):
            found.append(
                (
                    f"{action.key()}{COMBO}{then}",
                    _("{move}, {then}", move=presenter.label(action, state), then=_(words))[:80],
                )
            )
    return found


class HandPanels:
    def __init__(self, store: Store, names: SeatNames):
        self.store = store
        self.names = names
        self.live = LivePanels()
        self._locks: dict[tuple[int, int], asyncio.Lock] = {}

    def lock(self, match_id: int, user_id: int) -> asyncio.Lock:
        """Orders the redraws of one player's private panel in a match (never
        held while taking the match lock, so the two cannot deadlock). Per
        player: a click's answer never waits for the redraw of someone
        else's panel."""
        return self._locks.setdefault((match_id, user_id), asyncio.Lock())

    async def render(
        self,
        interaction: discord.Interaction,
        loaded: LoadedMatch,
        seat: int,
        *,
        edit: bool,
        group: str | None = None,
        note: str | None = None,
        drawn: tuple[discord.Embed, discord.ui.View, tuple] | None = None,
    ) -> None:
        """The seat's private panel: their view and their legal actions. It
        replaces the clicked message only when that is the clicker's own
        ephemeral panel; otherwise it comes as a new private message.
        `drawn`: the panel's `message(loaded, seat)`, drawn already."""
        assert loaded.match is not None
        async with self.lock(loaded.id, interaction.user.id):  # see update
            if drawn is None:
                drawn = await self.message(loaded, seat, group=group, note=note)
            embed, components, seen = drawn
            if edit and own_panel(interaction) and not interaction.response.is_done():
                await interaction.response.edit_message(embed=embed, view=components)
            elif interaction.response.is_done():
                await interaction.followup.send(embed=embed, view=components, ephemeral=True)
                return  # a followup's token is not the panel's: don't keep it current
            else:
                await interaction.response.send_message(
                    embed=embed, view=components, ephemeral=True
                )
            self.live.shown(loaded.id, interaction.user.id, interaction, seen, loaded.match.seq)

    async def message(
        self,
        loaded: LoadedMatch,
        seat: int,
        *,
        group: str | None = None,
        note: str | None = None,
    ) -> tuple[discord.Embed, discord.ui.View, tuple]:
        """The embed and components of a seat's panel, and what it shows its
        owner (see cogs/play/live_panels.py)."""
        match = loaded.match
        assert match is not None
        presenter = presenter_for(loaded.game)
        state = match.view(seat)
        names = await self.names.names_for(loaded)
        embed = presenter.panel_embed(
            match_id=loaded.id,
            view=state,
            names=names,
            seat=seat,
            to_act=match.to_act(),
            seq=match.seq,
            note=note,
        )
        if note and seat not in match.to_act():
            embed.description = f"{note}\n{embed.description or ''}"
        legal = match.legal(seat)
        paired = combos(match, seat, legal, presenter, state) if group is None else []
        components = panel_view(presenter, loaded.id, match.seq, legal, state, group, combos=paired)
        seen = digest(seat in match.to_act(), match.seq, [a.key() for a in legal], state)
        return embed, components, seen

    async def update(self, match_id: int) -> set[int]:
        """Redraw the open panels whose owner's turn came or whose hand
        changed, through the interactions that showed them (Discord allows
        that for 15 minutes; past that the turn ping's button opens one).

        From a fresh load, each panel under its owner's panel lock, and
        never over a panel showing a later move: a click answers with its
        panel under the same lock, so an older redraw can never land after
        (and over) a newer one. (Not the match lock: this also runs inside
        it, e.g. when a lobby starts its match.)

        Returns the players whose open panel now shows them their decision
        (they need no ping)."""
        if not self.live.editable(match_id):
            return set()
        loaded = await self.store.load(match_id)
        if loaded.match is None or loaded.status != Status.ACTIVE:
            self.live.forget(loaded.id)
            return set()
        showing = set()
        match = loaded.match
        for user_id in self.live.editable(loaded.id):
            seat = seat_of(loaded, user_id)
            if seat is None:
                self.live.forget(loaded.id, user_id)
                continue
            async with self.lock(loaded.id, user_id):
                panel = self.live.get(loaded.id, user_id)  # maybe redrawn meanwhile
                if panel is None:
                    continue
                if panel.seq > match.seq:  # it shows a later move already
                    if panel.digest[0]:
                        showing.add(user_id)
                    continue
                owes = seat in match.to_act()
                legal = match.legal(seat)
                seen = digest(owes, match.seq, [a.key() for a in legal], match.view(seat))
                if seen == panel.digest:
                    panel.seq = match.seq
                    if owes:
                        showing.add(user_id)
                    continue
                with speaking(getattr(panel.interaction, "locale", None)):  # its owner's
                    embed, components, seen = await self.message(loaded, seat)
                try:
                    await panel.interaction.edit_original_response(embed=embed, view=components)
                    panel.digest, panel.seq = seen, match.seq
                    if owes:
                        showing.add(user_id)
                except discord.HTTPException:
                    self.live.forget(loaded.id, user_id)
        return showing
