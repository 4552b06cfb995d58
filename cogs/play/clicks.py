"""Clicks on a match's components: a move (button or select), a card
chosen from a group, a die marked, a panel opened or refreshed, a hint
asked for (which makes no move: cogs/play/hints.py), and the choice a hint
named played from its ▶ Play it button.

A click becomes an engine action only after every check of the move
service (cogs/play/moves.py): the match is this server's and running, the
clicker holds a seat, the match is not paused, the button's seq is the
match's, and the engine accepts the move. Every refusal is a private
answer, and nothing changes. The answer, the table, the panels and the
pings all show the match as the move committed it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

import discord

from cogs import replies
from cogs.answer_first import PRIVATE, UPDATE, acknowledge, holding
from cogs.history.hints import allowed as hints_allowed
from cogs.i18n import _
from cogs.play import hints
from cogs.play.buttons import PlayHintButton
from cogs.play.hand_panels import COMBO, MAX_COMBO
from cogs.play.moves import Mover, NoMove, Refusal, Refused
from cogs.play.panels import panel_view
from cogs.play.tables import REFUSALS, Tables
from cogs.presenters import presenter_for
from cogs.replies import own_panel, say
from cogs.thinking import HintBusy, ThinkingFailed
from rules import Action, UnknownAction
from storage import LoadedMatch, UnknownMatch

log = logging.getLogger(__name__)

#: what a click that makes no move shows instead (see NoMove)
ILLEGAL_GROUP = "illegal group"  # no move of the card chosen: the panel says so
GROUP = "group"  # the card's moves: the panel offers them
PANEL = "panel"  # the decision owed: the panel offers it
INVALID = "invalid"  # marks that make no move: a forged select


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
        hinted: bool = False,
    ) -> None:
        """A move button or select. `key` is one action key, or several
        joined by `+` (a move that is decisions in a row, e.g. play a card,
        move a pawn and draw): all are applied, or none. Decisions that are
        no decision follow at once (cogs/play/moves.py, `forced_steps`). The
        answer is the clicker's panel when the click came from it;
        otherwise the table shows the move. `hinted`: the click is a hint's
        ▶ Play it (see `on_play_hint`)."""
        keys = key.split(COMBO)
        try:
            if len(keys) > MAX_COMBO:
                raise UnknownAction(key)
            for part in keys:
                Action.parse(part)
        except UnknownAction:
            await say(interaction, replies.INVALID_BUTTON)
            return
        await self._move(interaction, match_id, seq, keys=keys, hinted=hinted)

    async def on_play_hint(
        self, interaction: discord.Interaction, match_id: int, seq: int, key: str
    ) -> None:
        """▶ Play it, on a hint's message: the choice the hint named (one
        action key, or a whole turn's keys joined by `+`), played exactly
        as a click on that choice in the panel would be, through the same
        checks: only the clicker's own seat moves (so nobody plays another
        seat's hint), and a button of an earlier move (`seq`) is refused
        with a private answer and changes nothing. Once played, the hint's
        message keeps its words and loses the button; the panel and the
        table show the move."""
        await self.on_action(interaction, match_id, seq, key, hinted=True)

    async def on_group(
        self, interaction: discord.Interaction, match_id: int, seq: int, group: str
    ) -> None:
        """A card (or other group of moves) chosen: its moves, or the move
        when it has only one (from the same load)."""

        def choose(loaded: LoadedMatch, seat: int) -> list[str]:
            assert loaded.match is not None
            presenter = presenter_for(loaded.game)
            chosen = [a for a in loaded.match.legal(seat) if presenter.group(a) == group]
            if not chosen:
                raise NoMove(ILLEGAL_GROUP)
            if len(chosen) > 1:
                raise NoMove(GROUP)
            return [chosen[0].key()]  # the card has one use: picking it is the move

        await self._move(interaction, match_id, seq, choose=choose, stale_panel=True, group=group)

    async def _move(
        self,
        interaction: discord.Interaction,
        match_id: int,
        seq: int | None,
        *,
        keys: list[str] | None = None,
        choose: Callable[[LoadedMatch, int], list[str]] | None = None,
        opening: bool = False,
        stale_panel: bool = False,
        group: str | None = None,
        edit: bool = True,
        hinted: bool = False,
    ) -> None:
        """A move through the move service, under the match's lock: `keys`,
        or what `choose` finds in the match as loaded. The answer is the
        clicker's panel when the click came from it, or (`opening`) when
        the click opens one; otherwise the table shows the move. A click
        that makes no move (NoMove) shows what `choose` said from the same
        load; a stale one (`stale_panel`: always) redraws the panel. A
        click that must wait long for the lock is acknowledged first, and
        its answer (the same) follows through its token. `hinted`: the
        click is a hint's ▶ Play it, on the hint's own message (never a
        panel): once the move is made, that message loses its button."""
        tables = self.tables
        timeline = tables.timings.start(interaction.id)
        from_panel = (own_panel(interaction) and not hinted) or opening
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
        # answer first, then wait: a click queued behind the match's lock is
        # acknowledged unless its turn comes within a moment, and its outcome
        # follows (cogs/answer_first.py)
        waits_as = PRIVATE if opening and not own_panel(interaction) else UPDATE
        async with holding(interaction, tables.lock(match_id), waits_as):
            try:
                moved, drawn = await tables.moves.play(
                    match_id, mover, seq, keys or (), choose=choose, during=answer
                )
            except Refused as refused:
                await self._refused(interaction, refused, stale_panel or from_panel, group, edit)
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
                await acknowledge(interaction)  # the table shows the move
                if hinted:  # the hint's choice is made: its button goes
                    await interaction.edit_original_response(view=None)
            if timeline:
                timeline.step()  # answered
        await tables.after_move(moved.committed, moved.owed_before, planned=True, burst=True)

    async def _refused(
        self,
        interaction: discord.Interaction,
        refused: Refused,
        stale_panel: bool,
        group: str | None,
        edit: bool,
    ) -> None:
        """The answer to a click that made no move: why, in words or on the
        clicker's panel (drawn from the load that refused it)."""
        tables, user = self.tables, interaction.user
        loaded, seat = refused.loaded, refused.seat
        if loaded is None or seat is None:
            await say(interaction, REFUSALS[refused.why])
            return
        if refused.why is Refusal.NO_MOVE:
            tables.remember(user, loaded)  # (a move carries the name in its commit instead)
        else:
            tables.names.seen(user)
            tables.clicked(loaded.id, user.id)
        hands = tables.hands
        if refused.why is Refusal.STALE and stale_panel:
            await hands.render(interaction, loaded, seat, edit=True, note=_(replies.STALE))
        elif refused.detail == ILLEGAL_GROUP:
            await hands.render(interaction, loaded, seat, edit=True, note=_(replies.ILLEGAL))
        elif refused.detail == GROUP:
            await hands.render(interaction, loaded, seat, edit=True, group=group)
        elif refused.detail == PANEL:
            await hands.render(interaction, loaded, seat, edit=edit, story=True)
        elif refused.detail == INVALID:
            await say(interaction, replies.INVALID_BUTTON)
        else:
            await say(interaction, REFUSALS[refused.why])

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
                presenter,
                match_id,
                seq,
                match.legal(seat),
                match.view(seat),
                mask=mask,
                hint=hints_allowed(loaded),
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
        (the dice game's roll) is made at once, from the same load, and the
        panel shows its result: the click was the player's to make it."""
        tables = self.tables
        if turn:

            def forced(loaded: LoadedMatch, seat: int) -> list[str]:
                assert loaded.match is not None
                action = None if loaded.paused else loaded.match.forced(seat)
                if action is None:
                    raise NoMove(PANEL)  # a decision to make: the panel offers it
                return [action.key()]  # nothing to decide (a roll): Your move makes it

            await self._move(interaction, match_id, None, choose=forced, opening=True, edit=edit)
            return
        loaded, seat = await tables.load_seated(interaction, match_id)
        if loaded is None or seat is None:
            return
        tables.remember(interaction.user, loaded)
        await tables.hands.render(interaction, loaded, seat, edit=edit, story=True)

    async def on_hint(self, interaction: discord.Interaction, match_id: int, seq: int) -> None:
        """💡 Hint: what the expert would do for the clicker's decision at
        move `seq`, told to them alone, and recorded in the match's record
        (once per decision). The click is acknowledged first; the expert
        thinks in a worker process, before any bot seat's decision, once per
        decision (a later press is answered from that at once)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = self.tables
        loaded, seat = await tables.load_seated(interaction, match_id)
        if loaded is None or seat is None:
            return
        match = loaded.match
        assert match is not None  # a running match
        if not hints_allowed(loaded):
            await say(interaction, hints.OFF)
            return
        if seq != match.seq:
            await say(interaction, hints.STALE)
            return
        if seat not in match.to_act():
            await say(interaction, replies.NOT_YOUR_TURN)
            return
        tables.remember(interaction.user, loaded)
        try:
            found = await tables.thinking.hint(match_id, match, seat, interaction.user.id)
        except HintBusy:
            await say(interaction, hints.BUSY)
            return
        except ThinkingFailed:
            await say(interaction, hints.FAILED)
            return
        if tables.thinking.first_told(match_id, seq, seat):
            try:
                await self.store.record_hint(match_id, seq, seat, interaction.user.id)
            except UnknownMatch:  # deleted meanwhile
                await say(interaction, replies.UNKNOWN_MATCH)
                return
        presenter = presenter_for(loaded.game)
        key, text = hints.hint_message(presenter, found, match, seat)
        view = discord.ui.View(timeout=None)
        try:
            view.add_item(PlayHintButton(match_id, seq, key))
        except ValueError:  # a choice too long for a button's id: the panel plays it
            log.warning("hint choice %r too long for its button", key)
        await interaction.followup.send(text, ephemeral=True, view=view)

    async def on_marks(
        self, interaction: discord.Interaction, match_id: int, seq: int, values: list[str]
    ) -> None:
        """Items marked in one select (the dice to reroll): the move the
        marks give, as the presenter words it from the view."""

        def choose(loaded: LoadedMatch, seat: int) -> list[str]:
            match = loaded.match
            assert match is not None
            presenter = presenter_for(loaded.game)
            state = match.view(seat)
            labels = presenter.toggles(state) if seat in match.to_act() else None
            mask = marked(values, len(labels or ()))
            moves = presenter.toggle_moves(state, mask) if mask else []
            if not moves:
                raise NoMove(INVALID)
            return [moves[0][0]]

        await self._move(interaction, match_id, seq, choose=choose, stale_panel=True)
