"""The PostgreSQL backend: `PgStore`, the shared SQL of storage/sql on a
PostgreSQL server, for several shard processes sharing one database. The
bot runs on it when DATABASE_URL is a `postgresql://` URL
(`storage.open_store(url=...)`); without one, on its SQLite file.

- connect.py: the URL (never shown with its password) and the pool;
- schema.py: numbered migrations mirroring the SQLite schema, with the
  log's append-only rule and the other invariants enforced by triggers;
- store.py: `PgStore`, the whole `storage.protocol.Store`: the pool, the
  write transaction and the read-only report.

Imports `rules` and `storage`, never `discord` or `cogs`.
"""

from storage.postgres.connect import database_url, is_postgres_url, redact
from storage.postgres.store import PgStore

__all__ = ["PgStore", "database_url", "is_postgres_url", "redact"]
