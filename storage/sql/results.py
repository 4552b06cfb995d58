"""Results and ratings in the database, derived from the record.

When a match finishes, `record_finish` (inside the transaction that finishes
it) notes the order it finished in and `settle`s it: each person's result
(storage/standings.py) and the ratings of its server and game
(storage/ratings.py). `rebuild` redoes a server's game from scratch, in the
order the matches finished, and so gives the same ratings as the updates
made one match at a time.

A guild's ratings of a game are a sequence of updates. SQLite has one
writer; on PostgreSQL two processes may finish two matches of one guild's
game at once, so whatever settles or rebuilds it first takes the dialect's
`ratings_lock` until the transaction ends: the finishes are numbered in the
order their ratings were updated, which is the order a rebuild replays.

Seasons (storage/sql/seasons.py): a guild's season begins at a finish, and
the `ratings` table holds the current season's ratings only (starting one
empties it). A match is rated against the ratings of its own season, so
the updates at each finish, `rebuild` and `changes` all replay the finishes
from the season's first; a past season's ratings are replayed
(`replay_ratings`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from storage.moves import stored_outcome
from storage.ratings import FRESH, Rating, RatingChange, ordinal, rate
from storage.records import Holder, Row
from storage.sql.dialect import Dialect
from storage.sql.tx import Tx
from storage.standings import Contest, Part, contests, parts, results


async def lock_ratings(tx: Tx, d: Dialect, guild_id: int, game: str) -> None:
    if d.ratings_lock is not None:  # a hash collision only serialises a little more
        await tx.run(d.ratings_lock, (f"{guild_id}:{game}",))


#: the start (a finishes.id) of a guild's season that a finish counts for
_SEASON_OF = (
    "SELECT coalesce(max(first_finish), 0) AS start FROM seasons"
    " WHERE guild_id = ? AND first_finish <= ?"
)
#: a number past every finish: the end of the current season
NO_END = 2**62


async def current_start(r: Reader, guild_id: int) -> int:
    """The first finish of the guild's current season (0: season 1)."""
    row = await r.row(_SEASON_OF, (guild_id, NO_END))
    return int(row["start"]) if row is not None else 0


async def record_finish(tx: Tx, d: Dialect, match_id: int) -> None:
    """The match just finished (in `tx`'s open transaction): rate it. A
    learn match (`/game learn`) is neither rated nor counted: no finish."""
    row = await tx.row("SELECT guild_id, game, learn FROM matches WHERE id = ?", (match_id,))
    assert row is not None  # the match it just finished
    if row["learn"]:
        return
    await lock_ratings(tx, d, row["guild_id"], row["game"])
    finish = await tx.row("INSERT INTO finishes (match_id) VALUES (?) RETURNING id", (match_id,))
    assert finish is not None  # an INSERT ... RETURNING's row
    start = await current_start(tx, row["guild_id"])
    if finish["id"] < start:
        # SQLite gives the greatest id + 1, reused once the greatest is gone
        # with its guild: the finish would land in the season before.
        top = await tx.row("SELECT max(id) AS top FROM finishes")
        assert top is not None
        await tx.run(
            "UPDATE finishes SET id = ? WHERE id = ?", (max(start, top["top"] + 1), finish["id"])
        )
    await settle(tx, d, match_id)


class Reader(Protocol):
    """What reading a finished match's contests needs: a transaction, or
    the store's own reads."""

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]: ...

    async def row(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...


async def _contests(
    r: Reader, d: Dialect, match_id: int
) -> tuple[Row, list[Part], dict[str, Any], list[Contest]]:
    """A finished match's row (guild, game), its parts, outcome and the
    contests it is rated as, from the record."""
    row = await r.row(
        f"SELECT guild_id, game, seq, {d.text('outcome')} FROM matches WHERE id = ?", (match_id,)
    )
    assert row is not None  # a finished match's
    outcome = stored_outcome(match_id, row["outcome"])
    history = [
        Holder(h["seat"], h["from_seq"], h["user_id"], h["bot"], h["how"])
        for h in await r.rows(
            "SELECT seat, from_seq, user_id, bot, how FROM seat_holders"
            " WHERE match_id = ? ORDER BY seat, id",
            (match_id,),
        )
    ]
    conceded = [
        c["seat"]
        for c in await r.rows(
            "SELECT seat FROM actions WHERE match_id = ? AND key = 'concede'", (match_id,)
        )
    ]
    seats = parts(history, row["seq"], conceded)
    deal_ends: list[int] = []
    if "teams" in outcome:
        deal_ends = [e["seq"] for e in await r.rows(d.deal_ends, (match_id,))]
    return row, seats, outcome, contests(seats, outcome, deal_ends)


async def settle(tx: Tx, d: Dialect, match_id: int, *, current: bool = True) -> None:
    """Store the results of a finished match and, if it is of the current
    season, update its ratings."""
    row, seats, outcome, rated = await _contests(tx, d, match_id)
    await tx.run_many(
        "INSERT INTO results (match_id, user_id, won, left_early) VALUES (?, ?, ?, ?)",
        [(match_id, r.user_id, int(r.won), int(r.left)) for r in results(seats, outcome)],
    )
    for contest in rated if current else ():
        await _rate(tx, d, row["guild_id"], row["game"], contest)
    await tx.run("UPDATE finishes SET rated = 1 WHERE match_id = ?", (match_id,))


@dataclass(frozen=True, slots=True)
class Replay:
    """A server's ratings of a game replayed from the record up to a finish
    (`finishes.id`; 0: none yet): where the next `changes` may go on from."""

    upto: int = 0
    ratings: Mapping[int, Rating] = field(default_factory=dict)


async def changes(
    r: Reader, d: Dialect, match_id: int, replay: Replay | None = None
) -> tuple[list[RatingChange], Replay | None]:
    """What a finished match did to its people's ratings, by user, and the
    replay up to it: the ratings are replayed from the record, in the order
    the server's matches of the game finished (as `rebuild` does), from the
    first of the match's season up to that match, going on from `replay`
    (of the same server's game) when it is one of an earlier finish of that
    season that is still stored; nothing is written.
    No changes for a match not finished, or not rated (no contest)."""
    finish = await r.row(
        "SELECT f.id, m.guild_id, m.game FROM finishes f JOIN matches m ON m.id = f.match_id"
        " WHERE f.match_id = ?",
        (match_id,),
    )
    if finish is None:
        return [], None
    season = await r.row(_SEASON_OF, (finish["guild_id"], finish["id"]))
    start = int(season["start"]) if season is not None else 0
    if replay is None or not start <= replay.upto < finish["id"]:
        replay = Replay(max(start - 1, 0))  # (or of another season)
    elif replay.upto and await r.row("SELECT 1 FROM finishes WHERE id = ?", (replay.upto,)) is None:
        replay = Replay(max(start - 1, 0))  # its server's data was forgotten since
    ratings = await replay_ratings(
        r, d, finish["guild_id"], finish["game"], replay.upto, finish["id"], replay.ratings
    )
    own = (await _contests(r, d, match_id))[3]
    users = sorted({u for contest in own for team in contest.teams for u in team})
    before = {u: ratings.get(u, FRESH) for u in users}
    for contest in own:
        ratings.update(rate(contest, ratings))
    return [RatingChange(u, before[u], ratings[u]) for u in users], Replay(finish["id"], ratings)


async def replay_ratings(
    r: Reader,
    d: Dialect,
    guild_id: int,
    game: str,
    after: int,
    before: int,
    ratings: Mapping[int, Rating] | None = None,
) -> dict[int, Rating]:
    """A guild's ratings of a game replayed from the record over the
    finishes after `after` and before `before` (finishes.ids), in the order
    they finished, going on from `ratings` (default: everyone fresh);
    nothing is written."""
    finished = await finishes_between(r, guild_id, game, after, before)
    return await replay_matches(r, d, finished, ratings)


async def finishes_between(
    r: Reader, guild_id: int, game: str, after: int, before: int
) -> list[int]:
    """The guild's finished matches of a game whose finish is after `after`
    and before `before`, in the order they finished."""
    rows = await r.rows(
        "SELECT f.match_id FROM finishes f JOIN matches m ON m.id = f.match_id"
        " WHERE m.guild_id = ? AND m.game = ? AND f.id > ? AND f.id < ? ORDER BY f.id",
        (guild_id, game, after, before),
    )
    return [row["match_id"] for row in rows]


async def replay_matches(
    r: Reader, d: Dialect, finished: Sequence[int], ratings: Mapping[int, Rating] | None = None
) -> dict[int, Rating]:
    """The ratings after rating `finished` matches' contests in that order,
    going on from `ratings` (default: everyone fresh)."""
    replayed = dict(ratings or {})
    for match_id in finished:
        for contest in (await _contests(r, d, match_id))[3]:
            replayed.update(rate(contest, replayed))
    return replayed


async def _rate(tx: Tx, d: Dialect, guild_id: int, game: str, contest: Contest) -> None:
    users = [u for team in contest.teams for u in team]
    current = {}
    for among, ids in d.id_lists(users):
        for r in await tx.rows(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND user_id{among}",
            (guild_id, game, *ids),
        ):
            current[r["user_id"]] = (r["mu"], r["sigma"])
    new = rate(contest, current)
    await tx.run_many(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, contests)"
        " VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
        " contests = ratings.contests + 1",
        [
            (guild_id, game, user, mu, sigma, ordinal((mu, sigma)))
            for user, (mu, sigma) in sorted(new.items())
        ],
    )


async def rebuild(tx: Tx, d: Dialect, guild_id: int, game: str) -> int:
    """Recompute a server's results and ratings of a game from the record
    (in `tx`'s open transaction); returns the matches settled."""
    await lock_ratings(tx, d, guild_id, game)
    await tx.run("DELETE FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game))
    start = await current_start(tx, guild_id)
    finished = await tx.rows(
        "SELECT f.id, f.match_id FROM finishes f JOIN matches m ON m.id = f.match_id"
        " WHERE m.guild_id = ? AND m.game = ? ORDER BY f.id",
        (guild_id, game),
    )
    for f in finished:
        await tx.run("DELETE FROM results WHERE match_id = ?", (f["match_id"],))
        await settle(tx, d, f["match_id"], current=f["id"] >= start)
    return len(finished)


async def unrated(tx: Tx) -> list[tuple[int, str]]:
    """(guild, game) pairs with finished matches not rated yet."""
    rows = await tx.rows(
        "SELECT DISTINCT m.guild_id, m.game FROM finishes f JOIN matches m ON m.id = f.match_id"
        " WHERE f.rated = 0 ORDER BY m.guild_id, m.game"
    )
    return [(r["guild_id"], r["game"]) for r in rows]
