"""What a move click costs the SQLite store before its answer, old way and
new way side by side: `load` with the cache of loaded matches on and off
(storage/sql/cache.py), `commit_move` with and without the lone-write
fast path (storage/sqlite/database.py, `Database.lone_writes`), and the whole
click as the bot does it (load, act, commit, load again to show it).

Run: `.venv/bin/python -m bench.store_load [--rounds 6] [--ops 40] [--busy 4]`

Matches of Keltis and the Oracle (two players) are played to seq 20 and 100
through the store, in a fresh file in the temp dir. Each measure alternates
its two variants call by call (A B B A ...), `--rounds` x `--ops` calls each, so a
noisy machine weighs on both alike, and prints p50/p99 of each and their
ratio old/new. Everything is measured twice: on a quiet event loop, and on a
busy one (`--busy` tasks each computing 250 us per turn of the loop, as
other clicks do on a loaded bot: what a hop to a thread and back costs is
turns of the loop).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from rules import Match
from storage import SqliteStore, Status

GAMES = ("keltis", "oracle")
DEPTHS = (20, 100)
PER_GROUP = 6  # matches per (game, depth)
MOVERS = 6  # matches per game that commits are measured on
SLICE_S = 0.000_250  # one noise task's work per turn of the loop

Sample = list[float]  # milliseconds


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def pct(samples: Sample, q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def noise(stop: asyncio.Event) -> None:
    """Hold the loop for SLICE_S per turn, like a click being handled."""
    while not stop.is_set():
        end = time.perf_counter() + SLICE_S
        while time.perf_counter() < end:
            pass
        await asyncio.sleep(0)


def random_move(match: Match, rnd: random.Random) -> tuple[int, str]:
    seat = rnd.choice(match.to_act())
    return seat, rnd.choice(match.legal(seat)).key()


async def new_match(store: SqliteStore, game: str, depth: int, seed: str) -> int:
    """A started two-player match played `depth` random moves in, through
    the store (each move committed as the bot commits it)."""
    while True:
        match_id = await store.create_lobby(1, 2, game, {}, 11)
        for user in (11, 12):
            await store.add_user_seat(match_id, user, f"user {user}")
        match = Match.new(game, 2, seed)
        await store.start_match(match_id, match)
        rnd = random.Random(seed)
        while match.seq < depth and not match.is_over():
            seat, key = random_move(match, rnd)
            await store.commit_move(match_id, match, [match.act(seat, key, match.seq)])
        if not match.is_over():
            return match_id
        seed += "+"


async def timed(call: Callable[[], Awaitable[object]]) -> float:
    started = time.perf_counter()
    await call()
    return (time.perf_counter() - started) * 1000


class Bench:
    def __init__(self, on: SqliteStore, off: SqliteStore, rounds: int, ops: int) -> None:
        self.on, self.off = on, off  # the same file, cache of 512 and none
        self.rounds, self.ops = rounds, ops
        self.rnd = random.Random(1)
        self.movers: dict[str, list[int]] = {}

    async def setup(self) -> dict[tuple[str, int], list[int]]:
        groups = {}
        for game in GAMES:
            for depth in DEPTHS:
                groups[game, depth] = [
                    await new_match(self.on, game, depth, f"{game}-{depth}-{n}")
                    for n in range(PER_GROUP)
                ]
            self.movers[game] = [
                await new_match(self.on, game, 20, f"{game}-mover-{n}") for n in range(MOVERS)
            ]
        return groups

    async def alternate(
        self, variants: dict[str, Callable[[int], Awaitable[float]]]
    ) -> dict[str, Sample]:
        """Each variant `rounds * ops` times, interleaved call by call
        (A B, then B A, ...), so that a burst of noise hits both alike."""
        names = list(variants)
        out: dict[str, Sample] = {name: [] for name in names}
        for n in range(self.rounds * self.ops):
            for name in names if n % 2 == 0 else names[::-1]:
                out[name].append(await variants[name](n))
        return out

    async def loads(self, ids: list[int]) -> dict[str, Sample]:
        for match_id in ids:  # the cache holds them, as after a first click
            await self.on.load(match_id)

        def load(store: SqliteStore) -> Callable[[int], Awaitable[float]]:
            return lambda n: timed(lambda: store.load(ids[n % len(ids)]))

        return await self.alternate({"cache on": load(self.on), "cache off": load(self.off)})

    async def mover(self, store: SqliteStore, game: str, n: int) -> tuple[int, Match]:
        """A mover of `game`, loaded, that is not over (replaced once it is)."""
        movers = self.movers[game]
        slot = n % len(movers)
        loaded = await store.load(movers[slot])
        if loaded.match is None or loaded.status != Status.ACTIVE:
            movers[slot] = await new_match(store, game, 20, f"{game}-mover-{n}-{time.time()}")
            loaded = await store.load(movers[slot])
        assert loaded.match is not None
        return movers[slot], loaded.match

    async def commits(self, game: str) -> dict[str, Sample]:
        async def commit(lone: bool, n: int) -> float:
            match_id, match = await self.mover(self.on, game, n)
            events = match.act(*random_move(match, self.rnd), match.seq)
            self.on._db.lone_writes = lone
            try:
                return await timed(lambda: self.on.commit_move(match_id, match, [events]))
            finally:
                self.on._db.lone_writes = True

        return await self.alternate(
            {"lone fast": lambda n: commit(True, n), "via flusher": lambda n: commit(False, n)}
        )

    async def clicks(self, game: str) -> dict[str, Sample]:
        """load, act, commit_move, load: the store's part of a move click."""

        async def click(store: SqliteStore, lone: bool, n: int) -> float:
            movers = self.movers[game]
            await self.mover(store, game, n)  # replaced first if over: not timed
            match_id = movers[n % len(movers)]
            store._db.lone_writes = lone
            started = time.perf_counter()
            try:
                match = (await store.load(match_id)).match
                assert match is not None
                events = match.act(*random_move(match, self.rnd), match.seq)
                await store.commit_move(match_id, match, [events])
                await store.load(match_id)
            finally:
                store._db.lone_writes = True
            return (time.perf_counter() - started) * 1000

        return await self.alternate(
            {
                "new": lambda n: click(self.on, True, n),
                "old": lambda n: click(self.off, False, n),
            }
        )


def report(scenario: str, what: str, samples: dict[str, Sample]) -> None:
    (new, new_s), (old, old_s) = samples.items()
    p50 = (pct(new_s, 0.5), pct(old_s, 0.5))
    p99 = (pct(new_s, 0.99), pct(old_s, 0.99))
    print(
        f"{scenario:<6} {what:<22} {new:>11} {p50[0]:7.3f} {p99[0]:7.3f}"
        f"  {old:>11} {p50[1]:7.3f} {p99[1]:7.3f}"
        f"  {p50[1] / p50[0]:6.2f}x {p99[1] / p99[0]:6.2f}x  n={len(new_s)}",
        flush=True,
    )


async def run(rounds: int, ops: int, busy: int) -> None:
    with tempfile.TemporaryDirectory(prefix="store-load-") as folder:
        path = Path(folder) / "games.db"
        async with (
            SqliteStore.open(path) as on,
            SqliteStore.open(path, cache_size=0) as off,
        ):
            bench = Bench(on, off, rounds, ops)
            started = time.perf_counter()
            groups = await bench.setup()
            log(
                f"{sum(map(len, groups.values()))} matches played in"
                f" {time.perf_counter() - started:.1f} s; measuring"
            )
            print(
                f"{'loop':<6} {'measure':<22} {'new':>11} {'p50 ms':>7} {'p99 ms':>7}"
                f"  {'old':>11} {'p50 ms':>7} {'p99 ms':>7}  old/new p50, p99"
            )
            for scenario, tasks in (("quiet", 0), ("busy", busy)):
                stop = asyncio.Event()
                noisy = [asyncio.create_task(noise(stop)) for _ in range(tasks)]
                try:
                    for (game, depth), ids in groups.items():
                        report(scenario, f"load {game}@{depth}", await bench.loads(ids))
                    for game in GAMES:
                        report(scenario, f"commit_move {game}", await bench.commits(game))
                    for game in GAMES:
                        report(scenario, f"click {game}", await bench.clicks(game))
                finally:
                    stop.set()
                    await asyncio.gather(*noisy)
            log(f"cache: {on._loaded.hits} hits, {on._loaded.stale} entries found out of date")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="alternations per measure")
    parser.add_argument("--ops", type=int, default=40, help="calls per variant per round")
    parser.add_argument("--busy", type=int, default=4, help="noise tasks on the busy loop")
    args = parser.parse_args(argv)
    asyncio.run(run(args.rounds, args.ops, args.busy))


if __name__ == "__main__":
    main()
