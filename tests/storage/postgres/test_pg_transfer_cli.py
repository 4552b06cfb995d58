"""`python -m storage.transfer` against a PostgreSQL server: a schema that
does not exist (`--target-schema nope`, `--source-schema nope`), an
unknown database, a target that holds data or is a folder, a source schema
without the bot's tables, another program's schema: each refused in one
line on stderr, exit code 1, no traceback, nothing written (issue 43). A
copy that works says so in one line on stdout."""

from __future__ import annotations

import sqlite3
from urllib.parse import urlsplit, urlunsplit

from pg_helpers import URL, connect_in
from transfer_cli import transfer_cli

from storage import SqliteStore
from storage.postgres.connect import redact


async def bot_db(path):
    async with SqliteStore.open(path) as store:
        await store.set_setting(1, "host_role", None)  # /game config clear_host_role:True
        await store.create_lobby(1, 2, "keltis", None, 3)
    return path


async def tables_in(schema: str) -> int:
    raw = await connect_in(schema)
    try:
        return int(
            await raw.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()")
        )
    finally:
        await raw.close()


async def test_a_missing_target_schema_is_refused_in_one_line(pg_schema, tmp_path):
    source = await bot_db(tmp_path / "bot.db")
    missing = f"{pg_schema}_nope"
    run = await transfer_cli(str(source), URL, "--target-schema", missing)
    run.refused(f"(schema {missing}): no such schema")


async def test_a_missing_source_schema_is_refused_in_one_line(pg_schema, tmp_path):
    target = tmp_path / "back.db"
    missing = f"{pg_schema}_nope"
    run = await transfer_cli(URL, str(target), "--source-schema", missing)
    run.refused(f"(schema {missing}): no such schema")
    assert not target.exists()


async def test_a_source_schema_without_the_bots_tables_is_refused(pg_schema, tmp_path):
    target = tmp_path / "back.db"
    run = await transfer_cli(URL, str(target), "--source-schema", pg_schema)
    run.refused("holds no database of the bot")
    assert not target.exists() and await tables_in(pg_schema) == 0


async def test_another_programs_schema_is_refused_and_left_alone(pg_schema, tmp_path):
    raw = await connect_in(pg_schema)
    try:
        await raw.execute("CREATE TABLE theirs (x integer)")
    finally:
        await raw.close()
    source = await bot_db(tmp_path / "bot.db")
    run = await transfer_cli(str(source), URL, "--target-schema", pg_schema)
    run.refused("tables of another program")
    assert await tables_in(pg_schema) == 1


async def test_an_unknown_database_is_refused_in_one_line(pg_schema, tmp_path):
    source = await bot_db(tmp_path / "bot.db")
    parts = urlsplit(URL)
    unknown = urlunsplit(parts._replace(path=f"/{pg_schema}_nodb"))
    run = await transfer_cli(str(source), unknown)
    run.refused(redact(unknown), "cannot connect", "does not exist")


async def test_a_wrong_port_is_refused_in_one_line(pg_schema, tmp_path):
    source = await bot_db(tmp_path / "bot.db")
    parts = urlsplit(URL)
    wrong = urlunsplit(parts._replace(netloc=f"{parts.netloc.rpartition(':')[0]}:1"))
    (await transfer_cli(str(source), wrong)).refused("cannot connect")


async def test_a_target_holding_data_is_refused_and_kept(pg_schema, tmp_path):
    source = await bot_db(tmp_path / "bot.db")
    done = await transfer_cli(str(source), URL, "--target-schema", pg_schema)
    assert done.code == 0 and done.err == "" and done.out.count("\n") == 1, done
    assert done.out.startswith("copied and verified 1 matches")
    again = await transfer_cli(str(source), URL, "--target-schema", pg_schema)
    again.refused("the target already holds data")

    back = tmp_path / "back.db"
    assert (await transfer_cli(URL, str(back), "--source-schema", pg_schema)).code == 0
    before = back.read_bytes()
    refused = await transfer_cli(URL, str(back), "--source-schema", pg_schema)
    refused.refused(f"{back}: the target already holds data")
    assert back.read_bytes() == before


async def test_a_folder_as_the_target_is_refused_in_one_line(pg_schema, tmp_path):
    source = await bot_db(tmp_path / "bot.db")
    assert (await transfer_cli(str(source), URL, "--target-schema", pg_schema)).code == 0
    folder = tmp_path / "folder"
    folder.mkdir()
    run = await transfer_cli(URL, str(folder), "--source-schema", pg_schema)
    run.refused(f"{folder}: a folder")
    assert list(folder.iterdir()) == []


async def test_a_refused_copy_leaves_the_target_schema_without_tables(pg_schema, tmp_path):
    """The target's migration is part of the copy's transaction: a row
    PostgreSQL refuses (a NUL character in a name, forged: SQLite's text
    holds it, PostgreSQL's cannot) leaves the schema as it was."""
    source = tmp_path / "bot.db"
    async with SqliteStore.open(source) as store:
        mid = await store.create_lobby(1, 2, "keltis", None, 3)
        await store.add_user_seat(mid, 3, "name")
    db = sqlite3.connect(source)
    db.execute("UPDATE seats SET name = 'a' || char(0) || 'b'")
    db.commit()
    db.close()
    run = await transfer_cli(str(source), URL, "--target-schema", pg_schema)
    run.refused("writing seats failed")
    assert await tables_in(pg_schema) == 0
