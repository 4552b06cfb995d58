"""Which Discord messages show a match (one per kind: 'table', 'lobby',
'ping', ...), on PostgreSQL. As the same methods of `storage.store.Store`."""

from __future__ import annotations

import asyncpg

from storage.postgres.base import PgBase, lock_match
from storage.records import MessageRef, decode_message

_COLUMNS = "match_id, kind, channel_id, message_id, posted_at"


class Messages(PgBase):
    async def set_message(
        self, match_id: int, kind: str, channel_id: int, message_id: int
    ) -> MessageRef | None:
        """Record the message of `kind` ('table', 'lobby', ...) showing the
        match, replacing the previous one of that kind, which is returned
        (so the caller can delete or edit it). Two processes replacing the
        same kind at once each get the other's message as the old one (the
        match's row lock orders them), so none is left behind unseen."""
        now = self._now()
        async with self._write() as conn:
            await lock_match(conn, match_id)
            old = await conn.fetchrow(
                f"SELECT {_COLUMNS} FROM messages WHERE match_id = $1 AND kind = $2",
                match_id,
                kind,
            )
            await put_message(conn, match_id, kind, channel_id, message_id, now)
            return decode_message(old) if old else None

    async def message(self, match_id: int, kind: str) -> MessageRef | None:
        row = await self._fetchrow(
            f"SELECT {_COLUMNS} FROM messages WHERE match_id = $1 AND kind = $2", match_id, kind
        )
        return decode_message(row) if row else None

    async def messages(self, match_id: int) -> dict[str, MessageRef]:
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM messages WHERE match_id = $1 ORDER BY kind", match_id
        )
        return {row["kind"]: decode_message(row) for row in rows}

    async def find_message(self, message_id: int) -> MessageRef | None:
        """Which match (and kind) a Discord message shows, if any."""
        row = await self._fetchrow(
            f"SELECT {_COLUMNS} FROM messages WHERE message_id = $1 ORDER BY match_id, kind"
            " LIMIT 1",
            message_id,
        )
        return decode_message(row) if row else None

    async def forget_message(self, match_id: int, kind: str) -> MessageRef | None:
        """Drop the record of a message (e.g. deleted on Discord); the old one."""
        async with self._write() as conn:
            old = await conn.fetchrow(
                f"DELETE FROM messages WHERE match_id = $1 AND kind = $2 RETURNING {_COLUMNS}",
                match_id,
                kind,
            )
            return decode_message(old) if old else None


async def put_message(
    conn: asyncpg.Connection, match_id: int, kind: str, channel_id: int, message_id: int, now: int
) -> None:
    """Replace the match's message row of `kind` (inside a transaction)."""
    await conn.execute(
        "INSERT INTO messages (match_id, kind, channel_id, message_id, posted_at)"
        " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_id, kind) DO UPDATE SET"
        " channel_id = excluded.channel_id, message_id = excluded.message_id,"
        " posted_at = excluded.posted_at",
        match_id,
        kind,
        channel_id,
        message_id,
        now,
    )
