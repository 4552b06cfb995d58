"""When the decision a match waits on needs a reminder or times out
(protocol.Deadlines). A move sets its deadline in its own transaction
(log.py, through `commit_move`); these are the other ways."""

from __future__ import annotations

from datetime import datetime

from storage.protocol import Deadlines
from storage.records import Deadline, decode_deadline, to_ms
from storage.sql.base import SqlBase
from storage.sql.queries import put_deadline

_COLUMNS = "match_id, seq, remind_at, timeout_at"


class SqlDeadlines(SqlBase, Deadlines):
    async def set_deadline(
        self,
        match_id: int,
        seq: int,
        *,
        remind_at: datetime | None,
        timeout_at: datetime | None,
    ) -> bool:
        async with self._write() as tx:
            if (await self._hold(tx, match_id))["seq"] != seq:
                return False
            await put_deadline(tx, match_id, seq, remind_at, timeout_at)
        return True

    async def clear_deadline(self, match_id: int, *, reminder_only: bool = False) -> None:
        async with self._write() as tx:
            if reminder_only:
                await tx.run(
                    "UPDATE deadlines SET remind_at = NULL WHERE match_id = ?", (match_id,)
                )
            else:
                await tx.run("DELETE FROM deadlines WHERE match_id = ?", (match_id,))

    async def deadline(self, match_id: int) -> Deadline | None:
        row = await self._lookup_one(
            f"SELECT {_COLUMNS} FROM deadlines WHERE match_id = ?", (match_id,)
        )
        return decode_deadline(row) if row else None

    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        ms = to_ms(now)
        rows = await self._fetch(
            "SELECT d.match_id, d.seq, d.remind_at, d.timeout_at"
            " FROM deadlines d JOIN matches m ON m.id = d.match_id"
            " WHERE m.status = 'active' AND m.paused_at IS NULL AND m.seq = d.seq"
            " AND (d.remind_at <= ? OR d.timeout_at <= ?)"
            " AND m.guild_id NOT IN (SELECT guild_id FROM departed_guilds)"
            " ORDER BY d.match_id",
            (ms, ms),
        )
        return [decode_deadline(r) for r in rows]
