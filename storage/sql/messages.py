"""Which Discord messages show a match (protocol.Messages), one per kind
('table', 'lobby', 'ping', ...)."""

from __future__ import annotations

from storage.protocol import Messages
from storage.records import MessageRef, decode_message
from storage.sql.base import SqlBase
from storage.sql.queries import put_message

_COLUMNS = "match_id, kind, channel_id, message_id, posted_at"


class SqlMessages(SqlBase, Messages):
    async def set_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int
    ) -> MessageRef | None:
        """Two processes replacing the same kind at once each get the
        other's message as the old one (the match's row lock orders them),
        so none is left behind unseen."""
        now = self._now()
        async with self._write() as tx:
            await self._lock(tx, match_id)
            old = await tx.row(
                f"SELECT {_COLUMNS} FROM messages WHERE match_id = ? AND kind = ?", (match_id, kind)
            )
            await put_message(tx, match_id, kind, channel_id, message_id, now)
            return decode_message(old) if old else None

    async def message(self, match_id: int, kind: str) -> MessageRef | None:
        row = await self._lookup_one(
            f"SELECT {_COLUMNS} FROM messages WHERE match_id = ? AND kind = ?", (match_id, kind)
        )
        return decode_message(row) if row else None

    async def messages(self, match_id: int) -> dict[str, MessageRef]:
        rows = await self._lookup(
            f"SELECT {_COLUMNS} FROM messages WHERE match_id = ? ORDER BY kind", (match_id,)
        )
        return {row["kind"]: decode_message(row) for row in rows}

    async def find_message(self, message_id: int) -> MessageRef | None:
        row = await self._fetch_one(
            f"SELECT {_COLUMNS} FROM messages WHERE message_id = ? ORDER BY match_id, kind LIMIT 1",
            (message_id,),
        )
        return decode_message(row) if row else None

    async def forget_message(self, match_id: int, kind: str) -> MessageRef | None:
        async with self._write() as tx:
            old = await tx.row(
                f"DELETE FROM messages WHERE match_id = ? AND kind = ? RETURNING {_COLUMNS}",
                (match_id, kind),
            )
            return decode_message(old) if old else None
