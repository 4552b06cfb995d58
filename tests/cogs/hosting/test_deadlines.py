"""A timeout applies the server's policy through the seat service: "bot"
has the stand-in make the late player's decision, "forfeit" hands their
seat to it; the thread is told, and the match shown. A timeout that finds
the table moved on changes nothing more."""

from __future__ import annotations

import unittest.mock
from datetime import timedelta

import pytest

from cogs.clock import Clock
from cogs.hosting.deadline_plans import DeadlinePlans
from cogs.hosting.deadlines import Deadlines
from storage import Deadline, StaleCommit, Store
from tests.cogs.helpers import GUILD_ID
from tests.cogs.matches import ALICE, BOB, Parts, mocked_tables, started


async def due(store: Store, policy: str) -> tuple[Deadlines, Parts, Deadline]:
    """Alice's move in a Keltis match against Bob, her timeout passed."""
    await store.set_setting(GUILD_ID, "policy", policy)
    await store.set_setting(GUILD_ID, "timeout", 3600)
    match_id = await started(store, "keltis", [ALICE, BOB], options={"first_player": 0})
    tables, parts = mocked_tables(store)
    tables.after_move = unittest.mock.AsyncMock()  # type: ignore[method-assign]
    parts.seats.move_for.side_effect = lambda loaded, seat: loaded  # as committed
    clock = Clock()
    await store.set_deadline(match_id, 0, remind_at=None, timeout_at=clock.now() - timedelta(1))
    deadline = await store.deadline(match_id)
    assert deadline is not None
    return Deadlines(store, tables, clock, 60.0, DeadlinePlans(store, clock)), parts, deadline


async def test_the_bot_policy_has_the_stand_in_make_the_late_players_move(store: Store) -> None:
    deadlines, parts, deadline = await due(store, "bot")
    await deadlines.time_out(deadline)
    [(loaded, seat), _] = parts.seats.move_for.await_args
    assert (loaded.id, seat) == (deadline.match_id, 0)
    parts.seats.to_bot.assert_not_awaited()
    [(_, text), told] = parts.pings.announce.await_args
    assert "a bot made that move" in text and told == {"who": "**Alice**", "match": loaded.id}
    assert await store.deadline(deadline.match_id) is None
    [(shown, owed), _] = deadlines.tables.after_move.await_args
    assert (shown, owed) == (loaded, frozenset({ALICE}))  # shown as the move committed it


async def test_the_forfeit_policy_hands_the_late_players_seat_to_the_stand_in(
    store: Store,
) -> None:
    deadlines, parts, deadline = await due(store, "forfeit")
    await deadlines.time_out(deadline)
    parts.seats.to_bot.assert_awaited_once_with(deadline.match_id, 0, how="forfeited")
    parts.seats.move_for.assert_not_awaited()
    [(_, text), told] = parts.pings.announce.await_args
    assert "a bot takes their seat" in text and told["who"] == f"<@{ALICE}>"


async def test_a_timeout_that_finds_the_table_moved_on_stops_there(store: Store) -> None:
    deadlines, parts, deadline = await due(store, "bot")
    parts.seats.move_for.side_effect = StaleCommit(deadline.match_id, 0, 1)
    await deadlines.time_out(deadline)
    parts.pings.announce.assert_not_awaited()
    deadlines.tables.after_move.assert_not_awaited()


@pytest.mark.parametrize("policy", ["bot", "forfeit"])
async def test_a_paused_match_times_nobody_out(store: Store, policy: str) -> None:
    deadlines, parts, deadline = await due(store, policy)
    await store.pause(deadline.match_id)
    await deadlines.time_out(deadline)
    parts.seats.move_for.assert_not_awaited()
    parts.seats.to_bot.assert_not_awaited()
