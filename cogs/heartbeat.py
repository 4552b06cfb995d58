"""A heartbeat file for container health checks: while the bot is connected
to Discord and its event loop runs, it touches a file every BEAT seconds;
`python -m cogs.heartbeat` (the Dockerfile's HEALTHCHECK) fails when that
file is missing or older than MAX_AGE. A hung loop, a lost gateway or a
stopped bot all leave the file stale, which a process check would not see.

Kept free of discord imports: the check runs every half minute in the
container and should start in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from cogs.config import heartbeat_path

log = logging.getLogger(__name__)

BEAT = 20.0  # seconds between touches of the file
MAX_AGE = 3 * BEAT  # a file older than this is stale: three beats missed
WAIT = 1.0  # seconds between looks while not connected: the first beat comes soon


def connected(client: Any) -> bool:
    """A discord.py client that is logged in and holds an open gateway
    socket (not closed, not between reconnects); a sharded one, an open
    socket for each of its shards."""
    if not client.is_ready() or client.is_closed():
        return False
    shards = getattr(client, "shards", None)
    if shards:
        return all(not shard.is_closed() for shard in shards.values())
    ws = getattr(client, "ws", None)
    return bool(ws is not None and ws.open)


class Heartbeat:
    """Touches `path` every `beat` seconds while `alive()` says so; removes
    it on stop, so a bot that stopped is never taken for a healthy one."""

    def __init__(self, path: Path, alive: Callable[[], bool], beat: float = BEAT):
        self.path = path
        self.alive = alive
        self.beat = beat
        self._task: asyncio.Task[None] | None = None
        self._failing = False

    async def __aenter__(self) -> Heartbeat:
        self.start()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="heartbeat")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        with contextlib.suppress(OSError):
            self.path.unlink(missing_ok=True)

    async def _run(self) -> None:
        while True:
            if self.alive():
                await asyncio.to_thread(self._touch)
                await asyncio.sleep(self.beat)
            else:
                await asyncio.sleep(min(self.beat, WAIT))

    def _touch(self) -> None:
        try:
            self.path.touch()
        except OSError as exc:  # said once per failing spell, not every beat
            if not self._failing:
                log.warning("cannot write the heartbeat file %s: %s", self.path, exc)
            self._failing = True
        else:
            if self._failing:
                log.info("the heartbeat file %s is written again", self.path)
            self._failing = False


def age(path: Path, now: float | None = None) -> float | None:
    """Seconds since the file was last touched; None when it is missing."""
    try:
        touched = path.stat().st_mtime
    except FileNotFoundError:
        return None
    return (time.time() if now is None else now) - touched


def check(path: Path, max_age: float = MAX_AGE, now: float | None = None) -> tuple[bool, str]:
    """Is the heartbeat fresh? With a line saying why not."""
    seconds = age(path, now)
    if seconds is None:
        return False, f"unhealthy: no heartbeat file at {path}"
    if seconds > max_age:
        return False, f"unhealthy: heartbeat {seconds:.0f} s old (more than {max_age:g} s)"
    return True, f"healthy: heartbeat {max(seconds, 0):.0f} s old"


def main(argv: list[str] | None = None, env: dict[str, str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cogs.heartbeat", description="Exit 0 when the bot's heartbeat is fresh."
    )
    parser.add_argument(
        "--max-age",
        type=float,
        default=MAX_AGE,
        help=f"seconds after which the heartbeat is stale (default {MAX_AGE:g})",
    )
    args = parser.parse_args(argv)
    if env is None:
        from dotenv import load_dotenv  # the bot reads .env too: look where it writes

        load_dotenv()
        env = dict(os.environ)
    healthy, line = check(heartbeat_path(env), args.max_age)
    print(line)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
