"""Click latency under load, against a floor (issue 18).

Run: `.venv/bin/python -m bench.load [--matches 200] [--rate 50] [--seconds 60]
[--postgres URL] [--profile FILE]` (FILE: the bot's event loop under cProfile over
the measured window, for `pstats`; it slows the bot, so read shares, not times);
`--ramp [--profile FILE]` measures instead the highest click rate the bot holds
beside the floor's (bench/ramp.py, issue 29).

The real bot (bot.py, as a process) plays `--matches` live matches of all
five games on a fake Discord (playground/fake_discord): Keltis, the dice game
and Cuttle between two people, the Oracle against a bot, Cucco with two
people and three bots. Simulated players make `--rate` legal clicks a second
the way people do: open their panel from the table ("My hand"), choose a
card, make a move; bots answer at BOT_MOVE_DELAY as configured (1.5 s).
The bot stores on an SQLite file of its own, or with `--postgres URL` on
that PostgreSQL database (DATABASE_URL), in a schema of its own dropped at
the end.
In the same run, alternated click by click, a bare discord.py bot that
answers a click at once (bench/floor_bot.py) is clicked at the same rate on
a second fake Discord in the same event loop: the floor.

Reported, over the measured window (after a warm-up):
- p50/p99 of the answer time of move clicks and other clicks, and as ratios
  to the floor's;
- where a move click's time goes, step by step (to the bot's handler,
  loading and checking the move, drawing the answer's panel, the commit,
  the answer until Discord has it), beside the floor's two steps: from the
  bots' own stamps (GAMEHOST_CLICK_TIMES) and the fake Discord's;
- REST calls per human move besides its answer (interaction callbacks are
  the answers; everything else the bot sends counts: table edits, panel
  redraws, pings and their deletions), with the routes;
- how long after its commit each move (a person's or a bot's) is on its
  table, p50/p90/p99: the edit that shows it has landed (the bot's own
  stamps, GAMEHOST_CLICK_TIMES);
- write transactions (each one fsync) per move, from the bot's own counters;
- the bot's CPU time per move, and its board worker's;
- the machine's load average (the figures are ratios because the machine
  may be shared: the floor suffers the same load);
- the bot's resident memory (RSS), at most, and its board worker's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import asyncpg

from cogs.play.click_timings import STEPS
from playground.fake_discord import BotProcess, FakeDiscord, python_argv
from playground.fake_discord.messages import Message
from tests.e2e.bot_helpers import current_table

ROOT = Path(__file__).resolve().parent.parent
#: game -> (people, bots): all five games, as they are played
MIX = [("keltis", 2, 0), ("oracle", 1, 1), ("keltis_dice", 2, 0), ("cuttle", 2, 0), ("cucco", 2, 3)]
WARM_UP = 10.0  # seconds of load before measuring
CALLBACK = re.compile(r"/interactions/\d+/[^/]+/callback$")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def rss_mb(pid: int | None) -> float:
    assert pid is not None, "the bot is not running"
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def children(pid: int) -> list[int]:
    """The processes `pid` started (the bot's board worker)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Table:
    """One live match as its players see it."""

    def __init__(self, match_id: int, place, table, users):
        self.id, self.place, self.table, self.users = match_id, place, table, users
        self.panels: dict[int, Message] = {}
        self.busy = False


class Load:
    def __init__(self, args, folder: Path):
        self.args, self.folder = args, folder
        self.rnd = random.Random(18)
        self.fake = FakeDiscord()
        self.floor_fake = FakeDiscord()
        self.tables: list[Table] = []
        self.samples: dict[str, list[float]] = {"move": [], "other": [], "floor": []}
        #: measured move clicks and floor clicks: interaction id -> (dispatched, answered)
        self.stamps: dict[str, dict[int, tuple[float, float]]] = {"move": {}, "floor": {}}
        self.measuring = False
        self.db = folder / "games.db"
        self.stats = folder / "stats.json"
        self.click_times = folder / "click-times.txt"
        self.floor_times = folder / "floor-times.txt"
        self.rss = 0.0
        self.worker_rss = 0.0
        self.pg: asyncpg.Pool | None = None  # with --postgres: reads the seq there
        self.schema = f"bench_load_{os.getpid()}"
        #: for --ramp (bench/ramp.py): how long a click may wait for its answer, the
        #: clicks sent and left unanswered by side ("game", "floor"), the game clicks
        #: not made because no table had one to make, the bot's command line and env
        self.answer_timeout = 10.0
        self.dispatched: Counter[str] = Counter()
        self.unanswered: Counter[str] = Counter()
        self.starved = 0
        self.bot_argv = python_argv(ROOT / "bot.py")
        self.bot_env: dict[str, str] = {}
        #: with --profile (and not --ramp): the measured window under cProfile
        self.profile = None if args.ramp or not args.profile else Path(args.profile).resolve()
        if self.profile is not None:
            self.bot_argv = python_argv(ROOT / "bench" / "profiled.py", str(ROOT / "bot.py"))
            self.bot_env = {"GAMEHOST_PROFILE": str(self.profile)}
        elif getattr(args, "stalls", None):  # the event loop's stalls (bench/stalls.py)
            self.bot_argv = python_argv(ROOT / "bench" / "stalls.py", str(ROOT / "bot.py"))
            self.bot_env = {"GAMEHOST_STALLS": str(Path(args.stalls).resolve())}

    # -- setting up ------------------------------------------------------------------
    async def start(self) -> None:
        await self.fake.start()
        await self.floor_fake.start()
        self.guild = self.fake.add_guild("Load")
        self.channel = self.fake.add_text_channel(self.guild, "games")
        floor_guild = self.floor_fake.add_guild("Floor")
        self.floor_channel = self.floor_fake.add_text_channel(floor_guild, "floor")
        self.floor_user = self.floor_fake.add_user("clicker")
        env = {
            **(await self.postgres()),
            "DATABASE_PATH": str(self.db),
            "DEV_GUILD_ID": str(self.guild.id),
            "GAMEHOST_TEST_STATS": str(self.stats),
            "LOG_LEVEL": "WARNING",
            "BOT_MOVE_DELAY": str(self.args.bot_delay),
            **(
                {"TABLE_WATCHED_DELAY": str(self.args.table_delay)}
                if self.args.table_delay is not None
                else {}
            ),
            "GAMEHOST_CLICK_TIMES": str(self.click_times),
            **self.bot_env,
        }
        self.bot = await BotProcess(
            self.fake,
            self.bot_argv,
            env=env,
            cwd=ROOT,
            log_path=self.folder / "bot.log",
        ).start()
        self.floor = await BotProcess(
            self.floor_fake,
            python_argv(ROOT / "bench" / "floor_bot.py"),
            env={
                "FLOOR_CHANNEL": str(self.floor_channel.id),
                "FLOOR_CLICK_TIMES": str(self.floor_times),
            },
            cwd=ROOT,
            log_path=self.folder / "floor.log",
        ).start()
        self.floor_message = await self.floor_fake.wait_until(
            lambda: self.floor_fake.latest_message(self.floor_channel), 15, "the floor's button"
        )

    async def postgres(self) -> dict[str, str]:
        """With --postgres: a schema of the bot's own, and the bot's DATABASE_URL
        working in it (asyncpg passes unknown URL parameters as settings)."""
        if not self.args.postgres:
            return {}
        self.pg = await asyncpg.create_pool(self.args.postgres, min_size=1, max_size=4)
        await self.pg.execute(f'CREATE SCHEMA "{self.schema}"')
        glue = "&" if "?" in self.args.postgres else "?"
        return {"DATABASE_URL": f"{self.args.postgres}{glue}search_path={self.schema}"}

    async def drop_postgres(self) -> None:
        if self.pg is not None:
            await self.pg.execute(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE')
            await self.pg.close()

    async def open_matches(self) -> None:
        started = time.monotonic()
        pending = [MIX[i % len(MIX)] for i in range(self.args.matches)]
        for start in range(0, len(pending), 8):  # a few lobbies at once
            await asyncio.gather(
                *(
                    self.open_match(*spec, n)
                    for n, spec in enumerate(pending[start : start + 8], start)
                )
            )
        print(
            f"opened {len(self.tables)} matches in {time.monotonic() - started:.0f} s", flush=True
        )

    async def open_match(self, game: str, people: int, bots: int, n: int) -> None:
        fake = self.fake
        users = [fake.add_user(f"{game}-{n}-{k}", guilds=[self.guild]) for k in range(people)]
        inter = await fake.slash(
            users[0], self.channel, "game new", game=game, players=people + bots, bots=bots
        )
        await inter.wait_answered(30)
        lobby = await inter.wait_reply(30)
        for user in users[1:]:
            await (await fake.click(user, lobby, label="Join")).wait_answered(30)
        thread = await fake.wait_until(lambda: fake.state.channels.get(lobby.id), 30, "the thread")
        table = await fake.wait_until(lambda: current_table(fake, thread), 30, "the table")
        match_id = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
        self.tables.append(Table(match_id, thread, table, users))

    # -- clicking ----------------------------------------------------------------------
    async def seq(self, match_id: int) -> int:
        if self.pg is not None:
            found: int = await self.pg.fetchval(
                f'SELECT seq FROM "{self.schema}".matches WHERE id = $1', match_id
            )
            return found
        with sqlite3.connect(f"file:{self.db}?mode=ro", uri=True) as conn:
            return conn.execute("SELECT seq FROM matches WHERE id = ?", (match_id,)).fetchone()[0]

    def next_click(self, t: Table):
        """(user, message, how) for the click a player of `t` would make now, or None."""
        if t.table.deleted:
            t.table = current_table(self.fake, t.place) or t.table
        for user in self.rnd.sample(t.users, len(t.users)):
            panel = t.panels.get(user.id)
            if panel is None:
                continue
            if "**Your decision:**" not in panel.text:
                continue
            moves = [
                b
                for b in panel.buttons()
                if b["custom_id"].startswith("g:") and not b.get("disabled")
            ]
            lists = [s for s in panel.selects() if s["custom_id"].startswith(("gs:", "gg:"))]
            options = [("button", b) for b in moves] + [("select", s) for s in lists]
            if options:
                return user, panel, self.rnd.choice(options)
        closed = [u for u in t.users if u.id not in t.panels]
        if closed:
            return self.rnd.choice(closed), t.table, ("hand", None)
        if self.rnd.random() < 0.05:  # now and then someone reopens theirs
            return self.rnd.choice(t.users), t.table, ("hand", None)
        return None

    async def click_game(self) -> None:
        for _ in range(20):
            t = self.rnd.choice(self.tables)
            if t.busy:
                continue
            chosen = self.next_click(t)
            if chosen is not None:
                break
        else:
            self.starved += 1
            return
        user, message, (how, item) = chosen
        t.busy = True
        try:
            before = await self.seq(t.id)
            if how == "hand":
                inter = await self.fake.click(user, message, custom_id="hand:")
            elif how == "button":
                inter = await self.fake.click(user, message, custom_id=item["custom_id"])
            else:
                value = self.rnd.choice(item["options"])["value"]
                inter = await self.fake.select(user, message, [value], custom_id=item["custom_id"])
            self.dispatched["game"] += 1
            await self.answered(inter, "game")
            moved = await self.seq(t.id) != before
            if how == "hand":
                t.panels[user.id] = await inter.wait_reply(10)
            if self.measuring and inter.answered_after is not None:
                self.samples["move" if moved else "other"].append(inter.answered_after)
                if moved:
                    self.stamp("move", inter)
        except (LookupError, PermissionError, TimeoutError, ValueError):
            pass  # the message changed under the click (a redraw): a person would look again
        finally:
            t.busy = False

    async def click_floor(self) -> None:
        assert self.floor_message is not None  # waited for in start()
        inter = await self.floor_fake.click(
            self.floor_user, self.floor_message, custom_id="floor:click"
        )
        self.dispatched["floor"] += 1
        try:
            await self.answered(inter, "floor")
        except TimeoutError:
            return
        if self.measuring and inter.answered_after is not None:
            self.samples["floor"].append(inter.answered_after)
            self.stamp("floor", inter)

    async def answered(self, inter, side: str) -> None:
        """Wait for the click's answer; TimeoutError (counted) if none comes in time."""
        try:
            await inter.wait_answered(self.answer_timeout)
        except TimeoutError:
            if self.measuring:
                self.unanswered[side] += 1
            raise

    def stamp(self, kind: str, inter) -> None:
        self.stamps[kind][inter.id] = (inter.dispatched_at, inter.answered_at)

    async def drive(self, seconds: float) -> None:
        """`rate` game clicks and `rate` floor clicks a second, alternated."""
        gap = 1.0 / self.args.rate
        loop = asyncio.get_running_loop()
        tasks = set()
        end = loop.time() + seconds
        tick = loop.time()
        n = 0
        while loop.time() < end:
            for work in (self.click_game, self.click_floor):
                task = asyncio.create_task(work())
                tasks.add(task)
                task.add_done_callback(tasks.discard)
                tick += gap / 2
                await asyncio.sleep(max(0.0, tick - loop.time()))
            n += 1
            if n % 50 == 0:
                self.measure_rss()
        await asyncio.gather(*tasks, return_exceptions=True)

    def profiling(self, start_or_stop: signal.Signals) -> None:
        """With --profile: start (SIGUSR1) or stop and write (SIGUSR2) the
        bot's profile (bench/profiled.py)."""
        if self.profile is not None and self.bot.pid is not None:
            os.kill(self.bot.pid, start_or_stop)

    def measure_rss(self) -> None:
        pid = self.bot.pid
        assert pid is not None, "the bot is not running"
        self.rss = max(self.rss, rss_mb(pid))
        workers = [rss_mb(c) for c in children(pid)]
        self.worker_rss = max(self.worker_rss, sum(w for w in workers if w == w))

    def cpu(self) -> tuple[float, float]:
        """CPU seconds used so far by the bot and by its board worker(s)."""
        pid = self.bot.pid
        assert pid is not None, "the bot is not running"
        return cpu_seconds(pid), sum(cpu_seconds(c) for c in children(pid))

    def counters(self) -> dict:
        try:
            return json.loads(self.stats.read_text())
        except (FileNotFoundError, ValueError):
            return {}

    # -- the run ---------------------------------------------------------------------------
    async def run(self) -> dict:
        await self.start()
        try:
            await self.open_matches()
            await self.drive(WARM_UP)
            await asyncio.sleep(0.5)
            self.measuring = True
            lines_before = len(read_lines(self.click_times))
            requests_before = len(self.fake.requests)
            before = self.counters()
            cpu_before = self.cpu()
            load_before = load_average()
            started = time.monotonic()
            self.profiling(signal.SIGUSR1)
            await self.drive(self.args.seconds)
            self.profiling(signal.SIGUSR2)
            elapsed = time.monotonic() - started
            self.lines = (lines_before, len(read_lines(self.click_times)))
            self.cpu_used = [
                after - before for after, before in zip(self.cpu(), cpu_before, strict=True)
            ]
            self.loads = (load_before, load_average())
            self.measuring = False
            await asyncio.sleep(0.5)  # the counters file is rewritten every 0.2 s
            after = self.counters()
            sent = [r for r in self.fake.requests[requests_before:] if not CALLBACK.search(r.path)]
            self.measure_rss()
            return self.report(before, after, sent, elapsed)
        finally:
            await self.bot.stop()
            await self.floor.stop()
            await self.fake.stop()
            await self.floor_fake.stop()
            await self.drop_postgres()

    def steps(self) -> dict[str, dict[str, float]]:
        """Where a measured click's time goes: p50 and p99 of each step, in
        ms, for move clicks and for the floor's, from the bots' own stamps
        (cogs/play/click_timings.py) and the fake Discord's (same clock)."""
        rows: dict[str, list[float]] = {}

        def add(name: str, seconds: float) -> None:
            rows.setdefault(name, []).append(seconds)

        for line in read_lines(self.click_times):
            inter_id, *stamps = line.split()
            if inter_id == "table":
                continue
            found = self.stamps["move"].get(int(inter_id))
            if found is None or len(stamps) != len(STEPS):
                continue
            dispatched, answered = found
            started, checked, drawn, committed, _ = map(float, stamps)
            add("move: to the handler", started - dispatched)
            add("move: load and check the move", checked - started)
            add("move: draw the answer's panel", drawn - checked)
            add("move: commit (after drawing)", committed - drawn)
            add("move: answer, until Discord has it", answered - committed)
        for line in read_lines(self.floor_times):
            inter_id, started_text = line.split()
            found = self.stamps["floor"].get(int(inter_id))
            if found is None:
                continue
            dispatched, answered = found
            add("floor: to the handler", float(started_text) - dispatched)
            add("floor: answer, until Discord has it", answered - float(started_text))
        return {
            name: {"p50": percentile(v, 0.5) * 1000, "p99": percentile(v, 0.99) * 1000, "n": len(v)}
            for name, v in rows.items()
        }

    def table_lags(self) -> dict[str, float]:
        """How long the moves committed in the measured window waited to be
        on their tables: p50/p90/p99 in seconds, and how many were shown."""
        first, last = self.lines
        lags = [
            float(line.split()[1])
            for line in read_lines(self.click_times)[first:last]
            if line.startswith("table ")
        ]
        return {
            "p50": percentile(lags, 0.5),
            "p90": percentile(lags, 0.9),
            "p99": percentile(lags, 0.99),
            "moves": len(lags),
        }

    def report(self, before: dict, after: dict, sent: list, elapsed: float) -> dict:
        delta = {  # the numeric counters (not e.g. the searches by kind)
            k: after[k] - before.get(k, 0) for k in after if isinstance(after[k], int | float)
        }
        floor = self.samples["floor"]
        f50, f99 = percentile(floor, 0.5), percentile(floor, 0.99)
        routes = Counter(f"{r.method} {route_of(r.path)}" for r in sent)
        out = {
            "seconds": round(elapsed, 1),
            "matches": len(self.tables),
            "rate": self.args.rate,
            "floor_ms": {"p50": f50 * 1000, "p99": f99 * 1000, "clicks": len(floor)},
        }
        for kind in ("move", "other"):
            values = self.samples[kind]
            p50, p99 = percentile(values, 0.5), percentile(values, 0.99)
            out[kind] = {
                "clicks": len(values),
                "p50_ms": p50 * 1000,
                "p99_ms": p99 * 1000,
                "p50_ratio": p50 / f50,
                "p99_ratio": p99 / f99,
            }
        human = max(1, delta.get("human_moves", 0))
        out["human_moves"] = delta.get("human_moves", 0)
        out["moves"] = delta.get("moves", 0)
        out["rest_per_human_move"] = len(sent) / human
        out["rest_routes_per_human_move"] = {
            k: round(v / human, 2) for k, v in routes.most_common()
        }
        out["transactions_per_move"] = delta.get("transactions", 0) / max(1, delta.get("moves", 0))
        out["table_edits"] = delta.get("table_edits", 0)
        moves = max(1, delta.get("moves", 0))
        out["cpu_ms_per_move"] = {
            "bot": self.cpu_used[0] * 1000 / moves,
            "worker": self.cpu_used[1] * 1000 / moves,
        }
        out["steps_ms"] = self.steps()
        out["table_lag_s"] = self.table_lags()
        out["load_average"] = self.loads
        out["rss_mb"] = self.rss
        out["worker_rss_mb"] = self.worker_rss
        return out


def read_lines(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return []


def route_of(path: str) -> str:
    path = path.removeprefix("/api/v10")
    path = re.sub(r"/webhooks/\d+/[^/]+", "/webhooks/{app}/{token}", path)
    return re.sub(r"\d{6,}", "{id}", path)


def show(out: dict) -> None:
    print(
        f"\n{out['matches']} matches, {out['rate']} clicks/s (and as many on the floor), "
        f"measured {out['seconds']} s"
    )
    f = out["floor_ms"]
    print(
        f"floor (bare bot answering at once): p50 {f['p50']:.1f} ms, p99 {f['p99']:.1f} ms "
        f"({f['clicks']} clicks)"
    )
    for kind in ("move", "other"):
        k = out[kind]
        print(
            f"{kind:5} clicks: {k['clicks']:5}  p50 {k['p50_ms']:7.1f} ms = "
            f"{k['p50_ratio']:.2f}x floor   p99 {k['p99_ms']:7.1f} ms = {k['p99_ratio']:.2f}x floor"
        )
    print(
        f"moves committed: {out['moves']} ({out['human_moves']} by people); "
        f"table edits: {out['table_edits']}"
    )
    lag = out["table_lag_s"]
    print(
        f"moves on their table after: p50 {lag['p50']:.2f} s, p90 {lag['p90']:.2f} s, "
        f"p99 {lag['p99']:.2f} s ({lag['moves']} moves shown)"
    )
    print(f"REST calls per human move besides its answer: {out['rest_per_human_move']:.2f}")
    for route, per in out["rest_routes_per_human_move"].items():
        print(f"    {per:5.2f}  {route}")
    print("where the time goes, p50 / p99 in ms (each step on its own):")
    for name, step in out["steps_ms"].items():
        print(f"    {name:38} {step['p50']:6.2f} / {step['p99']:6.2f}")
    print(f"transactions (fsyncs) per move: {out['transactions_per_move']:.2f}")
    cpu = out["cpu_ms_per_move"]
    print(f"bot CPU per move: {cpu['bot']:.1f} ms (and its board worker: {cpu['worker']:.1f} ms)")
    print(
        f"machine load average: {out['load_average'][0]:.1f} at the start, "
        f"{out['load_average'][1]:.1f} at the end ({os.cpu_count()} cores)"
    )
    print(f"bot RSS: {out['rss_mb']:.0f} MB (and its board worker: {out['worker_rss_mb']:.0f} MB)")


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rate", type=float, default=50.0, help="game clicks a second")
    parser.add_argument("--seconds", type=float, default=60.0, help="measured (after a warm-up)")
    parser.add_argument("--bot-delay", type=float, default=1.5, help="BOT_MOVE_DELAY")
    parser.add_argument(
        "--table-delay", type=float, help="TABLE_WATCHED_DELAY (default: the bot's own)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--postgres", metavar="URL", help="run the bot on this PostgreSQL database")
    ramp = parser.add_argument_group("--ramp: the highest rate held (bench/ramp.py)")
    ramp.add_argument("--ramp", action="store_true", help="raise the rate step by step")
    ramp.add_argument("--ramp-start", type=float, default=50.0, help="clicks a second")
    ramp.add_argument("--ramp-step", type=float, default=25.0, help="clicks a second more")
    ramp.add_argument("--floor-step", type=float, default=100.0, help="the floor's, more")
    ramp.add_argument("--ramp-max", type=float, default=5000.0, help="clicks a second at most")
    ramp.add_argument("--settle", type=float, default=3.0, help="seconds before each step")
    ramp.add_argument("--step-seconds", type=float, default=12.0, help="measured per step")
    ramp.add_argument("--ramp-together", action="store_true", help="bot and floor alternated")
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="cProfile the bot's event loop (measured window; with --ramp: at its highest rate)",
    )
    parser.add_argument(
        "--stalls",
        metavar="FILE",
        help="write down the bot's event loop stalls over 10 ms (bench/stalls.py)",
    )
    args = parser.parse_args(argv)
    if args.ramp:
        from bench import ramp as ramping  # bench.ramp imports this module

        with tempfile.TemporaryDirectory(prefix="gamehost-ramp-") as folder:
            out = asyncio.run(ramping.Ramp(args, Path(folder)).run())
        ramping.show(out, args)
        if args.json:
            json.dump(out, sys.stdout, indent=1)
        return out
    with tempfile.TemporaryDirectory(prefix="gamehost-load-") as folder:
        out = asyncio.run(Load(args, Path(folder)).run())
    show(out)
    if args.json:
        json.dump(out, sys.stdout, indent=1)
    return out


if __name__ == "__main__":
    main()
