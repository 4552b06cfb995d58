"""`PgStore`: the store on PostgreSQL, method for method the API of
`storage.store.Store` (the `Store` protocol) with the same guarantees, for
several shard processes sharing one database.

Each aggregate's methods live in their own module, as on the SQLite side:
matches.py (lobby, start, ends, hosting, reads and listings), moves.py (the
seq-conditioned commit, finish, the story), seats.py, messages.py,
deadlines.py, settings.py, stats.py (with results.py) and guilds.py; base.py
holds the pool, the clock, the write transaction and the row locks that
order the writers of one match (see there). This module composes them and
opens the store.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any, Self

import asyncpg

from storage.errors import UnusableDatabase
from storage.postgres import connect, schema
from storage.postgres.base import Clock
from storage.postgres.deadlines import Deadlines
from storage.postgres.guilds import Guilds
from storage.postgres.matches import Matches
from storage.postgres.messages import Messages
from storage.postgres.moves import Moves
from storage.postgres.seats import Seats
from storage.postgres.settings import Settings
from storage.postgres.stats import StatsAndRatings
from storage.seating import DEFAULT_BOT

__all__ = ["DEFAULT_BOT", "PgStore"]


class PgStore(Matches, Moves, Seats, Messages, Deadlines, Settings, StatsAndRatings, Guilds):
    """All persistence of the bot, on a PostgreSQL database (a pool of
    connections). Open with `PgStore.open(url)` (awaited, or as `async
    with`); every method is a coroutine, safe to call from concurrent tasks
    and from several processes at once. Times come from `clock`."""

    @classmethod
    def open(
        cls,
        url: str | None = None,
        *,
        schema_name: str | None = None,
        clock: Clock = time.time,
        min_size: int = 1,
        max_size: int = 10,
    ) -> _Opening:
        """Connect to `url` (default: DATABASE_URL), migrate its schema (the
        search_path's, or `schema_name`'s) and rate any match finished but
        not rated. Refuses with UnusableDatabase (SchemaTooNew for a newer
        schema) a database it cannot use, in one line naming it and what
        to do. `await PgStore.open(...)` or `async with PgStore.open(...)`."""
        url = url or connect.database_url()
        if url is None:
            raise ValueError(f"no PostgreSQL URL given and {connect.ENV_VAR} is not set")
        return _Opening(cls, url, schema_name, clock, min_size, max_size)

    async def close(self) -> None:
        self._closed = True
        await self._pool.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()


class _Opening:
    """`await PgStore.open(...)` or `async with PgStore.open(...) as store:`."""

    def __init__(
        self,
        cls: type[PgStore],
        url: str,
        schema_name: str | None,
        clock: Clock,
        min_size: int,
        max_size: int,
    ):
        self._cls = cls
        self._url = url
        self._schema_name = schema_name
        self._clock = clock
        self._sizes = (min_size, max_size)
        self._store: PgStore | None = None

    async def _open(self) -> PgStore:
        url, schema_name = self._url, self._schema_name
        where = connect.redact(url) + (f" (schema {schema_name})" if schema_name else "")
        try:
            pool = await connect.create_pool(
                url, schema=schema_name, min_size=self._sizes[0], max_size=self._sizes[1]
            )
        except (OSError, asyncpg.PostgresError) as exc:
            raise UnusableDatabase(
                where,
                f"cannot connect ({exc})",
                "check DATABASE_URL and that the server is running",
            ) from exc
        store = self._cls(pool, self._clock, where)
        try:
            async with pool.acquire() as conn:
                await schema.migrate(conn, store._now, where=where)
            await store.rate_unrated()
        except BaseException:
            await store.close()
            raise
        return store

    def __await__(self) -> Generator[Any, None, PgStore]:
        return self._open().__await__()

    async def __aenter__(self) -> PgStore:
        self._store = await self._open()
        return self._store

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._store is not None
        await self._store.close()
