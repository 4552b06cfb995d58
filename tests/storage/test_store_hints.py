"""The hints players asked for (issue 32), on both backends: recorded once
per decision, counted per person, append-only, gone only with their match;
and the migrations that add them (SQLite 11, PostgreSQL 8) keep what was
stored before."""

from __future__ import annotations

import sqlite3

import pytest
from storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, T0

from storage import SqliteStore, UnknownMatch, hint_counts
from storage.postgres import schema as pg_schema
from storage.sqlite import migrations


async def test_a_hint_is_recorded_once_per_decision_and_counted_per_person(
    store, start_keltis, clock
):
    match_id, _match = await start_keltis(store, players=3)
    assert await store.hints(match_id) == []
    assert await store.record_hint(match_id, 0, 0, ALICE)
    clock.advance(5)
    assert not await store.record_hint(match_id, 0, 0, ALICE)  # asked again: the same hint
    assert await store.record_hint(match_id, 3, 0, ALICE)
    assert await store.record_hint(match_id, 1, 1, BOB)
    assert await store.record_hint(match_id, 3, 2, CAROL)  # (several seats may owe at once)
    uses = await store.hints(match_id)
    assert [(u.seq, u.seat, u.user_id) for u in uses] == [
        (0, 0, ALICE),
        (1, 1, BOB),
        (3, 0, ALICE),
        (3, 2, CAROL),
    ]
    assert uses[0].at.timestamp() == T0  # when it was first asked
    assert uses[1].at.timestamp() == T0 + 5
    assert hint_counts(uses) == {ALICE: 2, BOB: 1, CAROL: 1}
    other, _ = await start_keltis(store, seed="other")
    assert await store.hints(other) == []  # each match its own


async def test_a_hint_for_a_match_that_is_not_is_refused(store):
    with pytest.raises(UnknownMatch):
        await store.record_hint(999, 0, 0, ALICE)


async def test_hints_are_append_only_and_go_with_their_match(store, start_keltis, raw):
    match_id, _match = await start_keltis(store)
    await store.record_hint(match_id, 0, 0, ALICE)
    with pytest.raises(Exception, match="append-only"):
        raw.execute("UPDATE hints SET user_id = ? WHERE match_id = ?", (BOB, match_id))
    assert [u.user_id for u in await store.hints(match_id)] == [ALICE]
    kept, _ = await start_keltis(store, guild=GUILD + 1, seed="kept")
    await store.record_hint(kept, 0, 0, BOB)
    await store.delete_guild(GUILD)  # the match goes, and its hints with it
    assert raw.execute("SELECT count(*) FROM hints").fetchone()[0] == 1
    assert [u.user_id for u in await store.hints(kept)] == [BOB]


async def test_recording_a_hint_leaves_the_match_as_loaded(store, start_keltis):
    """A hint is no move: the match, its seq and its change counter stay."""
    match_id, _match = await start_keltis(store)
    before = await store.load(match_id)
    await store.record_hint(match_id, 0, 0, ALICE)
    after = await store.load(match_id)
    assert (after.seq, after.updated_at, after.match.snapshot()) == (
        before.seq,
        before.updated_at,
        before.match.snapshot(),
    )


@pytest.mark.sqlite_only
async def test_sqlite_migration_11_adds_the_hints_to_a_version_10_file(db_path, clock):
    assert migrations.MIGRATIONS[10] is migrations.HINTS and migrations.latest() >= 11
    conn = sqlite3.connect(db_path, isolation_level=None)
    migrations.migrate(conn, lambda: 0, target=10)
    conn.execute(
        "INSERT INTO matches (guild_id, channel_id, game, creator_id, created_at, updated_at)"
        " VALUES (?, ?, 'keltis', ?, 0, 0)",
        (GUILD, CHANNEL, ALICE),
    )
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert "hints" not in tables
    conn.close()
    async with SqliteStore.open(db_path, clock=clock) as store:  # upgrades it
        [info] = await store.live_matches(guild_id=GUILD)
        assert await store.record_hint(info.id, 0, 0, ALICE)
        assert [u.user_id for u in await store.hints(info.id)] == [ALICE]


def test_postgres_version_8_holds_the_tables_of_sqlite_11():
    assert pg_schema.MIGRATIONS[7] is pg_schema.V8 and "CREATE TABLE hints" in pg_schema.V8
    assert pg_schema.SQLITE_VERSION[8] == 11
