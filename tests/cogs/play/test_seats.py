"""The seat service: bots move for their seats, one decision at a time,
committed through the move service (one load each), under the match's
lock; a bot that thought while the table moved on thinks again; an absent player's
decision is made by the stand-in; a seat handed over records how; and no
bot moves in a guild this process does not own."""

from __future__ import annotations

import asyncio
import random
import unittest.mock
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest

from cogs.clock import Clock
from cogs.play.moves import Moves, PendingPings
from cogs.play.seats import STAND_IN, STAND_IN_KEY, SeatService
from cogs.thinking import Thinking
from cogs.thinking.pool import ThinkingPool
from rules import Action, Match
from storage import LoadedMatch, StaleCommit, Store
from tests.cogs.helpers import GUILD_ID
from tests.cogs.matches import ALICE, BOB, CAROL, DAVE, started

KELTIS_FIRST = {"first_player": 0}  # seat 0 plays first


@dataclass
class Rig:
    """The seat service's move service, committing for real under the real
    lock (`commit` spies on it), and what shows a move, mocked."""

    moves: Moves
    commit: unittest.mock.AsyncMock
    shown: unittest.mock.AsyncMock  # Tables.after_move

    def seats(self, **kwargs: Any) -> SeatService:
        kwargs.setdefault("thinking", Thinking(ThinkingPool()))
        return SeatService(self.moves, self.shown, move_delay=0.0, **kwargs)


def rig(store: Store, *, commit_fails: int = 0) -> Rig:
    """The first `commit_fails` commits raise StaleCommit, as a race lost would."""
    pings = unittest.mock.create_autospec(PendingPings, instance=True, spec_set=True)
    pings.unstored.return_value = None
    moves = Moves(store, pings, Clock().now)
    real = moves.commit
    failing = [commit_fails]

    async def commit(loaded: LoadedMatch, steps: list[list[dict]], **kwargs: Any) -> LoadedMatch:
        assert moves.lock(loaded.id).locked(), "a move is committed under the match's lock"
        if failing[0]:
            failing[0] -= 1
            raise StaleCommit(loaded.id, loaded.seq, loaded.seq + 1)
        return await real(loaded, steps, **kwargs)

    spy = unittest.mock.AsyncMock(side_effect=commit)
    moves.commit = spy  # type: ignore[method-assign]
    return Rig(moves, spy, unittest.mock.AsyncMock())


async def until(check: Callable[[], Awaitable[bool]], timeout: float = 20.0) -> None:
    async with asyncio.timeout(timeout):
        while not await check():
            await asyncio.sleep(0.01)


async def humans_owe(store: Store, match_id: int) -> bool:
    loaded = await store.load(match_id)
    assert loaded.match is not None
    return any(s.user_id is not None for s in loaded.seats if s.seat in loaded.match.to_act())


async def test_a_bot_owing_a_decision_moves_and_its_move_is_committed(store: Store) -> None:
    match_id = await started(store, "keltis", ["random", ALICE], options=KELTIS_FIRST)
    r = rig(store)
    seats = r.seats()
    seats.schedule(await store.load(match_id))

    async def done() -> bool:  # the bots' turn is over, and its last move shown
        shown = r.shown.await_count == r.commit.await_count
        return shown and await humans_owe(store, match_id)

    await until(done)
    loaded = await store.load(match_id, verify=True)  # the log replays to the snapshot
    assert loaded.match is not None and loaded.match.to_act() == (1,)
    moves = r.commit.await_count
    assert moves == loaded.seq >= 1  # the bot's turn: every decision of it, one commit each
    assert [seat for seat, _ in loaded.match.log] == [0] * moves
    shown = [(c.args[0].id, c.args[0].seq, c.args[1], c.kwargs) for c in r.shown.await_args_list]
    lazily = {"planned": True, "burst": True}  # each move shown as committed, lazily
    assert shown == [(match_id, seq, frozenset(), lazily) for seq in range(1, moves + 1)]
    await seats.stop()


async def test_a_bot_whose_table_moved_on_while_it_thought_thinks_again(store: Store) -> None:
    match_id = await started(store, "keltis", ["random", ALICE], options=KELTIS_FIRST)
    r = rig(store)
    seats = r.seats()
    thought_at: list[int] = []
    think = seats.think

    async def thinking(match: Match, seat: int, level: str) -> Action:
        thought_at.append(match.seq)
        action = await think(match, seat, level)
        if len(thought_at) == 1:  # meanwhile this decision is taken elsewhere
            other = (await store.load(match_id)).match
            assert other is not None
            await store.commit_move(match_id, other, [other.act(seat, action, other.seq)])
        return action

    seats.think = thinking  # type: ignore[method-assign]
    seats.schedule(await store.load(match_id))
    await until(lambda: humans_owe(store, match_id))
    loaded = await store.load(match_id, verify=True)
    assert thought_at[:2] == [0, 1]  # the second thought is about the table as it now is
    assert loaded.seq == len(thought_at)  # the stale thought was not applied
    assert r.commit.await_count == len(thought_at) - 1
    await seats.stop()


async def test_a_commit_that_lost_a_race_starts_the_bots_over(store: Store) -> None:
    match_id = await started(store, "keltis", ["random", ALICE], options=KELTIS_FIRST)
    r = rig(store, commit_fails=1)
    seats = r.seats()
    seats.schedule(await store.load(match_id))
    await until(lambda: humans_owe(store, match_id))
    loaded = await store.load(match_id, verify=True)
    assert r.commit.await_count == loaded.seq + 1  # one lost, then every move
    await seats.stop()


async def test_no_bot_moves_in_a_paused_match_nor_a_timeout_move_in_a_guild_not_ours(
    store: Store,
) -> None:
    paused = await started(store, "keltis", ["random", ALICE], options=KELTIS_FIRST)
    await store.pause(paused)
    elsewhere = await started(store, "keltis", [ALICE, BOB], options=KELTIS_FIRST)
    r = rig(store)
    r.seats().schedule(await store.load(paused))
    await asyncio.sleep(0.3)
    assert (await store.load(paused)).seq == 0
    r.commit.assert_not_awaited()
    seats = r.seats(owns=lambda guild: guild != GUILD_ID)
    loaded = await store.load(elsewhere)
    assert not await seats.move_for(loaded, 0)  # its guild's timeouts are another process's
    r.commit.assert_not_awaited()


async def test_bots_answer_a_click_taken_here_even_in_a_guild_not_ours(store: Store) -> None:
    """A click in a DM reaches shard 0's process whatever the match's guild:
    the process that took it makes the bot moves that answer it."""
    elsewhere = await started(store, "keltis", ["random", BOB], options=KELTIS_FIRST)
    seats = rig(store).seats(owns=lambda guild: guild != GUILD_ID)
    seats.schedule(await store.load(elsewhere))
    await until(lambda: humans_owe(store, elsewhere))
    assert (await store.load(elsewhere)).seq > 0
    await seats.stop()


# -- a player out of time: the stand-in makes their decision ------------------------


def quick(levels: list[str]) -> Any:  # stands in for SeatService.think
    """A stand-in for `think` that records the level asked for and picks
    a legal move at once (the expert's own play is tested in rules/bots)."""

    async def think(match: Match, seat: int, level: str) -> Action:
        levels.append(level)
        return random.Random(1).choice(match.legal(seat))

    return think


async def test_the_stand_in_makes_an_absent_players_decision(store: Store) -> None:
    match_id = await started(store, "keltis", [ALICE, BOB], options=KELTIS_FIRST)
    r = rig(store)
    seats = r.seats()
    levels: list[str] = []
    seats.think = quick(levels)  # type: ignore[method-assign]
    loaded = await store.load(match_id)
    async with r.moves.lock(match_id):  # the deadline service holds it
        assert await seats.move_for(loaded, 0)
    stored = await store.load(match_id, verify=True)
    assert stored.seq == 1 and stored.match is not None and stored.match.log[0][0] == 0
    assert levels == [STAND_IN]
    r.commit.assert_awaited_once_with(loaded, unittest.mock.ANY)


async def test_no_move_for_a_seat_that_owes_none_and_a_race_lost_is_said(store: Store) -> None:
    match_id = await started(store, "keltis", [ALICE, BOB], options=KELTIS_FIRST)
    r = rig(store, commit_fails=1)
    seats = r.seats()
    seats.think = quick([])  # type: ignore[method-assign]
    async with r.moves.lock(match_id):
        assert not await seats.move_for(await store.load(match_id), 1)  # not Bob's turn
        r.commit.assert_not_awaited()
        with pytest.raises(StaleCommit):  # the table moved on: the caller stops
            await seats.move_for(await store.load(match_id), 0)
    assert (await store.load(match_id)).seq == 0


# -- seats handed over ----------------------------------------------------------------


@pytest.mark.parametrize("how", ["conceded", "kicked", "forfeited"])
async def test_a_seat_left_goes_to_the_stand_in_and_its_history_says_how(
    store: Store, how: str
) -> None:
    match_id = await started(store, "keltis", [ALICE, BOB, CAROL])
    seats = rig(store).seats()
    before = await seats.to_bot(match_id, 1, how)
    assert before.user_id == BOB
    loaded = await store.load(match_id)
    assert [(s.user_id, s.bot) for s in loaded.seats] == [
        (ALICE, None),
        (None, STAND_IN),
        (CAROL, None),
    ]
    last = [h for h in await store.seat_history(match_id) if h.seat == 1][-1]
    assert (last.how, last.user_id, last.bot) == (how, None, STAND_IN)


async def test_the_servers_hosts_choose_the_stand_ins_level(store: Store) -> None:
    """`/game config stand_in:` (the setting STAND_IN_KEY): the level that
    takes a seat a person leaves, and that moves for one out of time."""
    match_id = await started(store, "keltis", [ALICE, BOB, CAROL], options=KELTIS_FIRST)
    info = await store.info(match_id)
    await store.set_setting(info.guild_id, STAND_IN_KEY, "greedy")
    r = rig(store)
    seats = r.seats()
    await seats.to_bot(match_id, 1, "kicked")
    assert (await store.load(match_id)).seats[1].bot == "greedy"
    levels: list[str] = []
    seats.think = quick(levels)  # type: ignore[method-assign]
    async with r.moves.lock(match_id):
        assert await seats.move_for(await store.load(match_id), 0)
    assert levels == ["greedy"]
    await store.set_setting(info.guild_id, STAND_IN_KEY, "grandmaster")  # not a level: the default
    assert await seats.stand_in(info.guild_id) == STAND_IN


async def test_a_substitute_takes_the_seat_by_name_and_its_history_says_replaced(
    store: Store,
) -> None:
    match_id = await started(store, "keltis", [ALICE, BOB])
    seats = rig(store).seats()
    await seats.to_member(match_id, 0, DAVE, "Dave")
    loaded = await store.load(match_id)
    assert [(s.user_id, s.name) for s in loaded.seats] == [(DAVE, "Dave"), (BOB, "Bob")]
    history = [h for h in await store.seat_history(match_id) if h.seat == 0]
    assert [(h.user_id, h.how) for h in history] == [(ALICE, "start"), (DAVE, "replaced")]
