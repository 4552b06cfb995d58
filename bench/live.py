"""Many live matches at once: memory, restart and the deadline loop (issue 29).

Run: `.venv/bin/python -m bench.live [--matches 10000] [--clicks 200] [--json]`

A database of `--matches` live (active) matches of all five games is built
first, as a long-running bot would have left it: mixed player counts, some
moves made in each (each waits on a person, as bots move at once), spread
over `--guilds` servers with a thread and a table message each (on the fake
Discord too, playground/fake_discord), the deadline each waits on (the
default reminder, 24 h after its last move: sent or still to come), their
last moves spread over the last three days and a few within minutes of the
restart (the process died while they were played). A few matches of each
kind are played through the real store (Store.start_match, commit,
set_deadline, set_message); the rest are bulk copies of them.

Then the real bot (bot.py, as a process) starts on it, and:

- start -> first answered old click: from spawning the process to the
  answer of a "My hand" click on the table of a match last moved days ago
  (sent as soon as the bot has connected; it must open the player's panel);
- the bot's RSS (and its board workers') once start-up has settled (no more
  table edits for a few seconds), and again after `--clicks` clicks spread
  over as many matches (open the panel, make a move);
- the deadline loop's cost per poll: the wall time of `Deadlines.fire_due`
  in the bot (its counters, GAMEHOST_TEST_STATS), polling every
  `--poll` seconds here (DEADLINE_POLL; 30 s by default in production).

Goals (issue 29): under 500 MB, and under 3 s to the first answer.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.bulk import bulk_file
from bench.load import children, cpu_seconds, load_average, rss_mb
from playground.fake_discord import BotProcess, FakeDiscord, python_argv
from playground.fake_discord.messages import Message
from playground.fake_discord.models import Channel
from rules import Match
from storage import SqliteStore
from tests.e2e.bot_helpers import current_table

ROOT = Path(__file__).resolve().parent.parent
#: (game, people, bots): all five games, with mixed player counts
MIX = [
    ("keltis", 2, 0),
    ("keltis", 3, 0),
    ("keltis", 4, 0),
    ("oracle", 1, 1),
    ("oracle", 2, 1),
    ("keltis_dice", 2, 0),
    ("keltis_dice", 3, 0),
    ("keltis_dice", 2, 1),
    ("cuttle", 2, 0),
    ("cucco", 2, 3),
    ("cucco", 3, 2),
]
TEMPLATES_PER_KIND = 6
MEMBERS_PER_GUILD = 24
CHANNELS_PER_GUILD = 2
SPREAD = 3 * 24 * 3600 * 1000  # ms: how far back the last moves go
RECENT_SHARE = 0.01  # matches moved in the minutes before the restart
REMINDER = 24 * 3600 * 1000  # ms: the default reminder (cogs/hosting/settings.py)
GOAL_RSS_MB = 500
GOAL_FIRST_CLICK_S = 3.0


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass
class Template:
    match_id: int  # in the template database
    people: int
    owing: list[int]  # placeholder user ids (1..people) owing the decision


@dataclass
class Live:
    """One match of the big database, as its players see it."""

    match_id: int
    users: list  # the fake users seated (people only), by placeholder order
    owing: list  # those of them owing the decision
    thread: Channel
    table: Message
    recent: bool

    def current(self, fake: FakeDiscord) -> Message:
        """Its table now: an old table is posted anew (and the old one deleted)
        when the bot next shows it (TABLE_MAX_AGE)."""
        if self.table.deleted:
            self.table = current_table(fake, self.thread) or self.table
        return self.table


# -- the templates: real matches through the real store --------------------------------


async def templates(path: Path, rnd: random.Random) -> list[Template]:
    """TEMPLATES_PER_KIND matches of each MIX kind, played through the store
    some moves in, each stopped where a person owes the decision (bots move
    at once in a running bot, so a live match rarely waits on one)."""
    found: list[Template] = []
    async with await SqliteStore.open(path) as store:
        n = 0
        for game, people, bots in MIX:
            made = 0
            while made < TEMPLATES_PER_KIND:
                n += 1
                template = await play_one(store, game, people, bots, f"live-{n}", rnd)
                if template is not None:
                    found.append(template)
                    made += 1
    return found


async def play_one(store, game, people, bots, seed, rnd) -> Template | None:
    match_id = await store.create_lobby(1, 2, game, {}, 1)
    for user in range(1, people + 1):
        await store.add_user_seat(match_id, user, f"player {user}")
    for _ in range(bots):
        await store.add_bot_seat(match_id)
    match = Match.new(game, people + bots, seed)
    await store.start_match(match_id, match)
    seats = (await store.info(match_id)).seats
    human = {s.seat: s.user_id for s in seats if s.user_id is not None}
    target = rnd.randint(2, 40)
    while True:
        owing = match.to_act()
        if match.seq >= target and owing and all(s in human for s in owing):
            break
        seat = rnd.choice(owing)
        events = match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        if match.is_over():
            await store.cancel(match_id)  # a template must stay live
            return None
        await store.commit(match_id, match, events)
    await store.set_deadline(match_id, match.seq, remind_at=None, timeout_at=None)
    await store.set_message(match_id, "table", 3, 4)
    return Template(match_id, people, [human[s] for s in match.to_act()])


# -- the world: servers, people, threads and tables on the fake Discord ------------------


class World:
    def __init__(self, fake: FakeDiscord, guilds: int, rnd: random.Random):
        self.fake, self.rnd = fake, rnd
        self.guilds = []
        self.channels: list[list] = []
        self.members: list[list] = []
        for g in range(guilds):
            guild = fake.add_guild(f"server {g}")
            self.guilds.append(guild)
            self.channels.append(
                [fake.add_text_channel(guild, f"games-{c}") for c in range(CHANNELS_PER_GUILD)]
            )
            self.members.append(
                [fake.add_user(f"p{g}-{k}", guilds=[guild]) for k in range(MEMBERS_PER_GUILD)]
            )

    def table(self, match_id: int, game: str, g: int, channel) -> tuple[Channel, Message]:
        """The match's thread and its table message, as the bot left them."""
        state = self.fake.state
        thread = state.create_thread(channel, f"{game} #{match_id}")
        body = {
            "content": f"{game} #{match_id}",
            "components": [
                {
                    "type": 1,
                    "components": [
                        {
                            "type": 2,
                            "style": 1,
                            "label": "My hand",
                            "custom_id": f"hand:{match_id}",
                        }
                    ],
                }
            ],
        }
        return thread, state.create_message(thread, self.fake.bot, body)


# -- the big database --------------------------------------------------------------------


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def build(
    path: Path, source: Path, tpls: list[Template], world: World, matches: int, rnd: random.Random
) -> list[Live]:
    """Copies of the templates, each in a server, channel and thread of its
    own with its own people, bulk-inserted into a migrated file (the
    schema's triggers, which check one action at a time, set aside)."""
    with bulk_file(path) as conn:
        src = sqlite3.connect(source)
        tables = [
            t
            for (t,) in src.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if t == "matches" or "match_id" in columns(src, t)
        ]
        rows: dict[str, dict[int, list[tuple]]] = {}
        cols = {t: columns(src, t) for t in tables}
        for t in tables:
            key = "id" if t == "matches" else "match_id"
            by_match: dict[int, list[tuple]] = {}
            for row in src.execute(f"SELECT * FROM {t}"):
                by_match.setdefault(row[cols[t].index(key)], []).append(row)
            rows[t] = by_match
        src.close()
        now = int(time.time() * 1000)
        lives: list[Live] = []
        out: dict[str, list[tuple]] = {t: [] for t in tables}
        for i in range(matches):
            match_id = i + 1
            tpl = tpls[i % len(tpls)]
            g = rnd.randrange(len(world.guilds))
            channel = rnd.choice(world.channels[g])
            people = rnd.sample(world.members[g], tpl.people)
            users = {p: people[p - 1].id for p in range(1, tpl.people + 1)}
            game = rows["matches"][tpl.match_id][0][cols["matches"].index("game")]
            thread, table = world.table(match_id, game, g, channel)
            recent = rnd.random() < RECENT_SHARE
            moved = now - (rnd.randint(0, 300_000) if recent else rnd.randint(600_000, SPREAD))
            remind = moved + REMINDER
            values = {
                "match_id": match_id,
                "guild_id": world.guilds[g].id,
                "channel_id": channel.id,
                "thread_id": thread.id,
                "creator_id": people[0].id,
                "created_at": moved - 3_600_000,
                "started_at": moved - 3_000_000,
                "updated_at": moved,
                "posted_at": moved,
                "at": moved,
                "joined_at": moved - 3_600_000,
                "remind_at": remind if remind > now else None,
            }
            for t in tables:
                names = cols[t]
                for row in rows[t].get(tpl.match_id, ()):
                    new = []
                    for name, value in zip(names, row, strict=True):
                        if t == "matches" and name == "id":
                            value = match_id
                        elif t == "seat_holders" and name == "id":
                            value = None
                        elif name in ("user_id", "creator_id") and value is not None:
                            value = users.get(value, value)
                        elif t == "messages" and name == "channel_id":
                            value = thread.id
                        elif t == "messages" and name == "message_id":
                            value = table.id
                        elif name in values and name != "creator_id":
                            value = values[name]
                        new.append(value)
                    if t == "matches":
                        new[names.index("creator_id")] = people[0].id
                    out[t].append(tuple(new))
            lives.append(
                Live(match_id, people, [people[p - 1] for p in tpl.owing], thread, table, recent)
            )
            if len(out["matches"]) >= 1000 or i == matches - 1:
                for t in tables:  # matches first: the others refer to it
                    if out[t]:
                        marks = ", ".join("?" * len(cols[t]))
                        conn.executemany(
                            f"INSERT INTO {t} ({', '.join(cols[t])}) VALUES ({marks})", out[t]
                        )
                        out[t] = []
    return lives


# -- the run -------------------------------------------------------------------------------


class Bench:
    def __init__(self, args, folder: Path):
        self.args, self.folder = args, folder
        self.rnd = random.Random(29)
        self.fake = FakeDiscord()
        self.db = folder / "games.db"
        self.stats = folder / "stats.json"
        self.out: dict = {"matches": args.matches, "guilds": args.guilds}

    def counters(self) -> dict:
        try:
            return json.loads(self.stats.read_text())
        except (FileNotFoundError, ValueError):
            return {}

    def memory(self) -> tuple[float, float]:
        """RSS in MB of the bot and of its board workers (together)."""
        pid = self.bot.pid
        assert pid is not None, "the bot is not running"
        workers = [rss_mb(c) for c in children(pid)]
        return rss_mb(pid), sum(w for w in workers if w == w)

    async def prepare(self) -> None:
        started = time.perf_counter()
        await self.fake.start()
        self.world = World(self.fake, self.args.guilds, self.rnd)
        source = self.folder / "templates.db"
        tpls = await templates(source, self.rnd)
        self.lives = build(self.db, source, tpls, self.world, self.args.matches, self.rnd)
        took = time.perf_counter() - started
        self.out["build_s"] = round(took, 1)
        log(
            f"built {len(self.lives)} live matches from {len(tpls)} played ones "
            f"({self.db.stat().st_size / 1e6:.0f} MB) in {took:.1f} s"
        )

    async def start_bot(self) -> None:
        env = {
            "DATABASE_PATH": str(self.db),
            "DEV_GUILD_ID": str(self.world.guilds[0].id),
            "GAMEHOST_TEST_STATS": str(self.stats),
            "LOG_LEVEL": "WARNING",
            "DEADLINE_POLL": str(self.args.poll),
        }
        argv = python_argv(ROOT / "bot.py")
        if self.args.profile:  # cProfile on the bot's main thread from its start
            argv = python_argv(ROOT / "bench" / "profiled.py", str(ROOT / "bot.py"))
            env["GAMEHOST_PROFILE"] = str(Path(self.args.profile).resolve())
            env["GAMEHOST_PROFILE_START"] = "1"
        loop = asyncio.get_running_loop()
        self.bot = BotProcess(
            self.fake,
            argv,
            env=env,
            cwd=ROOT,
            log_path=self.folder / "bot.log",
        )
        self.t0 = t0 = loop.time()
        await self.bot.start(timeout=300)
        connected = loop.time() - t0
        # an old table: last moved days ago, by the person owing its decision
        old = next(live for live in self.lives if not live.recent and live.owing)
        inter = await self.fake.click(old.owing[0], old.table, custom_id="hand:")
        await inter.wait_answered(120)
        panel = await inter.wait_reply(30)
        assert inter.answered_at is not None
        if "**Your decision:**" not in panel.text:
            raise RuntimeError(f"the first click was not answered with a panel: {panel.text!r}")
        self.out["connected_s"] = round(connected, 2)
        self.out["first_click_s"] = round(inter.answered_at - t0, 2)
        self.out["first_click_answer_ms"] = round((inter.answered_after or 0) * 1000, 1)
        log(f"first old click answered {self.out['first_click_s']} s after the start")

    async def profiled(self) -> None:
        """Stop the profile of the start-up (SIGUSR2: bench/profiled.py writes
        it) and print where the bot's main thread spent its time."""
        import pstats
        import signal

        assert self.bot.pid is not None, "the bot is not running"
        path = Path(self.args.profile)
        path.unlink(missing_ok=True)
        os.kill(self.bot.pid, signal.SIGUSR2)
        await self.fake.wait_until(path.exists, 30, "the profile")
        await asyncio.sleep(1.0)  # written whole
        for order in ("tottime", "cumulative"):
            print(f"-- the bot's start-up, profiled (main thread), by {order}:")
            pstats.Stats(str(path)).sort_stats(order).print_stats(30)

    async def watch(self) -> None:
        """From the start, every 0.5 s: when the table edits last moved, and
        the highest RSS (bot + board workers)."""
        loop = asyncio.get_running_loop()
        last = None
        self.last_edit_at = self.t0
        self.peak_rss = 0.0
        while True:
            edits = self.counters().get("table_edits")
            if edits and edits != last:
                last, self.last_edit_at = edits, loop.time()
            if self.bot.pid is not None:
                self.peak_rss = max(self.peak_rss, sum(self.memory()))
            await asyncio.sleep(0.5)

    async def startup_clicks(self, seconds: float = 20.0, gap: float = 0.5) -> None:
        """While start-up work may still run: a "My hand" click on another old
        table every `gap` seconds for `seconds` (not waiting for each other)."""
        olds = [live for live in self.lives if not live.recent and live.owing]
        picked = self.rnd.sample(olds, int(seconds / gap))
        times: list[float] = []
        failed = 0

        async def click(live: Live) -> None:
            nonlocal failed
            try:
                inter = await self.fake.click(live.owing[0], live.current(self.fake), "hand:")
                await inter.wait_answered(30)
                times.append(inter.answered_after or 0.0)
            except (LookupError, PermissionError, TimeoutError) as exc:
                failed += 1
                log(f"a start-up click on match {live.match_id} failed: {exc!r}")

        tasks = []
        for live in picked:
            tasks.append(asyncio.create_task(click(live)))
            await asyncio.sleep(gap)
        await asyncio.gather(*tasks)
        ordered = sorted(times)
        self.out["startup_clicks"] = {
            "clicks": len(picked),
            "failed": failed,
            "p50_ms": round(ordered[len(ordered) // 2] * 1000, 1) if ordered else None,
            "max_ms": round(ordered[-1] * 1000, 1) if ordered else None,
            "seconds": seconds,
        }

    async def settle(self, quiet: float = 5.0, most: float = 600.0) -> float:
        """Until the bot's table edits and CPU stop moving for `quiet` seconds;
        when they stopped, in seconds from the start."""
        loop = asyncio.get_running_loop()
        pid = self.bot.pid
        assert pid is not None, "the bot is not running"
        started = loop.time()
        last = (self.counters().get("table_edits"), cpu_seconds(pid))
        still_since = loop.time()
        while loop.time() - started < most:
            await asyncio.sleep(1.0)
            now = (self.counters().get("table_edits"), cpu_seconds(pid))
            busy = now[0] != last[0] or now[1] - last[1] > 0.3
            if busy:
                still_since = loop.time()
            elif loop.time() - still_since >= quiet:
                break
            last = now
        return round(still_since - self.t0, 1)

    async def clicks(self) -> None:
        """`--clicks` old matches, each: open the owing player's panel, make a move."""
        chosen = self.rnd.sample([live for live in self.lives if live.owing], self.args.clicks)
        times: list[float] = []
        failed = 0
        semaphore = asyncio.Semaphore(8)

        async def play(live: Live) -> None:
            nonlocal failed
            async with semaphore:
                user = live.owing[0]
                try:
                    inter = await self.fake.click(user, live.current(self.fake), custom_id="hand:")
                    await inter.wait_answered(30)
                    times.append(inter.answered_after or 0.0)
                    panel = await inter.wait_reply(30)
                    moves = [
                        b
                        for b in panel.buttons()
                        if b["custom_id"].startswith("g:") and not b.get("disabled")
                    ]
                    lists = [
                        s for s in panel.selects() if s["custom_id"].startswith(("gs:", "gg:"))
                    ]
                    if moves and (not lists or self.rnd.random() < 0.5):
                        button = self.rnd.choice(moves)
                        inter = await self.fake.click(user, panel, custom_id=button["custom_id"])
                    elif lists:
                        select = self.rnd.choice(lists)
                        value = self.rnd.choice(select["options"])["value"]
                        inter = await self.fake.select(
                            user, panel, [value], custom_id=select["custom_id"]
                        )
                    else:
                        return
                    await inter.wait_answered(30)
                    times.append(inter.answered_after or 0.0)
                except (LookupError, PermissionError, TimeoutError, ValueError) as exc:
                    failed += 1
                    if failed <= 3:
                        log(f"a click on match {live.match_id} failed: {exc!r}")

        await asyncio.gather(*(play(live) for live in chosen))
        ordered = sorted(times)
        self.out["clicks"] = {
            "matches": len(chosen),
            "answered": len(times),
            "failed": failed,
            "p50_ms": round(ordered[len(ordered) // 2] * 1000, 1) if ordered else None,
            "p99_ms": round(ordered[int(len(ordered) * 0.99)] * 1000, 1) if ordered else None,
        }

    async def polls(self, seconds: float) -> None:
        """The deadline loop's polls over `seconds` of quiet."""
        before = self.counters()
        await asyncio.sleep(seconds)
        after = self.counters()
        polls = after.get("deadline_polls", 0) - before.get("deadline_polls", 0)
        spent = after.get("deadline_poll_ms", 0) - before.get("deadline_poll_ms", 0)
        self.out["deadline"] = {
            "polls": polls,
            "ms_per_poll": round(spent / polls, 2) if polls else None,
            "max_ms": after.get("deadline_poll_max_ms"),
            "poll_s": self.args.poll,
        }

    async def run(self) -> dict:
        await self.prepare()
        try:
            load_before = load_average()
            await self.start_bot()
            watching = asyncio.create_task(self.watch())
            await self.startup_clicks()
            await self.settle()
            if self.args.profile:
                await self.profiled()
            self.out["settled_s"] = round(self.last_edit_at - self.t0, 1)
            self.out["start_edits"] = self.counters().get("table_edits", 0)
            self.out["rss_settled_mb"], self.out["worker_rss_settled_mb"] = self.memory()
            await self.clicks()
            await self.settle(quiet=3.0, most=120.0)
            self.out["rss_after_clicks_mb"], self.out["worker_rss_after_clicks_mb"] = self.memory()
            await self.polls(max(3 * self.args.poll, 10.0))
            watching.cancel()
            self.out["peak_rss_mb"] = round(self.peak_rss)
            self.out["load_average"] = (load_before, load_average())
            return self.out
        finally:
            if getattr(self, "bot", None) is not None:
                await self.bot.stop()
            await self.fake.stop()


def show(out: dict) -> None:
    def verdict(ok: bool) -> str:
        return "met" if ok else "MISSED"

    total_settled = out["rss_settled_mb"] + out["worker_rss_settled_mb"]
    total_clicked = out["rss_after_clicks_mb"] + out["worker_rss_after_clicks_mb"]
    print(
        f"\n{out['matches']} live matches in {out['guilds']} servers (built in {out['build_s']} s)"
    )
    print(
        f"start -> first answered old click: {out['first_click_s']:.2f} s "
        f"(connected after {out['connected_s']:.2f} s; the click itself "
        f"{out['first_click_answer_ms']:.0f} ms) - goal < {GOAL_FIRST_CLICK_S:.0f} s: "
        f"{verdict(out['first_click_s'] < GOAL_FIRST_CLICK_S)}"
    )
    s = out["startup_clicks"]
    print(
        f"clicks on old tables in the {s['seconds']:.0f} s after the first one (one every "
        f"0.5 s): p50 {s['p50_ms']} ms, max {s['max_ms']} ms ({s['failed']} failed)"
    )
    print(
        f"start-up's table edits: {out['start_edits']}, the last {out['settled_s']} s "
        f"after the start"
    )
    print(
        f"RSS after start-up: bot {out['rss_settled_mb']:.0f} MB + board workers "
        f"{out['worker_rss_settled_mb']:.0f} MB = {total_settled:.0f} MB"
    )
    c = out["clicks"]
    print(
        f"RSS after clicks on {c['matches']} old matches (panel, then a move: {c['answered']} "
        f"answers, p50 {c['p50_ms']} ms, p99 {c['p99_ms']} ms, {c['failed']} failed): "
        f"bot {out['rss_after_clicks_mb']:.0f} MB + board workers "
        f"{out['worker_rss_after_clicks_mb']:.0f} MB = {total_clicked:.0f} MB - goal < "
        f"{GOAL_RSS_MB} MB: {verdict(max(total_settled, total_clicked) < GOAL_RSS_MB)}"
    )
    print(f"RSS at most (sampled every 0.5 s, bot + board workers): {out['peak_rss_mb']} MB")
    d = out["deadline"]
    print(
        f"deadline loop: {d['ms_per_poll']} ms per poll (fire_due, {d['polls']} polls, "
        f"max {d['max_ms']} ms), every {d['poll_s']} s here (DEADLINE_POLL; 30 s by default)"
    )
    print(
        f"machine load average: {out['load_average'][0]:.1f} at the start, "
        f"{out['load_average'][1]:.1f} at the end ({os.cpu_count()} cores)"
    )


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--guilds", type=int, default=300, help="servers they are spread over")
    parser.add_argument("--clicks", type=int, default=200, help="matches clicked after start-up")
    parser.add_argument("--poll", type=float, default=5.0, help="DEADLINE_POLL, seconds")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    parser.add_argument("--profile", metavar="FILE", help="profile the bot's start-up (cProfile)")
    parser.add_argument("--keep", action="store_true", help="keep the folder (bot.log, games.db)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="gamehost-live-"))
    try:
        out = asyncio.run(Bench(args, folder).run())
    finally:
        if args.keep:
            log(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    show(out)
    if args.json:
        json.dump(out, sys.stdout, indent=1)
    return out


if __name__ == "__main__":
    main()
