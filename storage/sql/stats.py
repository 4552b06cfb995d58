"""History, stats and ratings (protocol.PlayerStats): read from the
`results` and `ratings` tables that results.py fills as matches finish,
inside the transaction that finishes them; a season's figures count its
own matches only (seasons.py), and a past season's ratings are replayed
from its record."""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from storage.protocol import PlayerStats
from storage.ratings import FRESH_ORDINAL, Rating, RatingChange, ordinal
from storage.records import Row, Stats, decode_stats
from storage.sql.base import SqlBase
from storage.sql.results import (
    NO_END,
    Replay,
    changes,
    finishes_between,
    rebuild,
    replay_matches,
    unrated,
)
from storage.sql.seasons import SqlSeasons

log = logging.getLogger(__name__)

#: the servers' games whose latest rating replay is kept (`rating_changes`)
REPLAYS = 256
#: the past seasons' replayed ratings kept (a past season no longer changes)
PAST_SEASONS = 64

# A win is rated when the match has another person's result: a contest
# between people (storage/standings.py); a match against bots only is not.
_RATED_WON = (
    "sum(CASE WHEN r.won = 1 AND EXISTS (SELECT 1 FROM results o"
    " WHERE o.match_id = r.match_id AND o.user_id <> r.user_id) THEN 1 ELSE 0 END)"
    " AS rated_won"
)
# A player's finished matches and wins (all, and rated) per game in a range
# of finishes (a season); GROUP BY follows.
_COUNTS = (
    f"m.game, r.user_id, count(*) AS played, sum(r.won) AS won, {_RATED_WON}"
    " FROM results r JOIN matches m ON m.id = r.match_id"
    " JOIN finishes f ON f.match_id = r.match_id"
)
# ... with the rating of the current season: a (guild, game, user) has at
# most one ratings row, so max() is that row's ordinal (PostgreSQL wants
# every selected column grouped or aggregated). In a guild's first season,
# every finish counts: no join with the finishes.
_RATED = (
    "m.game, r.user_id, count(*) AS played, sum(r.won) AS won, max(g.ordinal) AS ordinal, "
    + _RATED_WON
    + " FROM results r JOIN matches m ON m.id = r.match_id{finishes}"
    " LEFT JOIN ratings g ON g.guild_id = m.guild_id AND g.game = m.game"
    " AND g.user_id = r.user_id"
)
_STATS = _RATED.format(finishes=" JOIN finishes f ON f.match_id = r.match_id")
_ALL_STATS = _RATED.format(finishes="")
_IN_SEASON = " AND f.id >= ? AND f.id < ?"


def _current(start: int) -> tuple[str, str]:
    """The current season's stats query (the part after SELECT) and its
    condition on the finishes, for a season starting at `start` (a
    `?` to bind it to, unless the season is the guild's first)."""
    return (_STATS, " AND f.id >= ?") if start else (_ALL_STATS, "")


def _ranked(stats: list[Stats]) -> list[Stats]:
    """In the leaderboard's order (as its SQL orders the current season)."""
    return sorted(
        stats,
        key=lambda s: (
            -(FRESH_ORDINAL if s.rating is None else s.rating),
            -s.won,
            s.played,
            s.user_id,
        ),
    )


class SqlPlayerStats(SqlSeasons, PlayerStats):
    async def player_stats(
        self, guild_id: int, user_id: int, *, season: int | None = None
    ) -> dict[str, Stats]:
        start, end = await self._season_range(guild_id, season)
        if end == NO_END:
            stats, since = _current(start)
            rows = await self._fetch(
                f"SELECT {stats} WHERE m.guild_id = ? AND r.user_id = ?{since}"
                " GROUP BY m.game, r.user_id ORDER BY m.game",
                (guild_id, user_id, *([start] if start else [])),
            )
            return {r["game"]: decode_stats(r) for r in rows}
        rows = await self._fetch(
            f"SELECT {_COUNTS} WHERE m.guild_id = ? AND r.user_id = ?{_IN_SEASON}"
            " GROUP BY m.game, r.user_id ORDER BY m.game",
            (guild_id, user_id, start, end),
        )
        found = {}
        for r in rows:
            ratings = await self._past_ratings(guild_id, r["game"], start, end)
            found[r["game"]] = _past_stats(r, ratings)
        return found

    async def leaderboard(
        self, guild_id: int, game: str, *, season: int | None = None, limit: int = 10
    ) -> list[Stats]:
        start, end = await self._season_range(guild_id, season)
        if end == NO_END:
            stats, since = _current(start)
            rows = await self._fetch(
                f"SELECT {stats} WHERE m.guild_id = ? AND m.game = ?{since}"
                " GROUP BY m.game, r.user_id"
                " ORDER BY coalesce(max(g.ordinal), ?) DESC, won DESC, played ASC, r.user_id"
                " LIMIT ?",
                (guild_id, game, *([start] if start else []), FRESH_ORDINAL, limit),
            )
            return [decode_stats(r) for r in rows]
        rows = await self._fetch(
            f"SELECT {_COUNTS} WHERE m.guild_id = ? AND m.game = ?{_IN_SEASON}"
            " GROUP BY m.game, r.user_id",
            (guild_id, game, start, end),
        )
        ratings = await self._past_ratings(guild_id, game, start, end) if rows else {}
        return _ranked([_past_stats(r, ratings) for r in rows])[:limit]

    async def _season_range(self, guild_id: int, season: int | None) -> tuple[int, int]:
        """The finishes (first, past the last) of a guild's season; the
        current one's has no end (NO_END). ValueError: no such season."""
        seasons = await self.seasons(guild_id)
        number = len(seasons) if season is None else season
        if not isinstance(number, int) or isinstance(number, bool):
            raise ValueError(f"not a season number: {season!r}")
        if not 1 <= number <= len(seasons):
            raise ValueError(f"guild {guild_id} has had no season {number}")
        end = seasons[number].first_finish if number < len(seasons) else NO_END
        return seasons[number - 1].first_finish, end

    async def _past_ratings(
        self, guild_id: int, game: str, start: int, end: int
    ) -> dict[int, Rating]:
        """A past season's ratings of a game, replayed from its matches;
        kept while its matches are the same (a guild forgotten and back may
        number new ones alike)."""
        past = self.__dict__.get("_past_seasons")
        if past is None:  # made at first use: the store's mixins share one constructor
            past = self.__dict__["_past_seasons"] = OrderedDict()
        finished = tuple(await finishes_between(_Reads(self), guild_id, game, start - 1, end))
        key = (guild_id, game, start, end)
        kept = past.get(key)
        if kept is not None and kept[0] == finished:
            past.move_to_end(key)
            return dict(kept[1])
        ratings = await replay_matches(_Reads(self), self._dialect, finished)
        past[key] = (finished, ratings)
        while len(past) > PAST_SEASONS:
            past.popitem(last=False)
        return dict(ratings)

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


def _past_stats(row: Row, ratings: dict[int, Rating]) -> Stats:
    """A row of (game, user_id, played, won) with the replayed rating."""
    rating = ratings.get(row["user_id"])
    return Stats(
        row["user_id"],
        row["game"],
        row["played"],
        row["won"],
        None if rating is None else ordinal(rating),
        int(row["rated_won"] or 0),
    )
