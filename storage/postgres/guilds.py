"""Guilds on PostgreSQL: forgetting one at once, and keeping a departed
guild's data until its purge date. As the same methods of
`storage.store.Store`."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

import asyncpg

from storage.postgres.base import PgBase, affected
from storage.records import from_ms, to_ms


class Guilds(PgBase):
    async def delete_guild(self, guild_id: int) -> int:
        """Remove everything of a guild at once (it asked to be forgotten, or
        its retention ended): matches with their seats, logs (the one way
        log rows go: with their match), messages and deadlines, its
        settings, ratings and any pending purge. Returns the matches
        removed. Players' own settings (user_settings) are not per guild."""
        async with self._write() as conn:
            return await _delete_guild(conn, guild_id)

    async def guild_departed(self, guild_id: int, purge_at: datetime) -> datetime:
        """The bot left the guild: keep its data until `purge_at`, then
        `purge_departed_guilds` deletes it. A second departure before a
        return keeps the first date. Returns the date in force."""
        now = self._now()
        async with self._write() as conn:
            await conn.execute(
                "INSERT INTO departed_guilds (guild_id, left_at, purge_at) VALUES ($1, $2, $3)"
                " ON CONFLICT (guild_id) DO NOTHING",
                guild_id,
                now,
                to_ms(purge_at),
            )
            kept: int | None = await conn.fetchval(
                "SELECT purge_at FROM departed_guilds WHERE guild_id = $1", guild_id
            )
        in_force = from_ms(kept)
        assert in_force is not None  # the row was just inserted or found
        return in_force

    async def guilds_back(self, guild_ids: Iterable[int]) -> list[int]:
        """The bot is in these guilds (again): cancel their pending purges.
        Returns the guilds that had one, whose data is thus kept. Costs no
        write when none had (the bot calls it for every guild at start-up)."""
        ids = sorted(set(guild_ids))
        departed = await self._fetch(
            "SELECT guild_id FROM departed_guilds WHERE guild_id = ANY($1::bigint[])", ids
        )
        if not departed:
            return []
        async with self._write() as conn:
            rows = await conn.fetch(
                "DELETE FROM departed_guilds WHERE guild_id = ANY($1::bigint[]) RETURNING guild_id",
                sorted(r["guild_id"] for r in departed),
            )
        return sorted(r["guild_id"] for r in rows)

    async def purge_date(self, guild_id: int) -> datetime | None:
        """When a departed guild's data will be purged; None if it is not departed."""
        purge_at: int | None = await self._fetchval(
            "SELECT purge_at FROM departed_guilds WHERE guild_id = $1", guild_id
        )
        return from_ms(purge_at)

    async def purge_departed_guilds(self, now: datetime) -> list[tuple[int, int]]:
        """Delete the data of every departed guild whose retention ended by
        `now`, one transaction per guild; [(guild id, matches removed)]."""
        due = await self._fetch(
            "SELECT guild_id FROM departed_guilds WHERE purge_at <= $1 ORDER BY guild_id",
            to_ms(now),
        )
        purged = []
        for row in due:
            async with self._write() as conn:
                # Re-checked, and locked against a return (guilds_back) under
                # way, inside the transaction: the guild may have come back.
                still = await conn.fetchval(
                    "SELECT 1 FROM departed_guilds WHERE guild_id = $1 AND purge_at <= $2"
                    " FOR UPDATE",
                    row["guild_id"],
                    to_ms(now),
                )
                if still:
                    purged.append((row["guild_id"], await _delete_guild(conn, row["guild_id"])))
        return purged


async def _delete_guild(conn: asyncpg.Connection, guild_id: int) -> int:
    removed = affected(await conn.execute("DELETE FROM matches WHERE guild_id = $1", guild_id))
    for table in ("guild_settings", "departed_guilds", "ratings"):
        await conn.execute(f"DELETE FROM {table} WHERE guild_id = $1", guild_id)
    return removed
