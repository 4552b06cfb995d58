"""Opening a store: `await open_store(...)` or `async with open_store(...) as store:`.

`open_store` is the one way the bot opens its store, so that choosing a
backend happens in one place: PostgreSQL when a `postgresql://` URL is given
(DATABASE_URL), else the SQLite file. Each backend is imported only when
chosen.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable, Generator
from pathlib import Path
from typing import Any, Generic, TypeVar

from storage.protocol import Lifecycle, Store
from storage.records import Clock

S_co = TypeVar("S_co", bound=Lifecycle, covariant=True)


class Opening(Generic[S_co]):
    """A store being opened: awaited, it gives the open store; used as an
    async context manager, it also closes it at the end of the block."""

    def __init__(self, opener: Callable[[], Awaitable[S_co]]) -> None:
        self._opener = opener
        self._opened: list[S_co] = []  # the store `async with` opened, to close

    def __await__(self) -> Generator[Any, Any, S_co]:
        return self._opener().__await__()

    async def __aenter__(self) -> S_co:
        store = await self._opener()
        self._opened.append(store)
        return store

    async def __aexit__(self, *exc_info: object) -> None:
        await self._opened.pop().close()


def open_store(
    path: str | Path | None = None,
    *,
    url: str | None = None,
    clock: Clock = time.time,
    create_folder: bool = True,
) -> Opening[Store]:
    """Check, open and migrate the bot's store: PostgreSQL at `url` when one
    is given (the bot passes DATABASE_URL; several processes may share it),
    else the SQLite file at `path` (default: `storage.database.default_path()`,
    i.e. DATABASE_PATH). Refuses with UnusableDatabase a database it cannot
    use, in one line that names it and says what to do."""
    if url:
        from storage.postgres import PgStore

        return Opening(lambda: PgStore.open(url, clock=clock))
    from storage.sqlite import SqliteStore

    return SqliteStore.open(path, clock=clock, create_folder=create_folder)
