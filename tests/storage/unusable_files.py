"""Database files the bot must refuse, made the way hosts get them: a text
file, another program's database, one from a newer bot, a copy cut short, a
disk that damaged pages. Shared by tests/storage and tests/e2e (a plain
module with a name no other test folder uses)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from storage import SqliteStore
from storage.sqlite import migrations

GUILD, CHANNEL, ALICE = 1001, 2001, 11


async def filled_database(path: Path, matches: int = 40) -> None:
    """A real database of several pages, all in the main file."""
    async with SqliteStore.open(path) as store:
        for _ in range(matches):
            await store.create_lobby(GUILD, CHANNEL, "keltis", {"note": "x" * 200}, ALICE)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


async def not_sqlite(path: Path) -> None:
    path.write_text("these are not the tables you are looking for\n" * 100)


async def someone_elses(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    conn.commit()
    conn.close()


async def newer_schema(path: Path) -> None:
    await filled_database(path, matches=1)
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_version VALUES (?, 0)", (migrations.latest() + 1,))
    conn.commit()
    conn.close()


async def truncated(path: Path, keep: float = 0.5, *, keep_bytes: int | None = None) -> None:
    """A filled database cut to `keep` of its size, or to `keep_bytes` bytes."""
    await filled_database(path)
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * keep) if keep_bytes is None else keep_bytes])


async def damaged(path: Path) -> None:
    """Every page but the first (the header and schema) overwritten in part."""
    await filled_database(path)
    page_size = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    for page in range(2, len(data) // page_size):
        data[page * page_size : page * page_size + 64] = b"\xa5" * 64
    path.write_bytes(bytes(data))


# name: (maker, words the refusal must contain)
UNUSABLE = {
    "not a database": (not_sqlite, "not a SQLite database"),
    "someone else's database": (someone_elses, "another program"),
    "newer schema": (newer_schema, "newer than this code"),
    "truncated": (truncated, "truncated"),
    "damaged": (damaged, "damaged"),
}
