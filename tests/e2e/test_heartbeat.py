"""The real bot.py keeps the heartbeat file that the Docker HEALTHCHECK reads:
it appears once the bot is connected, the check command passes on it, and a
bot stopped by SIGTERM leaves none behind."""

from __future__ import annotations

import asyncio
import sys

import pytest

from .bot_helpers import ROOT

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Heartbeat night",
        dev_guild=None,
        delay=None,
        # HEARTBEAT_PATH empty (set: a developer's .env cannot change it): beside the database
        env={"HEARTBEAT_PATH": ""},
    ),
]


async def health_check(env: dict[str, str]) -> int:
    """The Dockerfile's HEALTHCHECK command, with the bot's environment."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cogs.heartbeat",
        cwd=ROOT,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    return await proc.wait()


async def test_the_connected_bot_is_healthy_and_a_stopped_one_is_not(world):
    fake, bot, env = world.fake, world.bot, world.env
    beat = world.db.parent / "heartbeat"
    await fake.wait_until(beat.exists, 10, "the first heartbeat")
    assert await health_check(env) == 0
    await bot.stop()
    assert bot.proc.returncode == 0, bot.log_tail()
    assert not beat.exists()
    assert await health_check(env) == 1
