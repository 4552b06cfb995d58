"""Persistence: a crash-safe store for matches.

An acknowledged move is never lost, never applied twice, and a match can
always be rebuilt from its append-only action log. Everything the Discord
layer needs is a method of the `Store` protocol (storage/protocol.py: the
life of a match, the contract of each call), opened with `open_store`.
Imports `rules`, never `discord` or `cogs`.

- protocol.py: `Store`, one protocol per aggregate; opening.py: `open_store`;
- records.py, errors.py: what a store hands out and raises, and decoding;
- moves.py, seating.py: the checks and derivations every backend shares;
- standings.py, ratings.py: results and ratings from the record (pure);
- sqlite/: `SqliteStore`, over database.py (connections, group commit),
  migrations.py, checks.py, backfill.py and results.py (SQLite's file and SQL);
- postgres/: `PgStore` (preview).
"""

from storage.database import default_path
from storage.errors import (
    Conflict,
    CorruptMatch,
    NotOurDatabase,
    ReadOnlyStorage,
    SchemaTooNew,
    SeatError,
    StaleCommit,
    StoreClosed,
    StoreError,
    UnknownMatch,
    UnusableDatabase,
    WrongStatus,
)
from storage.opening import open_store
from storage.protocol import Store
from storage.records import (
    ENDED,
    HAND_OVERS,
    LIVE,
    UNCHANGED,
    Deadline,
    DeadlinePlan,
    Holder,
    LoadedMatch,
    LoggedAction,
    MatchInfo,
    MessageRef,
    Seat,
    Stats,
    Status,
    Unchanged,
    holder_at,
)
from storage.sqlite import SqliteStore

__all__ = [
    "Store",
    "SqliteStore",
    "open_store",
    "default_path",
    "MatchInfo",
    "LoadedMatch",
    "Deadline",
    "DeadlinePlan",
    "UNCHANGED",
    "Unchanged",
    "Seat",
    "MessageRef",
    "Status",
    "LIVE",
    "ENDED",
    "Holder",
    "LoggedAction",
    "HAND_OVERS",
    "holder_at",
    "Stats",
    "StoreError",
    "UnusableDatabase",
    "SchemaTooNew",
    "NotOurDatabase",
    "ReadOnlyStorage",
    "StoreClosed",
    "UnknownMatch",
    "Conflict",
    "StaleCommit",
    "WrongStatus",
    "SeatError",
    "CorruptMatch",
]
