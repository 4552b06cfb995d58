"""The move commit on PostgreSQL: one transaction conditioned on seq. A
stale commit loses and changes nothing; a winning one writes the log row,
snapshot, seq, deadline, messages and names together; a finishing one
records results; and the stored snapshot always equals a replay of the log."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta

import pytest
from pg_helpers import URL
from storage_helpers import ALICE, BOB, random_move

from rules import Match
from storage import DeadlinePlan, StaleCommit, UnknownMatch, WrongStatus
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
