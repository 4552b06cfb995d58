"""The SQLite backend: `SqliteStore`, one aggregate of storage/protocol.py
per module, over the file layer of storage/database.py (connections, group
commit), storage/migrations.py (schema) and storage/results.py (results and
ratings written as a match finishes).

- base.py: the database and clock the aggregates share;
- queries.py: SQL several aggregates use;
- matches.py, log.py, seats.py, messages.py, deadlines.py, settings.py,
  stats.py, guilds.py: the aggregates;
- store.py: `SqliteStore`, all of them, and how it opens.
"""

from storage.sqlite.store import SqliteStore

__all__ = ["SqliteStore"]
