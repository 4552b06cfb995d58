"""What every aggregate of the SQLite store shares: the database and the clock.

Each aggregate (matches.py, log.py, seats.py, ...) is a mixin over this
base implementing one protocol of storage/protocol.py; `SqliteStore`
(store.py) combines them. Mixins rather than one object per aggregate
because the API stays flat (`store.commit_move(...)`, as callers and the
other backend have it) without a delegating method for each of ~50 calls,
and because all of them share one writer, one write lock, one clock and
the cache of loaded matches (cache.py: filled by loads and by moves).
"""

from __future__ import annotations

import time

from storage.database import Database
from storage.records import Clock, clock_ms
from storage.sqlite.cache import DEFAULT_SIZE, LoadedCache


class SqliteBase:
    """The state the aggregates share."""

    def __init__(
        self, db: Database, clock: Clock = time.time, *, cache_size: int = DEFAULT_SIZE
    ) -> None:
        self._db = db
        self._clock = clock
        self._loaded = LoadedCache(cache_size)

    def _now(self) -> int:
        """The clock's time, as stored (milliseconds since the epoch)."""
        return clock_ms(self._clock)
