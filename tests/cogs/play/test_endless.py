"""The live guard of a game's `max_actions` (cogs/play/endless.py, issue 43):
a table of bots only that reaches it is stopped before its next bot move
(cancelled, said in its thread, its end told), also when it is resumed
past it; a table with a person seated never is."""

from __future__ import annotations

import dataclasses
import unittest.mock

import pytest

from cogs.i18n import speaking
from cogs.play.endless import EndlessGuard, endless, notice
from rules import Match
from storage import LoadedMatch, Status, Store, stopped_after
from tests.cogs.matches import ALICE, started
from tests.cogs.play.test_seats import humans_owe, rig, until

KELTIS_FIRST = {"first_player": 0}  # seat 0 plays first


@pytest.fixture
def limit(monkeypatch):
    """`limit(n)`: Keltis's max_actions is n for this test."""

    def set_limit(n: int) -> None:
        monkeypatch.setattr(type(Match.new("keltis", 2, "x").game), "max_actions", n)

    return set_limit


async def moved(store: Store, match_id: int, moves: int) -> LoadedMatch:
    """The match after `moves` of its first legal moves, committed."""
    for _ in range(moves):
        loaded = await store.load(match_id)
        assert loaded.match is not None
        seat = loaded.match.to_act()[0]
        action = loaded.match.legal(seat)[0]
        await store.commit_move(
            match_id, loaded.match, [loaded.match.act(seat, action, loaded.match.seq)]
        )
    return await store.load(match_id)


# -- the decision -------------------------------------------------------------------------
async def test_bots_only_at_the_limit_are_endless(store: Store, limit) -> None:
    loaded = await moved(store, await started(store, "keltis", ["random", "random"]), 3)
    limit(4)
    assert not endless(loaded)  # under the limit
    limit(3)
    assert endless(loaded)
    limit(2)
    assert endless(loaded)  # past it (a table resumed past it)


async def test_a_table_with_a_person_seated_is_never_endless(store: Store, limit) -> None:
    match_id = await started(store, "keltis", ["random", ALICE], options=KELTIS_FIRST)
    loaded = await moved(store, match_id, 3)
    limit(1)
    assert not endless(loaded)


async def test_a_table_not_running_is_not_endless(store: Store, limit) -> None:
    loaded = await moved(store, await started(store, "keltis", ["random", "random"]), 3)
    limit(1)
    assert not endless(dataclasses.replace(loaded, status=Status.CANCELLED))
    assert not endless(dataclasses.replace(loaded, status=Status.FINISHED))


# -- the guard in the bots' loop ------------------------------------------------------------
def guarded(store: Store):
    r = rig(store)
    announce, finished = unittest.mock.AsyncMock(), unittest.mock.AsyncMock()
    guard = EndlessGuard(r.moves, announce, r.shown, finished)
    return r, guard, announce, finished, r.seats(guard=guard)


async def test_a_table_of_bots_is_stopped_at_the_limit(store: Store, limit) -> None:
    limit(6)
    match_id = await started(store, "keltis", ["random", "random"])
    r, guard, announce, finished, seats = guarded(store)
    seats.schedule(await store.load(match_id))
    await until(lambda: _cancelled(store, match_id))
    await seats.idle()
    info = await store.info(match_id)
    assert info.seq == 6 and r.commit.await_count == 6  # no bot moved past it
    assert stopped_after(info) == 6 and info.outcome == {"stopped": "endless", "moves": 6}
    assert guard.stopped == 1
    [call] = announce.await_args_list
    assert call.args[0].id == match_id
    assert call.args[1]() == "This table of bots passed 6 moves without an end, so it was stopped."
    finished.assert_awaited_once_with(match_id)
    last = r.shown.await_args_list[-1].args[0]  # its table shows it stopped
    assert last.status == Status.CANCELLED and stopped_after(last) == 6
    await seats.stop()


async def test_a_table_resumed_past_the_limit_is_stopped_at_once(store: Store, limit) -> None:
    match_id = await started(store, "keltis", ["random", "random"])
    await moved(store, match_id, 5)
    limit(3)  # as if the bot restarted with a table past it
    r, _guard, announce, finished, seats = guarded(store)
    seats.schedule(await store.load(match_id))
    await until(lambda: _cancelled(store, match_id))
    await seats.idle()
    assert r.commit.await_count == 0 and stopped_after(await store.info(match_id)) == 5
    assert announce.await_count == 1 and finished.await_count == 1
    await seats.stop()


async def test_a_table_with_a_person_plays_on_past_the_limit(store: Store, limit) -> None:
    limit(0)
    match_id = await started(store, "keltis", ["random", ALICE], options=KELTIS_FIRST)
    r, guard, announce, _finished, seats = guarded(store)
    seats.schedule(await store.load(match_id))
    await until(lambda: humans_owe(store, match_id))
    await seats.idle()
    assert (await store.info(match_id)).status == Status.ACTIVE
    assert r.commit.await_count >= 1 and guard.stopped == 0 and announce.await_count == 0
    await seats.stop()


async def test_a_table_that_moved_on_is_not_stopped_from_an_older_state(
    store: Store, limit
) -> None:
    match_id = await started(store, "keltis", ["random", ALICE], options=KELTIS_FIRST)
    limit(0)
    _r, guard, announce, _finished, _seats = guarded(store)
    assert not await guard.stop(match_id)  # a person is seated: checked again under the lock
    assert (await store.info(match_id)).status == Status.ACTIVE and announce.await_count == 0


async def _cancelled(store: Store, match_id: int) -> bool:
    return (await store.info(match_id)).status == Status.CANCELLED


def test_the_notice_is_said_in_english_and_japanese() -> None:
    assert notice(1) == "This table of bots passed 1 move without an end, so it was stopped."
    with speaking("ja"):
        assert (
            notice(12) == "ボットだけのこの卓は12手を過ぎても終わらなかったため、打ち切りました。"
        )
