"""`open_store(...)`: the one way the bot opens its store, so that choosing
a backend happens in one place: PostgreSQL when a `postgresql://` URL is
given (DATABASE_URL), else the SQLite file."""

from __future__ import annotations

import time
from pathlib import Path

from storage.opening import Opening
from storage.postgres import PgStore
from storage.protocol import Store
from storage.records import Clock
from storage.sqlite import SqliteStore


def open_store(
    path: str | Path | None = None,
    *,
    url: str | None = None,
    clock: Clock = time.time,
    create_folder: bool = True,
) -> Opening[Store]:
    """Check, open and migrate the bot's store: PostgreSQL at `url` when one
    is given (the bot passes DATABASE_URL; several processes may share it),
    else the SQLite file at `path` (default: `storage.sqlite.default_path()`,
    i.e. DATABASE_PATH). Refuses with UnusableDatabase a database it cannot
    use, in one line that names it and says what to do."""
    if url:
        return PgStore.open(url, clock=clock)
    return SqliteStore.open(path, clock=clock, create_folder=create_folder)
