"""What follows a move: when the table is redrawn (at once, or after a wait
for the bots' moves or for a watching player's answer) and who is pinged;
then the same decisions carried out by Tables.after_move (from the match
as the change left it), with the table editor, the panels, the pings, the
deadlines and the seats mocked."""

from __future__ import annotations

import unittest.mock
from unittest.mock import ANY

import pytest

from cogs.config import Config
from cogs.play.after_move import NOW, Delays, table_delay, to_ping
from cogs.play.tables import Tables
from rules import Match
from storage import Store, UnknownMatch
from tests.cogs.matches import ALICE, BOB, Parts, mocked_tables, new_tables, started

DELAYS = Delays(bots=4.0, watched=10.0)
A, B = frozenset({ALICE}), frozenset({BOB})


@pytest.mark.parametrize(
    "burst, bots_next, owing, told, wait",
    [
        (True, True, frozenset(), set(), DELAYS.bots),  # bots move next: wait for them
        (True, False, B, {BOB}, DELAYS.watched),  # Bob watches his turn in his panel
        (True, False, A | B, {BOB}, NOW),  # Alice owes too and does not watch
        (True, False, B, set(), NOW),  # Bob is away
        (True, False, frozenset(), set(), NOW),  # nobody owes: the end
        (False, True, frozenset(), set(), NOW),  # a start, a pause, a hand-over: now
        (False, False, B, {BOB}, NOW),
    ],
)
def test_when_the_table_is_redrawn(
    burst: bool, bots_next: bool, owing: frozenset[int], told: set[int], wait: float
) -> None:
    assert (
        table_delay(burst=burst, bots_next=bots_next, owing=owing, told=told, delays=DELAYS) == wait
    )


@pytest.mark.parametrize(
    "owing, before, told, paused, pinged",
    [
        (B, A, set(), False, B),  # Bob's turn came
        (B, A, {BOB}, False, frozenset()),  # his open panel tells him
        (B, B, set(), False, frozenset()),  # still his turn: told already
        (B, A, set(), True, frozenset()),  # paused: nobody is asked to move
        (A | B, A, set(), False, A | B),  # both owe now (a shared decision)
        (frozenset(), A, set(), False, frozenset()),  # the end
    ],
)
def test_who_is_pinged(
    owing: frozenset[int],
    before: frozenset[int],
    told: set[int],
    paused: bool,
    pinged: frozenset[int],
) -> None:
    assert to_ping(owing=owing, owed_before=before, told=told, paused=paused) == pinged


# -- Tables.after_move carries them out ---------------------------------------------


async def after(
    store: Store, seats: list[int | str], *, moves: int = 0
) -> tuple[Tables, Parts, int]:
    """A Keltis match with these seats, `moves` moves in, and its Tables
    with mocked parts (but the store and the activity it keeps)."""
    match_id = await started(store, "keltis", seats, options={"first_player": 0})
    loaded = await store.load(match_id)
    match = loaded.match
    assert isinstance(match, Match)
    for _ in range(moves):
        seat = match.to_act()[0]
        await store.commit(match_id, match, match.act(seat, match.legal(seat)[0], match.seq))
    tables, parts = mocked_tables(store, bot_move_delay=1.5)
    tables.hands.update = unittest.mock.AsyncMock(return_value=set())  # type: ignore[method-assign]
    return tables, parts, match_id


async def test_a_move_that_hands_the_turn_over_is_shown_now_and_pinged(store: Store) -> None:
    tables, parts, match_id = await after(
        store, [ALICE, BOB], moves=2
    )  # Alice played and drew: Bob's turn
    await tables.after_move(await store.load(match_id), A, planned=True, burst=True)
    parts.editor.show.assert_awaited_once_with(match_id, shows=ANY)
    parts.editor.want.assert_not_called()
    [(loaded, pinged), _] = parts.pings.notify.await_args
    assert pinged == B and loaded.id == match_id
    parts.deadlines.wake.assert_called_once_with()  # the move's commit planned them
    parts.deadlines.schedule.assert_not_awaited()
    parts.seats.schedule.assert_called_once()  # bots, if any owe, move next


async def test_while_a_bot_moves_next_the_table_waits_for_it(store: Store) -> None:
    tables, parts, match_id = await after(store, [ALICE, "random"], moves=2)
    await tables.after_move(await store.load(match_id), A, planned=True, burst=True)
    parts.editor.want.assert_called_once_with(match_id, delay=tables.lazy_delay, shows=ANY)
    parts.editor.show.assert_not_awaited()
    parts.pings.notify.assert_not_awaited()  # no person owes a decision
    [(loaded,), _] = parts.seats.schedule.call_args
    assert loaded.id == match_id and loaded.seq == 2


async def test_a_player_watching_their_turn_in_their_panel_is_neither_pinged_nor_waited_long(
    store: Store,
) -> None:
    tables, parts, match_id = await after(store, [ALICE, BOB], moves=2)
    tables.hands.update.return_value = {BOB}  # type: ignore[attr-defined]
    tables.clicked(match_id, BOB)  # and he is playing
    await tables.after_move(await store.load(match_id), A, planned=True, burst=True)
    parts.editor.want.assert_called_once_with(
        match_id, delay=tables.config.table_watched_delay, shows=ANY
    )
    parts.editor.show.assert_not_awaited()
    parts.pings.notify.assert_not_awaited()


async def test_what_is_not_a_move_is_shown_now_and_schedules_its_deadlines(store: Store) -> None:
    tables, parts, match_id = await after(store, [ALICE, BOB])
    tables.hands.update.return_value = {ALICE}  # type: ignore[attr-defined]
    tables.clicked(match_id, ALICE)
    await tables.after_move(await store.load(match_id), frozenset())  # e.g. the start
    parts.editor.show.assert_awaited_once_with(match_id, shows=ANY)
    parts.pings.notify.assert_not_awaited()  # her panel tells her
    parts.deadlines.schedule.assert_awaited_once()
    parts.deadlines.wake.assert_not_called()


async def test_a_paused_match_pings_nobody(store: Store) -> None:
    tables, parts, match_id = await after(store, [ALICE, BOB], moves=2)
    await store.pause(match_id)
    await tables.after_move(await store.load(match_id), A)
    parts.editor.show.assert_awaited_once_with(match_id, shows=ANY)
    parts.pings.notify.assert_not_awaited()


async def test_a_finished_match_is_wrapped_up(store: Store) -> None:
    tables, parts, match_id = await after(store, [ALICE, BOB])
    loaded = await store.load(match_id)
    assert loaded.match is not None
    await store.commit(match_id, loaded.match, loaded.match.concede(1, loaded.match.seq))
    await tables.after_move(await store.load(match_id), A)
    [(closed,), _] = parts.pings.wrap_up.await_args
    assert closed.id == match_id
    parts.pings.notify.assert_not_awaited()


@pytest.mark.parametrize("bots_next, told", [(True, set()), (False, {BOB})])
async def test_by_default_a_move_waits_for_its_table_at_most_a_second_and_three_quarters(
    store: Store, bots_next: bool, told: set[int]
) -> None:
    """Spectators and the other players in the thread see the table: it may
    wait for the bot that moves next or for a watching player's answer, but
    issue 29 wants every move on it within 2 s (the edit itself included)."""
    tables = new_tables(store, bot_move_delay=Config.bot_move_delay)
    delays = Delays(bots=tables.lazy_delay, watched=tables.config.table_watched_delay)
    wait = table_delay(burst=True, bots_next=bots_next, owing=B, told=told, delays=delays)
    assert 0 < wait <= 1.75
    assert tables.lazy_delay > Config.bot_move_delay  # the bot's move is in the same edit


async def test_bots_move_on_even_when_showing_the_change_failed(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    """A failure while showing a change (a panel, the table, a ping) is
    logged, and the bots that owe the next decision still move: nothing else
    would start them, and the table would wait for ever."""
    tables, parts, match_id = await after(store, [ALICE, "random"], moves=2)
    tables.hands.update.side_effect = RuntimeError("the panel could not be edited")  # type: ignore[attr-defined]
    await tables.after_move(await store.load(match_id), A, planned=True, burst=True)
    [(loaded,), _] = parts.seats.schedule.call_args
    assert loaded.id == match_id and loaded.seq == 2
    assert "updating the table of match" in caplog.text


async def test_a_match_deleted_while_it_is_shown_schedules_no_bots(store: Store) -> None:
    tables, parts, match_id = await after(store, [ALICE, "random"], moves=2)
    tables.hands.update.side_effect = UnknownMatch(match_id)  # type: ignore[attr-defined]
    await tables.after_move(await store.load(match_id), A, planned=True, burst=True)
    parts.seats.schedule.assert_not_called()
