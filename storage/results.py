"""Results and ratings in the database, derived from the record.

When a match finishes, `record_finish` (inside the transaction that finishes
it) notes the order it finished in and `settle`s it: each person's result
(storage/standings.py) and the ratings of its server and game
(storage/ratings.py). `rebuild` redoes a server's game from scratch, in the
order the matches finished, and so gives the same ratings as the updates
made one match at a time.
"""

from __future__ import annotations

from storage import ratings, standings
from storage.database import WriteConn
from storage.moves import stored_outcome
from storage.records import Holder

_DEAL_ENDS = """
SELECT DISTINCT a.seq FROM actions a, json_each(a.events) e
 WHERE a.match_id = ? AND json_valid(a.events)
   AND json_extract(e.value, '$.type') = 'deal_end'
 ORDER BY a.seq
"""


async def record_finish(conn: WriteConn, match_id: int) -> None:
    """The match just finished (in `conn`'s open transaction): rate it."""
    await conn.execute("INSERT INTO finishes (match_id) VALUES (?)", (match_id,))
    await settle(conn, match_id)


async def settle(conn: WriteConn, match_id: int) -> None:
    """Store the results of a finished match and update its ratings."""
    [row] = await conn.execute_fetchall(
        "SELECT guild_id, game, seq, outcome FROM matches WHERE id = ?", (match_id,)
    )
    outcome = stored_outcome(match_id, row["outcome"])
    history = [
        Holder(r["seat"], r["from_seq"], r["user_id"], r["bot"], r["how"])
        for r in await conn.execute_fetchall(
            "SELECT seat, from_seq, user_id, bot, how FROM seat_holders"
            " WHERE match_id = ? ORDER BY seat, id",
            (match_id,),
        )
    ]
    conceded = [
        r["seat"]
        for r in await conn.execute_fetchall(
            "SELECT seat FROM actions WHERE match_id = ? AND key = 'concede'", (match_id,)
        )
    ]
    parts = standings.parts(history, row["seq"], conceded)
    await conn.executemany(
        "INSERT INTO results (match_id, user_id, won, left_early) VALUES (?, ?, ?, ?)",
        [(match_id, r.user_id, int(r.won), int(r.left)) for r in standings.results(parts, outcome)],
    )
    deal_ends: list[int] = []
    if "teams" in outcome:
        deal_ends = [r["seq"] for r in await conn.execute_fetchall(_DEAL_ENDS, (match_id,))]
    for contest in standings.contests(parts, outcome, deal_ends):
        await _rate(conn, row["guild_id"], row["game"], contest)
    await conn.execute("UPDATE finishes SET rated = 1 WHERE match_id = ?", (match_id,))


async def _rate(conn: WriteConn, guild_id: int, game: str, contest: standings.Contest) -> None:
    users = [u for team in contest.teams for u in team]
    marks = ", ".join("?" * len(users))
    current = {
        r["user_id"]: (r["mu"], r["sigma"])
        for r in await conn.execute_fetchall(
            f"SELECT user_id, mu, sigma FROM ratings WHERE guild_id = ? AND game = ?"
            f" AND user_id IN ({marks})",
            (guild_id, game, *users),
        )
    }
    new = ratings.rate(contest, current)
    await conn.executemany(
        "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, contests)"
        " VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
        " contests = contests + 1",
        [
            (guild_id, game, user, mu, sigma, ratings.ordinal((mu, sigma)))
            for user, (mu, sigma) in sorted(new.items())
        ],
    )


async def rebuild(conn: WriteConn, guild_id: int, game: str) -> int:
    """Recompute a server's results and ratings of a game from the record;
    returns the matches settled."""
    await conn.execute("DELETE FROM ratings WHERE guild_id = ? AND game = ?", (guild_id, game))
    ids = [
        r["match_id"]
        for r in await conn.execute_fetchall(
            "SELECT f.match_id FROM finishes f JOIN matches m ON m.id = f.match_id"
            " WHERE m.guild_id = ? AND m.game = ? ORDER BY f.id",
            (guild_id, game),
        )
    ]
    for match_id in ids:
        await conn.execute("DELETE FROM results WHERE match_id = ?", (match_id,))
        await settle(conn, match_id)
    return len(ids)


async def unrated(conn: WriteConn) -> list[tuple[int, str]]:
    """(guild, game) pairs with finished matches not rated yet."""
    rows = await conn.execute_fetchall(
        "SELECT DISTINCT m.guild_id, m.game FROM finishes f JOIN matches m ON m.id = f.match_id"
        " WHERE f.rated = 0 ORDER BY m.guild_id, m.game"
    )
    return [(r["guild_id"], r["game"]) for r in rows]
