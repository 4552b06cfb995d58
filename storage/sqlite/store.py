"""`SqliteStore`: the store on one SQLite file (database.py), for a bot
running as one process. Every write is an IMMEDIATE transaction on the one
writer connection; a move's transaction is shared with the moves queued
meanwhile (group commit), and the schema's triggers refuse any write that
would let log and snapshot diverge. Loaded matches are kept in memory
while the database proves them current (storage/sql/cache.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self, TypeVar

from storage.opening import Opening
from storage.records import Clock, Row, clock_ms
from storage.sql.cache import DEFAULT_SIZE
from storage.sql.dialect import SQLITE
from storage.sql.queries import Queries
from storage.sql.store import SqlStore
from storage.sql.tx import Body
from storage.sqlite.database import Database, WriteConn, default_path, prepare_file

T = TypeVar("T")


class SqliteTx:
    """A write transaction's connection (a `write()` block's, or a
    `transact()` body's in the writer's thread) as the shared SQL uses it."""

    __slots__ = ("_conn",)

    def __init__(self, conn: WriteConn) -> None:
        self._conn = conn

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        return (await self._conn.execute(sql, params)).rowcount

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def row(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return next(iter(await self._conn.execute_fetchall(sql, params)), None)


class SqliteStore(SqlStore):
    """All persistence of the bot, on one SQLite file. Open with
    `SqliteStore.open(path)` (or `storage.open_store`); times come from
    `clock` (injectable for tests)."""

    _dialect = SQLITE
    _q = Queries(SQLITE)

    def __init__(
        self, db: Database, clock: Clock = time.time, *, cache_size: int = DEFAULT_SIZE
    ) -> None:
        super().__init__(clock, cache_size=cache_size)
        self._db = db
        self._fetch, self._fetch_one = db.fetchall, db.fetchone
        self._lookup, self._lookup_one = db.lookup, db.lookup_one

    @classmethod
    def open(
        cls,
        path: str | Path | None = None,
        *,
        clock: Clock = time.time,
        create_folder: bool = True,
        cache_size: int = DEFAULT_SIZE,
    ) -> Opening[Self]:
        """Check, open (creating the file, and the folder if `create_folder`)
        and migrate the database at `path` (default:
        `database.default_path()`), then prove it takes a write, and rate
        what finished before ratings existed. Refuses with UnusableDatabase
        (SchemaTooNew, NotOurDatabase, ...) a file it cannot use, in one
        line that names the file and what to do. `cache_size`: loaded
        matches kept in memory (0: none, every load reads all)."""
        target = Path(path) if path is not None else default_path()

        async def opened() -> Self:
            await asyncio.to_thread(
                prepare_file, target, lambda: clock_ms(clock), create_folder=create_folder
            )
            store = cls(await Database.open(target), clock, cache_size=cache_size)
            try:
                await store.rate_unrated()
            except BaseException:
                await store.close()
                raise
            return store

        return Opening(opened)

    async def close(self) -> None:
        await self._db.close()

    @property
    def path(self) -> Path:
        """The database file (SQLite only: no part of the protocol)."""
        return self._db.path

    @property
    def transactions(self) -> int:
        """Write transactions committed since the store opened (one fsync each)."""
        return self._db.transactions

    # -- the ways in (storage/sql/base.py) ---------------------------------------
    @asynccontextmanager
    async def _write(self) -> AsyncIterator[SqliteTx]:
        async with self._db.write() as conn:
            yield SqliteTx(conn)

    async def _transact(self, body: Body[T]) -> T:
        async def on_conn(conn: WriteConn) -> T:
            return await body(SqliteTx(conn))

        return await self._db.transact(on_conn)
