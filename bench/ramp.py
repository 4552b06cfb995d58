"""`bench.load --ramp`: the highest click rate the bot holds, and the floor's (issue 29).

The rate rises step by step (`--ramp-start`, `--ramp-step` clicks a second);
each step drives clicks for `--settle` seconds unmeasured, then
`--step-seconds` measured. A side holds a step while its clicks (the bot's
move clicks; any floor click) keep p99 within 100 ms and none is left
unanswered after Discord's 3 s. The floor's ramp runs first (by
`--floor-step`), then the bot's, each side clicked alone (`--ramp-together`: both alternated at each
step, as the plain run does, until one fails); the matches grow with the
rate (`--matches` per `--rate` clicks a second: 4 per click a second by
default) so the players never run out of clicks to make.

The load generator (players and fake Discords, one event loop) is checked
at every step: the clicks it made a second against those asked, its own
CPU time and how late its clock ticks ran. A step it did not keep up with
(under 95% of the asked rate, its CPU over 90% of a core, or its ticks
late by over 50 ms at p99) ends that side's ramp as "generator-limited":
the side held at least the step before. The generator's garbage collector
is off during a step (full collections of the fake's state paused it).

`--profile FILE`: the bot runs under bench/profiled.py; after the ramp one
more step at the bot's highest held rate is driven with cProfile on in the
bot's event-loop thread, its stats written to FILE and the top entries
printed (the profiler slows the bot: that step is not part of the ramp).
"""

from __future__ import annotations

import asyncio
import gc
import math
import os
import pstats
import resource
import signal
import sqlite3
import time
from collections.abc import Callable, Coroutine
from pathlib import Path

from bench.load import MIX, ROOT, WARM_UP, Load, cpu_seconds, load_average, percentile
from playground.fake_discord import python_argv

LIMIT_P99 = 0.100  # seconds: a step fails above
ANSWER_WITHIN = 3.0  # Discord's limit for the first answer
KEPT_UP = 0.95  # of the asked rate, or the step is generator-limited
GENERATOR_CPU = 0.90  # of a core, or the step is generator-limited
TICKS_LATE = 0.050  # p99 of the generator's ticks, or the step is generator-limited
GOAL_RATIO, GOAL_RATE = 0.40, 300.0


class Pauses:
    """The generator's garbage-collection pauses (gc.callbacks), in seconds."""

    def __init__(self) -> None:
        self.started = 0.0
        self.seen: list[float] = []
        gc.callbacks.append(self.note)

    def note(self, phase: str, info: dict) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.seen.append(time.perf_counter() - self.started)


def cpu_seconds_of(where: str) -> float:
    try:
        fields = Path(f"/proc/{where}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


class Ramp:
    def __init__(self, args, folder: Path):
        self.args = args
        self.load = Load(args, folder)
        self.load.answer_timeout = ANSWER_WITHIN
        self.per_rate = args.matches / args.rate  # matches per click a second
        self.profile = Path(args.profile).resolve() if args.profile else None
        self.pauses = Pauses()
        self.reader: sqlite3.Connection | None = None
        if not args.postgres:
            self.load.seq = self.seq  # type: ignore[method-assign]
        if self.profile is not None:
            self.load.bot_argv = python_argv(ROOT / "bench" / "profiled.py", str(ROOT / "bot.py"))
            self.load.bot_env = {"GAMEHOST_PROFILE": str(self.profile)}

    async def run(self) -> dict:
        load = self.load
        await load.start()
        try:
            await self.ensure_matches(self.args.ramp_start)
            print(f"warm-up: {WARM_UP:.0f} s at {self.args.ramp_start:g} clicks/s", flush=True)
            await self.drive(("bot", "floor"), self.args.ramp_start, WARM_UP)
            out: dict = {"steps": [], "held": {}, "stopped": {}}
            orders = [("bot", "floor")] if self.args.ramp_together else [("floor",), ("bot",)]
            for sides in orders:
                await self.ramp(list(sides), out)
            if self.profile is not None:
                out["profile"] = await self.profiled(out["held"].get("bot") or self.args.ramp_start)
            return out
        finally:
            await load.bot.stop()
            await load.floor.stop()
            await load.fake.stop()
            await load.floor_fake.stop()
            await load.drop_postgres()

    async def seq(self, match_id: int) -> int:
        """As Load.seq on SQLite, on one connection kept open (a connection
        a read blocked the generator's loop for longer)."""
        if self.reader is None:
            self.reader = sqlite3.connect(f"file:{self.load.db}?mode=ro", uri=True)
        found = self.reader.execute("SELECT seq FROM matches WHERE id = ?", (match_id,))
        return int(found.fetchone()[0])

    async def ramp(self, sides: list[str], out: dict) -> None:
        rate = self.args.ramp_start
        by = self.args.floor_step if sides == ["floor"] else self.args.ramp_step
        while sides and rate <= self.args.ramp_max:
            step = await self.step(sides, rate)
            out["steps"].append(step)
            show_step(step)
            for side in list(sides):
                verdict = step["verdict"][side]
                if verdict == "held":
                    out["held"][side] = rate
                else:
                    out["stopped"][side] = {"rate": rate, "why": verdict}
                    sides.remove(side)
            rate += by

    async def ensure_matches(self, rate: float) -> None:
        load = self.load
        want = math.ceil(self.per_rate * rate)
        have = len(load.tables)
        if want <= have:
            return
        started = time.monotonic()
        for first in range(have, want, 8):  # a few lobbies at once, as bench.load does
            batch = range(first, min(want, first + 8))
            await asyncio.gather(*(load.open_match(*MIX[n % len(MIX)], n) for n in batch))
        print(
            f"opened {want - have} matches ({len(load.tables)} in all) "
            f"in {time.monotonic() - started:.0f} s",
            flush=True,
        )

    async def drive(self, sides, rate: float, seconds: float) -> tuple[float, list[float]]:
        """`rate` clicks a second on each side, alternated; the seconds spent
        sending and how late each tick was sent."""
        load = self.load
        works: list[Callable[[], Coroutine[None, None, None]]] = [
            load.click_game if side == "bot" else load.click_floor for side in sides
        ]
        gap = 1.0 / rate / len(works)
        loop = asyncio.get_running_loop()
        tasks: set[asyncio.Task[None]] = set()
        begun = tick = loop.time()
        end = begun + seconds
        late: list[float] = []
        while loop.time() < end:
            for work in works:
                task = asyncio.create_task(work())
                tasks.add(task)
                task.add_done_callback(tasks.discard)
                tick += gap
                await asyncio.sleep(max(0.0, tick - loop.time()))
                late.append(max(0.0, loop.time() - tick))
        sent = loop.time() - begun
        await asyncio.gather(*tasks, return_exceptions=True)
        return sent, late

    async def step(self, sides: list[str], rate: float) -> dict:
        load = self.load
        if "bot" in sides:
            await self.ensure_matches(rate)
        # The generator's garbage collector is off during a step, and what the
        # steps before left is frozen out of its sight: full collections of the
        # fake's growing state paused the generator's loop for 50-190 ms.
        gc.enable()
        gc.collect()
        gc.freeze()
        gc.disable()
        await self.drive(sides, rate, self.args.settle)
        self.pauses.seen.clear()
        load.samples = {"move": [], "other": [], "floor": []}
        load.dispatched.clear()
        load.unanswered.clear()
        load.starved = 0
        bot_cpu, gen_cpu, load_before = load.cpu(), own_cpu(), load_average()
        loop_cpu = self.loop_cpu()
        floor_cpu = self.floor_cpu()
        load.measuring = True
        sent, late = await self.drive(sides, rate, self.args.step_seconds)
        load.measuring = False
        gc.enable()
        used = [(b - a) / sent for a, b in zip(bot_cpu, load.cpu(), strict=True)]
        step: dict = {
            "sides": sides,
            "rate": rate,
            "matches": len(load.tables),
            "seconds": round(sent, 1),
            "generator_cpu": (own_cpu() - gen_cpu) / sent,
            "tick_late_ms": {"p99": percentile(late, 0.99) * 1000, "max": max(late) * 1000},
            "gc_pause_ms": max(self.pauses.seen, default=0.0) * 1000,
            "bot_cpu": used[0],
            "worker_cpu": used[1],
            "bot_loop_cpu": (self.loop_cpu() - loop_cpu) / sent,
            "floor_cpu": (self.floor_cpu() - floor_cpu) / sent,
            "load_average": (load_before, load_average()),
            "starved": load.starved,
            "verdict": {},
        }
        judged_by = (("bot", "game", ("move", "other")), ("floor", "floor", ("floor",)))
        for side, key, kinds in judged_by:
            if side not in sides:
                continue
            made = load.dispatched[key] / sent
            figures = {
                kind: {
                    "clicks": len(load.samples[kind]),
                    "p50_ms": percentile(load.samples[kind], 0.5) * 1000,
                    "p99_ms": percentile(load.samples[kind], 0.99) * 1000,
                }
                for kind in kinds
            }
            judged = figures[kinds[0]]
            if (
                made < KEPT_UP * rate
                or step["generator_cpu"] > GENERATOR_CPU
                or step["tick_late_ms"]["p99"] > TICKS_LATE * 1000
            ):
                verdict = "generator-limited"
                if side == "bot" and load.starved > (1 - KEPT_UP) * rate * sent:
                    verdict = "starved (too few clicks to make)"
            elif load.unanswered[key]:
                verdict = f"{load.unanswered[key]} unanswered"
            elif not judged["p99_ms"] <= LIMIT_P99 * 1000:
                verdict = f"p99 {judged['p99_ms']:.0f} ms"
            else:
                verdict = "held"
            step[side] = {
                "made_per_s": made,
                "unanswered": load.unanswered[key],
                **figures,
            }
            step["verdict"][side] = verdict
        return step

    def loop_cpu(self) -> float:
        """CPU seconds of the bot's main thread (its event loop) so far; the
        rest of the bot's are its other threads' (the writer's, the bots')."""
        pid = self.load.bot.pid
        return cpu_seconds_of(f"{pid}/task/{pid}") if pid is not None else 0.0

    def floor_cpu(self) -> float:
        pid = self.load.floor.pid
        return cpu_seconds(pid) if pid is not None else 0.0

    async def profiled(self, rate: float) -> dict:
        """One more step at `rate` with the bot's event loop under cProfile."""
        assert self.profile is not None and self.load.bot.pid is not None
        print(f"\nprofiling the bot at {rate:g} clicks/s (not part of the ramp)", flush=True)
        self.profile.unlink(missing_ok=True)
        await self.ensure_matches(rate)
        await self.drive(["bot"], rate, self.args.settle)
        os.kill(self.load.bot.pid, signal.SIGUSR1)
        step = await self.step_profiled(rate)
        os.kill(self.load.bot.pid, signal.SIGUSR2)
        for _ in range(100):
            if self.profile.exists():
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)  # written in one go; let it finish
        show_step(step)
        return {"rate": rate, "file": str(self.profile), "step": step}

    async def step_profiled(self, rate: float) -> dict:
        settle, self.args.settle = self.args.settle, 0.0
        try:
            return await self.step(["bot"], rate)
        finally:
            self.args.settle = settle


def show_step(step: dict) -> None:
    parts = [f"{step['rate']:6g}/s {'+'.join(step['sides']):9} {step['matches']:5} matches"]
    if "bot" in step:
        b = step["bot"]
        parts.append(
            f"bot made {b['made_per_s']:6.1f}/s: move p50 {b['move']['p50_ms']:6.1f} "
            f"p99 {b['move']['p99_ms']:7.1f} ms ({b['move']['clicks']}), other p99 "
            f"{b['other']['p99_ms']:7.1f}, unanswered {b['unanswered']}, starved {step['starved']}"
        )
    if "floor" in step:
        f = step["floor"]
        parts.append(
            f"floor made {f['made_per_s']:6.1f}/s: p50 {f['floor']['p50_ms']:5.1f} "
            f"p99 {f['floor']['p99_ms']:6.1f} ms, unanswered {f['unanswered']}"
        )
    parts.append(
        f"generator CPU {step['generator_cpu']:.0%}, ticks late p99 "
        f"{step['tick_late_ms']['p99']:.1f} ms, GC pause max {step['gc_pause_ms']:.0f} ms; "
        f"bot CPU {step['bot_cpu']:.0%} (its loop's thread {step['bot_loop_cpu']:.0%}) "
        f"(worker {step['worker_cpu']:.0%}), floor CPU {step['floor_cpu']:.0%}; "
        f"load {step['load_average'][0]:.1f}-"
        f"{step['load_average'][1]:.1f}"
    )
    verdicts = ", ".join(f"{side} {v}" for side, v in step["verdict"].items())
    print("\n    ".join(parts) + f"\n    -> {verdicts}", flush=True)


def show(out: dict, args) -> None:
    print("\nhighest rate held (p99 of move clicks / floor clicks ≤ 100 ms, none unanswered):")
    for side in ("bot", "floor"):
        held = out["held"].get(side)
        stop = out["stopped"].get(side)
        why = f"; stopped at {stop['rate']:g}/s: {stop['why']}" if stop else "; not stopped"
        at_least = "at least " if stop is None or stop["why"].startswith(("gen", "starv")) else ""
        shown = f"{at_least}{held:g} clicks/s" if held else "none"
        print(f"    {side:5} {shown}{why}")
    bot, floor = out["held"].get("bot", 0.0), out["held"].get("floor", 0.0)
    if len(out["stopped"]) < 2:
        print("    (a side was not stopped: --ramp-max reached, the goals below are not decided)")
    if floor:
        ratio = bot / floor
        met = "met" if ratio >= GOAL_RATIO else "missed"
        print(f"    bot / floor: {ratio:.0%} (goal ≥ {GOAL_RATIO:.0%}: {met})")
    met = "met" if bot >= GOAL_RATE else "missed"
    print(
        f"    bot: {bot:g} clicks/s (goal ≥ {GOAL_RATE:g} at BOT_MOVE_DELAY "
        f"{args.bot_delay:g} s: {met})"
    )
    if "profile" in out:
        path = out["profile"]["file"]
        if not Path(path).exists():
            print(f"no profile written to {path}")
            return
        print(f"\nprofile of the bot's event loop at {out['profile']['rate']:g} clicks/s ({path}):")
        show_profile(path)


def by_package(path: str) -> list[tuple[str, float]]:
    """Self time of a profile summed by package (discord, aiohttp, cogs/play,
    games/keltis...; the standard library's by module), most first."""
    totals: dict[str, float] = {}
    for (file, _, name), (_, _, self_time, _, _) in pstats.Stats(path).stats.items():  # type: ignore[attr-defined]
        if "site-packages/" in file:
            key = file.split("site-packages/")[1].split("/")[0]
        elif file.startswith(str(ROOT)):
            key = "/".join(Path(file).relative_to(ROOT).parts[:2])
        elif file == "~":
            key = "idle (epoll)" if "epoll" in name else name
        else:
            key = Path(file).name
        totals[key] = totals.get(key, 0.0) + self_time
    return sorted(totals.items(), key=lambda kv: -kv[1])


def show_profile(path: str) -> None:
    shares = by_package(path)
    total = sum(t for _, t in shares)
    print(f"self time by package, of {total:.1f} s of the loop's thread:")
    for key, spent in shares[:20]:
        print(f"    {spent:7.3f} s {spent / total:6.1%}  {key}")
    stats = pstats.Stats(path)
    stats.strip_dirs()
    stats.sort_stats("tottime").print_stats(15)
    stats.sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":  # `python -m bench.ramp FILE`: a saved profile again
    import sys

    show_profile(sys.argv[1])
