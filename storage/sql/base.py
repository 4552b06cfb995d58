"""What every aggregate of the store shares, whichever backend runs it:
the dialect, the clock, the cache of loaded matches, and the ways to the
database a backend provides (a write transaction, a move's, and reads).

Each aggregate (matches.py, log.py, seats.py, ...) is a mixin over this
base implementing one protocol of storage/protocol.py; `SqlStore`
(store.py) combines them, and `SqliteStore`/`PgStore` add the ways in.
Mixins rather than one object per aggregate because the API stays flat
(`store.commit_move(...)`) without a delegating method for each of ~50
calls, and because all of them share one writer, one clock and one cache.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar

from storage.records import Clock, Row, Status, clock_ms
from storage.sql.cache import DEFAULT_SIZE, LoadedCache
from storage.sql.dialect import Dialect
from storage.sql.queries import Queries, checked
from storage.sql.tx import Body, OneTripMove, Tx

T = TypeVar("T")


#: a read: a statement and its parameters, to the rows (or the first row) it gives
Read = Callable[[str, Sequence[Any]], Awaitable[Sequence[Row]]]
ReadOne = Callable[[str, Sequence[Any]], Awaitable[Row | None]]


class SqlBase:
    """The state the aggregates share, and the backend's ways in."""

    _dialect: Dialect
    _q: Queries  # the dialect's shared statements
    # The backend's reads; SQLite's are its database's own methods, so that
    # a read by key costs no call more than it did before the SQL was shared.
    #: one read statement (its own consistent snapshot)
    _fetch: Read
    _fetch_one: ReadOne
    #: a small read by key (a match, its seats, a setting): on SQLite done on
    #: the event loop's own thread
    _lookup: Read
    _lookup_one: ReadOne

    #: whether a move's commit checks the change counter the move was decided
    #: at, so that a load for a move may come from memory unproven (matches.py)
    _proven_at_commit = False

    def __init__(self, clock: Clock = time.time, *, cache_size: int = DEFAULT_SIZE) -> None:
        self._clock = clock
        self._loaded = LoadedCache(cache_size)
        #: match id -> the change counter of the load handed out unproven for
        #: a move, which that move's commit must find (log.py)
        self._unproven: dict[int, int] = {}
        #: guild id -> (when read, monotonic; its settings' rows) (settings.py)
        self._guild_settings: dict[int, tuple[float, list[tuple[str, str]]]] = {}

    @property
    def commits_on_a_server(self) -> bool:
        """False: SQLite's commit is this process's own work (PgStore: True)."""
        return False

    def _now(self) -> int:
        """The clock's time, as stored (milliseconds since the epoch)."""
        return clock_ms(self._clock)

    async def _lock(self, tx: Tx, match_id: int, allowed: tuple[Status, ...] | None = None) -> Row:
        """The match's (id, game, status, seq), locked against the match's
        other writers until the transaction ends (dialect.py); UnknownMatch
        or WrongStatus if it is missing or not in an `allowed` status."""
        return checked(match_id, await tx.row(self._q.lock, (match_id,)), allowed)

    async def _hold(self, tx: Tx, match_id: int) -> Row:
        """The match's row, kept from being deleted (not from being played)
        until the transaction ends, for a write that only adds to it."""
        return checked(match_id, await tx.row(self._q.hold, (match_id,)), None)

    # -- the backend's ways in ---------------------------------------------------
    def _write(self) -> AbstractAsyncContextManager[Tx]:
        """One write transaction: committed when the block ends, rolled back
        (nothing written) when it raises."""
        raise NotImplementedError

    async def _one_trip_move(self, move: OneTripMove) -> Row | None:
        """An ordinary move's commit in one round trip to the database: the
        row (result, at_seq, version_before, version_after) of PostgreSQL's
        `gamehost_move` (storage/postgres/schema.py, V7); None where the
        backend has no such path (SQLite: its moves share a transaction)."""
        return None

    async def _transact(self, body: Body[T]) -> T:
        """A move's transaction: `body` all or nothing (on SQLite shared
        with the moves queued meanwhile, storage/sqlite/database.py)."""
        raise NotImplementedError
