"""The database file: where it lives, its pragmas, its connections and the
one way to write to it.

Two aiosqlite connections share the file: a writer, used only inside
`write()` transactions serialised by an asyncio lock, and a query-only
reader for single-statement reads. The split matters because aiosqlite runs
one connection's statements in order but lets tasks interleave between them:
a read issued on the writer in the middle of someone's transaction would see
uncommitted rows. Every read is one statement, hence one consistent WAL
snapshot, without a read lock.

Durability: WAL with `synchronous=FULL`, i.e. the WAL is fsynced at every
commit. NORMAL would survive a killed process too, but a power cut could
lose the last acknowledged moves; FULL costs one fsync per move (well under
a millisecond on an SSD, see bench/store.py), which a chat game can afford.
"""
from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from storage import migrations
from storage.backfill import backfill_events
from storage.errors import NotOurDatabase, SchemaTooNew, StoreError

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PATH = ROOT / "data" / "games.db"
BUSY_TIMEOUT_MS = 5000

# Per-connection settings (journal_mode=WAL is persistent and set once, in prepare_file).
PRAGMAS = (
    "PRAGMA synchronous = FULL",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",  # wait for another process's write lock
    "PRAGMA foreign_keys = ON",                  # seats, log and messages die with their match
    "PRAGMA trusted_schema = OFF",               # schema may not call risky functions
    "PRAGMA temp_store = MEMORY",
    "PRAGMA cache_size = -16000",                # 16 MiB page cache per connection
    "PRAGMA journal_size_limit = 67108864",      # trim the WAL to 64 MiB after checkpoints
)


def default_path() -> Path:
    """`DATABASE_PATH` from the environment, else data/games.db in the project."""
    return Path(os.environ.get("DATABASE_PATH") or DEFAULT_PATH)


def prepare_file(path: Path, now_ms: Callable[[], int]) -> list[int]:
    """Create the folder, switch the file to WAL and apply pending migrations
    (synchronously: it runs once, in a worker thread, before the connections
    open). Cost does not depend on the size of the database."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        found = migrations.current_version(conn)
        if found > migrations.latest():  # refuse before touching the file
            raise SchemaTooNew(path, found, migrations.latest())
        _use_wal(conn, path)
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = OFF")
        applied = migrations.migrate(conn, now_ms, path=str(path))
        backfill_events(conn)
        return applied
    except sqlite3.DatabaseError as exc:
        if exc.sqlite_errorcode == sqlite3.SQLITE_NOTADB:
            raise NotOurDatabase(f"{path}: not a SQLite database") from exc
        raise
    finally:
        conn.close()


def _use_wal(conn: sqlite3.Connection, path: Path) -> None:
    # Switching to WAL needs an exclusive lock and SQLite does not wait for
    # it with busy_timeout, so two processes opening a new file at once
    # would fail: retry within the same time budget instead.
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            break
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
            time.sleep(0.01)
    if mode.lower() != "wal":
        raise StoreError(f"{path}: cannot use WAL journal mode (got {mode!r})")


async def connect(path: Path, *, read_only: bool) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN/COMMIT
    try:
        conn.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            await conn.execute(pragma)
        if read_only:
            await conn.execute("PRAGMA query_only = ON")
    except BaseException:
        await conn.close()
        raise
    return conn


class Database:
    """A writer and a reader connection on one file, and the write lock."""

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self._writer = writer
        self._reader = reader
        self._lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: Path) -> "Database":
        writer = await connect(path, read_only=False)
        try:
            reader = await connect(path, read_only=True)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        async with self._lock:  # let a running transaction finish
            try:
                await self._writer.execute("PRAGMA analysis_limit = 400")
                await self._writer.execute("PRAGMA optimize")
            finally:
                await self._reader.close()
                await self._writer.close()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError(f"{self.path}: the store is closed")

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One IMMEDIATE transaction: committed when the block ends, rolled
        back (changing nothing) if it raises or its task is cancelled.

        IMMEDIATE takes the write lock up front, so two writers queue on
        busy_timeout instead of failing to upgrade a read lock mid-way."""
        self._check_open()
        async with self._lock:
            self._check_open()  # closed while we waited
            conn = self._writer
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                # Queued behind any statement still running for a cancelled
                # caller, and before the next BEGIN: the connection's queue is FIFO.
                try:
                    await conn.execute("ROLLBACK")
                except sqlite3.OperationalError:
                    pass  # no transaction left (e.g. COMMIT completed after all)
                raise

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """One read statement on the reader connection (one WAL snapshot)."""
        self._check_open()
        return list(await self._reader.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None
