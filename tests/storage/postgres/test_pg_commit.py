"""The move commit on PostgreSQL: one transaction conditioned on seq. A
stale commit loses and changes nothing; a winning one writes the log row,
snapshot, seq, deadline, messages and names together; a finishing one
records results; and the stored snapshot always equals a replay of the log."""

from __future__ import annotations

import asyncio
import logging
import random
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest
from pg_helpers import URL, connect_in
from storage_helpers import ALICE, BOB, GUILD, random_move

from rules import Match
from storage import (
    UNCHANGED,
    ChangedMeanwhile,
    DeadlinePlan,
    ReadOnlyStorage,
    StaleCommit,
    UnknownMatch,
    WrongStatus,
)
from storage.postgres import PgStore

T = datetime(2026, 3, 4, 5, 6, 7, tzinfo=UTC)
EVERYTHING = [
    "SELECT * FROM matches ORDER BY id",
    "SELECT * FROM actions ORDER BY match_id, seq",
    "SELECT * FROM deadlines ORDER BY match_id",
    "SELECT * FROM messages ORDER BY match_id, kind",
    "SELECT * FROM seats ORDER BY match_id, seat",
]


async def everything(conn):
    return [await conn.fetch(query) for query in EVERYTHING]


def replay(loaded) -> Match:
    """The match rebuilt by the engine from its seed and its log alone."""
    match = Match.new(loaded.game, loaded.players, loaded.seed, loaded.options)
    for seat, key in loaded.match.log:
        match.act(seat, key, match.seq)
    return match


async def test_a_stale_commit_loses_and_changes_nothing(pg_store, pg_raw, start_keltis, play):
    match_id, match = await start_keltis(pg_store)
    await play(pg_store, match_id, match, 3)
    late = Match.from_record(match.to_record())  # a second click computed from seq 3
    seat, key = random_move(match, random.Random(1))
    await pg_store.commit(match_id, match, match.act(seat, key, 3))
    before = await everything(pg_raw)
    seat, key = random_move(late, random.Random(2))
    events = late.act(seat, key, 3)
    with pytest.raises(StaleCommit) as lost:
        await pg_store.commit_move(
            match_id,
            late,
            [events],
            deadline=DeadlinePlan(T, T),
            messages=[("table", 5, 6)],
            names={ALICE: "Alice!"},
        )
    assert (lost.value.expected, lost.value.actual) == (3, 4)
    assert await everything(pg_raw) == before


async def test_commits_on_a_lobby_an_ended_or_unknown_match_are_refused(pg_store, start_keltis):
    lobby = await pg_store.create_lobby(1, 2, "keltis", {}, ALICE)
    match = Match.new("keltis", 2, "s")
    seat, key = random_move(match, random.Random(0))
    events = match.act(seat, key, 0)
    with pytest.raises(WrongStatus):
        await pg_store.commit(lobby, match, events)
    with pytest.raises(UnknownMatch):
        await pg_store.commit(lobby + 1000, match, events)


async def test_a_move_writes_its_deadline_messages_and_names_with_it(pg_store, start_keltis):
    match_id, match = await start_keltis(pg_store)
    seat, key = random_move(match, random.Random(0))
    plan = DeadlinePlan(T, T + timedelta(days=1))
    seq = await pg_store.commit_move(
        match_id,
        match,
        [match.act(seat, key, 0)],
        deadline=plan,
        messages=[("ping", 7, 8)],
        names={BOB: "Bob"},
    )
    deadline = await pg_store.deadline(match_id)
    assert (deadline.seq, deadline.remind_at, deadline.timeout_at) == (seq, T, plan.timeout_at)
    info = await pg_store.info(match_id)
    assert info.seq == 1 and [s.name for s in info.seats] == [None, "Bob"]
    seat, key = random_move(match, random.Random(0))
    await pg_store.commit_move(match_id, match, [match.act(seat, key, 1)])  # left alone
    assert (await pg_store.deadline(match_id)).seq == 1
    seat, key = random_move(match, random.Random(0))
    await pg_store.commit_move(match_id, match, [match.act(seat, key, 2)], deadline=None)
    assert await pg_store.deadline(match_id) is None


async def test_a_played_match_is_its_log_replayed_and_its_end_is_rated(
    pg_store, pg_raw, start_keltis, play
):
    match_id, match = await start_keltis(pg_store, players=3)
    await play(pg_store, match_id, match, 10_000, random.Random(3))
    loaded = await pg_store.load(match_id, verify=True)
    assert loaded.status == "finished" and loaded.outcome == match.outcome()
    assert loaded.match.snapshot() == replay(loaded).snapshot() == match.snapshot()
    assert await pg_raw.fetchval("SELECT rated FROM finishes WHERE match_id = $1", match_id) == 1
    assert await pg_raw.fetchval("SELECT count(*) FROM results") == 3
    assert await pg_raw.fetchval("SELECT count(*) FROM ratings") == 3


async def test_big_discord_ids_round_trip(pg_store):
    snowflake = 1_234_567_890_123_456_789
    match_id = await pg_store.create_lobby(snowflake, snowflake + 1, "keltis", {}, snowflake + 2)
    await pg_store.add_user_seat(match_id, snowflake + 3, "Zed")
    info = await pg_store.info(match_id)
    assert (info.guild_id, info.channel_id, info.creator_id) == (
        snowflake,
        snowflake + 1,
        snowflake + 2,
    )
    assert info.user_ids == (snowflake + 3,)


async def test_racing_commits_from_two_pools_one_wins_per_seq(pg_schema, pg_store, start_keltis):
    match_id, _ = await start_keltis(pg_store, players=4)
    other = await PgStore.open(URL, schema_name=pg_schema)
    try:
        for round_ in range(5):
            base = (await pg_store.load(match_id)).match
            attempts = []
            for i in range(20):
                copy = Match.from_record(base.to_record())
                seat, key = random_move(copy, random.Random(round_ * 100 + i))
                attempts.append((copy, copy.act(seat, key, copy.seq)))
            outcomes = await asyncio.gather(
                *(
                    (pg_store, other)[i % 2].commit(match_id, copy, events)
                    for i, (copy, events) in enumerate(attempts)
                ),
                return_exceptions=True,
            )
            winners = [i for i, r in enumerate(outcomes) if r == base.seq + 1]
            assert len(winners) == 1
            losers = [r for i, r in enumerate(outcomes) if i != winners[0]]
            assert all(isinstance(r, StaleCommit) for r in losers)
            loaded = await pg_store.load(match_id, verify=True)
            assert loaded.match.snapshot() == attempts[winners[0]][0].snapshot()
    finally:
        await other.close()


class CallsToThePool:
    """The store's pool, recording what is asked of it: a call is at least
    one round trip to the server (an `acquire` begins a transaction of
    several)."""

    def __init__(self, pool):
        self._pool = pool
        self.calls: list[str] = []

    def __getattr__(self, name):
        attr = getattr(self._pool, name)
        if name in ("fetch", "fetchrow", "fetchval", "execute", "executemany", "acquire"):
            self.calls.append(name)
        return attr


async def test_an_ordinary_move_is_one_call_to_the_server(pg_store, start_keltis):
    """V7's `gamehost_move`: lock, log, snapshot, deadline and messages in
    one round trip; a move renaming a seat still takes the transaction."""
    match_id, match = await start_keltis(pg_store)
    spy = CallsToThePool(pg_store._pool)
    pg_store._pool = spy
    seat, key = random_move(match, random.Random(0))
    await pg_store.commit_move(
        match_id,
        match,
        [match.act(seat, key, 0)],
        deadline=DeadlinePlan(T, T + timedelta(days=1)),
        messages=[("ping", 7, 8)],
    )
    assert spy.calls == ["fetchrow"]
    spy.calls.clear()
    seat, key = random_move(match, random.Random(0))
    await pg_store.commit_move(match_id, match, [match.act(seat, key, 1)], names={BOB: "Bob"})
    assert spy.calls == ["acquire"]
    assert (await pg_store.deadline(match_id)).seq == 1
    assert (await pg_store.message(match_id, "ping")).message_id == 8


async def test_one_call_writes_what_the_transaction_writes(pg_server, clock, monkeypatch):
    """The same seeded games (several-step moves, deadlines set, left and
    cleared, messages, the end) committed through `gamehost_move` and
    through storage/sql/log.py's transaction leave the same rows."""
    stores = []
    for one_trip in (True, False):
        name = pg_server.empty_schema()
        store = await PgStore.open(URL, schema_name=name, clock=clock)
        if not one_trip:
            monkeypatch.setattr(store, "_one_trip_move", _no_one_trip)
        stores.append((name, store))
    try:
        rows = []
        for name, store in stores:
            rnd = random.Random(7)
            for seed in ("a", "b"):
                match_id = await store.create_lobby(1, 2, "cuttle", {}, ALICE)
                for user in (ALICE, BOB):
                    await store.add_user_seat(match_id, user)
                match = Match.new("cuttle", 2, seed)
                await store.start_match(match_id, match)
                while not match.is_over():
                    steps = []
                    seat, key = random_move(match, rnd)
                    steps.append(match.act(seat, key, match.seq))
                    # now and then two actions in one move, as a whole turn is
                    if not match.is_over() and rnd.random() < 0.3:
                        seat, key = random_move(match, rnd)
                        steps.append(match.act(seat, key, match.seq))
                    plan = rnd.choice([None, DeadlinePlan(T, None), DeadlinePlan(None, T)])
                    await store.commit_move(
                        match_id,
                        match,
                        steps,
                        deadline=rnd.choice([plan, plan, UNCHANGED]),
                        messages=[("ping", rnd.randrange(9), rnd.randrange(9))],
                    )
            conn = await connect_in(name)
            try:
                rows.append(await everything(conn))
            finally:
                await conn.close()
        assert rows[0] == rows[1]
        assert len(rows[0][1]) > 20  # the log
    finally:
        for name, store in stores:
            await store.close()
            pg_server.drop_schema(name)


async def _no_one_trip(move):
    return None


async def test_a_load_for_a_move_is_proven_by_its_commit(pg_store, pg_schema, start_keltis, play):
    """`load(for_move=True)` comes from memory without a read; its move is
    written only if nothing changed the match since (another process
    paused it here): ChangedMeanwhile, nothing written; a proven load then
    decides and commits the move."""
    match_id, match = await start_keltis(pg_store)
    await play(pg_store, match_id, match, 2)
    await pg_store.load(match_id)  # cached
    spy = CallsToThePool(pg_store._pool)
    pg_store._pool = spy
    loaded = await pg_store.load(match_id, for_move=True)
    assert spy.calls == []  # no read
    async with PgStore.open(URL, schema_name=pg_schema) as other:
        await other.pause(match_id)
    assert loaded.paused_at is None  # decided on the match as it was
    seat, key = random_move(loaded.match, random.Random(3))
    events = loaded.match.act(seat, key, 2)
    with pytest.raises(ChangedMeanwhile):
        await pg_store.commit_move(match_id, loaded.match, [events])
    fresh = await pg_store.load(match_id)
    assert fresh.seq == 2 and fresh.paused_at is not None
    # Unchanged since: the move is written, in one call.
    again = await pg_store.load(match_id, for_move=True)
    seat, key = random_move(again.match, random.Random(3))
    spy.calls.clear()
    await pg_store.commit_move(match_id, again.match, [again.match.act(seat, key, 2)])
    assert spy.calls == ["fetchrow"]
    assert (await pg_store.load(match_id)).seq == 3


async def test_a_move_in_a_transaction_proves_its_unproven_load_too(
    pg_store, pg_schema, start_keltis
):
    """A move that renames a seat (or ends the match) takes the
    transaction, which proves an unproven load the same way."""
    match_id, match = await start_keltis(pg_store)
    await pg_store.load(match_id)
    loaded = await pg_store.load(match_id, for_move=True)
    async with PgStore.open(URL, schema_name=pg_schema) as other:
        await other.rename_seats(GUILD, BOB, "Robert")
    seat, key = random_move(loaded.match, random.Random(0))
    events = loaded.match.act(seat, key, 0)
    with pytest.raises(ChangedMeanwhile):
        await pg_store.commit_move(match_id, loaded.match, [events], names={ALICE: "Al"})
    assert (await pg_store.load(match_id)).seq == 0


async def test_a_read_only_server_refuses_a_move_either_way_and_says_so_once(
    pg_store, pg_schema, start_keltis, clock, caplog
):
    """A standby (or default_transaction_read_only): the one-call move and
    the transaction both raise ReadOnlyStorage, logged once, nothing
    written; on a writable connection the same move goes through."""
    match_id, match = await start_keltis(pg_store)
    pool = await asyncpg.create_pool(
        URL,
        min_size=1,
        max_size=2,
        server_settings={"search_path": f'"{pg_schema}"', "default_transaction_read_only": "on"},
    )
    standby = PgStore(pool, clock)
    try:
        seat, key = random_move(match, random.Random(0))
        events = match.act(seat, key, 0)
        with caplog.at_level(logging.ERROR, logger="storage.postgres.store"):
            with pytest.raises(ReadOnlyStorage):
                await standby.commit_move(match_id, match, [events])
            with pytest.raises(ReadOnlyStorage):
                await standby.commit_move(match_id, match, [events], names={ALICE: "Al"})
        assert [r.levelname for r in caplog.records].count("ERROR") == 1
        assert (await pg_store.load(match_id)).seq == 0
    finally:
        await standby.close()
    await pg_store.commit_move(match_id, match, [events])
    assert (await pg_store.load(match_id)).seq == 1
