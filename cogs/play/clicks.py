"""Clicks on a match's components: a move (button or select), a card
chosen from a group, a die marked, a panel opened or refreshed.

A click becomes an engine action only after every check of the move
service (cogs/play/moves.py): the match is this server's and running, the
clicker holds a seat, the match is not paused, the button's seq is the
match's, and the engine accepts the move. Every refusal is a private
answer, and nothing changes. The answer, the table, the panels and the
pings all show the match as the move committed it.
"""

from __future__ import annotations

import logging

import discord

from cogs import replies
from cogs.i18n import _
from cogs.play.hand_panels import COMBO, MAX_COMBO
from cogs.play.moves import Mover, Refusal, Refused
from cogs.play.panels import panel_view
from cogs.play.tables import REFUSALS, Tables
from cogs.presenters import presenter_for
from cogs.replies import own_panel, say
from rules import Action, UnknownAction
from storage import LoadedMatch

log = logging.getLogger(__name__)


def marked(values: list[str], items: int) -> int:
    """The mask of the items chosen in a marking select (0 when a value is
    not one of the `items` offered: forged)."""
    offered = {str(i): i for i in range(items)}
    mask = 0
    for value in values:
        if value not in offered:
            return 0
        mask |= 1 << offered[value]
    return mask


#: a drawn panel: its embed, its components and what it shows its owner
Drawn = tuple[discord.Embed, discord.ui.View, tuple]


class Clicks:
    def __init__(self, tables: Tables):
        self.tables = tables
        self.store = tables.store

    async def on_action(
        self,
        interaction: discord.Interaction,
        match_id: int,
        seq: int,
        key: str,
        *,
        opening: bool = False,
    ) -> None:
        """A move button or select. `key` is one action key, or several
        joined by `+` (a move that is decisions in a row, e.g. play a card,
        move a pawn and draw): all are applied, or none. Decisions that are
        no decision follow at once (cogs/play/moves.py, `forced_steps`). The answer is the
        clicker's panel when the click came from it, or (`opening`) when
        the click opens one; otherwise the table shows the move."""
        tables = self.tables
        timeline = tables.timings.start(interaction.id)
        from_panel = own_panel(interaction) or opening
        keys = key.split(COMBO)
        try:
            if len(keys) > MAX_COMBO:
                raise UnknownAction(key)
            for part in keys:
                Action.parse(part)
        except UnknownAction:
            await say(interaction, replies.INVALID_BUTTON)
            return
        user = interaction.user

        async def answer(loaded: LoadedMatch, seat: int) -> Drawn | None:
            """The clicker's panel after the move, drawn while it commits."""
            if timeline:
                timeline.step()  # the match loaded and the move checked
            drawn = await tables.hands.message(loaded, seat, story=opening) if from_panel else None
            if timeline:
                timeline.step()  # drawn
            return drawn

        mover = Mover(user.id, interaction.guild_id, getattr(user, "display_name", None))
        async with tables.lock(match_id):
            try:
                moved, drawn = await tables.moves.play(match_id, mover, seq, keys, during=answer)
            except Refused as refused:
                if refused.seat is not None:
                    tables.names.seen(user)
                    tables.clicked(match_id, user.id)
                loaded, seat = refused.loaded, refused.seat
                if refused.why is Refusal.STALE and from_panel and loaded and seat is not None:
                    await tables.hands.render(
                        interaction, loaded, seat, edit=True, note=_(replies.STALE)
                    )
                else:
                    await say(interaction, REFUSALS[refused.why])
                return
            tables.names.seen(user)
            tables.clicked(match_id, user.id)
            tables.human_moves += 1
            if timeline:
                timeline.step()  # committed
            if from_panel:
                await tables.hands.render(
                    interaction, moved.committed, moved.seat, edit=True, drawn=drawn
                )
            else:
                await interaction.response.defer()
            if timeline:
                timeline.step()  # answered
        await tables.after_move(moved.committed, moved.owed_before, planned=True, burst=True)

    async def on_group(
        self, interaction: discord.Interaction, match_id: int, seq: int, group: str
    ) -> None:
        """A card (or other group of moves) chosen: its moves, or the move
        when it has only one."""
        tables = self.tables
        loaded, seat = await tables.load_seated(interaction, match_id)
        if loaded is None or seat is None:
            return
        assert loaded.match is not None
        tables.remember(interaction.user, loaded)
        if seq != loaded.match.seq:
            await tables.hands.render(interaction, loaded, seat, edit=True, note=_(replies.STALE))
            return
        presenter = presenter_for(loaded.game)
        chosen = [a for a in loaded.match.legal(seat) if presenter.group(a) == group]
        if not chosen:
            await tables.hands.render(interaction, loaded, seat, edit=True, note=_(replies.ILLEGAL))
            return
        if len(chosen) == 1:  # the card has one use: picking it is the move
            await self.on_action(interaction, match_id, seq, chosen[0].key())
            return
        await tables.hands.render(interaction, loaded, seat, edit=True, group=group)

    async def on_toggle(
        self, interaction: discord.Interaction, match_id: int, seq: int, mask: int
    ) -> None:
        """Mark or unmark a die: the buttons are redrawn with the new marks,
        on the message clicked (the table or the player's own panel); the
        match itself does not change until a move button is pressed."""
        tables = self.tables
        loaded, seat = await tables.load_seated(interaction, match_id)
        if loaded is None or seat is None:
            return
        assert loaded.match is not None
        tables.clicked(match_id, interaction.user.id)
        match = loaded.match
        if seq != match.seq:
            await say(interaction, replies.STALE_SHORT)
            return
        if seat not in match.to_act():
            await say(interaction, replies.NOT_YOUR_TURN)
            return
        presenter = presenter_for(loaded.game)
        state = match.view(None)
        labels = presenter.toggles(state)
        if not labels or mask >= 1 << len(labels):
            await say(interaction, replies.STALE_SHORT)
            return
        table = await self.store.message(match_id, "table")
        if own_panel(interaction):
            view = panel_view(
                presenter, match_id, seq, match.legal(seat), match.view(seat), mask=mask
            )
        elif (
            table is not None
            and interaction.message is not None
            and table.message_id == interaction.message.id
        ):
            view = tables.public.components(loaded, presenter, state, mask)
        else:
            await say(interaction, replies.INVALID_BUTTON)
            return
        await interaction.response.edit_message(view=view)

    async def open_panel(
        self,
        interaction: discord.Interaction,
        match_id: int,
        *,
        edit: bool,
        turn: bool = False,
    ) -> None:
        """The clicker's private panel: a new one, or (`edit`) redrawn in
        place; with what happened since their last turn (they come back).
        From a turn's notification (`turn`), a decision that is no decision
        (the dice game's roll) is made at once, and the panel shows its
        result: the click was the player's to make it."""
        tables = self.tables
        loaded, seat = await tables.load_seated(interaction, match_id)
        if loaded is None or seat is None:
            return
        tables.remember(interaction.user, loaded)
        assert loaded.match is not None
        forced = loaded.match.forced(seat) if turn and not loaded.paused else None
        if forced is not None:  # nothing to decide (a roll): Your move makes it
            await self.on_action(
                interaction, match_id, loaded.match.seq, forced.key(), opening=True
            )
            return
        await tables.hands.render(interaction, loaded, seat, edit=edit, story=True)

    async def on_marks(
        self, interaction: discord.Interaction, match_id: int, seq: int, values: list[str]
    ) -> None:
        """Items marked in one select (the dice to reroll): the move the
        marks give, as the presenter words it from the view."""
        tables = self.tables
        loaded, seat = await tables.load_seated(interaction, match_id)
        if loaded is None or seat is None:
            return
        assert loaded.match is not None
        match = loaded.match
        if seq != match.seq:
            await tables.hands.render(interaction, loaded, seat, edit=True, note=_(replies.STALE))
            return
        presenter = presenter_for(loaded.game)
        state = match.view(seat)
        labels = presenter.toggles(state) if seat in match.to_act() else None
        mask = marked(values, len(labels or ()))
        moves = presenter.toggle_moves(state, mask) if mask else []
        if not moves:
            await say(interaction, replies.INVALID_BUTTON)
            return
        await self.on_action(interaction, match_id, seq, moves[0][0])
