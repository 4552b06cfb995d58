"""A guild's data as a whole (protocol.Guilds): the bot leaving a guild
(its data kept until a purge date), coming back, and forgetting it."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from storage.protocol import Guilds
from storage.records import from_ms, to_ms
from storage.sql.base import SqlBase
from storage.sql.tx import Tx


class SqlGuilds(SqlBase, Guilds):
    async def delete_guild(self, guild_id: int) -> int:
        try:
            async with self._write() as tx:
                return await _delete_guild(tx, guild_id)
        finally:
            self._guild_settings.pop(guild_id, None)  # settings.py

    async def guild_departed(self, guild_id: int, purge_at: datetime) -> datetime:
        async with self._write() as tx:
            await tx.run(
                "INSERT INTO departed_guilds (guild_id, left_at, purge_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO NOTHING",
                (guild_id, self._now(), to_ms(purge_at)),
            )
            kept = await tx.row(
                "SELECT purge_at FROM departed_guilds WHERE guild_id = ?", (guild_id,)
            )
            assert kept is not None  # the row was just inserted or found
            return from_ms(int(kept["purge_at"]))

    async def guilds_back(self, guild_ids: Iterable[int]) -> list[int]:
        ids = sorted(set(guild_ids))
        departed: list[int] = []
        for among, chunk in self._dialect.id_lists(ids):
            rows = await self._fetch(
                f"SELECT guild_id FROM departed_guilds WHERE guild_id{among}", chunk
            )
            departed += [r["guild_id"] for r in rows]
        if not departed:
            return []
        back: list[int] = []
        async with self._write() as tx:
            for among, chunk in self._dialect.id_lists(sorted(departed)):
                rows = await tx.rows(
                    f"DELETE FROM departed_guilds WHERE guild_id{among} RETURNING guild_id", chunk
                )
                back += [r["guild_id"] for r in rows]
        return sorted(back)

    async def purge_date(self, guild_id: int) -> datetime | None:
        row = await self._fetch_one(
            "SELECT purge_at FROM departed_guilds WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else from_ms(int(row["purge_at"]))

    async def purge_departed_guilds(self, now: datetime) -> list[tuple[int, int]]:
        rows = await self._fetch(
            "SELECT guild_id FROM departed_guilds WHERE purge_at <= ? ORDER BY guild_id",
            (to_ms(now),),
        )
        purged = []
        for row in rows:
            async with self._write() as tx:
                # Re-checked, and locked against a return under way, inside the
                # transaction: the guild may have come back.
                due = await tx.row(
                    "SELECT 1 AS due FROM departed_guilds WHERE guild_id = ? AND purge_at <= ?"
                    f"{self._dialect.lock_row}",
                    (row["guild_id"], to_ms(now)),
                )
                if due:
                    purged.append((row["guild_id"], await _delete_guild(tx, row["guild_id"])))
            self._guild_settings.pop(row["guild_id"], None)  # settings.py
        return purged


async def _delete_guild(tx: Tx, guild_id: int) -> int:
    """Everything of the guild but its members' own settings; its matches
    take their seats, log (the one way log rows go), messages and deadlines
    along (ON DELETE CASCADE)."""
    removed = await tx.run("DELETE FROM matches WHERE guild_id = ?", (guild_id,))
    for table in ("guild_settings", "departed_guilds", "ratings", "seasons"):
        await tx.run(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))
    return removed
