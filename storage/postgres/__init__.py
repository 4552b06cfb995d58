"""The PostgreSQL backend (preview, issue 20): several shard processes
sharing one database, selected by `DATABASE_URL=postgresql://...`.

- connect.py: the URL (never shown with its password) and the pool;
- schema.py: numbered migrations mirroring the SQLite schema, with the
  log's append-only rule and the other invariants enforced by triggers;
- store.py: `PgStore`, the whole API of `storage.store.Store`, composed of
  one module per aggregate (base, matches, moves, seats, messages,
  deadlines, settings, stats, guilds);
- results.py: results and ratings of a match that ends, in its transaction,
  and their rebuild.

Imports `rules` and `storage`, never `discord` or `cogs`. The bot does not
run on it yet: without DATABASE_URL (and so far with it) SQLite is used.
"""

from storage.postgres.connect import database_url, is_postgres_url, redact
from storage.postgres.store import PgStore

__all__ = ["PgStore", "database_url", "is_postgres_url", "redact"]
