"""Learn matches (`/game learn`, issue 45) on both backends: flagged from
their lobby on, played and finished like any match, but never rated nor
counted (no finish: no stats, leaderboard, season or rating change) and
left out of the history listing; and the migrations that add the flag
(SQLite 12, PostgreSQL 9) keep what was stored before, as no lesson."""

from __future__ import annotations

import random
import sqlite3

import pytest
from storage_helpers import ALICE, BOB, CHANNEL, GUILD

from rules import Match
from storage import SqliteStore, Status
from storage.postgres import schema as pg_schema
from storage.sqlite import migrations


async def finished(store, play, *, learn: bool, seed: str) -> int:
    """A two-player Keltis match of ALICE and BOB, played to its end."""
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE, learn=learn)
    for user in (ALICE, BOB):
        await store.add_user_seat(match_id, user)
    match = Match.new("keltis", 2, seed)
    await store.start_match(match_id, match)
    await play(store, match_id, match, 5000, random.Random(seed))
    assert match.is_over()
    return match_id


async def test_a_learn_match_is_flagged_played_and_never_counted(store, play):
    lesson = await finished(store, play, learn=True, seed="lesson")
    info = await store.info(lesson)
    assert info.learn and info.status == Status.FINISHED and info.outcome
    assert (await store.load(lesson)).learn
    assert await store.player_stats(GUILD, ALICE) == {}
    assert await store.leaderboard(GUILD, "keltis") == []
    assert await store.rating_changes(lesson) == []
    assert await store.finished_matches(GUILD) == []
    assert await store.rate_unrated() == 0  # nothing waits to be rated either
    # an ordinary match next to it is counted as ever, the lesson still not
    real = await finished(store, play, learn=False, seed="real")
    assert not (await store.info(real)).learn
    assert [m.id for m in await store.finished_matches(GUILD)] == [real]
    assert sum(s.played for s in (await store.player_stats(GUILD, ALICE)).values()) == 1
    assert {s.user_id for s in await store.leaderboard(GUILD, "keltis")} == {ALICE, BOB}
    assert await store.rating_changes(lesson) == []


@pytest.mark.sqlite_only
async def test_sqlite_migration_12_keeps_earlier_matches_as_no_lesson(db_path, clock):
    assert migrations.MIGRATIONS[11] is migrations.LEARN and migrations.latest() >= 12
    conn = sqlite3.connect(db_path, isolation_level=None)
    migrations.migrate(conn, lambda: 0, target=11)
    conn.execute(
        "INSERT INTO matches (guild_id, channel_id, game, creator_id, created_at, updated_at)"
        " VALUES (?, ?, 'keltis', ?, 0, 0)",
        (GUILD, CHANNEL, ALICE),
    )
    conn.close()
    async with SqliteStore.open(db_path, clock=clock) as store:  # upgrades it
        [info] = await store.live_matches(guild_id=GUILD)
        assert not info.learn
        lesson = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE, learn=True)
        assert (await store.info(lesson)).learn


def test_postgres_version_9_holds_the_tables_of_sqlite_12():
    assert pg_schema.MIGRATIONS[8] is pg_schema.V9 and "learn" in pg_schema.V9
    assert pg_schema.SQLITE_VERSION[9] == 12
