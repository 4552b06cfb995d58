"""The cross-process race: two OS processes, each with its own connections,
make 1,000 commits on one match between them, each computed from the match
as they just loaded it. The database decides: exactly one commit wins per
seq, the log has no gap and no duplicate and holds exactly the winners'
moves, and the stored snapshot equals the engine's replay of the log."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from pg_helpers import URL

from rules import Match

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
COMMITS = 1_000
USERS = (11, 12, 13, 14, 15)


async def start_cucco(store) -> int:
    """A 5-player Cucco of 20 deals: long enough (~900 actions in random
    play) for the racers' winning commits."""
    match_id = await store.create_lobby(1, 2, "cucco", {"deals": 20}, USERS[0])
    for user in USERS:
        await store.add_user_seat(match_id, user)
    await store.start_match(match_id, Match.new("cucco", 5, "race", {"deals": 20}))
    return match_id


async def spawn(schema: str, match_id: int, seed: int) -> asyncio.subprocess.Process:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(HERE.parent), str(HERE)])
    return await asyncio.create_subprocess_exec(
        *[sys.executable, str(HERE / "pg_race_worker.py"), URL, schema],
        *[str(match_id), str(COMMITS // 2), str(seed)],
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        env=env,
        cwd=ROOT,
    )


async def test_two_processes_racing_1000_commits_one_wins_per_seq(pg_schema, pg_store, pg_raw):
    match_id = await start_cucco(pg_store)
    racers = [await spawn(pg_schema, match_id, seed) for seed in (1, 2)]
    for racer in racers:  # both connected before either starts
        assert racer.stdout is not None
        assert await racer.stdout.readline() == b"ready\n"
    for racer in racers:
        assert racer.stdin is not None
        racer.stdin.write(b"go\n")
        await racer.stdin.drain()
    outputs = [await racer.communicate() for racer in racers]
    assert [racer.returncode for racer in racers] == [0, 0]
    reports = [json.loads(out) for out, _ in outputs]

    loaded = await pg_store.load(match_id, verify=True)
    rows = await pg_raw.fetch(
        "SELECT seq, seat, key FROM actions WHERE match_id = $1 ORDER BY seq", match_id
    )
    log = [tuple(row) for row in rows]
    won = sorted(tuple(w) for r in reports for w in r["won"])
    assert [seq for seq, _, _ in log] == list(range(loaded.seq))  # no gap, no duplicate
    assert won == log  # every seq won exactly once, by the move that is logged
    made = sum(r["made"] for r in reports)
    lost = sum(r["lost"] for r in reports)
    assert made == len(won) + lost
    assert made == COMMITS or loaded.match.is_over()
    assert lost > 0  # they really raced

    replayed = Match.new("cucco", 5, "race", {"deals": 20})
    for _, seat, key in log:
        replayed.act(seat, key, replayed.seq)
    assert loaded.match.snapshot() == replayed.snapshot()
    seconds = max(r["seconds"] for r in reports)
    print(f"\n{made} racing commits in {seconds:.2f} s ({made / seconds:.0f}/s): {len(won)} won")
