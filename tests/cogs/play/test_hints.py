"""💡 Hint (issue 32): `/game new hints:` (off by default) lets players ask,
from their own panel and only for their own decision, what the expert would
do; the answer is private, in the clicker's language, in the presenter's
words for the move; a non-player, a stale button or a match without hints
is answered clearly; each hint is counted in the match's record (the
finished table, `/game log`, the ratings told), and a rematch keeps the
choice."""

from __future__ import annotations

import asyncio
import logging
import re
import unittest.mock
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
from discord import app_commands

from cogs import replies
from cogs.component_table import Component
from cogs.history import hints as record
from cogs.history.logbook import Logbook
from cogs.hosting import rematch
from cogs.hosting.commands import HostingCommands
from cogs.i18n import _, speaking
from cogs.play import hints
from cogs.play.buttons import ITEMS, HintButton
from cogs.play.clicks import Clicks
from cogs.play.tables import Tables
from cogs.presenters import presenter_for
from cogs.replies import guarded
from cogs.thinking import ThinkingFailed
from rules import Match
from rules.bots.hint import Hint, hint
from storage import Status, Store
from tests.cogs.helpers import GUILD_ID, MockBot, MockInteraction, MockMember, MockMessage
from tests.cogs.matches import ALICE, BOB, CAROL, NAMES, new_tables, started

log = logging.getLogger(__name__)
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


@dataclass
class Table:
    store: Store
    tables: Tables
    clicks: Clicks
    match_id: int

    async def ask(self, user_id: int, seq: int = 0, **kwargs: object) -> MockInteraction:
        """`user_id` presses 💡 Hint on their own panel, for move `seq`
        (handed over as the button does: in the clicker's language)."""
        member = MockMember(id=user_id, name=NAMES.get(user_id, f"user{user_id}"))
        panel = MockMessage(ephemeral=True, shown_to=member)
        inter = MockInteraction(user=member, message=panel, client=MockBot(), **kwargs)  # type: ignore[arg-type]
        await guarded(inter, self.clicks.on_hint(inter, self.match_id, seq), log)
        return inter

    async def conceded(self) -> None:
        """The match ends: the seat to act gives up (an engine action)."""
        loaded = await self.store.load(self.match_id)
        assert loaded.match is not None
        match = loaded.match
        events = match.concede(match.to_act()[0], match.seq)
        await self.store.commit_move(self.match_id, match, [events])

    async def recorded(self) -> list[tuple[int, int, int]]:
        return [(u.seq, u.seat, u.user_id) for u in await self.store.hints(self.match_id)]


async def table_of(store: Store, *, allowed: bool) -> Table:
    """Keltis: Alice (seat 0) to play, then Bob; Carol watches."""
    match_id = await started(store, "keltis", [ALICE, BOB], options={"first_player": 0})
    if allowed:
        await store.set_match_settings(match_id, {record.HINTS: True})
    tables = new_tables(store)
    tables.after_move = unittest.mock.AsyncMock()  # type: ignore[method-assign]
    return Table(store, tables, Clicks(tables), match_id)


@pytest.fixture
async def table(store: Store) -> AsyncIterator[Table]:
    made = await table_of(store, allowed=True)
    yield made
    await made.tables.stop()


@pytest.fixture
async def plain(store: Store) -> AsyncIterator[Table]:
    made = await table_of(store, allowed=False)
    yield made
    await made.tables.stop()


def hint_buttons(view: discord.ui.View) -> list[Component]:
    return [item for item in view.children if isinstance(item, HintButton)]


def deferred_privately(inter: MockInteraction) -> bool:
    [(how, _args, kwargs)] = inter.response.answered
    return how == "defer" and kwargs.get("ephemeral") is True and inter.private()


# -- the option ------------------------------------------------------------------------


def test_game_new_takes_hints_off_by_default_within_discords_25_options():
    command = HostingCommands.new
    assert isinstance(command, app_commands.Command)
    params = {p.name: p for p in command.parameters}
    assert len(params) <= 25  # Discord's limit, the games' own options included
    assert params["hints"].type is discord.AppCommandOptionType.boolean
    assert not params["hints"].required and params["hints"].default is False
    assert len(params["hints"].description) <= 100


def test_the_hint_button_is_restart_proof_and_registered():
    button = HintButton(123456789012345678, 987654321)
    assert button.custom_id == "hint:123456789012345678:987654321"
    assert len(button.custom_id) <= 100 and HintButton in ITEMS
    assert button.item.label == "💡 Hint"


# -- the panel's button ----------------------------------------------------------------


async def test_without_hints_allowed_no_panel_has_the_button(plain: Table):
    loaded = await plain.store.load(plain.match_id)
    for seat in (0, 1):
        _embed, view, _seen = await plain.tables.hands.message(loaded, seat)
        assert not hint_buttons(view)


async def test_the_button_is_on_the_panel_of_the_seat_to_act_only(table: Table):
    loaded = await table.store.load(table.match_id)
    _embed, view, _seen = await table.tables.hands.message(loaded, 0)  # Alice to act
    [button] = hint_buttons(view)
    assert (button.match_id, button.seq) == (table.match_id, 0)
    assert button.item.row == 4  # beside Refresh, under the moves
    _embed, view, _seen = await table.tables.hands.message(loaded, 1)  # Bob waits
    assert not hint_buttons(view)


# -- the answer --------------------------------------------------------------------------


async def expected(table: Table, seat: int, lang: str) -> str:
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    found = hint(loaded.match, seat)
    presenter = presenter_for("keltis")
    with speaking(lang):
        return hints.hint_message(presenter, found, loaded.match, seat)[1]


async def test_a_hint_is_the_experts_move_in_words_told_privately_and_recorded(table: Table):
    inter = await table.ask(ALICE)
    assert deferred_privately(inter)
    [_deferred, (_followup, text)] = inter.answers()
    assert text == await expected(table, 0, "en")
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    found = hint(loaded.match, 0)
    presenter = presenter_for("keltis")
    offered = dict(hints.panel_choices(presenter, loaded.match, 0))
    (key, move), other = hints.hint_choices(presenter, found, loaded.match, 0)
    assert offered[key] == move and f"**{move}**" in text  # the panel's own choice and words
    assert key.split("+")[0] == found.action.key()
    assert other is None or (offered[other[0]] == other[1] and other[1] in text)
    assert text.startswith("💡 The expert would play")
    assert loaded.seq == 0 and table.tables.moves.committed == 0  # a hint is no move
    assert await table.recorded() == [(0, 0, ALICE)]
    again = await table.ask(ALICE)  # the same decision: the same hint, counted once
    assert again.answers()[1] == ("followup", text)
    assert await table.recorded() == [(0, 0, ALICE)]


async def test_the_hint_speaks_the_clickers_language(table: Table):
    inter = await table.ask(ALICE, locale=discord.Locale.japanese)
    [_deferred, (_followup, text)] = inter.answers()
    assert text == await expected(table, 0, "ja")
    assert text != await expected(table, 0, "en")
    assert JAPANESE.search(text)  # the move in the catalogue's Japanese at least
    if _(hints.BLIND) != hints.BLIND:  # (once the catalogue has the hint's own words)
        with speaking("ja"):
            assert _(hints.BLIND) in text


async def test_someone_without_a_seat_is_refused_clearly(table: Table):
    inter = await table.ask(CAROL)
    assert deferred_privately(inter)
    assert inter.answers()[1:] == [("followup", replies.NOT_SEATED)]
    assert await table.recorded() == []


async def test_a_player_whose_decision_it_is_not_is_told_so(table: Table):
    inter = await table.ask(BOB)
    assert inter.answers()[1:] == [("followup", replies.NOT_YOUR_TURN)] and inter.private()
    assert await table.recorded() == []


async def test_a_stale_hint_button_is_answered_clearly(table: Table):
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    match = loaded.match
    events = match.act(0, match.legal(0)[0], match.seq)
    await table.store.commit_move(table.match_id, match, [events])
    inter = await table.ask(ALICE, seq=0)
    assert inter.answers()[1:] == [("followup", hints.STALE)] and inter.private()
    assert await table.recorded() == []


async def test_a_match_without_hints_refuses_a_forged_hint_click(plain: Table):
    inter = await plain.ask(ALICE)
    assert inter.answers()[1:] == [("followup", hints.OFF)] and inter.private()
    assert await plain.recorded() == []


async def test_a_second_hint_while_the_first_is_worked_out_is_told_to_wait(table: Table):
    """One hint at a time per player: a press for another decision while
    one is being worked out is answered at once, and nothing is recorded."""
    thinking = table.tables.thinking
    release = asyncio.Event()
    real = thinking.pool.run

    async def slow(request: dict, *, urgent: bool) -> dict:
        await release.wait()
        return await real(request, urgent=urgent)

    thinking.pool.run = slow  # type: ignore[method-assign]
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    elsewhere = asyncio.create_task(thinking.hint(99, loaded.match, 0, player=ALICE))
    await asyncio.sleep(0)
    inter = await table.ask(ALICE)
    assert inter.answers()[1:] == [("followup", hints.BUSY)] and inter.private()
    assert await table.recorded() == []
    release.set()
    await elsewhere
    inter = await table.ask(ALICE)  # the other one has come: this one is worked out
    assert str(inter.answers()[1][1]).startswith("💡 The expert would play")
    assert await table.recorded() == [(0, 0, ALICE)]


async def test_a_hint_that_cannot_be_worked_out_is_answered_clearly(table: Table):
    async def failing(request: dict, *, urgent: bool) -> dict:
        raise ThinkingFailed("the worker died 3 times")

    table.tables.thinking.pool.run = failing  # type: ignore[method-assign]
    inter = await table.ask(ALICE)
    assert inter.answers()[1:] == [("followup", hints.FAILED)] and inter.private()
    assert await table.recorded() == []


async def test_the_only_move_is_said_to_be_the_only_one(store: Store):
    match_id = await started(store, "keltis_dice", [ALICE, BOB], seed="roll")
    await store.set_match_settings(match_id, {record.HINTS: True})
    loaded = await store.load(match_id)
    assert loaded.match is not None
    seat = loaded.match.to_act()[0]
    tables = new_tables(store)
    made = Table(store, tables, Clicks(tables), match_id)
    inter = await made.ask((ALICE, BOB)[seat])
    [_deferred, (_followup, text)] = inter.answers()
    assert text is not None and text.startswith("💡 **") and "is your only move now." in text
    await tables.stop()


# -- the record ---------------------------------------------------------------------------


async def test_the_count_is_in_the_record_the_table_and_the_log(table: Table):
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    match = loaded.match
    asked = []
    for seat in (0, 1, 0):  # Alice asks, plays; Bob asks, plays; Alice asks again
        while match.to_act() != (seat,):
            mover = match.to_act()[0]
            events = match.act(mover, match.legal(mover)[0], match.seq)
            await table.store.commit_move(table.match_id, match, [events])
        await table.ask((ALICE, BOB)[seat], seq=match.seq)
        asked.append((match.seq, seat, (ALICE, BOB)[seat]))
        events = match.act(seat, match.legal(seat)[0], match.seq)
        await table.store.commit_move(table.match_id, match, [events])
    assert await table.recorded() == asked

    current = await table.store.load(table.match_id)
    running = (await table.tables.public.render(current, image=False)).embed
    assert running.description is not None and running.description.endswith("💡 Hints allowed")

    await table.conceded()
    done = await table.store.load(table.match_id)
    assert done.status == Status.FINISHED
    final = (await table.tables.public.render(done, image=False)).embed
    fields = {f.name: f.value for f in final.fields}
    assert fields["💡 Hints"] == "Alice used 2 hints\nBob used 1 hint"

    inter = MockInteraction(user=MockMember(id=CAROL), guild_id=GUILD_ID)
    await Logbook(table.store, table.tables.names).show_log(inter, table.match_id)
    [(_how, _args, kwargs)] = inter.response.answered
    fields = {f.name: f.value for f in kwargs["embed"].fields}
    assert fields["💡 Hints"] == "Alice used 2 hints\nBob used 1 hint"

    mark = await record.rated_mark(table.store, done)
    assert mark == "💡 Played with hints allowed: Alice used 2 hints, Bob used 1 hint."


async def test_a_match_with_hints_nobody_used_says_so(table: Table, plain: Table):
    await table.conceded()
    done = await table.store.load(table.match_id)
    assert await record.record_field(table.store, done) == ("💡 Hints", record.NONE_USED)
    assert await record.rated_mark(table.store, done) == (
        "💡 Played with hints allowed: nobody used one."
    )
    without = await plain.store.load(plain.match_id)
    assert await record.record_field(plain.store, without) is None
    assert await record.rated_mark(plain.store, without) is None


async def test_the_ratings_told_mark_a_rated_match_with_hints(table: Table):
    await table.ask(ALICE)
    await table.conceded()
    done = await table.store.info(table.match_id)
    assert await table.store.rating_changes(table.match_id)  # two people: a rated match
    pings = table.tables.pings
    pings.places.usable = unittest.mock.AsyncMock(return_value=done.place_id)  # type: ignore[method-assign]
    await pings.tell_ratings(done)
    channel = table.tables.pings.bot.get_partial_messageable(done.place_id)
    [call] = channel.send.call_args_list  # type: ignore[attr-defined]
    told = call.args[0]
    assert told.startswith("**Ratings after this match:**")
    assert told.endswith("\n💡 Played with hints allowed: Alice used 1 hint.")


async def test_a_rematch_keeps_hints_allowed(table: Table, plain: Table):
    for made, allowed in ((table, True), (plain, False)):
        await made.conceded()
        info = await made.store.info(made.match_id)
        plan = rematch.plan(info, await made.store.seat_history(made.match_id), ALICE)
        assert plan.settings.get(record.HINTS, False) is allowed


# -- about as good: every move within the search's noise, named -----------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_move_about_as_good_is_named_in_the_panels_words(lang: str):
    match = Match.new("keltis", 2, "close-named", {"first_player": 0})
    presenter = presenter_for("keltis")
    first, second, third, fourth = match.legal(0)[:4]
    found = Hint(first, only=False, runner_up=second, gain=0.3, close=(second, third))
    with speaking(lang):
        offered = dict(hints.panel_choices(presenter, match, 0))
        key, text = hints.hint_message(presenter, found, match, 0)
        close = hints.close_choices(presenter, found, match, 0)
        assert [k for k, _label in close] == [second.key(), third.key()]
        assert text.startswith(_(hints.EVEN_MANY, move=offered[key], others="")[:12])
        for k, label in close:
            assert offered[k] == label and f"**{label}**" in text
        assert presenter.label(fourth, match.view(0)) not in text  # not close: not named
        assert key == first.key()
        if lang == "ja":
            assert "、" in text and JAPANESE.search(text)
        else:
            assert " and " in text


def test_a_clear_lead_says_clearly_better_and_names_only_the_runner_up():
    match = Match.new("keltis", 2, "close-named", {"first_player": 0})
    presenter = presenter_for("keltis")
    first, second = match.legal(0)[:2]
    found = Hint(first, only=False, runner_up=second, gain=3.0)
    assert not found.even and hints.close_choices(presenter, found, match, 0) == []
    _key, text = hints.hint_message(presenter, found, match, 0)
    assert "about as good" not in text
    one = Hint(first, only=False, runner_up=second, gain=0.2, close=(second,))
    _key, text = hints.hint_message(presenter, one, match, 0)
    (_k, move), other = hints.hint_choices(presenter, one, match, 0)
    assert other is not None
    assert text.startswith(_(hints.EVEN, move=move, other=other[1]))
