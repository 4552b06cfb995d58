"""Results and ratings of a finished match, on PostgreSQL.

The same derivation as storage/results.py (the pure parts, standings and
ratings, are shared): `record_finish`, inside the transaction that finishes
the match, notes the order it finished in and settles it, so a match never
ends without its results and ratings. Only the SQL differs (jsonb instead of
SQLite's json_each).
"""

from __future__ import annotations

import asyncpg

from storage import ratings, standings
from storage.records import Holder
from storage.results import _outcome

_DEAL_ENDS = """
SELECT DISTINCT a.seq FROM actions a, jsonb_array_elements(a.events) e
 WHERE a.match_id = $1 AND jsonb_typeof(a.events) = 'array'
   AND e ->> 'type' = 'deal_end'
 ORDER BY a.seq
"""


async def record_finish(conn: asyncpg.Connection, match_id: int) -> None:
    """The match just finished (in `conn`'s open transaction): rate it."""
    await conn.execute("INSERT INTO finishes (match_id) VALUES ($1)", match_id)
    await settle(conn, match_id)


async def settle(conn: asyncpg.Connection, match_id: int) -> None:
    """Store the results of a finished match and update its ratings."""
    row = await conn.fetchrow(
        "SELECT guild_id, game, seq, outcome::text AS outcome FROM matches WHERE id = $1", match_id
    )
    outcome = _outcome(match_id, row["outcome"])
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
