"""`SqliteStore`: the store on one SQLite file (storage/database.py), for a
bot running as one process. Every write is an IMMEDIATE transaction on the
one writer connection; a move's transaction is shared with the moves queued
meanwhile (group commit), and the schema's triggers refuse any write that
would let log and snapshot diverge. Loaded matches are kept in memory
while the database proves them current (cache.py)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Self

from storage.database import Database, default_path, prepare_file
from storage.opening import Opening
from storage.protocol import Store
from storage.records import Clock, clock_ms
from storage.sqlite.cache import DEFAULT_SIZE
from storage.sqlite.deadlines import SqliteDeadlines
from storage.sqlite.guilds import SqliteGuilds
from storage.sqlite.log import SqliteMoveLog
from storage.sqlite.matches import SqliteMatches
from storage.sqlite.messages import SqliteMessages
from storage.sqlite.seats import SqliteSeats
from storage.sqlite.settings import SqliteSettings
from storage.sqlite.stats import SqlitePlayerStats


class SqliteStore(
    SqliteMatches,
    SqliteMoveLog,
    SqliteSeats,
    SqliteMessages,
    SqliteDeadlines,
    SqliteSettings,
    SqlitePlayerStats,
    SqliteGuilds,
    Store,
):
    """All persistence of the bot, on one SQLite file. Open with
    `SqliteStore.open(path)` (or `storage.open_store`); times come from
    `clock` (injectable for tests)."""

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
        matches kept in memory (cache.py; 0: none, every load reads all)."""
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

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def path(self) -> Path:
        """The database file (SQLite only: no part of the protocol)."""
        return self._db.path

    @property
    def transactions(self) -> int:
        """Write transactions committed since the store opened (one fsync each)."""
        return self._db.transactions
