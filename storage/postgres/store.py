"""`PgStore`: the store on PostgreSQL, the shared SQL of storage/sql with
the same guarantees as on SQLite, for several shard processes sharing one
database.

Concurrency: SQLite has one writer at a time; PostgreSQL has many, in READ
COMMITTED, possibly in several processes. So a write that reads a match
before changing it first locks the match's row (the dialect's `lock`, `FOR
NO KEY UPDATE`): the writes of one match are serialised across processes
while other matches stay free, and a move's commit does not block the
foreign-key checks of rows added to the match elsewhere (those take `FOR
KEY SHARE`). A move is a transaction of its own: the pool's connections
commit side by side, so there is no queue to share a commit with.

Loaded matches are kept in memory while the database proves them current
(storage/sql/cache.py): the schema's change counter (schema.py, V3) moves
with every commit to a match, whichever process makes it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any, Self, TypeVar, cast

import asyncpg

from storage.errors import ReadOnlyStorage, StoreClosed, UnusableDatabase
from storage.opening import Opening
from storage.postgres import connect, schema
from storage.records import Clock, Row
from storage.sql.cache import DEFAULT_SIZE
from storage.sql.dialect import POSTGRES, numbered
from storage.sql.queries import Queries
from storage.sql.store import SqlStore
from storage.sql.tx import Body, OneTripMove

log = logging.getLogger(__name__)
T = TypeVar("T")

_ONE_TRIP_MOVE = (
    "SELECT result, at_seq, version_before, version_after FROM gamehost_move("
    "$1, $2, $3::int[], $4::text[], $5::text[], $6, $7, $8::smallint, $9, $10,"
    " $11::text[], $12::bigint[], $13::bigint[], $14)"
)


class PgTx:
    """A transaction's asyncpg connection as the shared SQL uses it (`?`
    placeholders numbered for PostgreSQL)."""

    __slots__ = ("_conn",)

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        status: str = await self._conn.execute(numbered(sql), *params)
        return affected(status)

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._conn.executemany(numbered(sql), rows)

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]:
        return cast(list[Row], await self._conn.fetch(numbered(sql), *params))

    async def row(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return cast(Row | None, await self._conn.fetchrow(numbered(sql), *params))


def affected(status: str) -> int:
    """The row count of an asyncpg command status ('DELETE 3' -> 3; 0 for
    one without a count)."""
    count = status.rsplit(" ", 1)[-1]
    return int(count) if count.isdigit() else 0


class PgStore(SqlStore):
    """All persistence of the bot, on a PostgreSQL database (a pool of
    connections). Open with `PgStore.open(url)` (awaited, or as `async
    with`); every method is a coroutine, safe to call from concurrent tasks
    and from several processes at once. Times come from `clock`."""

    _dialect = POSTGRES
    _q = Queries(POSTGRES)
    # A move's one-trip commit checks the change counter the move was
    # decided at (`gamehost_move`): a load for a move needs no read first.
    _proven_at_commit = True

    def __init__(
        self,
        pool: asyncpg.Pool,
        clock: Clock = time.time,
        where: str = "database",
        *,
        cache_size: int = DEFAULT_SIZE,
    ):
        super().__init__(clock, cache_size=cache_size)
        self._pool = pool
        self.where = where  # the database as errors name it (no password)
        self._closed = False
        self._read_only_reported = False
        self._transactions = 0

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        schema_name: str | None = None,
        clock: Clock = time.time,
        min_size: int = 1,
        max_size: int = 10,
        cache_size: int = DEFAULT_SIZE,
    ) -> Opening[Self]:
        """Connect to `url` (default: DATABASE_URL), migrate its schema (the
        search_path's, or `schema_name`'s) and rate any match finished but
        not rated. Refuses with UnusableDatabase (SchemaTooNew for a newer
        schema) a database it cannot use, in one line naming it and what
        to do. `cache_size`: loaded matches kept in memory (0: none, every
        load reads all). `await PgStore.open(...)` or `async with
        PgStore.open(...)`."""
        url = url or connect.database_url()
        if url is None:
            raise ValueError(f"no PostgreSQL URL given and {connect.ENV_VAR} is not set")
        where = connect.redact(url) + (f" (schema {schema_name})" if schema_name else "")

        async def opened() -> Self:
            try:
                pool = await connect.create_pool(
                    url, schema=schema_name, min_size=min_size, max_size=max_size
                )
            except (OSError, asyncpg.PostgresError) as exc:
                raise UnusableDatabase(
                    where,
                    f"cannot connect ({exc})",
                    "check DATABASE_URL and that the server is running",
                ) from exc
            store = cls(pool, clock, where, cache_size=cache_size)
            try:
                async with pool.acquire() as conn:
                    await schema.migrate(conn, store._now, where=where)
                await store.rate_unrated()
            except BaseException:
                await store.close()
                raise
            return store

        return Opening(opened)

    async def close(self) -> None:
        self._closed = True
        await self._pool.close()

    @property
    def commits_on_a_server(self) -> bool:
        """True: a commit is a round trip to the server, which the caller's
        own work can overlap."""
        return True

    @property
    def transactions(self) -> int:
        """Write transactions committed since the store opened (each one commit)."""
        return self._transactions

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosed(f"{self.where}: the store is closed")

    # -- the ways in (storage/sql/base.py) ---------------------------------------
    @asynccontextmanager
    async def _write(self) -> AsyncIterator[PgTx]:
        self._check_open()
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                yield PgTx(conn)
        except asyncpg.ReadOnlySQLTransactionError as exc:
            raise self._read_only(exc) from exc
        self._wrote()

    async def _transact(self, body: Body[T]) -> T:
        async with self._write() as tx:
            return await body(tx)

    async def _one_trip_move(self, move: OneTripMove) -> Row | None:
        """One call of `gamehost_move` (schema.py, V7), outside any explicit
        transaction: the server runs it as one, all or nothing."""
        self._check_open()
        try:
            done = await self._pool.fetchrow(
                _ONE_TRIP_MOVE,
                move.match_id,
                move.expected_seq,
                [seat for seat, _, _ in move.rows],
                [key for _, key, _ in move.rows],
                [events for _, _, events in move.rows],
                move.snapshot_json,
                move.now,
                move.deadline,
                move.remind_at,
                move.timeout_at,
                [kind for kind, _, _ in move.messages],
                [channel for _, channel, _ in move.messages],
                [message for _, _, message in move.messages],
                move.required,
            )
        except asyncpg.ReadOnlySQLTransactionError as exc:
            raise self._read_only(exc) from exc
        if done["result"] == "active":
            self._wrote()
        return cast(Row, done)

    async def _fetch(self, sql: str, params: Sequence[Any]) -> Sequence[Row]:
        self._check_open()
        return cast(list[Row], await self._pool.fetch(numbered(sql), *params))

    async def _fetch_one(self, sql: str, params: Sequence[Any]) -> Row | None:
        self._check_open()
        return cast(Row | None, await self._pool.fetchrow(numbered(sql), *params))

    # No thread to spare a hop to: every read is one round trip.
    _lookup, _lookup_one = _fetch, _fetch_one

    def _wrote(self) -> None:
        """A write transaction committed: counted, and a read-only spell
        reported over."""
        self._transactions += 1
        if self._read_only_reported:
            self._read_only_reported = False
            log.warning("%s: the database takes writes again", self.where)

    def _read_only(self, exc: BaseException) -> ReadOnlyStorage:
        """A write refused because the server is read-only (a standby, or
        default_transaction_read_only): logged once, not once per click."""
        if not self._read_only_reported:
            self._read_only_reported = True
            log.error(
                "%s: the database is read-only (%s); no move can be saved until it takes "
                "writes again",
                self.where,
                exc,
            )
        return ReadOnlyStorage(f"{self.where}: the database is read-only")
