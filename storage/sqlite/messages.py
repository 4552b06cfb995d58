"""Which Discord messages show a match (protocol.Messages)."""

from __future__ import annotations

from storage.protocol import Messages
from storage.records import MessageRef, decode_message
from storage.sqlite.base import SqliteBase
from storage.sqlite.queries import put_message, require


class SqliteMessages(SqliteBase, Messages):
    async def set_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int
    ) -> MessageRef | None:
        now = self._now()
        async with self._db.write() as conn:
            await require(conn, match_id)
            old = list(
                await conn.execute_fetchall(
                    "SELECT * FROM messages WHERE match_id = ? AND kind = ?", (match_id, kind)
                )
            )
            await put_message(conn, match_id, kind, channel_id, message_id, now)
            return decode_message(old[0]) if old else None

    async def message(self, match_id: int, kind: str) -> MessageRef | None:
        row = await self._db.lookup_one(
            "SELECT * FROM messages WHERE match_id = ? AND kind = ?", (match_id, kind)
        )
        return decode_message(row) if row else None

    async def messages(self, match_id: int) -> dict[str, MessageRef]:
        rows = await self._db.lookup(
            "SELECT * FROM messages WHERE match_id = ? ORDER BY kind", (match_id,)
        )
        return {row["kind"]: decode_message(row) for row in rows}

    async def find_message(self, message_id: int) -> MessageRef | None:
        row = await self._db.fetchone(
            "SELECT * FROM messages WHERE message_id = ? LIMIT 1", (message_id,)
        )
        return decode_message(row) if row else None

    async def forget_message(self, match_id: int, kind: str) -> MessageRef | None:
        async with self._db.write() as conn:
            old = list(
                await conn.execute_fetchall(
                    "DELETE FROM messages WHERE match_id = ? AND kind = ? RETURNING *",
                    (match_id, kind),
                )
            )
            return decode_message(old[0]) if old else None
