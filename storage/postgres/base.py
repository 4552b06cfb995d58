"""What every part of `PgStore` shares: the pool, the clock, and the two
ways in, a read (one statement, its own snapshot) and a write transaction.

Concurrency: SQLite has one writer at a time; PostgreSQL has many, in READ
COMMITTED, possibly in several processes. So a write that reads a match
before changing it first locks the match's row (`lock_match`, `FOR NO KEY
UPDATE`): the writes of one match are serialised across processes while
other matches stay free, and a move's commit does not block the foreign-key
checks of rows added to the match elsewhere (those take `FOR KEY SHARE`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from storage.errors import ReadOnlyStorage, StoreClosed, UnknownMatch, WrongStatus
from storage.records import Status

log = logging.getLogger(__name__)

Clock = Callable[[], float]  # seconds since the Unix epoch, like time.time


class PgBase:
    """The pool and clock every aggregate's methods work with."""

    def __init__(self, pool: asyncpg.Pool, clock: Clock = time.time, where: str = "database"):
        self._pool = pool
        self._clock = clock
        self.where = where  # the database as errors name it (no password)
        self._closed = False
        self._read_only_reported = False
        self._transactions = 0

    @property
    def transactions(self) -> int:
        """Write transactions committed since the store opened (each one commit)."""
        return self._transactions

    def _now(self) -> int:
        return int(self._clock() * 1000)

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosed(f"{self.where}: the store is closed")

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[asyncpg.Connection]:
        """One write transaction: committed when the block ends, rolled back
        (nothing written) when it raises."""
        self._check_open()
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                yield conn
        except asyncpg.ReadOnlySQLTransactionError as exc:
            raise self._read_only(exc) from exc
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

    # Reads: one statement each, on any pooled connection (its own snapshot).
    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        self._check_open()
        return list(await self._pool.fetch(sql, *args))

    async def _fetchrow(self, sql: str, *args: Any) -> asyncpg.Record | None:
        self._check_open()
        return await self._pool.fetchrow(sql, *args)

    async def _fetchval(self, sql: str, *args: Any) -> Any:
        self._check_open()
        return await self._pool.fetchval(sql, *args)


async def lock_match(
    conn: asyncpg.Connection, match_id: int, allowed: tuple[Status, ...] | None = None
) -> asyncpg.Record:
    """The match's row, locked against other writers of the match until the
    transaction ends; UnknownMatch or WrongStatus if it is missing or not in
    an `allowed` status."""
    return _checked(
        match_id,
        await conn.fetchrow(
            "SELECT id, game, status, seq FROM matches WHERE id = $1 FOR NO KEY UPDATE", match_id
        ),
        allowed,
    )


async def hold_match(conn: asyncpg.Connection, match_id: int) -> asyncpg.Record:
    """The match's row, kept from being deleted (but not from being played)
    until the transaction ends, for a write that only adds to it; UnknownMatch
    if it is missing."""
    return _checked(
        match_id,
        await conn.fetchrow(
            "SELECT id, game, status, seq FROM matches WHERE id = $1 FOR KEY SHARE", match_id
        ),
        None,
    )


def _checked(
    match_id: int, row: asyncpg.Record | None, allowed: tuple[Status, ...] | None
) -> asyncpg.Record:
    if row is None:
        raise UnknownMatch(match_id)
    if allowed is not None and row["status"] not in allowed:
        raise WrongStatus(match_id, row["status"], tuple(str(s) for s in allowed))
    return row


def affected(status: str) -> int:
    """The row count of an asyncpg command status ('DELETE 3' -> 3)."""
    return int(status.rsplit(" ", 1)[-1])
