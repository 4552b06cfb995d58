"""A guild's data as a whole (protocol.Guilds): the bot leaving a guild
(its data kept until a purge date), coming back, and forgetting it."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from storage.database import WriteConn
from storage.protocol import Guilds
from storage.records import from_ms, to_ms
from storage.sqlite.base import SqliteBase

_MAX_PARAMS = 500  # guild ids per statement, well under SQLite's bound-parameter limit


class SqliteGuilds(SqliteBase, Guilds):
    async def delete_guild(self, guild_id: int) -> int:
        async with self._db.write() as conn:
            return await _delete_guild(conn, guild_id)

    async def guild_departed(self, guild_id: int, purge_at: datetime) -> datetime:
        async with self._db.write() as conn:
            await conn.execute(
                "INSERT INTO departed_guilds (guild_id, left_at, purge_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO NOTHING",
                (guild_id, self._now(), to_ms(purge_at)),
            )
            ((kept,),) = await conn.execute_fetchall(
                "SELECT purge_at FROM departed_guilds WHERE guild_id = ?", (guild_id,)
            )
            return from_ms(int(kept))

    async def guilds_back(self, guild_ids: Iterable[int]) -> list[int]:
        ids = sorted(set(guild_ids))
        departed: set[int] = set()
        for start in range(0, len(ids), _MAX_PARAMS):
            chunk = ids[start : start + _MAX_PARAMS]
            rows = await self._db.fetchall(
                f"SELECT guild_id FROM departed_guilds WHERE guild_id IN"
                f" ({', '.join('?' * len(chunk))})",
                chunk,
            )
            departed.update(r["guild_id"] for r in rows)
        if not departed:
            return []
        async with self._db.write() as conn:
            back = []
            for guild_id in sorted(departed):
                deleted = await conn.execute_fetchall(
                    "DELETE FROM departed_guilds WHERE guild_id = ? RETURNING guild_id",
                    (guild_id,),
                )
                back += [r["guild_id"] for r in deleted]
            return back

    async def purge_date(self, guild_id: int) -> datetime | None:
        row = await self._db.fetchone(
            "SELECT purge_at FROM departed_guilds WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else from_ms(int(row["purge_at"]))

    async def purge_departed_guilds(self, now: datetime) -> list[tuple[int, int]]:
        rows = await self._db.fetchall(
            "SELECT guild_id FROM departed_guilds WHERE purge_at <= ? ORDER BY guild_id",
            (to_ms(now),),
        )
        purged = []
        for row in rows:
            async with self._db.write() as conn:
                # Re-checked inside the transaction: the guild may have come back.
                due = list(
                    await conn.execute_fetchall(
                        "SELECT 1 FROM departed_guilds WHERE guild_id = ? AND purge_at <= ?",
                        (row["guild_id"], to_ms(now)),
                    )
                )
                if due:
                    purged.append((row["guild_id"], await _delete_guild(conn, row["guild_id"])))
        return purged


async def _delete_guild(conn: WriteConn, guild_id: int) -> int:
    """Everything of the guild but its members' own settings; its matches
    take their seats, log, messages and deadlines along (ON DELETE CASCADE)."""
    cur = await conn.execute("DELETE FROM matches WHERE guild_id = ?", (guild_id,))
    removed = cur.rowcount
    await conn.execute("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
    await conn.execute("DELETE FROM departed_guilds WHERE guild_id = ?", (guild_id,))
    await conn.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
    return removed
