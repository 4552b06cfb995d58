"""Fixtures for end-to-end tests: a fake Discord and real bot processes against it.

The fixtures are module-scoped (one server and one bot per test module, so
the bot starts once), which means the module's tests must share its loop::

    pytestmark = pytest.mark.asyncio(loop_scope='module')

Most modules want the same world: a fake Discord with a server, some
people, a database file and the real bot.py started against them. The
``world`` fixture makes it, as the module's ``world`` marker says (its
options: tests/e2e/world.py, ``Options``)::

    pytestmark = [
        pytest.mark.asyncio(loop_scope="module"),
        pytest.mark.world(guild="Learners", users=("alice", "bob"), seed="hints"),
    ]

    async def test_something(world):
        channel = world.fake.add_text_channel(world.guild, "games")
        ...

A module that needs more (matches made once for all its tests, another
server's channel) overrides ``world`` with a fixture of its own that asks
for ``world`` and adds to it. When the module ends, whether its tests
passed or not, the world's bots are stopped (SIGTERM) and every bot
spawned is killed if still running.

When a test fails, the tail of every bot log is attached to the report.
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest
import pytest_asyncio

from cogs.presenters import loaded_packages
from playground.fake_discord import BotProcess, FakeDiscord

from .world import Options, World, make_world


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "world(**options): the world the module's `world` fixture makes"
        " (tests/e2e/world.py, Options)",
    )


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def fake_discord():
    async with FakeDiscord() as fake:
        yield fake


def registered_games() -> dict[str, str]:
    """The environment that has a bot offer the games registered here."""
    return {
        "GAMEHOST_GAMES": ",".join(loaded_packages()),
        "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
    }


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def spawn_bot(fake_discord, tmp_path_factory):
    """``await spawn_bot(argv, env={...}, cwd=...)`` -> a started :class:`BotProcess`.

    The process gets ``fake_discord.env()`` (token + the two redirections) on
    top of ``os.environ`` and ``env``; every spawned bot is killed at the end.
    It offers every game this session registered (``GAMEHOST_GAMES``, with
    this process's path: the examples' and the tests' games are not
    installed), so the end-to-end checks run over each of them too.
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
        env = {"TABLE_WATCHED_DELAY": "0", **registered_games(), **(env or {})}
        proc = BotProcess(
            fake_discord, argv, env=env, cwd=cwd, log_path=log_dir / f"bot-{len(spawned)}.log"
        )
        spawned.append(proc)
        return await proc.start(timeout=timeout)

    yield spawn
    for proc in spawned:
        await proc.kill()
        proc.forget()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(request, fake_discord, spawn_bot, tmp_path_factory) -> AsyncIterator[World]:
    """The module's world (tests/e2e/world.py): its servers, channels and
    people on the fake Discord, a database file and the real bot.py started
    against them, as the module's ``pytest.mark.world(...)`` says (a marker
    on a single test is not read: the world is the whole module's)."""
    marker = request.node.get_closest_marker("world")
    options = Options(**(marker.kwargs if marker else {}))
    folder = tmp_path_factory.mktemp(request.module.__name__.rsplit(".", 1)[-1])
    w = await make_world(options, fake_discord, spawn_bot, folder)
    try:
        yield w
    finally:
        await w.stop()


@pytest_asyncio.fixture(loop_scope="module")
async def channel(world, request):
    """A text channel of the test's own (named after it) in ``world.guild``."""
    return world.fake.add_text_channel(world.guild, request.node.name[:90])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for proc in BotProcess.instances:
            report.sections.append((f"bot log {proc.log_path}", proc.log_tail()))
