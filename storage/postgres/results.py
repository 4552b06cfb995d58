"""Results and ratings of a finished match, on PostgreSQL.

The same derivation as storage/results.py (the pure parts, standings and
ratings, are shared): `record_finish`, inside the transaction that finishes
the match, notes the order it finished in and settles it, so a match never
ends without its results and ratings; `rebuild` redoes a guild's game from
scratch in that order. Only the SQL differs (json_array_elements instead of
SQLite's json_each).

A guild's ratings of a game are a sequence of updates, one finished match
after another. SQLite has one writer; here two processes may finish two
matches of one guild and game at once, and each would read the ratings
before the other's update (a lost update), or a rebuild could miss a match
finishing meanwhile. So whatever settles or rebuilds a guild's game first
takes a transaction-scoped advisory lock on that guild and game
(`lock_ratings`): the finishes are numbered in the order their ratings were
updated, which is the order a rebuild replays.
"""

from __future__ import annotations

import asyncpg

from storage import ratings, standings
from storage.moves import stored_outcome
from storage.records import Holder

_DEAL_ENDS = """
SELECT DISTINCT a.seq FROM actions a, json_array_elements(a.events) e
 WHERE a.match_id = $1 AND json_typeof(a.events) = 'array'
   AND e ->> 'type' = 'deal_end'
 ORDER BY a.seq
"""


# Advisory locks come in two spaces: one bigint key (schema.py's migration
# lock) or two int keys, this namespace and the guild and game's hash.
_RATINGS_LOCK = 0x72617465  # "rate"


async def lock_ratings(conn: asyncpg.Connection, guild_id: int, game: str) -> None:
    """Serialise the rating updates of one guild's game until the
    transaction ends (a hash collision only serialises a little more)."""
    await conn.execute(
        "SELECT pg_advisory_xact_lock($1, hashtext($2))", _RATINGS_LOCK, f"{guild_id}:{game}"
    )


async def record_finish(conn: asyncpg.Connection, match_id: int) -> None:
    """The match just finished (in `conn`'s open transaction): rate it."""
    row = await conn.fetchrow("SELECT guild_id, game FROM matches WHERE id = $1", match_id)
    await lock_ratings(conn, row["guild_id"], row["game"])
    await conn.execute("INSERT INTO finishes (match_id) VALUES ($1)", match_id)
    await settle(conn, match_id)


async def settle(conn: asyncpg.Connection, match_id: int) -> None:
    """Store the results of a finished match and update its ratings."""
    row = await conn.fetchrow(
        "SELECT guild_id, game, seq, outcome::text AS outcome FROM matches WHERE id = $1", match_id
    )
    outcome = stored_outcome(match_id, row["outcome"])
    history = [
        Holder(r["seat"], r["from_seq"], r["user_id"], r["bot"], r["how"])
        for r in await conn.fetch(
            "SELECT seat, from_seq, user_id, bot, how FROM seat_holders"
            " WHERE match_id = $1 ORDER BY seat, id",
            match_id,
        )
    ]
    conceded = [
        r["seat"]
        for r in await conn.fetch(
            "SELECT seat FROM actions WHERE match_id = $1 AND key = 'concede'", match_id
        )
    ]
    parts = standings.parts(history, row["seq"], conceded)
    await conn.executemany(
        "INSERT INTO results (match_id, user_id, won, left_early) VALUES ($1, $2, $3, $4)",
        [(match_id, r.user_id, int(r.won), int(r.left)) for r in standings.results(parts, outcome)],
    )
    deal_ends: list[int] = []
    if "teams" in outcome:
        deal_ends = [r["seq"] for r in await conn.fetch(_DEAL_ENDS, match_id)]
    for contest in standings.contests(parts, outcome, deal_ends):
        await _rate(conn, row["guild_id"], row["game"], contest)
    await conn.execute("UPDATE finishes SET rated = 1 WHERE match_id = $1", match_id)


async def _rate(
    conn: asyncpg.Connection, guild_id: int, game: str, contest: standings.Contest
) -> None:
    users = [u for team in contest.teams for u in team]
    current = {
        r["user_id"]: (r["mu"], r["sigma"])
        for r in await conn.fetch(
            "SELECT user_id, mu, sigma FROM ratings WHERE guild_id = $1 AND game = $2"
            " AND user_id = ANY($3::bigint[])",
            guild_id,
            game,
            users,
        )
    }
    new = ratings.rate(contest, current)
    await conn.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, contests)"
        " VALUES ($1, $2, $3, $4, $5, $6, 1) ON CONFLICT (guild_id, game, user_id) DO UPDATE"
        " SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
        " contests = ratings.contests + 1",
        [
            (guild_id, game, user, mu, sigma, ratings.ordinal((mu, sigma)))
            for user, (mu, sigma) in sorted(new.items())
        ],
    )


async def rebuild(conn: asyncpg.Connection, guild_id: int, game: str) -> int:
    """Recompute a guild's results and ratings of a game from the record
    (in `conn`'s open transaction); returns the matches settled."""
    await lock_ratings(conn, guild_id, game)
    await conn.execute("DELETE FROM ratings WHERE guild_id = $1 AND game = $2", guild_id, game)
    ids = [
        r["match_id"]
        for r in await conn.fetch(
            "SELECT f.match_id FROM finishes f JOIN matches m ON m.id = f.match_id"
            " WHERE m.guild_id = $1 AND m.game = $2 ORDER BY f.id",
            guild_id,
            game,
        )
    ]
    for match_id in ids:
        await conn.execute("DELETE FROM results WHERE match_id = $1", match_id)
        await settle(conn, match_id)
    return len(ids)


async def unrated(conn: asyncpg.Connection) -> list[tuple[int, str]]:
    """(guild, game) pairs with finished matches not rated yet."""
    rows = await conn.fetch(
        "SELECT DISTINCT m.guild_id, m.game FROM finishes f JOIN matches m ON m.id = f.match_id"
        " WHERE f.rated = 0 ORDER BY m.guild_id, m.game"
    )
    return [(r["guild_id"], r["game"]) for r in rows]
