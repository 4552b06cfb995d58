"""The real bot.py checks its database before it talks to Discord: with an
unusable file it exits non-zero, with one line naming the file and what to
do, and without a single request or gateway connection to (fake) Discord."""

from __future__ import annotations

import asyncio
import os
import sys

import pytest

from tests.storage.unusable_files import UNUSABLE

from .bot_helpers import ROOT

pytestmark = pytest.mark.asyncio(loop_scope="module")
EXIT_STORAGE = 3


CASES = {"missing folder": (None, "does not exist"), **UNUSABLE}


@pytest.mark.parametrize("case", list(CASES))
async def test_an_unusable_database_stops_the_bot_before_it_connects(fake_discord, tmp_path, case):
    make, words = CASES[case]
    path = tmp_path / "volume" / "games.db"
    if make is not None:
        path.parent.mkdir()
        await make(path)
    before = (len(fake_discord.requests), fake_discord.gateway.identify_count)
    env = {**os.environ, **fake_discord.env(), "DATABASE_PATH": str(path), "PYTHONUNBUFFERED": "1"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "bot.py"),
        cwd=ROOT,
        env=env,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    said = [line for line in (out + err).decode().splitlines() if line.strip()]
    assert proc.returncode == EXIT_STORAGE, said
    assert len(said) == 1, said
    assert str(path) in said[0] and words in said[0] and "; " in said[0], said
    assert (len(fake_discord.requests), fake_discord.gateway.identify_count) == before
