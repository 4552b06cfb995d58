"""Whatever the bot wrote goes SQLite -> PostgreSQL -> SQLite unchanged
(issue 43): a database written through the bot's own calls (every option
of `/game config` and `/game notify`, a cleared host role's JSON null
among them; matches of every status, seat hand-overs, hints, deadlines,
seasons, tournaments, ratings, departed servers; tests/storage/bot_data.py)
is copied there and back, every table compared row by row with the
original, and both stores then read every setting as the bot wrote it; and
the same database written on PostgreSQL goes to SQLite and back."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import bot_data
from pg_helpers import URL, connect_in

from cogs.hosting.settings import DEFAULTS, SERVER_KEYS
from storage import SqliteStore, Status
from storage.postgres import PgStore
from storage.records import HAND_OVERS
from storage.transfer import JSON_COLUMNS, TABLES, transfer
from tournaments.model import FORMATS

#: tables of the schema the copy does not carry as they are (see storage/transfer.py)
BOOKKEEPING = {"schema_version", "match_versions", "sqlite_sequence", "sqlite_stat1"}


def comparable(table: str, column: str, value: Any) -> tuple[str, Any]:
    """A stored value as compared: JSON as its value (keys sorted: jsonb
    keeps its own order), with JSON null apart from SQL NULL; anything else
    with its type (an integer is no float)."""
    if column in JSON_COLUMNS.get(table, ()) and value is not None:
        return "json", json.dumps(json.loads(value), sort_keys=True)
    return type(value).__name__, value


def every_row(path: Path) -> dict[str, list[dict[str, Any]]]:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        tables = {
            name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        assert tables - BOOKKEEPING == {t for t, _ in TABLES}, "a table the copy leaves out"
        return {
            table: [
                {c: comparable(table, c, v) for c, v in dict(r).items()}
                for r in conn.execute(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")
            ]
            for table, key in TABLES
        }
    finally:
        conn.close()


async def test_what_the_bot_wrote_goes_to_postgres_and_back_unchanged(pg_schema, tmp_path):
    source, back = tmp_path / "bot.db", tmp_path / "back.db"
    async with SqliteStore.open(source) as store:
        await bot_data.build(store)
        wrote = {g: await store.settings(g, DEFAULTS) for g in bot_data.GUILDS}
        chose = {
            (u, k): await store.get_user_setting(u, k, "unset")
            for u in bot_data.PEOPLE
            for k in ("notify", "quick_pass", "locale")
        }
    original = every_row(source)

    # every table, and every kind of row the bot writes, is in the test
    assert all(original[t] for t, _ in TABLES), [t for t, _ in TABLES if not original[t]]
    rows = {t: [{c: v[1] for c, v in r.items()} for r in original[t]] for t, _ in TABLES}
    assert {m["status"] for m in rows["matches"]} == set(Status)
    assert any(m["paused_at"] for m in rows["matches"])
    assert any(m["archived_at"] for m in rows["matches"])
    assert {h["how"] for h in rows["seat_holders"]} == {"start", *HAND_OVERS}
    assert {(d["remind_at"] is None, d["timeout_at"] is None) for d in rows["deadlines"]} >= {
        (True, False),
        (False, True),
    }
    assert {t["format"] for t in rows["tournaments"]} == set(FORMATS)
    assert {t["status"] for t in rows["tournaments"]} == {
        "signup",
        "running",
        "finished",
        "cancelled",
    }
    assert {t["paused"] for t in rows["tournaments"]} == {0, 1}
    assert any(t["match_id"] is None for t in rows["tournament_tables"])
    assert len(rows["seasons"]) == 2  # season 2 ended by season 3
    assert {r["won"] for r in rows["results"]} == {0, 1}
    assert {k for (g, k, _) in settings_rows(rows) if g in bot_data.GUILDS} == set(SERVER_KEYS)
    nulls = {(g, k) for (g, k, v) in settings_rows(rows) if v == "null"}
    assert (bot_data.GUILDS[0], "host_role") in nulls  # /game config clear_host_role:True
    assert {r["key"] for r in rows["user_settings"]} == {"notify", "quick_pass", "locale"}

    copied = await transfer(str(source), URL, target_schema=pg_schema)
    assert copied.summary().startswith(f"{len(rows['matches'])} matches")
    pg = await PgStore.open(URL, schema_name=pg_schema)
    try:
        for guild, settings in wrote.items():
            assert await pg.settings(guild, DEFAULTS) == settings, guild
        for (user, key), value in chose.items():
            assert await pg.get_user_setting(user, key, "unset") == value, (user, key)
    finally:
        await pg.close()
    raw = await connect_in(pg_schema)
    try:
        kinds = await raw.fetch(
            "SELECT guild_id, key, jsonb_typeof(value) AS kind FROM guild_settings"
            " WHERE key = 'host_role'"
        )
    finally:
        await raw.close()
    assert {(r["guild_id"], r["kind"]) for r in kinds} == {
        (bot_data.GUILDS[0], "null"),
        (bot_data.GUILDS[1], "number"),
    }

    await transfer(URL, str(back), source_schema=pg_schema)
    returned = every_row(back)
    for table, _ in TABLES:
        assert len(returned[table]) == len(original[table]), table
        for mine, theirs in zip(original[table], returned[table], strict=True):
            assert mine == theirs, table
    async with SqliteStore.open(back) as store:
        for guild, settings in wrote.items():
            assert await store.settings(guild, DEFAULTS) == settings, guild
        for (user, key), value in chose.items():
            assert await store.get_user_setting(user, key, "unset") == value, (user, key)


def settings_rows(rows: dict[str, list[dict[str, Any]]]) -> list[tuple[int, str, str]]:
    return [(r["guild_id"], r["key"], r["value"]) for r in rows["guild_settings"]]


async def pg_rows(schema: str) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table of a PostgreSQL schema, compared as above
    (json and jsonb come back as their text)."""
    raw = await connect_in(schema)
    try:
        tables = {
            r["tablename"]
            for r in await raw.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
        }
        assert tables - BOOKKEEPING == {t for t, _ in TABLES}, "a table the copy leaves out"
        return {
            table: [
                {c: comparable(table, c, v) for c, v in dict(r).items()}
                for r in await raw.fetch(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")
            ]
            for table, key in TABLES
        }
    finally:
        await raw.close()


async def test_what_the_bot_wrote_on_postgres_goes_to_sqlite_and_back_unchanged(
    pg_schema, pg_server, tmp_path
):
    """The other way round: the bot ran on PostgreSQL; PostgreSQL -> SQLite
    -> another PostgreSQL schema gives every row back."""
    store = await PgStore.open(URL, schema_name=pg_schema)
    try:
        await bot_data.build(store)
    finally:
        await store.close()
    original = await pg_rows(pg_schema)
    assert all(original[t] for t, _ in TABLES), [t for t, _ in TABLES if not original[t]]
    middle = tmp_path / "middle.db"
    await transfer(URL, str(middle), source_schema=pg_schema)
    again = pg_server.empty_schema()
    try:
        await transfer(str(middle), URL, target_schema=again)
        returned = await pg_rows(again)
    finally:
        pg_server.drop_schema(again)
    for table, _ in TABLES:
        assert len(returned[table]) == len(original[table]), table
        for mine, theirs in zip(original[table], returned[table], strict=True):
            assert mine == theirs, table
    nulls = [r for r in returned["guild_settings"] if r["value"] == ("json", "null")]
    assert {r["key"][1] for r in nulls} >= {"host_role", "reminder", "timeout"}
