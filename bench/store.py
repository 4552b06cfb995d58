"""The store on a big database: commit p50/p99, load, listing, start-up.

Run: `.venv/bin/python -m bench.store [--rebuild] [--postgres URL]`

The dataset (10,000 Keltis matches, 1,000,000 logged actions, 20% active) is
built once with bulk inserts and cached in the temp dir; each run works on a
copy. Start-up is timed on an empty and on the big database: it checks every
page (SQLite's quick_check, about 4 ms per MB, stopped after
storage.sqlite.checks.INTEGRITY_BUDGET), and apart from that it must not grow with
the number of matches. The disk's own fsync time is printed too,
since with synchronous=FULL a commit costs about one fsync.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.bulk import bulk_file
from rules import Match
from storage import SqliteStore, Store
from storage.records import dumps
from storage.sqlite import migrations

MATCHES = 10_000
ACTIONS_PER_MATCH = 100
ACTIVE_SHARE = 0.2
GUILDS = 50
TEMPLATES = 24
COMMITS = 2_000
LOADS = 500
OPENS = 20
CACHE = Path(tempfile.gettempdir()) / "gamehost-bench"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# -- the dataset -------------------------------------------------------------


def templates() -> list[Match]:
    """Real Keltis matches ACTIONS_PER_MATCH moves in (and not over), so
    that loading and moving on are the real thing."""
    found: list[Match] = []
    n = 0
    while len(found) < TEMPLATES:
        rnd = random.Random(n)
        match = Match.new("keltis", 2 + n % 3, f"bench-{n}")
        n += 1
        while match.seq < ACTIONS_PER_MATCH and not match.is_over():
            seat = rnd.choice(match.to_act())
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        if not match.is_over():
            found.append(match)
    return found


def build(path: Path) -> None:
    """Bulk-load the dataset into a migrated file. The schema's triggers
    check one action at a time against the match row, so they are set
    aside during the load and restored, as they were, before committing."""
    started = time.perf_counter()
    tmp = path.with_suffix(".building")
    for leftover in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):
        leftover.unlink(missing_ok=True)
    with bulk_file(tmp) as conn:
        tpls = [(m, dumps(m.snapshot()), dumps(m.options)) for m in templates()]
        # each action's engine events, as a live match stores them with the action
        stories = [[dumps(e) for e in Match.replay_story(m.to_record())[1]] for m, _, _ in tpls]
        now = int(time.time() * 1000)
        for first in range(0, MATCHES, 1000):
            match_rows, seat_rows, action_rows = [], [], []
            for i in range(first, first + 1000):
                match_id = i + 1
                match, snapshot, options = tpls[i % len(tpls)]
                story = stories[i % len(tpls)]
                active = i % int(1 / ACTIVE_SHARE) == 0
                at = now - (MATCHES - i) * 60_000
                match_rows.append(
                    (
                        match_id,
                        1 + i % GUILDS,
                        100 + i % (GUILDS * 4),
                        10_000 + i,
                        "keltis",
                        "active" if active else "finished",
                        1 + i % 500,
                        options,
                        match.players,
                        match.seed,
                        match.game.rules_version,
                        match.seq,
                        snapshot,
                        None if active else "{}",
                        at,
                        at,
                        at,
                        None if active else at,
                    )
                )
                for seat in range(match.players):
                    seat_rows.append((match_id, seat, 1 + (i + seat) % 500, at))
                for seq, (seat, key) in enumerate(match.log):
                    action_rows.append((match_id, seq, seat, key, at, story[seq]))
            conn.executemany(
                "INSERT INTO matches (id, guild_id, channel_id, thread_id, game, status,"
                " creator_id, options, players, seed, rules_version, seq, snapshot, outcome,"
                " created_at, updated_at, started_at, ended_at) VALUES"
                " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                match_rows,
            )
            conn.executemany(
                "INSERT INTO seats (match_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                seat_rows,
            )
            conn.executemany(
                "INSERT INTO actions (match_id, seq, seat, key, at, events)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                action_rows,
            )
    tmp.rename(path)
    took = time.perf_counter() - started
    log(f"built {path} ({path.stat().st_size / 1e6:.0f} MB) in {took:.1f} s")


def dataset(rebuild: bool) -> Path:
    name = f"store-v{migrations.latest()}-{MATCHES}x{ACTIONS_PER_MATCH}.db"
    path = CACHE / name
    if rebuild or not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"building the dataset ({MATCHES} matches, {MATCHES * ACTIONS_PER_MATCH} actions)")
        build(path)
    return path


# -- measurements --------------------------------------------------------------


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000


async def startup(path: Path) -> float:
    times = []
    for _ in range(OPENS):
        t0 = time.perf_counter()
        store = await SqliteStore.open(path)
        times.append(time.perf_counter() - t0)
        await store.close()
    return statistics.median(times) * 1000


async def commits(store: Store, active: list[int], rnd: random.Random) -> list[float]:
    times = []
    for _ in range(COMMITS):
        match_id = rnd.choice(active)
        match = (await store.load(match_id)).match
        assert match is not None  # stored by this benchmark, with its game
        if match.is_over():
            active.remove(match_id)
            continue
        seat = rnd.choice(match.to_act())
        events = match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        t0 = time.perf_counter()
        await store.commit(match_id, match, events)
        times.append(time.perf_counter() - t0)
    return times


async def timed(fn, args: list) -> list[float]:
    times = []
    for arg in args:
        t0 = time.perf_counter()
        await fn(arg)
        times.append(time.perf_counter() - t0)
    return times


def fsync_ms(folder: Path) -> float:
    probe = folder / "fsync.probe"
    times = []
    with open(probe, "wb") as f:
        for _ in range(50):
            f.write(b"x" * 4096)
            f.flush()
            t0 = time.perf_counter()
            os.fsync(f.fileno())
            times.append(time.perf_counter() - t0)
    probe.unlink()
    return statistics.median(times) * 1000


async def measure(open_store, rnd: random.Random) -> dict[str, list[float]]:
    """Loads, verified loads, listings and commits on an opened big database."""
    async with open_store() as store:
        ids = [i.id for i in await store.live_matches()]
        some = [rnd.randint(1, MATCHES) for _ in range(LOADS)]
        out = {"loads": await timed(store.load, some)}
        out["verified"] = await timed(lambda i: store.load(i, verify=True), some[: LOADS // 5])
        guilds = [rnd.randint(1, GUILDS) for _ in range(LOADS // 5)]
        out["listing"] = await timed(lambda g: store.live_matches(guild_id=g), guilds)
        out["full"] = await commits(store, ids, rnd)
        if isinstance(store, SqliteStore):
            await store._db._writer.execute("PRAGMA synchronous = NORMAL")  # for comparison
            out["normal"] = await commits(store, ids, rnd)
    return out


def report(name: str, m: dict[str, list[float]], opened: tuple[float, float]) -> None:
    print(f"-- {name}")
    for key, label in (
        ("full", "commit (one transaction)    "),
        ("normal", "commit (synchronous=NORMAL) "),
        ("loads", "load one match (~100 moves) "),
        ("verified", "load + replay (verify=True) "),
        ("listing", "live matches of a guild     "),
    ):
        if key in m:
            ts = m[key]
            print(f"{label} p50 {pct(ts, 0.5):6.2f} ms  p99 {pct(ts, 0.99):6.2f} ms")
    print(f"start-up (open)              {opened[0]:6.2f} ms empty, {opened[1]:6.2f} ms big db")


async def postgres(big: Path, url: str) -> tuple[dict[str, list[float]], tuple[float, float]]:
    """The same measures on PostgreSQL: the big database copied into a schema
    of its own (storage/transfer), then opened by PgStore."""
    import asyncpg

    from storage.postgres import PgStore
    from storage.transfer import transfer

    conn = await asyncpg.connect(url)
    names = [f"bench_{os.getpid()}_{kind}" for kind in ("big", "empty")]
    try:
        for name in names:
            await conn.execute(f'CREATE SCHEMA "{name}"')
        started = time.perf_counter()
        await transfer(str(big), url, target_schema=names[0])
        log(f"copied the big database into PostgreSQL in {time.perf_counter() - started:.0f} s")

        async def opening(schema: str) -> float:
            times = []
            for _ in range(OPENS):
                t0 = time.perf_counter()
                store = await PgStore.open(url, schema_name=schema)
                times.append(time.perf_counter() - t0)
                await store.close()
            return statistics.median(times) * 1000

        opened = (await opening(names[1]), await opening(names[0]))
        measured = await measure(lambda: PgStore.open(url, schema_name=names[0]), random.Random(1))
        return measured, opened
    finally:
        for name in names:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
        await conn.close()


async def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="build the dataset afresh")
    parser.add_argument("--postgres", metavar="URL", help="also measure this PostgreSQL database")
    args = parser.parse_args(argv)
    source = dataset(args.rebuild)
    url = args.postgres
    work = Path(tempfile.mkdtemp(prefix="gamehost-bench-"))
    try:
        big = work / "big.db"
        shutil.copyfile(source, big)
        small = work / "small.db"
        opened = (await startup(small), await startup(big))
        sqlite = await measure(lambda: SqliteStore.open(big), random.Random(1))
        disk = fsync_ms(work)
        pg = await postgres(source, url) if url else None
    finally:
        shutil.rmtree(work)
    print(
        f"store bench: {MATCHES} matches, {MATCHES * ACTIONS_PER_MATCH} actions, "
        f"{COMMITS} commits per mode"
    )
    report("SQLite (synchronous=FULL, each commit fsynced)", sqlite, opened)
    print(f"disk fsync                   {disk:6.2f} ms median")
    if pg is not None:
        report("PostgreSQL (the same database, copied)", *pg)


if __name__ == "__main__":
    asyncio.run(main())
