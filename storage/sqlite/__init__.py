"""The SQLite backend: `SqliteStore`, the shared SQL of storage/sql on
one file, for a bot running as one process.

- database.py: the file, its connections and the one way to write
  (transactions, group commit); `default_path`;
- migrations.py: the numbered schema; checks.py: that a file is usable,
  before the bot logs in; backfill.py: events of old log rows;
- store.py: `SqliteStore`, and how it opens.
"""

from storage.sqlite.database import default_path
from storage.sqlite.store import SqliteStore

__all__ = ["SqliteStore", "default_path"]
