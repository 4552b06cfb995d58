"""Fixtures for end-to-end tests: a fake Discord and real bot processes against it.

Both fixtures are module-scoped (one server and one bot per test module, so
the bot starts once), which means the module's tests must share its loop::

    pytestmark = pytest.mark.asyncio(loop_scope='module')

When a test fails, the tail of every bot log is attached to the report.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
import pytest_asyncio

from playground.fake_discord import BotProcess, FakeDiscord


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def fake_discord():
    async with FakeDiscord() as fake:
        yield fake


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def spawn_bot(fake_discord, tmp_path_factory):
    """``await spawn_bot(argv, env={...}, cwd=...)`` -> a started :class:`BotProcess`.

    The process gets ``fake_discord.env()`` (token + the two redirections) on
    top of ``os.environ`` and ``env``; every spawned bot is killed at the end.
    Tables are edited right after each move (``TABLE_WATCHED_DELAY=0``) so a
    test can read the table it just changed; a test of that delay sets it.
    """
    log_dir = tmp_path_factory.mktemp("bot-logs")
    spawned: list[BotProcess] = []

    async def spawn(
        argv: Sequence[str],
        *,
        env: dict[str, str] | None = None,
        cwd: str | Path | None = None,
        timeout: float = 20.0,
    ) -> BotProcess:
        env = {"TABLE_WATCHED_DELAY": "0", **(env or {})}
        proc = BotProcess(
            fake_discord, argv, env=env, cwd=cwd, log_path=log_dir / f"bot-{len(spawned)}.log"
        )
        spawned.append(proc)
        return await proc.start(timeout=timeout)

    yield spawn
    for proc in spawned:
        await proc.kill()
        proc.forget()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for proc in BotProcess.instances:
            report.sections.append((f"bot log {proc.log_path}", proc.log_tail()))
