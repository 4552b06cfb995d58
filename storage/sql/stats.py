"""History, stats and ratings (protocol.PlayerStats): read from the
`results` and `ratings` tables that results.py fills as matches finish,
inside the transaction that finishes them."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from storage.protocol import PlayerStats
from storage.ratings import FRESH_ORDINAL, RatingChange
from storage.records import Row, Stats, decode_stats
from storage.sql.base import SqlBase
from storage.sql.results import Replay, changes, rebuild, unrated

log = logging.getLogger(__name__)

#: the servers' games whose latest rating replay is kept (`rating_changes`)
REPLAYS = 256

# A player's finished matches, wins and rating per game (GROUP BY follows).
# A (guild, game, user) has at most one ratings row, so max() is that row's
# ordinal (PostgreSQL wants every selected column grouped or aggregated).
_STATS = (
    "m.game, r.user_id, count(*) AS played, sum(r.won) AS won, max(g.ordinal) AS ordinal"
    " FROM results r JOIN matches m ON m.id = r.match_id"
    " LEFT JOIN ratings g ON g.guild_id = m.guild_id AND g.game = m.game"
    " AND g.user_id = r.user_id"
)


class SqlPlayerStats(SqlBase, PlayerStats):
    async def player_stats(self, guild_id: int, user_id: int) -> dict[str, Stats]:
        rows = await self._fetch(
            f"SELECT {_STATS} WHERE m.guild_id = ? AND r.user_id = ?"
            " GROUP BY m.game, r.user_id ORDER BY m.game",
            (guild_id, user_id),
        )
        return {r["game"]: decode_stats(r) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, *, limit: int = 10) -> list[Stats]:
        rows = await self._fetch(
            f"SELECT {_STATS} WHERE m.guild_id = ? AND m.game = ? GROUP BY m.game, r.user_id"
            " ORDER BY coalesce(max(g.ordinal), ?) DESC, won DESC, played ASC, r.user_id"
            " LIMIT ?",
            (guild_id, game, FRESH_ORDINAL, limit),
        )
        return [decode_stats(r) for r in rows]

    async def rating_changes(self, match_id: int) -> list[RatingChange]:
        # Each finish asks once, in order: going on from the server's game's
        # last replay costs a match or two, not the whole history (a second
        # for 2,000 matches, bench.ratings); after a start, one full replay.
        replays = self._replays()
        info = await self._fetch_one("SELECT guild_id, game FROM matches WHERE id = ?", (match_id,))
        if info is None:
            return []
        key = (info["guild_id"], info["game"])
        found, replay = await changes(_Reads(self), self._dialect, match_id, replays.get(key))
        if replay is not None and replay.upto > getattr(replays.get(key), "upto", 0):
            replays[key] = replay
            replays.move_to_end(key)
            while len(replays) > REPLAYS:
                replays.popitem(last=False)
        return found

    def _replays(self) -> OrderedDict[tuple[int, str], Replay]:
        """(guild, game) -> its latest replay, the least recently used first
        (made at first use: the store's mixins share one constructor)."""
        replays = self.__dict__.get("_rating_replays")
        if replays is None:
            replays = self.__dict__["_rating_replays"] = OrderedDict()
        return replays

    async def rebuild_ratings(self, guild_id: int, game: str) -> int:
        async with self._write() as tx:
            return await rebuild(tx, self._dialect, guild_id, game)

    async def rate_unrated(self) -> int:
        async with self._write() as tx:
            pending = await unrated(tx)
        for guild_id, game in pending:  # a transaction each: a guild's game at a time
            counted = await self.rebuild_ratings(guild_id, game)
            log.info("rated %d finished %s match(es) of guild %s", counted, game, guild_id)
        return len(pending)


class _Reads:
    """The store's own reads, as `results.changes` reads (no transaction:
    what it reads of finished matches no longer changes)."""

    def __init__(self, store: SqlBase):
        self._store = store

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]:
        return await self._store._fetch(sql, params)

    async def row(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return await self._store._fetch_one(sql, params)
