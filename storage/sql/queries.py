"""SQL several aggregates share: how a match's metadata is read (in one
statement, so from one consistent state), and the statements run inside
write transactions."""

from __future__ import annotations

from datetime import datetime

from storage.errors import UnknownMatch, WrongStatus
from storage.records import Row, Status, to_ms
from storage.sql.dialect import Dialect
from storage.sql.tx import Tx

# The largest seq (PostgreSQL's integer): the end of a story read to its end.
MAX_SEQ = 2**31 - 1


def info_columns(d: Dialect) -> str:
    """What every metadata read selects (storage.records.decode_info): JSON
    as text, the seats as one JSON array of [seat, user_id, bot, name]."""
    seats = d.json_list(
        "s.seat, s.user_id, s.bot, s.name", "seats s WHERE s.match_id = m.id", "s.seat"
    )
    return (
        "m.id, m.guild_id, m.channel_id, m.thread_id, m.game, m.status, m.creator_id,"
        f" {d.text('m.options')}, m.players, m.seed, m.rules_version, m.seq,"
        f" {d.text('m.outcome')}, m.created_at, m.updated_at, m.started_at, m.ended_at,"
        f" m.archived_at, {d.text('m.settings')}, m.paused_at, m.learn, {seats} AS seats_json"
    )


class Queries:
    """A dialect's statements built from the pieces above, once per store class."""

    def __init__(self, d: Dialect) -> None:
        info = info_columns(d)
        self.info = info
        # The log as a JSON array of [seq, seat, key], read with the snapshot
        # and the change counter they are cached under (storage.records.decode_match).
        log = d.json_list("a.seq, a.seat, a.key", "actions a WHERE a.match_id = m.id", "a.seq")
        self.load = (
            f"SELECT {info}, {d.text('m.snapshot')}, {log} AS log_json,"
            f" {d.version} AS version FROM matches m WHERE m.id = ?"
        )
        # Whether a cached load is still current: lookups by key, no log, no snapshot.
        self.stamp = f"SELECT m.seq, {d.version} AS version FROM matches m WHERE m.id = ?"
        self.info_by_id = f"SELECT {info} FROM matches m WHERE m.id = ?"
        # The metadata and change counter as a move left them, read in its
        # transaction, to cache the match the move produced (log.py).
        self.moved = f"SELECT {info}, {d.version} AS version FROM matches m WHERE m.id = ?"
        self.lock = f"SELECT id, game, status, seq FROM matches WHERE id = ?{d.lock}"
        # ... and with its change counter: a move's first statement, its
        # condition and whether the cached state is still the one it moved from.
        self.lock_move = (
            f"SELECT m.id, m.game, m.status, m.seq, {d.version} AS version FROM matches m"
            f" WHERE m.id = ?{d.lock}"
        )
        self.hold = f"SELECT id, game, status, seq FROM matches WHERE id = ?{d.hold}"


def checked(match_id: int, row: Row | None, allowed: tuple[Status, ...] | None) -> Row:
    """`row`, the match's (id, game, status, seq): UnknownMatch or
    WrongStatus if it is missing or not in an `allowed` status."""
    if row is None:
        raise UnknownMatch(match_id)
    if allowed is not None and row["status"] not in allowed:
        raise WrongStatus(match_id, row["status"], tuple(str(s) for s in allowed))
    return row


async def touch(tx: Tx, match_id: int, now: int) -> None:
    await tx.run("UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))


def ms_or_none(dt: datetime | None) -> int | None:
    return None if dt is None else to_ms(dt)


async def put_deadline(
    tx: Tx, match_id: int, seq: int, remind_at: datetime | None, timeout_at: datetime | None
) -> None:
    """Replace the match's deadline row."""
    await tx.run(
        "INSERT INTO deadlines (match_id, seq, remind_at, timeout_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (match_id) DO UPDATE SET seq = excluded.seq,"
        " remind_at = excluded.remind_at, timeout_at = excluded.timeout_at",
        (match_id, seq, ms_or_none(remind_at), ms_or_none(timeout_at)),
    )


async def put_message(
    tx: Tx, match_id: int, kind: str, channel_id: int, message_id: int, now: int
) -> None:
    """Replace the match's message row of `kind`."""
    await tx.run(
        "INSERT INTO messages (match_id, kind, channel_id, message_id, posted_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, kind) DO UPDATE SET"
        " channel_id = excluded.channel_id, message_id = excluded.message_id,"
        " posted_at = excluded.posted_at",
        (match_id, kind, channel_id, message_id, now),
    )
