"""SQL that several aggregates of the SQLite store share: the columns a
match's metadata is read with, and the statements run inside write
transactions (the `conn` of a `write()` block or of a `transact()` body)."""

from __future__ import annotations

import sqlite3
from datetime import datetime

from storage.database import WriteConn
from storage.errors import UnknownMatch, WrongStatus
from storage.records import Status, to_ms

# Columns every metadata read selects (storage.records.decode_info); the
# seats come along as one JSON array so that a single statement (one
# consistent snapshot) gives them.
INFO_COLUMNS = """
    m.id, m.guild_id, m.channel_id, m.thread_id, m.game, m.status, m.creator_id,
    m.options, m.players, m.seed, m.rules_version, m.seq, m.outcome,
    m.created_at, m.updated_at, m.started_at, m.ended_at, m.archived_at,
    m.settings, m.paused_at,
    (SELECT json_group_array(json_array(s.seat, s.user_id, s.bot, s.name))
       FROM seats s WHERE s.match_id = m.id) AS seats_json
"""

# The match's change counter (migration 7): what a cached load is checked
# against (storage/sqlite/cache.py); no row yet reads as 0.
VERSION = "coalesce((SELECT v.version FROM match_versions v WHERE v.match_id = m.id), 0)"

# The log comes as a JSON array of [seq, seat, key], in the same statement
# as the snapshot, so the two are read from one consistent state
# (storage.records.decode_match), and so is the change counter they are
# cached under.
LOAD_SQL = f"""
SELECT {INFO_COLUMNS}, m.snapshot,
       (SELECT json_group_array(json_array(a.seq, a.seat, a.key))
          FROM actions a WHERE a.match_id = m.id) AS log_json,
       {VERSION} AS version
  FROM matches m WHERE m.id = ?
"""

# Whether a cached load is still current: two lookups by key, no log, no snapshot.
STAMP_SQL = f"SELECT m.seq, {VERSION} AS version FROM matches m WHERE m.id = ?"

# The change counter alone, read first in a move's transaction.
VERSION_SQL = "SELECT coalesce((SELECT version FROM match_versions WHERE match_id = ?), 0)"

# A match's metadata and change counter as a move left them, read inside the
# move's transaction, to cache the match the move produced (storage/sqlite/log.py).
MOVED_SQL = f"SELECT {INFO_COLUMNS}, {VERSION} AS version FROM matches m WHERE m.id = ?"


async def require(
    conn: WriteConn, match_id: int, allowed: tuple[Status, ...] | None = None
) -> sqlite3.Row:
    """The match's (id, game, status, seq): UnknownMatch or WrongStatus if
    it is missing or not in an `allowed` status."""
    rows = list(
        await conn.execute_fetchall(
            "SELECT id, game, status, seq FROM matches WHERE id = ?", (match_id,)
        )
    )
    if not rows:
        raise UnknownMatch(match_id)
    row = rows[0]
    if allowed is not None and row["status"] not in allowed:
        raise WrongStatus(match_id, row["status"], tuple(str(s) for s in allowed))
    return row


async def touch(conn: WriteConn, match_id: int, now: int) -> None:
    await conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))


def _ms_or_none(dt: datetime | None) -> int | None:
    return None if dt is None else to_ms(dt)


async def put_deadline(
    conn: WriteConn,
    match_id: int,
    seq: int,
    remind_at: datetime | None,
    timeout_at: datetime | None,
) -> None:
    await conn.execute(
        "INSERT INTO deadlines (match_id, seq, remind_at, timeout_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (match_id) DO UPDATE SET seq = excluded.seq,"
        " remind_at = excluded.remind_at, timeout_at = excluded.timeout_at",
        (match_id, seq, _ms_or_none(remind_at), _ms_or_none(timeout_at)),
    )


async def put_message(
    conn: WriteConn, match_id: int, kind: str, channel_id: int, message_id: int, now: int
) -> None:
    await conn.execute(
        "INSERT INTO messages (match_id, kind, channel_id, message_id, posted_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, kind) DO UPDATE SET"
        " channel_id = excluded.channel_id, message_id = excluded.message_id,"
        " posted_at = excluded.posted_at",
        (match_id, kind, channel_id, message_id, now),
    )
