"""Stats and ratings on PostgreSQL: derived from the seat history and
outcomes when a match finishes (storage/postgres/results.py), never from
who sits in a seat now. As the same methods of `storage.store.Store`."""

from __future__ import annotations

import logging

import asyncpg

from storage import ratings
from storage.postgres import results
from storage.postgres.base import PgBase
from storage.records import Stats

log = logging.getLogger(__name__)

# A player's finished matches, wins and rating per game (GROUP BY follows).
# A (guild, game, user) has at most one ratings row, so max() is that row's
# ordinal (PostgreSQL wants every selected column grouped or aggregated).
_STATS = (
    "m.game, r.user_id, count(*) AS played, sum(r.won) AS won, max(g.ordinal) AS ordinal"
    " FROM results r JOIN matches m ON m.id = r.match_id"
    " LEFT JOIN ratings g ON g.guild_id = m.guild_id AND g.game = m.game"
    " AND g.user_id = r.user_id"
)


class StatsAndRatings(PgBase):
    async def player_stats(self, guild_id: int, user_id: int) -> dict[str, Stats]:
        """game -> the member's finished matches, wins and rating on a guild."""
        rows = await self._fetch(
            f"SELECT {_STATS} WHERE m.guild_id = $1 AND r.user_id = $2"
            " GROUP BY m.game, r.user_id ORDER BY m.game",
            guild_id,
            user_id,
        )
        return {r["game"]: _decode(r) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, *, limit: int = 10) -> list[Stats]:
        """A guild's best players of a game: highest rating (its ordinal; a
        player never rated counts as a fresh one) first, then most wins."""
        rows = await self._fetch(
            f"SELECT {_STATS} WHERE m.guild_id = $1 AND m.game = $2 GROUP BY m.game, r.user_id"
            " ORDER BY coalesce(max(g.ordinal), $3) DESC, won DESC, played ASC, r.user_id"
            " LIMIT $4",
            guild_id,
            game,
            ratings.FRESH_ORDINAL,
            limit,
        )
        return [_decode(r) for r in rows]

    async def rebuild_ratings(self, guild_id: int, game: str) -> int:
        """Recompute a guild's results and ratings of a game from the stored
        history (same figures as the updates made as matches finished);
        returns the number of matches counted."""
        async with self._write() as conn:
            return await results.rebuild(conn, guild_id, game)

    async def rate_unrated(self) -> int:
        """Rate the matches that finished before ratings existed (run at
        open, e.g. after a copy from an older SQLite file): a rebuild of each
        guild and game concerned. Returns how many guild-and-game ratings
        were rebuilt."""
        async with self._write() as conn:
            pending = await results.unrated(conn)
        for guild_id, game in pending:
            counted = await self.rebuild_ratings(guild_id, game)
            log.info("rated %d finished %s match(es) of guild %s", counted, game, guild_id)
        return len(pending)


def _decode(row: asyncpg.Record) -> Stats:
    return Stats(row["user_id"], row["game"], row["played"], row["won"], row["ordinal"])
