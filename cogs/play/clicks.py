"""Clicks on a match's components: a move (button or select), a card
chosen from a group, a die marked, a panel opened or refreshed.

A click becomes an engine action only after every check: the match is this
server's and running, the clicker holds a seat, the match is not paused,
the button's seq is the match's, and the engine accepts the move. Every
refusal is a private answer, and nothing changes.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from cogs import replies
from cogs.i18n import _
from cogs.play.hand_panels import COMBO, MAX_COMBO
from cogs.play.panels import panel_view
from cogs.play.turns import humans_owing
from cogs.presenters import presenter_for
from cogs.replies import own_panel, say
from rules import (
    Action,
    GameOver,
    IllegalAction,
    Match,
    NotYourDecision,
    UnknownAction,
)
from storage import StaleCommit, WrongStatus

if TYPE_CHECKING:
    from cogs.play.tables import Tables

log = logging.getLogger(__name__)

#: decisions made for a player without asking after their click, at most
#: (the dice game's roll after a 👺 kobold's extra turn); see `Match.forced`
MAX_FORCED = 4


def forced_steps(match: Match, seat: int) -> list[list[dict]]:
    """Make the seat's decisions that are no decision (`Match.forced`), as
    part of the click that led to them; their events, one list per step."""
    steps: list[list[dict]] = []
    while len(steps) < MAX_FORCED and (action := match.forced(seat)) is not None:
        steps.append(match.act(seat, action, match.seq))
    return steps


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
        no decision follow at once (`forced_steps`). The answer is the
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
        async with tables.lock(match_id):
            loaded, seat = await tables.load_seated(interaction, match_id)
            if loaded is None or seat is None:
                return
            assert loaded.match is not None
            tables.names.seen(interaction.user)
            tables.clicked(match_id, interaction.user.id)
            if loaded.paused:
                await say(interaction, replies.PAUSED)
                return
            match = loaded.match
            if seq != match.seq:
                if from_panel:
                    await tables.hands.render(
                        interaction, loaded, seat, edit=True, note=_(replies.STALE)
                    )
                else:
                    await say(interaction, replies.STALE_SHORT)
                return
            before = humans_owing(loaded)
            try:
                if len(keys) > 1:  # all or nothing: try the whole move on a copy first
                    twin = match.copy()
                    for part in keys:
                        twin.act(seat, part, twin.seq)
                steps = [match.act(seat, keys[0], match.seq)]
            except NotYourDecision:
                await say(interaction, replies.NOT_YOUR_TURN)
                return
            except (IllegalAction, UnknownAction):
                await say(interaction, replies.ILLEGAL)
                return
            except GameOver:
                await say(interaction, replies.FINISHED)
                return
            for part in keys[1:]:  # legal: tried above
                steps.append(match.act(seat, part, match.seq))
            steps += forced_steps(match, seat)
            if timeline:
                timeline.step()  # the match loaded and the move checked
            # The whole move and what it implies: one transaction, answered
            # only once committed. The answer's panel is drawn before the
            # commit task first runs (this task waits on it only then): drawn
            # while the commit ran, it gained nothing (bench/load), since the
            # writer's thread needs the GIL that drawing holds.
            names = tables.names.moved_names(loaded, interaction.user)
            commit = asyncio.create_task(tables.commit_move(loaded, steps, names=names))
            drawn = None
            if from_panel:
                try:
                    drawn = await tables.hands.message(loaded, seat, story=opening)
                except Exception:  # drawn again once committed, and reported from there
                    log.exception("drawing the panel of match %s failed", match_id)
            if timeline:
                timeline.step()  # drawn
            try:
                await commit
            except (StaleCommit, WrongStatus):
                await say(interaction, replies.RACED)
                return
            tables.human_moves += 1
            if timeline:
                timeline.step()  # committed
            if from_panel:
                await tables.hands.render(interaction, loaded, seat, edit=True, drawn=drawn)
            else:
                await interaction.response.defer()
            if timeline:
                timeline.step()  # answered
        await tables.after_move(match_id, before, planned=True, burst=True)

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
