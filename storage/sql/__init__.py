"""The store written once in SQL, for SQLite and PostgreSQL alike: one
module per aggregate of storage/protocol.py, each statement written once
with `?` placeholders.

- dialect.py: what the two databases' SQL does not share (placeholders,
  row locks, JSON as text, id lists, one JSON query), side by side;
- tx.py: a write transaction's connection as the SQL uses it;
- base.py: what the aggregates share (dialect, clock, cache, the
  backend's ways in); cache.py: loaded matches kept in memory;
- queries.py: SQL several aggregates use; results.py: results and ratings
  written as a match finishes;
- matches.py, log.py, seats.py, messages.py, deadlines.py, settings.py,
  stats.py, guilds.py: the aggregates; store.py: `SqlStore`, all of them.

Imports neither database driver: storage/sqlite and storage/postgres do.
"""
