"""A guild's rating seasons (protocol.PlayerStats): a host closes the
current season and the next begins at the next finish; see results.py for
how each season's ratings follow from the record.

Starting a season writes its row and empties the guild's `ratings` (they
then hold the new season's, which starts with nobody rated); the results
and the record are untouched, so a past season reads as it closed."""

from __future__ import annotations

from storage.records import Season, from_ms
from storage.sql.base import SqlBase
from storage.sql.dialect import Dialect
from storage.sql.results import lock_ratings
from storage.sql.tx import Tx

#: Season 1 is implicit: everything before season 2
FIRST = Season(1, 0, None, None)


async def start_season(tx: Tx, d: Dialect, guild_id: int, by_user: int, now_ms: int) -> int:
    """Close the guild's season and start the next (in `tx`'s open
    transaction); its number. Where several processes write (PostgreSQL),
    the guild's season lock makes two starts number one after the other,
    and each game's ratings lock makes every finish of the guild either
    rated before the start (and counted for the season closed) or after
    it (a finish numbered past `first_finish`), never half of each."""
    if d.ratings_lock is not None:
        await tx.run(d.ratings_lock, (f"{guild_id}:seasons",))
        for game in await tx.rows(
            "SELECT DISTINCT game FROM matches WHERE guild_id = ? ORDER BY game", (guild_id,)
        ):
            await lock_ratings(tx, d, guild_id, game["game"])  # in order: no deadlock
    row = await tx.row(
        "SELECT coalesce(max(number), 1) + 1 AS number FROM seasons WHERE guild_id = ?",
        (guild_id,),
    )
    first = await tx.row("SELECT coalesce(max(id), 0) + 1 AS first FROM finishes")
    assert row is not None and first is not None  # aggregates: one row
    await tx.run(
        "INSERT INTO seasons (guild_id, number, first_finish, started_at, started_by)"
        " VALUES (?, ?, ?, ?, ?)",
        (guild_id, row["number"], first["first"], now_ms, by_user),
    )
    await tx.run("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
    return int(row["number"])


class SqlSeasons(SqlBase):
    async def new_season(self, guild_id: int, by_user: int) -> int:
        async with self._write() as tx:
            return await start_season(tx, self._dialect, guild_id, by_user, self._now())

    async def seasons(self, guild_id: int) -> list[Season]:
        rows = await self._fetch(
            "SELECT number, first_finish, started_at, started_by FROM seasons"
            " WHERE guild_id = ? ORDER BY number",
            (guild_id,),
        )
        return [FIRST] + [
            Season(r["number"], r["first_finish"], from_ms(r["started_at"]), r["started_by"])
            for r in rows
        ]

    async def current_season(self, guild_id: int) -> int:
        row = await self._fetch_one(
            "SELECT coalesce(max(number), 1) AS number FROM seasons WHERE guild_id = ?",
            (guild_id,),
        )
        return int(row["number"]) if row is not None else 1
