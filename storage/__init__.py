"""Persistence: a crash-safe SQLite store for matches (aiosqlite, WAL).

An acknowledged move is never lost, never applied twice, and a match can
always be rebuilt from its append-only action log. Everything the Discord
layer needs is a method of `Store`; see storage/store.py for the life of a
match and storage/migrations.py for the schema. Imports `rules`, never
`discord` or `cogs`.
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
    holder_at,
)
from storage.store import Store

__all__ = [
    "Store", "default_path",
    "MatchInfo", "LoadedMatch", "Deadline", "DeadlinePlan", "UNCHANGED", "Seat", "MessageRef", "Status", "LIVE", "ENDED",
    "Holder", "LoggedAction", "HAND_OVERS", "holder_at", "Stats",
    "StoreError", "UnusableDatabase", "SchemaTooNew", "NotOurDatabase", "ReadOnlyStorage",
    "StoreClosed", "UnknownMatch", "Conflict",
    "StaleCommit", "WrongStatus", "SeatError", "CorruptMatch",
]
