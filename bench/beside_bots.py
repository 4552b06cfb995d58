"""People's clicks while bots think (issue 40, item 4).

Run: `.venv/bin/python -m bench.beside_bots [--tables 8] [--seconds 30]
[--delays 1.5,0.05] [--click-every 0.5] [--json]`

For each BOT_MOVE_DELAY of `--delays`, one run of the real bot (bot.py, as a
process, on a fresh SQLite file) against the fake Discord
(playground/fake_discord), in which two people play a Keltis match by hand:
each clicks every `--click-every` seconds the way people do (bench/load.py's
players: open the panel from the table with "My hand", choose a card, make
a move; a new match for two new people when theirs ends). The answer time of
their clicks (move and other clicks together, from the fake Discord's
dispatch to the bot's callback) is measured in these phases, one after the
other in the same process:

- "alone": nothing else happens on the bot, `--seconds` measured;
- "hint storm": in a third match opened with `hints:True` (two people; the
  one whose decision is owed opens their panel), its player presses 💡 Hint
  60 times in 3 s while the two people keep clicking. Reported: the presses
  acknowledged within 3 s (the bot defers at once), the hints themselves
  (the private answer naming the move) delivered within 3 s of their press,
  how long after the first press the last one came, how many searches the
  bot ran (its counters' `searches`, GAMEHOST_TEST_STATS, if it keeps one;
  "n/a" otherwise), and the people's clicks from the first press to the
  last answer;
- "with N expert tables": `--tables` Keltis matches whose two seats are
  both expert bots play beside the people, `--seconds` measured. Such a
  table is made as a person would: `/game new game:keltis players:2 bots:1
  bot_level:Expert`, then its creator hands their own seat to the server's
  stand-in bot (`/game kick`; the stand-in is Expert by default). A table
  that ends is replaced at once, so N play through the whole window (the
  fewest seen playing is reported, with the bots' moves in the window).

Each delay is a process of its own, with its own "alone" phase, so the
ratios compare like with like. Goals (issue 40) are printed beside the
figures: with N expert tables, p99 at most 1.5x alone's and p50 within
2 ms of alone's, at every delay; the hint storm: all 60 answered within
3 s, one search run, the people's p99 at most 1.5x alone's.

The bot gets this process's environment (BOT_WORKERS=... and the like pass
through), except BOT_MOVE_DELAY (from `--delays`), DATABASE_PATH and
DATABASE_URL (always a fresh SQLite file, which this bench reads) and the
test hooks it sets. All traffic stays on 127.0.0.1; every wait is bounded
and each run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from bench.load import ROOT, Load, load_average, percentile
from playground.fake_discord import BotProcess, Interaction
from tests.e2e.bot_helpers import current_table

GAME = "keltis"
PEOPLE = 2  # in the measured match
WARM_UP = 5.0  # seconds of clicking before the first measured window
TABLES_WARM_UP = 3.0  # after the expert tables are all playing
ANSWER_WITHIN = 3.0  # Discord's limit for the first answer
STORM_PRESSES, STORM_SECONDS = 60, 3.0
STORM_WAIT = 30.0  # seconds after its press a hint may still come (then: unanswered)
OPEN_TIMEOUT = 30.0  # for each step of opening a match
TABLES_TIMEOUT = 120.0  # for all the expert tables to be playing
KEEP_EVERY = 0.5  # seconds between looks at the matches (ended? replace)
GOAL_P99_RATIO, GOAL_P50_MS = 1.5, 2.0


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def figures(samples: list[float]) -> dict[str, float]:
    """p50 / p90 / p99 in ms."""
    return {f"p{q}_ms": percentile(samples, q / 100) * 1000 for q in (50, 90, 99)}


class BesideBots:
    """One bot process at one BOT_MOVE_DELAY, and its phases."""

    def __init__(self, args: argparse.Namespace, delay: float, folder: Path):
        self.args, self.delay, self.folder = args, delay, folder
        # bench/load's players, fake Discord, counters and bot process slots;
        # its floor is not used here
        self.load = Load(argparse.Namespace(ramp=False, profile=None), folder)
        self.load.answer_timeout = ANSWER_WITHIN
        self.fake = self.load.fake
        self.opened = 0  # matches opened by this run, for names
        self.people_matches = 0  # the people's matches played
        #: the expert tables playing (match ids), and how many are wanted
        self.bot_tables: list[int] = []
        self.want_tables = 0
        self.tables_opened = 0
        self.open_failures = 0
        self.playing_seen: list[int] = []  # bot tables playing, at each look while measuring
        self.hint: tuple | None = None  # (user, panel, custom_id) of the storm's player

    # -- setting up ------------------------------------------------------------------
    async def start(self) -> None:
        load, fake = self.load, self.fake
        await fake.start()
        load.guild = fake.add_guild("Beside bots")
        load.channel = fake.add_text_channel(load.guild, "games")
        env = {
            "DATABASE_PATH": str(load.db),
            "DATABASE_URL": "",  # this bench reads the SQLite file
            "DEV_GUILD_ID": str(load.guild.id),
            "GAMEHOST_TEST_STATS": str(load.stats),
            "LOG_LEVEL": os.environ.get("LOG_LEVEL", "WARNING"),
            "BOT_MOVE_DELAY": str(self.delay),
        }
        load.bot = await BotProcess(
            fake, load.bot_argv, env=env, cwd=ROOT, log_path=self.folder / "bot.log"
        ).start()

    def statuses(self, match_ids: list[int]) -> dict[int, str]:
        if not match_ids:
            return {}
        marks = ",".join("?" * len(match_ids))
        with sqlite3.connect(f"file:{self.load.db}?mode=ro", uri=True) as conn:
            rows = conn.execute(
                f"SELECT id, status FROM matches WHERE id IN ({marks})", match_ids
            ).fetchall()
        return dict(rows)

    def seat_kinds(self, match_id: int) -> list[str | None]:
        """Each seat's bot level (None: a person)."""
        with sqlite3.connect(f"file:{self.load.db}?mode=ro", uri=True) as conn:
            rows = conn.execute(
                "SELECT bot FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
            ).fetchall()
        return [bot for (bot,) in rows]

    async def open_people_match(self) -> None:
        """Two new people's Keltis match (bench/load's way), for clicking."""
        self.opened += 1
        self.people_matches += 1
        await self.load.open_match(GAME, PEOPLE, 0, self.opened)

    async def open_in_thread(self, creator, **options) -> tuple[int, Interaction]:
        """`/game new` by `creator`; (match id, the command's interaction) once
        its lobby is posted. The table follows when the seats are full."""
        fake = self.fake
        inter = await fake.slash(creator, self.load.channel, "game new", game=GAME, **options)
        await inter.wait_answered(OPEN_TIMEOUT)
        lobby = await inter.wait_reply(OPEN_TIMEOUT)
        return lobby.id, inter

    async def table_in(self, lobby_id: int):
        fake = self.fake
        thread = await fake.wait_until(
            lambda: fake.state.channels.get(lobby_id), OPEN_TIMEOUT, "the thread"
        )
        table = await fake.wait_until(
            lambda: current_table(fake, thread), OPEN_TIMEOUT, "the table"
        )
        return thread, table, int(table.button(custom_id="hand:")["custom_id"].split(":")[1])

    async def open_expert_table(self) -> None:
        """A Keltis match of two expert bots, as a person makes one: a match
        against an expert bot, then the creator's own seat handed to the
        server's stand-in bot (Expert unless the hosts chose another)."""
        fake = self.fake
        self.tables_opened += 1
        host = fake.add_user(f"host-{self.tables_opened}", guilds=[self.load.guild])
        lobby_id, _ = await self.open_in_thread(host, players=2, bots=1, bot_level="expert")
        _thread, _table, match_id = await self.table_in(lobby_id)
        kick = await fake.slash(host, self.load.channel, "game kick", member=host, match=match_id)
        await kick.wait_answered(OPEN_TIMEOUT)
        kinds = self.seat_kinds(match_id)
        if kinds != ["expert"] * 2:
            said = kick.original.text if kick.original is not None else "(nothing)"
            raise RuntimeError(f"match {match_id}'s seats are {kinds}, not two experts: {said}")
        self.bot_tables.append(match_id)

    async def open_hint_match(self) -> None:
        """The storm's match: two people, hints allowed; the panel of the one
        whose decision is owed, and its 💡 Hint button."""
        fake = self.fake
        self.opened += 1
        users = [
            fake.add_user(f"learner-{self.opened}-{k}", guilds=[self.load.guild]) for k in range(2)
        ]
        lobby_id, inter = await self.open_in_thread(users[0], players=2, hints=True)
        lobby = await inter.wait_reply(OPEN_TIMEOUT)
        await (await fake.click(users[1], lobby, label="Join")).wait_answered(OPEN_TIMEOUT)
        _thread, table, _match_id = await self.table_in(lobby_id)
        for user in users:
            opened = await fake.click(user, table, custom_id="hand:")
            await opened.wait_answered(OPEN_TIMEOUT)
            panel = await opened.wait_reply(OPEN_TIMEOUT)
            button = next((b for b in panel.buttons() if b["custom_id"].startswith("hint:")), None)
            if button is not None:
                self.hint = (user, panel, button["custom_id"])
                return
        raise RuntimeError("no panel of the hints match offers 💡 Hint")

    # -- keeping the matches going ------------------------------------------------------
    async def keep(self) -> None:
        """Runs until cancelled: replaces the people's match when it ends, and
        keeps `want_tables` expert tables playing."""
        load = self.load
        while True:
            await asyncio.sleep(KEEP_EVERY)
            ids = [t.id for t in load.tables] + self.bot_tables
            found = await asyncio.to_thread(self.statuses, ids)
            for t in list(load.tables):
                if found.get(t.id, "active") != "active":
                    await self.open_people_match()  # before dropping the old: never none
                    load.tables.remove(t)
            self.bot_tables = [m for m in self.bot_tables if found.get(m, "active") == "active"]
            if load.measuring:
                self.playing_seen.append(len(self.bot_tables))
            missing = self.want_tables - len(self.bot_tables)
            if missing > 0:
                got = await asyncio.gather(
                    *(self.open_expert_table() for _ in range(min(missing, 4))),
                    return_exceptions=True,
                )
                for problem in (g for g in got if isinstance(g, BaseException)):
                    self.open_failures += 1
                    log(f"could not open an expert table: {problem!r}")
                if self.open_failures > 3 * max(1, self.want_tables):
                    raise RuntimeError("expert tables keep failing to open")

    async def wait_tables(self, keeper: asyncio.Task) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + TABLES_TIMEOUT
        while len(self.bot_tables) < self.want_tables:
            if keeper.done():
                keeper.result()  # its error
            if loop.time() > end:
                raise TimeoutError(f"only {len(self.bot_tables)} expert tables playing")
            await asyncio.sleep(0.2)

    # -- clicking ---------------------------------------------------------------------
    async def drive(self, seconds: float, stop: asyncio.Event | None = None) -> None:
        """The people's clicks: one every `click_every` seconds per person
        (bench/load's click_game: whoever has a click to make makes it)."""
        gap = self.args.click_every / PEOPLE
        loop = asyncio.get_running_loop()
        tasks: set[asyncio.Task[None]] = set()
        end = tick = loop.time()
        end += seconds
        while loop.time() < end and not (stop is not None and stop.is_set()):
            task = asyncio.create_task(self.load.click_game())
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            tick += gap
            await asyncio.sleep(max(0.0, tick - loop.time()))
        await asyncio.gather(*tasks, return_exceptions=True)

    async def measure(self, seconds: float, stop: asyncio.Event | None = None) -> dict:
        """The people's clicks over a window: their answer times and the bot's
        work meanwhile."""
        load = self.load
        load.samples = {"move": [], "other": [], "floor": []}
        load.unanswered.clear()
        load.dispatched.clear()
        load.starved = 0
        self.playing_seen = []
        before, cpu_before, load_before = load.counters(), load.cpu(), load_average()
        started = time.monotonic()
        load.measuring = True
        await self.drive(seconds, stop)
        load.measuring = False
        elapsed = time.monotonic() - started
        await asyncio.sleep(0.5)  # the counters file is rewritten every 0.2 s
        after = load.counters()
        samples = load.samples["move"] + load.samples["other"]
        moves = after.get("moves", 0) - before.get("moves", 0)
        human = after.get("human_moves", 0) - before.get("human_moves", 0)
        return {
            "seconds": round(elapsed, 1),
            "clicks": len(samples),
            **figures(samples),
            "move_clicks": len(load.samples["move"]),
            "move_p99_ms": percentile(load.samples["move"], 0.99) * 1000,
            "sent": load.dispatched["game"],
            "unanswered": load.unanswered["game"],
            "skipped": load.starved,
            "bot_moves": moves - human,
            "people_moves": human,
            "bot_cpu": [
                round((a - b) / elapsed, 3) for a, b in zip(load.cpu(), cpu_before, strict=True)
            ],
            "load_average": [load_before, load_average()],
            "counters_before": before,
            "counters_after": after,
        }

    # -- the phases ---------------------------------------------------------------------
    async def storm(self) -> dict:
        """60 presses of 💡 Hint in 3 s while the people keep clicking."""
        assert self.hint is not None
        user, panel, custom_id = self.hint
        fake = self.fake
        loop = asyncio.get_running_loop()
        done = asyncio.Event()
        presses: list[Interaction] = []
        answers: list[asyncio.Task[tuple[float | None, bool]]] = []

        async def answer_of(inter: Interaction) -> tuple[float | None, bool]:
            """(seconds from the press to its answer's text, whether that was a
            hint); None if none came within STORM_WAIT."""
            try:
                reply = await inter.wait_reply(STORM_WAIT)
            except TimeoutError:
                return None, False
            assert inter.dispatched_at is not None
            return loop.time() - inter.dispatched_at, reply.text.startswith("💡")

        async def press() -> None:
            try:
                first = loop.time()
                for n in range(STORM_PRESSES):
                    await asyncio.sleep(
                        max(0.0, first + n * STORM_SECONDS / STORM_PRESSES - loop.time())
                    )
                    inter = await fake.click(user, panel, custom_id=custom_id)
                    presses.append(inter)
                    answers.append(asyncio.create_task(answer_of(inter)))
                await asyncio.gather(*answers)
                await asyncio.sleep(max(0.0, first + STORM_SECONDS - loop.time()))
            finally:
                done.set()

        before = self.load.counters()
        pressing = asyncio.create_task(press())
        others = await self.measure(STORM_SECONDS + STORM_WAIT + 1.0, stop=done)
        await pressing
        after = self.load.counters()
        found = [a.result() for a in answers]
        first_press = presses[0].dispatched_at if presses else None
        ends = [
            p.dispatched_at + took
            for p, (took, _) in zip(presses, found, strict=True)
            if took is not None and p.dispatched_at is not None
        ]
        acks = [p.answered_after for p in presses if p.answered_after is not None]
        return {
            "presses": len(presses),
            "acknowledged_within_3s": sum(a <= ANSWER_WITHIN for a in acks),
            "answered": sum(took is not None for took, _ in found),
            "hints": sum(hinted for _, hinted in found),
            "hints_within_3s": sum(
                hinted and took is not None and took <= ANSWER_WITHIN for took, hinted in found
            ),
            "last_answer_s": (max(ends) - first_press) if ends and first_press else None,
            "answer_p50_ms": percentile([t for t, _ in found if t is not None], 0.5) * 1000,
            "answer_max_ms": max((t for t, _ in found if t is not None), default=0.0) * 1000,
            "searches": searches(before, after),
            "others": others,
        }

    async def run(self) -> dict:
        args = self.args
        log(f"BOT_MOVE_DELAY {self.delay:g}: starting the bot")
        await self.start()
        keeper = asyncio.create_task(self.keep())
        try:
            await self.open_people_match()
            if args.storm:
                await self.open_hint_match()
            await self.drive(WARM_UP)
            log(f"BOT_MOVE_DELAY {self.delay:g}: alone, {args.seconds:g} s")
            alone = await self.measure(args.seconds)
            out: dict = {"delay": self.delay, "alone": alone}
            if args.storm:
                log(f"BOT_MOVE_DELAY {self.delay:g}: hint storm")
                await asyncio.sleep(1.0)
                out["storm"] = await self.storm()
                await asyncio.sleep(1.0)
            if args.tables:
                log(f"BOT_MOVE_DELAY {self.delay:g}: opening {args.tables} expert tables")
                self.want_tables = args.tables
                await self.wait_tables(keeper)
                await self.drive(TABLES_WARM_UP)
                log(f"BOT_MOVE_DELAY {self.delay:g}: with {args.tables} expert tables")
                tables = await self.measure(args.seconds)
                seen = self.playing_seen or [len(self.bot_tables)]
                tables["tables"] = {
                    "wanted": args.tables,
                    "fewest_playing": min(seen),
                    "mean_playing": sum(seen) / len(seen),
                    "opened_in_all": self.tables_opened,
                    "open_failures": self.open_failures,
                }
                out["tables"] = tables
            if keeper.done():
                keeper.result()
            out["people_matches_opened"] = self.people_matches
            out["bot_log_tracebacks"] = self.tracebacks()
            return out
        finally:
            keeper.cancel()
            await asyncio.gather(keeper, return_exceptions=True)
            await self.load.bot.stop()
            await self.fake.stop()

    def tracebacks(self) -> int:
        try:
            text = (self.folder / "bot.log").read_text(errors="replace")
        except OSError:
            return 0
        return text.count("Traceback")


def searches(before: dict, after: dict) -> dict | None:
    """The searches the bot ran between two reads of its counters, if it
    counts them (`searches`: a number, or a number by kind): the hints'
    (a kind naming hints, else all of them), and every kind's."""
    now, then = after.get("searches"), before.get("searches")
    if now is None:
        return None
    if isinstance(now, dict):
        then = then if isinstance(then, dict) else {}
        by_kind = {k: v - then.get(k, 0) for k, v in now.items() if isinstance(v, int | float)}
        hints = [v for k, v in by_kind.items() if "hint" in k.lower()]
        return {"hints": hints[0] if hints else sum(by_kind.values()), "by_kind": by_kind}
    if isinstance(now, int | float):
        return {"hints": now - (then if isinstance(then, int | float) else 0), "by_kind": {}}
    return None


# -- the report -----------------------------------------------------------------------------


def compare(phase: dict, alone: dict) -> dict:
    p99_ratio = phase["p99_ms"] / alone["p99_ms"] if alone["p99_ms"] else float("nan")
    return {"p99_ratio": p99_ratio, "p50_diff_ms": phase["p50_ms"] - alone["p50_ms"]}


def judge(out: dict) -> dict:
    """Each run's ratios to its own "alone", and the goals met or missed."""
    goals: dict[str, bool | None] = {}
    for run in out["runs"]:
        alone, d = run["alone"], run["delay"]
        if "tables" in run:
            run["tables"].update(compare(run["tables"], alone))
            t = run["tables"]
            goals[
                f"{t['tables']['wanted']} expert tables at {d:g}: p99 ≤ {GOAL_P99_RATIO}x alone"
            ] = t["p99_ratio"] <= GOAL_P99_RATIO
            goals[
                f"{t['tables']['wanted']} expert tables at {d:g}: p50 within {GOAL_P50_MS:g} ms"
            ] = abs(t["p50_diff_ms"]) <= GOAL_P50_MS
        if "storm" in run:
            s = run["storm"]
            s["others"].update(compare(s["others"], alone))
            goals[f"hint storm at {d:g}: all {STORM_PRESSES} hints within 3 s"] = (
                s["hints_within_3s"] == STORM_PRESSES
            )
            searched = s["searches"]
            goals[f"hint storm at {d:g}: one search run"] = (
                None if searched is None else searched["hints"] == 1
            )
            goals[f"hint storm at {d:g}: others' p99 ≤ {GOAL_P99_RATIO}x alone"] = (
                s["others"]["p99_ratio"] <= GOAL_P99_RATIO
            )
    out["goals"] = goals
    return out


def verdict(met: bool) -> str:
    return "met" if met else "missed"


def ms(value: float | None) -> str:
    return "n/a" if value is None or value != value else f"{value:.1f}"


def show(out: dict) -> None:
    print(
        f"\nPeople's clicks while bots think: two people clicking a Keltis match, one click each "
        f"every {out['click_every']:g} s; answer times in ms (dispatch to the bot's callback)."
    )
    print(
        f"{os.cpu_count()} cores; load average {out['load_average'][0]:.1f} at the start, "
        f"{out['load_average'][1]:.1f} at the end (a shared machine slows every phase)."
    )
    head = (
        f"{'phase':34} {'delay':>5} {'clicks':>6} {'p50':>7} {'p90':>7} {'p99':>7} "
        f"{'p99/alone':>9} {'p50-alone':>9} {'unans.':>6}  goal"
    )
    print(head)
    print("-" * len(head))
    for run in out["runs"]:
        d = run["delay"]
        rows: list[tuple[str, dict, str]] = [("alone", run["alone"], "")]
        if "storm" in run:
            others = run["storm"]["others"]
            met = verdict(others["p99_ratio"] <= GOAL_P99_RATIO)
            rows.append(("hint storm: others' clicks", others, f"p99 ≤ {GOAL_P99_RATIO}x: {met}"))
        if "tables" in run:
            t = run["tables"]
            met = verdict(t["p99_ratio"] <= GOAL_P99_RATIO and abs(t["p50_diff_ms"]) <= GOAL_P50_MS)
            rows.append(
                (
                    f"with {t['tables']['wanted']} expert tables",
                    t,
                    f"p99 ≤ {GOAL_P99_RATIO}x, p50 within {GOAL_P50_MS:g} ms: {met}",
                )
            )
        for name, p, goal in rows:
            ratio = f"{p['p99_ratio']:.3f}x" if "p99_ratio" in p else "-"
            diff = f"{p['p50_diff_ms']:+.1f}" if "p50_diff_ms" in p else "-"
            print(
                f"{name:34} {d:5g} {p['clicks']:6} {ms(p['p50_ms']):>7} {ms(p['p90_ms']):>7} "
                f"{ms(p['p99_ms']):>7} {ratio:>9} {diff:>9} {p['unanswered']:6}  {goal}"
            )
    print()
    for run in out["runs"]:
        d = run["delay"]
        if "tables" in run:
            t = run["tables"]
            tt = t["tables"]
            print(
                f"delay {d:g}: {tt['wanted']} expert tables wanted, {tt['fewest_playing']} playing "
                f"at the fewest ({tt['mean_playing']:.1f} on average) over {t['seconds']:g} s; "
                f"{t['bot_moves']} bot moves in it ({t['bot_moves'] / t['seconds']:.1f}/s); "
                f"{tt['opened_in_all']} tables opened in all; CPU, of a core: the bot's process "
                f"{t['bot_cpu'][0]:.0%}, its worker processes {t['bot_cpu'][1]:.0%} (alone: "
                f"{run['alone']['bot_cpu'][0]:.0%}, {run['alone']['bot_cpu'][1]:.0%})"
            )
        if "storm" in run:
            s = run["storm"]
            found = s["searches"]
            searched = "n/a" if found is None else f"{found['hints']:g}"
            last = "n/a" if s["last_answer_s"] is None else f"{s['last_answer_s']:.2f} s"
            print(
                f"delay {d:g}: hint storm: {s['presses']} presses in {STORM_SECONDS:g} s; "
                f"acknowledged within 3 s: {s['acknowledged_within_3s']}; hints within 3 s of "
                f"their press: {s['hints_within_3s']} ({s['answered']} answered, {s['hints']} "
                f"with a hint, within {STORM_WAIT:g} s); an answer after its press: p50 "
                f"{ms(s['answer_p50_ms'])} ms, at most {ms(s['answer_max_ms'])} ms; the last "
                f"answer {last} after the first press; searches run: {searched} (goal: all "
                f"{STORM_PRESSES} within 3 s, one search); the others' clicks were measured from "
                f"the first press to the last answer ({s['others']['seconds']:g} s: few clicks)"
            )
        print(
            f"delay {d:g}: the people played {run['people_matches_opened']} Keltis matches "
            f"(two new people each time one ended)"
        )
        if run.get("bot_log_tracebacks"):
            print(f"delay {d:g}: {run['bot_log_tracebacks']} tracebacks in the bot's log")
    print("\ngoals (issue 40):")
    for goal, met in out["goals"].items():
        print(f"    {'n/a   ' if met is None else 'met   ' if met else 'missed'}  {goal}")


async def run_all(args: argparse.Namespace) -> dict:
    out: dict = {
        "tables": args.tables,
        "seconds": args.seconds,
        "click_every": args.click_every,
        "runs": [],
    }
    started = load_average()
    cap = 180.0 + 2 * args.seconds + (STORM_SECONDS + STORM_WAIT if args.storm else 0.0)
    for delay in args.delays:
        with tempfile.TemporaryDirectory(prefix="gamehost-beside-") as folder:
            run = BesideBots(args, delay, Path(folder))
            try:
                async with asyncio.timeout(cap):
                    out["runs"].append(await run.run())
            except BaseException:
                bot = getattr(run.load, "bot", None)
                if bot is not None:
                    log(f"the bot's log ends:\n{bot.log_tail(30)}")
                raise
    out["load_average"] = [started, load_average()]
    return judge(out)


def delays(text: str) -> list[float]:
    found = [float(part) for part in text.split(",") if part.strip()]
    if not found or any(d < 0 for d in found):
        raise argparse.ArgumentTypeError("delays: seconds, comma-separated, e.g. 1.5,0.05")
    return found


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8, help="expert tables (0: none)")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured per phase")
    parser.add_argument(
        "--delays", type=delays, default=[1.5, 0.05], help="BOT_MOVE_DELAY of each run"
    )
    parser.add_argument(
        "--click-every", type=float, default=0.5, help="seconds between one person's clicks"
    )
    parser.add_argument(
        "--no-storm", dest="storm", action="store_false", help="leave out the hint storm"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args(argv)
    if args.tables < 0 or args.seconds <= 0 or args.click_every <= 0:
        parser.error("--tables ≥ 0, --seconds > 0 and --click-every > 0")
    out = asyncio.run(run_all(args))
    show(out)
    if args.json:
        json.dump(out, sys.stdout, indent=1, default=str)
        print()
    return out


if __name__ == "__main__":
    main()
