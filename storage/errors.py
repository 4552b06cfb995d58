"""Typed failures of the store.

Callers (the Discord layer) answer each one differently: a stale click gets
"the table moved on", a finished match gets "this match is over", a corrupt
match is reported to moderators while every other match keeps working. So
each failure is its own class and carries the match id it concerns.
"""

from __future__ import annotations

from pathlib import Path


class StoreError(Exception):
    """Base of every error raised on purpose by `storage`."""


class UnusableDatabase(StoreError):
    """The database file cannot be used at all (a missing or read-only
    folder, a read-only, damaged or foreign file): the bot must not start,
    and says so in one line that names the file and what to do."""

    def __init__(self, path: Path | str, problem: str, remedy: str):
        super().__init__(f"{path}: {problem}; {remedy}")
        self.path = path
        self.problem = problem
        self.remedy = remedy


class SchemaTooNew(UnusableDatabase):
    """The database was written by a newer version of the bot: refuse it
    rather than misread it (or damage it by "upgrading" it backwards)."""

    def __init__(self, path: Path | str, found: int, known: int):
        super().__init__(
            path,
            f"database schema version {found} is newer than this code "
            f"(it knows versions up to {known})",
            "run a newer version of the bot or restore a backup made by this one",
        )
        self.found = found
        self.known = known


class NotOurDatabase(UnusableDatabase):
    """The file is not SQLite, or is SQLite without our schema_version table
    (another program's database, which we must not touch)."""

    def __init__(self, path: Path | str, problem: str):
        super().__init__(
            path, problem, "set DATABASE_PATH to another file; the bot leaves this one alone"
        )


class StoreClosed(StoreError):
    """The store was closed (the bot is shutting down): nothing was written."""


class ReadOnlyStorage(StoreError):
    """A write failed because the database (or its disk) has become
    read-only while the bot runs: retrying cannot help until the host
    fixes the storage."""


class UnknownMatch(StoreError, LookupError):
    """No match with that id (never existed, or its guild was deleted)."""

    def __init__(self, match_id: int):
        super().__init__(f"no match {match_id}")
        self.match_id = match_id


class Conflict(StoreError):
    """The match is not in the state the caller assumed; nothing was changed.
    Reload the match and answer the user from what is stored now."""

    def __init__(self, match_id: int, message: str):
        super().__init__(f"match {match_id}: {message}")
        self.match_id = match_id


class StaleCommit(Conflict):
    """The stored seq is not the caller's expected seq: someone committed
    first (two clicks racing), or the caller's copy of the match is old."""

    def __init__(self, match_id: int, expected: int, actual: int):
        super().__init__(match_id, f"expected seq {expected}, stored seq is {actual}")
        self.expected = expected
        self.actual = actual


class ChangedMeanwhile(StaleCommit):
    """The stored seq is the caller's, but something else of the match (its
    seats, a pause, a rename) changed after the load the move was decided
    on, which was taken from memory unproven (`Store.load(for_move=True)`):
    nothing written; decide the move again on a fresh load."""


class WrongStatus(Conflict):
    """The operation needs another status (e.g. a move on a finished match,
    a seat change after the start)."""

    def __init__(self, match_id: int, status: str, allowed: tuple[str, ...]):
        super().__init__(match_id, f"status is {status!r}, needs one of {', '.join(allowed)}")
        self.status = status
        self.allowed = allowed


class SeatError(Conflict):
    """A seat change the lobby refuses: user already seated, lobby full,
    no such seat, or a seat count that does not fit the match.

    `reason` says which, as a code (one of the constants below), and
    `params` the values it names: storage has no language, and the Discord
    layer words each reason for the player (cogs/replies.py,
    `seat_problem`). The exception's own text is English, for logs only."""

    ALREADY_SEATED = "already_seated"  # user_id
    LOBBY_FULL = "lobby_full"  # seats
    NO_SEAT = "no_seat"  # seat (counted from 0)
    NOT_SEATED = "not_seated"  # user_id
    SEAT_COUNT = "seat_count"  # seats, players

    #: each reason for logs (never shown to players)
    LOG_TEXT = {
        ALREADY_SEATED: "user {user_id} is already seated",
        LOBBY_FULL: "the lobby is full ({seats} seats)",
        NO_SEAT: "no seat {seat}",
        NOT_SEATED: "user {user_id} is not seated",
        SEAT_COUNT: "{seats} seats for a {players}-player match",
    }

    def __init__(self, match_id: int, reason: str, **params: int):
        super().__init__(match_id, self.LOG_TEXT[reason].format(**params))
        self.reason = reason
        self.params = params


class CorruptMatch(StoreError):
    """A stored match cannot be read back (bad JSON, a log that does not fit
    its seq, a snapshot the engine refuses or that disagrees with the log).
    Only this match is affected."""

    def __init__(self, match_id: int, reason: str):
        super().__init__(f"match {match_id} is unreadable: {reason}")
        self.match_id = match_id
        self.reason = reason
