"""A migrated SQLite file filled in bulk, for the benchmarks' big databases.

The schema's triggers check one action at a time (the log only grows, the
snapshot follows the seq), which would make a bulk insert of a million
actions crawl: they are set aside while the rows go in and restored, as
they were, before the one transaction commits.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from storage.sqlite.database import prepare_file


@contextmanager
def bulk_file(path: Path) -> Iterator[sqlite3.Connection]:
    """A connection to `path`, migrated, inside one transaction with the
    triggers set aside; on leaving: triggers restored, ANALYZE, COMMIT, the
    WAL folded into the file, closed."""
    prepare_file(path, lambda: 0)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("BEGIN")
        triggers = conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
        ).fetchall()
        for name, _ in triggers:
            conn.execute(f"DROP TRIGGER {name}")
        yield conn
        for _, sql in triggers:
            conn.execute(sql)
        conn.execute("ANALYZE")
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
