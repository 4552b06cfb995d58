"""Stats and ratings: the cost of finishing a match (results and rating
update in the same transaction), of a full rebuild, and of the queries
behind `/game stats` and `/game leaderboard`.

Run: `.venv/bin/python -m bench.ratings`

One guild, 2,000 finished Keltis matches of 2-4 players drawn from 200
members, one in ten with a seat handed over; every transaction fsynced
(synchronous=FULL), as in production.
"""

from __future__ import annotations

import asyncio
import random
import shutil
import tempfile
import time
from pathlib import Path

from rules import Match
from storage import SqliteStore, Store

MATCHES = 2_000
MEMBERS = 200
GUILD = 1
QUERIES = 200


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


async def finished_matches(store: Store, rnd: random.Random) -> list[float]:
    """Create and finish MATCHES matches; the time of each finishing call."""
    times = []
    for n in range(MATCHES):
        players = rnd.randint(2, 4)
        users = rnd.sample(range(1, MEMBERS + 1), players + 1)
        match_id = await store.create_lobby(GUILD, 10, "keltis", {}, users[0])
        for user in users[:players]:
            await store.add_user_seat(match_id, user)
        await store.start_match(match_id, Match.new("keltis", players, f"r{n}"))
        if rnd.random() < 0.1:
            await store.replace_seat(
                match_id, rnd.randrange(players), user_id=users[-1], how="replaced"
            )
        scores = [rnd.randint(0, 40) for _ in range(players)]
        outcome = {"scores": scores, "winners": [scores.index(max(scores))]}
        t0 = time.perf_counter()
        await store.finish(match_id, outcome)
        times.append(time.perf_counter() - t0)
    return times


async def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="gamehost-bench-ratings-"))
    rnd = random.Random(14)
    try:
        async with SqliteStore.open(work / "ratings.db") as store:
            finish = await finished_matches(store, rnd)
            t0 = time.perf_counter()
            counted = await store.rebuild_ratings(GUILD, "keltis")
            rebuild = time.perf_counter() - t0
            boards, stats = [], []
            for _ in range(QUERIES):
                t0 = time.perf_counter()
                await store.leaderboard(GUILD, "keltis")
                boards.append(time.perf_counter() - t0)
                t0 = time.perf_counter()
                await store.player_stats(GUILD, rnd.randint(1, MEMBERS))
                stats.append(time.perf_counter() - t0)
    finally:
        shutil.rmtree(work)
    print(f"ratings bench: {MATCHES} finished Keltis matches, {MEMBERS} members, one guild")
    print(
        f"finish a match (+ results, ratings)  p50 {pct(finish, 0.5):6.2f} ms"
        f"  p99 {pct(finish, 0.99):6.2f} ms"
    )
    print(
        f"rebuild the guild's ratings          {rebuild * 1000:8.0f} ms for {counted} matches"
        f" ({rebuild / counted * 1e6:.0f} µs per match)"
    )
    print(
        f"/game leaderboard query              p50 {pct(boards, 0.5):6.2f} ms"
        f"  p99 {pct(boards, 0.99):6.2f} ms"
    )
    print(
        f"/game stats query                    p50 {pct(stats, 0.5):6.2f} ms"
        f"  p99 {pct(stats, 0.99):6.2f} ms"
    )


if __name__ == "__main__":
    asyncio.run(main())
