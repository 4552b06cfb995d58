"""PostgreSQL migrations: an empty schema gets the whole schema, the same
tables and columns as SQLite's; opening again changes nothing; a schema
written by newer code, or by another program, is refused untouched."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import asyncpg
import pytest
from pg_helpers import URL, connect_in

from rules import Match
from storage import SchemaTooNew, UnusableDatabase
from storage.postgres import PgStore, schema
from storage.records import dumps
from storage.sqlite import migrations as sqlite_migrations


async def tables(conn: asyncpg.Connection) -> dict[str, set[str]]:
    rows = await conn.fetch(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema()"
    )
    found: dict[str, set[str]] = {}
    for row in rows:
        found.setdefault(row["table_name"], set()).add(row["column_name"])
    return found


def sqlite_tables() -> dict[str, set[str]]:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    sqlite_migrations.migrate(conn, lambda: 0, target=schema.SQLITE_VERSION[schema.latest()])
    names = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    return {n: {r[1] for r in conn.execute(f"PRAGMA table_info({n})")} for n in names}


async def test_an_empty_schema_is_migrated_to_the_sqlite_tables(pg_store, pg_raw):
    assert await schema.current_version(pg_raw) == schema.latest()
    assert await tables(pg_raw) == sqlite_tables()


async def test_ids_are_bigint_the_engines_json_is_kept_as_text_and_settings_are_jsonb(
    pg_store, pg_raw
):
    types = {
        (r["table_name"], r["column_name"]): r["data_type"]
        for r in await pg_raw.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema()"
        )
    }
    for column, kind in types.items():
        if column[1] == "id" or column[1].endswith("_id"):
            assert kind == "bigint", column
    assert {c for c, kind in types.items() if kind == "json"} == {
        ("matches", "options"), ("matches", "snapshot"), ("matches", "outcome"),
        ("actions", "events"),
    }  # fmt: skip
    assert {c for c, kind in types.items() if kind == "jsonb"} == {
        ("matches", "settings"), ("guild_settings", "value"), ("user_settings", "value"),
        ("tournaments", "settings"), ("tournament_tables", "players"),
        ("tournament_acts", "args"),
    }  # fmt: skip


async def test_opening_again_applies_nothing(pg_schema, pg_store, pg_raw):
    assert await schema.migrate(pg_raw, lambda: 0) == []
    again = await PgStore.open(URL, schema_name=pg_schema)
    await again.close()
    assert await pg_raw.fetchval("SELECT count(*) FROM schema_version") == schema.latest()


async def test_processes_opening_at_once_migrate_once(pg_schema):
    stores = await asyncio.gather(*(PgStore.open(URL, schema_name=pg_schema) for _ in range(3)))
    for store in stores:
        await store.close()
    conn = await connect_in(pg_schema)
    try:
        versions = [r["version"] for r in await conn.fetch("SELECT version FROM schema_version")]
    finally:
        await conn.close()
    assert versions == list(range(1, schema.latest() + 1))


async def test_a_newer_schema_is_refused_untouched(pg_schema, pg_store, pg_raw):
    newer = schema.latest() + 1
    await pg_raw.execute("INSERT INTO schema_version VALUES ($1, 0)", newer)
    with pytest.raises(SchemaTooNew) as refused:
        await PgStore.open(URL, schema_name=pg_schema)
    assert (refused.value.found, refused.value.known) == (newer, schema.latest())
    message = str(refused.value)
    assert f"schema version {newer} is newer than this code" in message
    assert pg_schema in message and "run a newer version of the bot" in message
    assert await pg_raw.fetchval("SELECT max(version) FROM schema_version") == newer


async def test_another_programs_schema_is_refused_untouched(pg_schema):
    conn = await connect_in(pg_schema)
    try:
        await conn.execute("CREATE TABLE theirs (x integer)")
        with pytest.raises(UnusableDatabase, match="another program"):
            await PgStore.open(URL, schema_name=pg_schema)
        assert await tables(conn) == {"theirs": {"x"}}
    finally:
        await conn.close()


async def test_an_unreachable_server_is_refused_in_one_line():
    with pytest.raises(UnusableDatabase, match="cannot connect") as refused:
        await PgStore.open("postgresql://someone:secret@127.0.0.1:1/none")
    assert "secret" not in str(refused.value)


async def test_a_version_1_schema_upgrades_without_loss_and_keeps_the_engines_text(pg_schema):
    """Version 1 held the engine's JSON as jsonb (keys reordered); version
    2 keeps it as json (the text as written). A played version-1 match
    survives the upgrade, and what is written after it comes back byte for
    byte, with the log's guards still in force."""
    conn = await connect_in(pg_schema)
    try:
        await schema.migrate(conn, lambda: 0, target=1)
        match = Match.new("keltis", 2, "v1")
        await conn.execute(
            "INSERT INTO matches (id, guild_id, channel_id, game, status, creator_id, options,"
            " players, seed, rules_version, seq, snapshot, created_at, updated_at)"
            " VALUES (1, 1, 2, 'keltis', 'active', 3, '{}', 2, 'v1', 1, 0, $1, 0, 0)",
            dumps(match.snapshot()),
        )
        for n in range(3):
            seat = match.to_act()[0]
            events = match.act(seat, match.legal(seat)[0], match.seq)
            await conn.execute(
                "INSERT INTO actions VALUES (1, $1, $2, $3, 0, $4)",
                n, seat, match.log[-1][1], dumps(events),
            )  # fmt: skip
            await conn.execute(
                "UPDATE matches SET seq = seq + 1, snapshot = $1 WHERE id = 1",
                dumps(match.snapshot()),
            )
        reordered = await conn.fetchval("SELECT snapshot::text FROM matches")
        assert json.loads(reordered) == match.snapshot()
        assert reordered != dumps(match.snapshot())  # jsonb's own key order
        async with PgStore.open(URL, schema_name=pg_schema) as store:
            assert await schema.current_version(conn) == schema.latest()
            loaded = await store.load(1, verify=True)
            assert loaded.match.snapshot() == match.snapshot() and loaded.seq == 3
            assert [a.key for a in await store.story(1)] == [k for _, k in match.log]
            seat = match.to_act()[0]
            await store.commit(1, match, match.act(seat, match.legal(seat)[0], match.seq))
        assert await conn.fetchval("SELECT snapshot::text FROM matches") == dumps(match.snapshot())
        with pytest.raises(asyncpg.RaiseError, match="changes only with a logged action"):
            await conn.execute("UPDATE matches SET snapshot = '{}' WHERE id = 1")
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await conn.execute("UPDATE actions SET events = '[]' WHERE seq = 0")
    finally:
        await conn.close()


async def test_a_version_2_schema_gets_the_change_counter_and_its_store_a_cache(pg_schema):
    """Version 3 adds the change counter behind the cache of loads. A match
    played at version 2 has no counter row (it reads as 0) and needs none:
    after the upgrade its loads are cached, a move keeps it cached, and a
    hand edit of its seats shows on the next load."""
    conn = await connect_in(pg_schema)
    try:
        await schema.migrate(conn, lambda: 0, target=2)
        match = Match.new("keltis", 2, "v2")
        await conn.execute(
            "INSERT INTO matches (id, guild_id, channel_id, game, status, creator_id, options,"
            " players, seed, rules_version, seq, snapshot, created_at, updated_at)"
            " VALUES (1, 1, 2, 'keltis', 'active', 3, '{}', 2, 'v2', 1, 0, $1, 0, 0)",
            dumps(match.snapshot()),
        )
        for seat, user in enumerate((3, 4)):
            await conn.execute("INSERT INTO seats VALUES (1, $1, $2, NULL, 0, NULL)", seat, user)
        seat = match.to_act()[0]
        events = match.act(seat, match.legal(seat)[0], match.seq)
        logged = (seat, match.log[-1][1], dumps(events))
        await conn.execute("INSERT INTO actions VALUES (1, 0, $1, $2, 0, $3)", *logged)
        await conn.execute(
            "UPDATE matches SET seq = 1, snapshot = $1 WHERE id = 1", dumps(match.snapshot())
        )
        async with PgStore.open(URL, schema_name=pg_schema) as store:
            assert await schema.current_version(conn) == schema.latest() >= 3
            assert await conn.fetchval("SELECT count(*) FROM match_versions") == 0
            first = await store.load(1)
            assert first.seq == 1 and first.match.snapshot() == match.snapshot()
            assert (await store.load(1)).seq == 1 and store._loaded.hits == 1
            seat = match.to_act()[0]
            events = match.act(seat, match.legal(seat)[0], match.seq)
            await store.commit_move(1, match, [events], names={3: "Three"})
            moved = await store.load(1)
            assert store._loaded.hits == 2 and moved.seq == 2 and moved.seats[0].name == "Three"
            assert await conn.fetchval("SELECT version FROM match_versions") > 0
            await conn.execute("UPDATE seats SET name = 'Four' WHERE seat = 1")
            assert (await store.load(1)).seats[1].name == "Four"
            assert store._loaded.hits == 2
    finally:
        await conn.close()
