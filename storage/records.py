"""What the store hands out: small frozen dataclasses decoded from rows.

Decoding is where stored bytes meet code, so it is also where corruption is
caught: `decode_info` flags a row whose JSON is bad (`MatchInfo.problem`)
instead of raising, so a listing can still show it and a moderator cancel
it, and `decode_match` turns anything unreadable into `CorruptMatch`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum, StrEnum
from typing import Any, Final, Protocol, overload

from rules import Match, RecordError
from rules.core.match import RECORD_FORMAT
from storage.errors import CorruptMatch

log = logging.getLogger(__name__)


class Status(StrEnum):
    LOBBY = "lobby"  # gathering seats; no engine state yet
    ACTIVE = "active"  # being played
    FINISHED = "finished"  # ended by the rules, or from outside them (Store.finish)
    CANCELLED = "cancelled"  # abandoned before or during play


LIVE = (Status.LOBBY, Status.ACTIVE)
ENDED = (Status.FINISHED, Status.CANCELLED)


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    user_id: int | None  # None for a bot seat
    bot: str | None  # the bot's kind for a bot seat, else None
    #: the holder's display name as last seen (None for a bot, or not known yet)
    name: str | None = field(default=None, compare=False)

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class MatchInfo:
    """A match's stored metadata, without its engine state."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    status: Status
    creator_id: int
    options: dict[str, Any]
    players: int | None  # from start on, like seed and rules_version
    seed: str | None
    rules_version: int | None
    seq: int
    seats: tuple[Seat, ...]
    outcome: dict[str, Any] | None
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    archived_at: datetime | None
    settings: dict[str, Any] = field(default_factory=dict)  # the host's per-match settings
    paused_at: datetime | None = None  # set while a host has paused it
    #: a learn match (`/game learn`): practice against bots, never rated,
    #: counted nor listed in history
    learn: bool = False
    #: why this row's metadata could not be fully decoded (None when fine);
    #: a flagged row can be listed and cancelled but not loaded
    problem: str | None = None

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    @property
    def place_id(self) -> int:
        """Where the match is shown: its thread, else its channel."""
        return self.thread_id if self.thread_id is not None else self.channel_id

    def seat_of(self, user_id: int) -> int | None:
        """The seat of a user, or None if they do not play in this match."""
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    @property
    def user_ids(self) -> tuple[int, ...]:
        return tuple(s.user_id for s in self.seats if s.user_id is not None)


@dataclass(frozen=True, slots=True, kw_only=True)
class LoadedMatch(MatchInfo):
    """Metadata plus the engine's `Match` (None while in the lobby, or for a
    match cancelled before it started)."""

    match: Match | None


#: how a seat's holder left it (and so how the next one came to hold it)
HAND_OVERS = ("conceded", "kicked", "forfeited", "replaced")

#: The outcome a match is cancelled with when it was stopped for having no
#: end: a table of bots only past its game's `max_actions`
#: (cogs/play/endless.py), {STOPPED: ENDLESS, MOVES: the moves made}. Kept
#: with the cancelled match (Store.stop_endless), so its record says why;
#: it has no winners and no scores, so nothing is rated; a tournament
#: counts it a draw (Store.seat_places).
STOPPED, ENDLESS, MOVES = "stopped", "endless", "moves"


def endless_outcome(moves: int) -> dict[str, Any]:
    """The outcome kept with a match stopped after `moves` moves without an end."""
    return {STOPPED: ENDLESS, MOVES: moves}


def stopped_after(info: MatchInfo) -> int | None:
    """The moves after which the match was stopped for having no end, or
    None (it was not)."""
    outcome = info.outcome or {}
    if info.status != Status.CANCELLED or outcome.get(STOPPED) != ENDLESS:
        return None
    moves = outcome.get(MOVES)
    return moves if isinstance(moves, int) else info.seq


@dataclass(frozen=True, slots=True)
class DeadlinePlan:
    """The deadlines a move sets for the decision the match waits on after
    it (see Store.commit_move); None for no reminder or no timeout."""

    remind_at: datetime | None
    timeout_at: datetime | None


class Unchanged(Enum):
    """The type of UNCHANGED: an enum's single member, so that a type checker
    can tell it apart from a DeadlinePlan or None."""

    UNCHANGED = "unchanged"


#: "leave this as it is" (Store.commit_move's deadline)
UNCHANGED: Final = Unchanged.UNCHANGED


@dataclass(frozen=True, slots=True)
class Holder:
    """Who held a seat from action `from_seq` on, and how they came to it
    ('start', or how the previous holder left: one of HAND_OVERS)."""

    seat: int
    from_seq: int
    user_id: int | None
    bot: str | None
    how: str
    #: the holder's display name when they took the seat (None: a bot, or not known)
    name: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class HintUse:
    """A hint a player asked for (issue 32): at the decision `seq` owed by
    `seat`, asked by `user_id` at `at`. Part of the match's record."""

    seq: int
    seat: int
    user_id: int
    at: datetime


def hint_counts(uses: list[HintUse]) -> dict[int, int]:
    """How many hints each person used, by user id, in the order they first asked."""
    counts: dict[int, int] = {}
    for use in uses:
        counts[use.user_id] = counts.get(use.user_id, 0) + 1
    return counts


@dataclass(frozen=True, slots=True)
class Stats:
    """A player's record in one game on one server."""

    user_id: int
    game: str
    played: int  # finished matches they had a part in
    won: int  # of which they won (leaving counts as a loss)
    rating: float | None  # the rating's ordinal; None: never rated
    #: of the wins, those of a rated match: one with another person's result
    #: in it (a match against bots only, or practice alone, is not rated)
    rated_won: int = 0


@dataclass(frozen=True, slots=True)
class Season:
    """A server's rating season: its matches are those whose finish
    (`finishes.id`, the order ratings are updated in) is at or after
    `first_finish` and before the next season's. Season 1 has no stored row:
    it starts at the first finish (0), by nobody."""

    number: int
    first_finish: int
    started_at: datetime | None
    started_by: int | None


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One row of the action log with the engine's events for it."""

    seq: int
    seat: int
    key: str
    events: list[dict[str, Any]]
    at: datetime


def holder_at(history: list[Holder], seat: int, seq: int) -> Holder | None:
    """Who held `seat` when action `seq` was played (the latest hand-over at
    or before it)."""
    found = None
    for h in history:
        if h.seat == seat and h.from_seq <= seq:
            found = h
    return found


@dataclass(frozen=True, slots=True)
class Deadline:
    """When the decision a match waits on (at `seq`) needs a reminder or times out."""

    match_id: int
    seq: int
    remind_at: datetime | None
    timeout_at: datetime | None


@dataclass(frozen=True, slots=True)
class MessageRef:
    """A Discord message that shows a match."""

    match_id: int
    kind: str
    channel_id: int
    message_id: int
    posted_at: datetime


# -- encoding -------------------------------------------------------------


def dumps(value: Any) -> str:
    """Compact JSON; refuses NaN/Infinity, which other JSON readers reject."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


#: seconds since the Unix epoch, like time.time (injectable for tests)
Clock = Callable[[], float]


def clock_ms(clock: Clock) -> int:
    """The clock's time in stored form (milliseconds)."""
    return int(clock() * 1000)


def to_ms(dt: datetime) -> int:
    return round(dt.timestamp() * 1000)


@overload
def from_ms(ms: int) -> datetime: ...
@overload
def from_ms(ms: None) -> None: ...
def from_ms(ms: int | None) -> datetime | None:
    return None if ms is None else datetime.fromtimestamp(ms / 1000, tz=UTC)


class Row(Protocol):
    """A database row read by column name (sqlite3.Row, asyncpg.Record):
    what the decoders below take, whichever backend read it."""

    def __getitem__(self, key: str, /) -> Any: ...


# The decoders take rows shaped by the store's queries
# (storage/sql/queries.py, in either dialect): JSON columns as
# text, the seats as one JSON array of [seat, user_id, bot, name]
# (`seats_json`) and, for `decode_match`, the log as one JSON array of
# [seq, seat, key] (`log_json`), each read in the same statement as the rest
# so that all of it comes from one consistent state.


def decode_info(row: Row) -> MatchInfo:
    return MatchInfo(**_info_fields(row))


def _info_fields(row: Row) -> dict[str, Any]:
    problems = []
    options: dict[str, Any] = {}
    outcome: dict[str, Any] | None = None
    try:
        options = json.loads(row["options"])
        if not isinstance(options, dict):
            raise ValueError("not an object")
    except ValueError as exc:
        options = {}
        problems.append(f"bad options JSON ({exc})")
    settings: dict[str, Any] = {}
    try:
        settings = json.loads(row["settings"])
        if not isinstance(settings, dict):
            raise ValueError("not an object")
    except ValueError as exc:
        settings = {}
        problems.append(f"bad settings JSON ({exc})")
    if row["outcome"] is not None:
        try:
            outcome = json.loads(row["outcome"])
        except ValueError as exc:
            problems.append(f"bad outcome JSON ({exc})")
    seats = tuple(
        sorted(
            (
                Seat(seat, user_id, bot, name)
                for seat, user_id, bot, name in json.loads(row["seats_json"])
            ),
            key=lambda s: s.seat,
        )
    )
    return dict(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        game=row["game"],
        status=Status(row["status"]),
        creator_id=row["creator_id"],
        options=options,
        players=row["players"],
        seed=row["seed"],
        rules_version=row["rules_version"],
        seq=row["seq"],
        seats=seats,
        outcome=outcome,
        created_at=from_ms(row["created_at"]),
        updated_at=from_ms(row["updated_at"]),
        started_at=from_ms(row["started_at"]),
        ended_at=from_ms(row["ended_at"]),
        archived_at=from_ms(row["archived_at"]),
        settings=settings,
        paused_at=from_ms(row["paused_at"]),
        learn=bool(row["learn"]),
        problem="; ".join(problems) or None,
    )


def decode_match(row: Row, *, verify: bool) -> LoadedMatch:
    """Metadata and engine state; anything unreadable raises CorruptMatch."""
    try:
        return _decode_match(row, verify)
    except CorruptMatch:
        raise
    except RecordError as exc:
        raise CorruptMatch(row["id"], str(exc)) from exc
    except Exception as exc:  # whatever the damage, it stays this match's problem
        raise CorruptMatch(row["id"], repr(exc)) from exc


def _decode_match(row: Row, verify: bool) -> LoadedMatch:
    match_id = row["id"]
    fields = _info_fields(row)
    if fields["problem"]:
        raise CorruptMatch(match_id, fields["problem"])
    if row["snapshot"] is None:
        if row["seq"] or row["log_json"] != "[]":
            raise CorruptMatch(match_id, "actions logged but no snapshot")
        return LoadedMatch(**fields, match=None)
    entries = sorted(json.loads(row["log_json"]))
    if [e[0] for e in entries] != list(range(row["seq"])):
        raise CorruptMatch(
            match_id, f"the log holds {len(entries)} actions, not seq {row['seq']} in order"
        )
    record = {
        "format": RECORD_FORMAT,
        "game": row["game"],
        "rules_version": row["rules_version"],
        "players": row["players"],
        "options": fields["options"],
        "seed": row["seed"],
        "log": [[seat, key] for _, seat, key in entries],
        "snapshot": json.loads(row["snapshot"]),
    }
    match = Match.from_record(record, verify=verify)
    if match.seq != row["seq"]:
        raise CorruptMatch(match_id, f"engine seq {match.seq} but stored seq {row['seq']}")
    return LoadedMatch(**fields, match=match)


def decode_moved(row: Row, match: Match) -> LoadedMatch | None:
    """A match's metadata as a move left it (`row`: the info columns, read
    in the move's transaction) with the `Match` the move produced, as a load
    would now read them; None where a load would not give exactly that (bad
    metadata, another seq), so that the caller reads it back instead."""
    fields = _info_fields(row)
    if fields["problem"] or match.seq != row["seq"] or row["status"] == Status.LOBBY:
        return None
    return LoadedMatch(**fields, match=match)


def decode_message(row: Row) -> MessageRef:
    return MessageRef(
        row["match_id"],
        row["kind"],
        row["channel_id"],
        row["message_id"],
        from_ms(row["posted_at"]),
    )


def decode_logged(row: Row) -> LoggedAction:
    """A log row; events not yet filled in (see storage/sqlite/backfill.py) read as
    none rather than failing the whole story."""
    try:
        events = json.loads(row["events"]) if row["events"] is not None else []
    except (TypeError, ValueError):
        events = []
    return LoggedAction(
        row["seq"],
        row["seat"],
        row["key"],
        events if isinstance(events, list) else [],
        from_ms(row["at"]),
    )


def decode_deadline(row: Row) -> Deadline:
    return Deadline(
        row["match_id"], row["seq"], from_ms(row["remind_at"]), from_ms(row["timeout_at"])
    )


def decode_stats(row: Row) -> Stats:
    """A row of (game, user_id, played, won, ordinal, rated_won): see
    Store.player_stats."""
    return Stats(
        row["user_id"],
        row["game"],
        row["played"],
        row["won"],
        row["ordinal"],
        int(row["rated_won"] or 0),
    )


def decode_setting(owner: str, key: str, raw: str, default: Any) -> Any:
    """A stored setting's JSON; an unreadable one (a hand edit, a damaged
    row) reads as the caller's default, with a warning naming `owner`
    (e.g. "guild 42"), so one bad row cannot break a command."""
    try:
        return json.loads(raw)
    except ValueError:
        log.warning("%s setting %r is unreadable; using the default", owner, key)
        return default
