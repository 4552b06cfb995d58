"""Running a bot as a real OS process against a FakeDiscord.

The process is spawned with asyncio (the fake serves from the same event
loop, so nothing here may block it) and its output goes to a log file, whose
tail is shown when a start fails or a test fails (see conftest).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .server import FakeDiscord


class BotProcess:
    """``argv`` run with ``fake.env()`` + ``env`` added to the environment.

    ``start()`` returns once the bot is connected and has its guilds;
    ``kill()`` is ``kill -9`` and waits until the fake has seen the socket
    drop; ``restart()`` is both.
    """

    instances: list[BotProcess] = []  # for the failure report in conftest; forget() removes
    #: gateway session id -> the process whose start made it (several bots on one fake)
    claimed: dict[str, BotProcess] = {}

    def __init__(
        self,
        fake: FakeDiscord,
        argv: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        cwd: str | Path | None = None,
        log_path: str | Path,
    ):
        self.fake = fake
        self.argv = list(argv)
        self.env = dict(env or {})
        self.cwd = cwd
        self.log_path = Path(log_path)
        self.proc: asyncio.subprocess.Process | None = None
        self.starts = 0
        self._identified_before = 0  # sessions numbered above this are (most likely) ours
        BotProcess.instances.append(self)

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.returncode is None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    async def start(self, *, timeout: float = 20.0) -> BotProcess:
        if self.alive:
            raise RuntimeError("bot process already running")
        self.starts += 1
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.fake.env(), **self.env}
        self._identified_before = self.fake.gateway.identify_count
        with self.log_path.open("ab") as log:
            log.write(f"\n===== start #{self.starts}: {' '.join(self.argv)}\n".encode())
            log.flush()
            self.proc = await asyncio.create_subprocess_exec(
                *self.argv,
                cwd=self.cwd,
                env=env,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        ready = asyncio.ensure_future(
            self.fake.wait_until_bot_ready(timeout, after=self._identified_before)
        )
        exited = asyncio.ensure_future(self.proc.wait())
        await asyncio.wait({ready, exited}, return_when=asyncio.FIRST_COMPLETED)
        if not ready.done():
            ready.cancel()
            raise RuntimeError(
                f"bot exited with {self.proc.returncode} before connecting:\n{self.log_tail()}"
            )
        exited.cancel()
        if ready.exception() is not None:
            await self.kill()
            raise RuntimeError(
                f"bot did not connect in {timeout}s:\n{self.log_tail()}"
            ) from ready.exception()
        for session in self.fake.gateway.sessions:  # the connections this start made
            if session.number > self._identified_before:
                BotProcess.claimed.setdefault(session.session_id, self)
        return self

    async def kill(self) -> None:
        """``kill -9``: no shutdown code runs; the fake drops the dead socket."""
        if self.alive:
            assert self.proc is not None
            self.proc.send_signal(signal.SIGKILL)
        await self._reap()
        await self._disconnected()

    async def stop(self, timeout: float = 5.0) -> None:
        """SIGTERM, then SIGKILL after ``timeout``."""
        if self.alive:
            assert self.proc is not None
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), timeout)
            except TimeoutError:
                self.proc.kill()
        await self._reap()
        await self._disconnected()

    async def restart(self, *, hard: bool = True, timeout: float = 20.0) -> BotProcess:
        await (self.kill() if hard else self.stop())
        return await self.start(timeout=timeout)

    async def _reap(self) -> None:
        if self.proc is not None:
            await self.proc.wait()

    def _owns_session(self, session) -> bool:
        """A connection of this process: one its start made, or a later one
        no other process's start made (a reconnect)."""
        owner = BotProcess.claimed.get(session.session_id)
        return owner is self or (owner is None and session.number > self._identified_before)

    async def _disconnected(self) -> None:
        sessions = self.fake.gateway.sessions
        await self.fake.wait_until(
            lambda: not any(self._owns_session(s) for s in sessions),
            5.0,
            "the fake to drop the dead bot's socket",
        )

    def forget(self) -> None:
        if self in BotProcess.instances:
            BotProcess.instances.remove(self)

    def log_tail(self, lines: int = 60) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])


def python_argv(script: str | Path, *args: str) -> list[str]:
    """Run ``script`` with this interpreter (the project's venv under pytest)."""
    return [sys.executable, str(script), *args]
