"""Moves committed per second when many are made at once (issue 29).

Run: `.venv/bin/python -m bench.commits [--postgres URL] [--seconds 10]`

A bot under load commits moves from many tasks at once. SQLite's store
queues them and commits those that pile up in one transaction (group commit:
still all or nothing per move, each answered only after the fsync);
PostgreSQL commits each on a connection of its pool, and its own WAL flush
groups concurrent commits. For each number of concurrent writers, each
making moves in matches of its own (load, act, commit, as a click does):
moves committed per second, transactions per move, and a commit's p50 and
p99. SQLite on a file of its own (fsynced, as the bot runs it); with
`--postgres`, the same on a schema of its own, dropped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path

from rules import Match
from storage import SqliteStore, Store

WRITERS = (1, 4, 16, 64)
MATCHES_PER_WRITER = 2
GUILD, CHANNEL, CREATOR = 1, 2, 3


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


async def new_match(store: Store, n: int) -> int:
    """A started two-player Keltis match."""
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, CREATOR)
    for user in (100 + 2 * n, 101 + 2 * n):
        await store.add_user_seat(match_id, user, f"player {user}")
    await store.start_match(match_id, Match.new("keltis", 2, f"commits-{n}", {}))
    return match_id


async def writer(store: Store, matches: list[int], until: float, rnd: random.Random) -> list[float]:
    """Moves in its own matches until `until` (a finished match is replaced)."""
    times: list[float] = []
    while time.monotonic() < until:
        k = rnd.randrange(len(matches))
        match = (await store.load(matches[k])).match
        assert match is not None  # started by this benchmark
        if match.is_over():
            matches[k] = await new_match(store, rnd.randrange(10**9))
            continue
        seat = rnd.choice(match.to_act())
        events = match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        started = time.perf_counter()
        await store.commit(matches[k], match, events)
        times.append(time.perf_counter() - started)
    return times


async def measure(store: Store, seconds: float) -> list[dict[str, float]]:
    rows = []
    for writers in WRITERS:
        owned = [
            [await new_match(store, w * MATCHES_PER_WRITER + m) for m in range(MATCHES_PER_WRITER)]
            for w in range(writers)
        ]
        before, started = store.transactions, time.monotonic()
        until = started + seconds
        results = await asyncio.gather(
            *(writer(store, owned[w], until, random.Random(w)) for w in range(writers))
        )
        elapsed = time.monotonic() - started
        times = [t for r in results for t in r]
        rows.append(
            {
                "writers": writers,
                "moves_per_s": len(times) / elapsed,
                "transactions_per_move": (store.transactions - before) / max(1, len(times)),
                "p50_ms": pct(times, 0.5),
                "p99_ms": pct(times, 0.99),
            }
        )
    return rows


@contextlib.asynccontextmanager
async def postgres_store(url: str) -> AsyncIterator[Store]:
    import asyncpg

    from storage.postgres import PgStore

    schema = f"bench_commits_{os.getpid()}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        async with PgStore.open(url, schema_name=schema, max_size=16) as store:
            yield store
    finally:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await conn.close()


def show(name: str, rows: list[dict[str, float]]) -> None:
    print(f"\n{name}")
    print("writers  moves/s  transactions/move  commit p50    p99")
    for r in rows:
        print(
            f"{r['writers']:7}  {r['moves_per_s']:7.0f}  {r['transactions_per_move']:17.2f}"
            f"  {r['p50_ms']:7.2f} ms {r['p99_ms']:6.2f} ms"
        )


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="gamehost-commits-") as folder:
        async with SqliteStore.open(Path(folder) / "games.db") as store:
            show(
                "SQLite (synchronous=FULL: every transaction fsynced)",
                await measure(store, args.seconds),
            )
    if args.postgres:
        async with postgres_store(args.postgres) as store:
            show("PostgreSQL (pool of 16)", await measure(store, args.seconds))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", metavar="URL", help="also measure this PostgreSQL database")
    parser.add_argument("--seconds", type=float, default=10.0, help="per number of writers")
    asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
