"""The heartbeat file: fresh while the bot is connected, left alone while it
is not, gone once it stopped; the health check passes on a fresh file and
fails on a stale or missing one."""

from __future__ import annotations

import asyncio
import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

from cogs import heartbeat
from cogs.config import Config, heartbeat_path
from cogs.heartbeat import MAX_AGE, Heartbeat, check, connected

ROOT = Path(__file__).resolve().parents[2]


async def until(condition, what: str, polls: int = 500) -> None:
    """Wait for `condition` (bounded by a number of short sleeps, not a clock)."""
    for _ in range(polls):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


def make_stale(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


async def test_the_file_is_kept_fresh_while_connected_and_removed_on_stop(tmp_path):
    path = tmp_path / "heartbeat"
    async with Heartbeat(path, alive=lambda: True, beat=0.01):
        await until(path.exists, "the first beat")
        make_stale(path, 10 * MAX_AGE)
        await until(lambda: check(path)[0], "a fresh beat over the stale file")
    assert not path.exists()  # a stopped bot is never taken for a healthy one


async def test_no_beat_while_disconnected_and_the_first_soon_after_connecting(tmp_path):
    path, link = tmp_path / "heartbeat", SimpleNamespace(up=False)
    async with Heartbeat(path, alive=lambda: link.up, beat=0.01):
        for _ in range(20):
            await asyncio.sleep(0.01)
        assert not path.exists()
        link.up = True
        await until(path.exists, "the beat once connected")


async def test_a_file_that_cannot_be_written_is_logged_once_and_the_beats_go_on(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="cogs.heartbeat")
    path = tmp_path / "missing-folder" / "heartbeat"
    async with Heartbeat(path, alive=lambda: True, beat=0.01) as beat:
        await until(lambda: beat._failing, "a failed beat")
        for _ in range(10):
            await asyncio.sleep(0.01)
        path.parent.mkdir()
        await until(path.exists, "a beat once the folder is there")
    said = [r.getMessage() for r in caplog.records if r.name == "cogs.heartbeat"]
    assert sum("cannot write the heartbeat file" in line for line in said) == 1, said
    assert any("written again" in line for line in said), said


def test_check_fails_on_a_stale_or_missing_file_and_passes_on_a_fresh_one(tmp_path):
    path = tmp_path / "heartbeat"
    healthy, line = check(path)
    assert not healthy and "no heartbeat file" in line
    path.touch()
    healthy, line = check(path)
    assert healthy and line.startswith("healthy: heartbeat"), line
    now = path.stat().st_mtime
    assert check(path, max_age=60, now=now + 59)[0]
    healthy, line = check(path, max_age=60, now=now + 61)
    assert not healthy and "61 s old" in line


def test_the_check_command_exits_0_only_on_a_fresh_file(tmp_path):
    path = tmp_path / "heartbeat"
    env = {**os.environ, "HEARTBEAT_PATH": str(path)}

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "cogs.heartbeat"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )

    assert run().returncode == 1
    path.touch()
    done = run()
    assert done.returncode == 0 and done.stdout.startswith("healthy"), done
    make_stale(path, MAX_AGE + 5)
    done = run()
    assert done.returncode == 1 and "unhealthy" in done.stdout, done


def test_main_reads_the_path_and_the_max_age(tmp_path, capsys):
    path = tmp_path / "beat"
    path.touch()
    make_stale(path, 30)
    env = {"HEARTBEAT_PATH": str(path)}
    assert heartbeat.main(["--max-age", "60"], env=env) == 0
    assert heartbeat.main(["--max-age", "10"], env=env) == 1
    assert "unhealthy" in capsys.readouterr().out


def test_the_path_is_beside_the_database_unless_set():
    assert heartbeat_path({}) == Path("data/heartbeat")
    assert heartbeat_path({"DATABASE_PATH": "/data/games.db"}) == Path("/data/heartbeat")
    assert heartbeat_path(
        {"DATABASE_PATH": "/data/games.db", "HEARTBEAT_PATH": " /run/beat "}
    ) == Path("/run/beat")
    config = Config.from_env({"DISCORD_TOKEN": "t", "DATABASE_PATH": "/srv/g.db"})
    assert config.heartbeat_path == Path("/srv/heartbeat")
    assert Config(token="t", database_path=Path("x.db")).heartbeat_path == Path("data/heartbeat")


class Client:
    """A discord.py client as `connected` sees it."""

    def __init__(self, ready: bool = True, closed: bool = False, ws_open: bool | None = True):
        self._ready, self._closed = ready, closed
        self.ws = None if ws_open is None else SimpleNamespace(open=ws_open)

    def is_ready(self) -> bool:
        return self._ready

    def is_closed(self) -> bool:
        return self._closed


def test_connected_means_ready_not_closed_and_an_open_gateway():
    assert connected(Client())
    assert not connected(Client(ready=False))
    assert not connected(Client(closed=True))
    assert not connected(Client(ws_open=False))  # between reconnects
    assert not connected(Client(ws_open=None))  # before the first connection


def test_a_sharded_client_is_connected_while_every_shard_is():
    def shard(closed: bool) -> SimpleNamespace:
        return SimpleNamespace(is_closed=lambda: closed)

    client = Client(ws_open=None)  # an AutoShardedClient's own `ws` tells nothing
    client.shards = {0: shard(False), 1: shard(False)}
    assert connected(client)
    client.shards[1] = shard(True)  # one shard between reconnects
    assert not connected(client)
