"""Crash safety: a child process plays and commits moves in a loop and is
killed with SIGKILL at random moments (mid-commit, between commit and
acknowledgement, during start-up and migration), 50 times on one database
(an SQLite file; a PostgreSQL schema, empty at first). After each kill the
reopened database must hold every move whose commit had returned, exactly
once, and replaying each log must give its snapshot."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sys
from pathlib import Path

import pytest

import storage

ROOT = Path(storage.__file__).resolve().parent.parent
KILLS = 50

# A fork server: imports storage + rules once, then forks one child per
# run (a fresh interpreter per run would cost ~0.2 s of imports each). The
# child plays and commits in a loop and writes an acknowledgement to a pipe
# after each commit returned; the server relays it, prefixed "ack", and
# reports "end <wait status>" when the child is gone.
SERVER = r"""
import asyncio, json, os, random, sys
from rules import Match, get_game
from storage import SqliteStore, Status
from storage.postgres import PgStore

get_game("keltis")  # discover the games before forking

def open_store(where):
    if where["backend"] == "postgres":
        return PgStore.open(where["url"], schema_name=where["schema"])
    return SqliteStore.open(where["path"])

async def new_match(store, rnd):
    match_id = await store.create_lobby(1, 2, "keltis", {}, 10)
    players = rnd.randint(2, 4)
    for user in range(10, 10 + players):
        await store.add_user_seat(match_id, user)
    match = Match.new("keltis", players, f"crash-{rnd.random()}")
    await store.start_match(match_id, match)
    return match_id, match

async def play(where, seed, out):
    rnd = random.Random(seed)
    async with open_store(where) as store:
        live = [i for i in await store.live_matches() if i.status == Status.ACTIVE]
        if live:
            match_id = live[0].id
            match = (await store.load(match_id)).match
        else:
            match_id, match = await new_match(store, rnd)
        while True:
            if match.is_over():
                match_id, match = await new_match(store, rnd)
            seat = rnd.choice(match.to_act())
            key = rnd.choice(match.legal(seat)).key()
            events = match.act(seat, key, match.seq)
            await store.commit(match_id, match, events)
            os.write(out, f"{match_id} {match.seq - 1} {seat} {key}\n".encode())

for command in sys.stdin:
    where, seed = json.loads(command)
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(r)
            asyncio.run(play(where, seed, w))
        finally:
            os._exit(1)
    os.close(w)
    print("pid", pid, flush=True)
    with os.fdopen(r, "rb") as acks:
        for line in acks:
            print("ack", line.decode(), end="", flush=True)
    print("end", os.waitpid(pid, 0)[1], flush=True)
"""


class ForkServer:
    def __init__(self, proc: asyncio.subprocess.Process, errors: Path):
        self.proc = proc
        self.errors = errors

    @classmethod
    async def start(cls, errors: Path) -> ForkServer:
        with errors.open("wb") as err:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                SERVER,
                cwd=ROOT,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=err,
            )
        return cls(proc, errors)

    async def line(self) -> list[str]:
        assert self.proc.stdout is not None  # started with a pipe
        line = await self.proc.stdout.readline()
        assert line, f"the fork server died: {self.errors.read_text()[-2000:]}"
        return line.decode().split()

    async def run_and_kill(
        self, where: dict, run: int, rnd: random.Random
    ) -> list[tuple[int, int, int, str]]:
        """One child's life on the database `where` (open_store.where);
        returns the moves whose commit it acknowledged."""
        assert self.proc.stdin is not None  # started with a pipe
        self.proc.stdin.write(json.dumps([where, run]).encode() + b"\n")
        await self.proc.stdin.drain()
        kind, pid = await self.line()
        assert kind == "pid"
        wanted = rnd.choice([0, 0, *range(1, 40)])
        acks: list[list[str]] = []
        reply = await self.line()
        while reply[0] == "ack" and len(acks) < wanted:
            acks.append(reply[1:])
            reply = await self.line()
        # A random moment: inside start-up (opening, migrating, creating a
        # match) when wanted is 0, else somewhere within the next commit.
        await asyncio.sleep(rnd.uniform(0, 0.05) if wanted == 0 else rnd.uniform(0, 0.002))
        os.kill(int(pid), signal.SIGKILL)
        while reply[0] == "ack":
            acks.append(reply[1:])
            reply = await self.line()
        assert reply[0] == "end"
        status = os.waitstatus_to_exitcode(int(reply[1]))
        assert status == -signal.SIGKILL, (  # it was playing, not crashing
            f"child ended with {status}: {self.errors.read_text()[-2000:]}"
        )
        return [(int(m), int(seq), int(seat), key) for m, seq, seat, key in acks]

    async def stop(self) -> None:
        assert self.proc.stdin is not None  # started with a pipe
        self.proc.stdin.close()
        await self.proc.wait()


@pytest.fixture
def pg_schema_name(pg_server):
    """Here an empty schema: the first children are killed while migrating it."""
    name = pg_server.empty_schema()
    yield name
    pg_server.drop_schema(name)


async def test_sigkill_loses_no_acknowledged_move(tmp_path, open_store):
    rnd = random.Random(2024)
    acked: dict[tuple[int, int], tuple[int, str]] = {}
    server = await ForkServer.start(tmp_path / "server.err")
    try:
        for run in range(KILLS):
            await check_run(server, open_store, run, rnd, acked)
    finally:
        await server.stop()
    assert len(acked) > KILLS * 5, "the child hardly committed anything"


async def check_run(
    server: ForkServer,
    open_store,
    run: int,
    rnd: random.Random,
    acked: dict[tuple[int, int], tuple[int, str]],
) -> None:
    where = open_store.where
    for match_id, seq, seat, key in await server.run_and_kill(where, run, rnd):
        assert (match_id, seq) not in acked, "a seq was acknowledged twice"
        acked[match_id, seq] = (seat, key)
    if where["backend"] == "sqlite" and not Path(where["path"]).exists():
        return  # killed before the file was even created
    async with open_store() as store:
        logs = {}
        for match_id in sorted({m for m, _ in acked}):
            loaded = await store.load(match_id, verify=True)  # replay == snapshot
            logs[match_id] = loaded.match.log
        for (match_id, seq), move in acked.items():
            assert logs[match_id][seq] == move, f"run {run}: match {match_id} seq {seq}"
        # Each kill may leave one move committed but not yet acknowledged.
        stored = sum(len(log) for log in logs.values())
        assert len(acked) <= stored <= len(acked) + run + 1
        # Every other match (e.g. one killed while being set up) is readable too.
        for info in await store.live_matches():
            await store.load(info.id, verify=True)
