"""Persistence: a crash-safe store for matches.

An acknowledged move is never lost, never applied twice, and a match can
always be rebuilt from its append-only action log. Everything the Discord
layer needs is a method of the `Store` protocol (storage/protocol.py: the
life of a match, the contract of each call), opened with `open_store`.
Imports `rules`, never `discord` or `cogs`.

- protocol.py: `Store`, one protocol per aggregate; backends.py:
  `open_store`; opening.py: `Opening`, what a backend's `open` returns;
- records.py, errors.py: what a store hands out and raises, and decoding;
- moves.py, seating.py: the checks and derivations every backend shares;
- standings.py, ratings.py: results and ratings from the record (pure);
- sql/: the store's SQL, written once for both backends, and the dialect
  object that says what differs;
- sqlite/: `SqliteStore`: one file (connections, group commit, migrations,
  the checks of a file before the bot starts);
- postgres/: `PgStore`: a server shared by several shard processes
  (DATABASE_URL);
- transfer.py: copies a database from one backend to the other.
"""

from storage.backends import open_store
from storage.errors import (
    ChangedMeanwhile,
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
from storage.protocol import Store
from storage.records import (
    ENDED,
    HAND_OVERS,
    LIVE,
    UNCHANGED,
    Deadline,
    DeadlinePlan,
    HintUse,
    Holder,
    LoadedMatch,
    LoggedAction,
    MatchInfo,
    MessageRef,
    Seat,
    Stats,
    Status,
    Unchanged,
    endless_outcome,
    hint_counts,
    holder_at,
    stopped_after,
)
from storage.sqlite import SqliteStore, default_path

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
    "HintUse",
    "hint_counts",
    "LoggedAction",
    "HAND_OVERS",
    "holder_at",
    "endless_outcome",
    "stopped_after",
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
    "ChangedMeanwhile",
    "WrongStatus",
    "SeatError",
    "CorruptMatch",
]
