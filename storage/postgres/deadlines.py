"""Deadlines on PostgreSQL: when the decision a match waits on needs a
reminder or times out. As the same methods of `storage.store.Store`."""

from __future__ import annotations

from datetime import datetime

import asyncpg

from storage.postgres.base import PgBase, hold_match
from storage.records import Deadline, from_ms, to_ms


class Deadlines(PgBase):
    async def set_deadline(
        self,
        match_id: int,
        seq: int,
        *,
        remind_at: datetime | None,
        timeout_at: datetime | None,
    ) -> bool:
        """The deadlines of the decision the match waits on at `seq`
        (replacing any earlier one); False, and nothing changes, when the
        match has moved on since `seq`."""
        async with self._write() as conn:
            if (await hold_match(conn, match_id))["seq"] != seq:
                return False
            await put_deadline(conn, match_id, seq, remind_at, timeout_at)
        return True

    async def clear_deadline(self, match_id: int, *, reminder_only: bool = False) -> None:
        async with self._write() as conn:
            if reminder_only:
                await conn.execute(
                    "UPDATE deadlines SET remind_at = NULL WHERE match_id = $1", match_id
                )
            else:
                await conn.execute("DELETE FROM deadlines WHERE match_id = $1", match_id)

    async def deadline(self, match_id: int) -> Deadline | None:
        row = await self._fetchrow(
            "SELECT match_id, seq, remind_at, timeout_at FROM deadlines WHERE match_id = $1",
            match_id,
        )
        return _decode(row) if row else None

    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        """Deadlines due by `now` of active, unpaused matches still at the
        deadline's seq (a move since makes a deadline stale), except in
        guilds the bot has left (they fire once it is back)."""
        rows = await self._fetch(
            "SELECT d.match_id, d.seq, d.remind_at, d.timeout_at"
            " FROM deadlines d JOIN matches m ON m.id = d.match_id"
            " WHERE m.status = 'active' AND m.paused_at IS NULL AND m.seq = d.seq"
            " AND (d.remind_at <= $1 OR d.timeout_at <= $1)"
            " AND m.guild_id NOT IN (SELECT guild_id FROM departed_guilds)"
            " ORDER BY d.match_id",
            to_ms(now),
        )
        return [_decode(r) for r in rows]


def _decode(row: asyncpg.Record) -> Deadline:
    return Deadline(
        row["match_id"], row["seq"], from_ms(row["remind_at"]), from_ms(row["timeout_at"])
    )


async def put_deadline(
    conn: asyncpg.Connection,
    match_id: int,
    seq: int,
    remind_at: datetime | None,
    timeout_at: datetime | None,
) -> None:
    """Replace the match's deadline row (inside a transaction)."""
    await conn.execute(
        "INSERT INTO deadlines (match_id, seq, remind_at, timeout_at) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (match_id) DO UPDATE SET seq = excluded.seq,"
        " remind_at = excluded.remind_at, timeout_at = excluded.timeout_at",
        match_id,
        seq,
        None if remind_at is None else to_ms(remind_at),
        None if timeout_at is None else to_ms(timeout_at),
    )
