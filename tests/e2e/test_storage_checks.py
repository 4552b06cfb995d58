"""The real bot.py checks its database before it talks to Discord: with an
unusable file it exits non-zero, with one line naming the file and what to
do, and without a single request or gateway connection to (fake) Discord."""
from __future__ import annotations

import asyncio
import os
import sqlite3
import sys

import pytest

from storage import Store, migrations

from .bot_helpers import ROOT

pytestmark = pytest.mark.asyncio(loop_scope="module")
EXIT_STORAGE = 3
GUILD, CHANNEL, ALICE = 1001, 2001, 11


def not_sqlite(path):
    path.write_text("not a database\n" * 100)


def someone_elses(path):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    conn.commit()
    conn.close()


async def ours(path, matches=40):
    async with Store.open(path) as store:
        for _ in range(matches):
            await store.create_lobby(GUILD, CHANNEL, "keltis", {"note": "x" * 200}, ALICE)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


async def newer(path):
    await ours(path, matches=1)
    conn = sqlite3.connect(path)
    conn.execute("INSERT INTO schema_version VALUES (?, 0)", (migrations.latest() + 1,))
    conn.commit()
    conn.close()


async def truncated(path):
    await ours(path)
    path.write_bytes(path.read_bytes()[:5000])


async def damaged(path):
    await ours(path)
    data = bytearray(path.read_bytes())
    for page in range(2, len(data) // 4096):
        data[page * 4096:page * 4096 + 64] = b"\xa5" * 64
    path.write_bytes(bytes(data))


CASES = {  # name: (make the file, words the line must contain)
    "missing folder": (None, "does not exist"),
    "not a database": (not_sqlite, "not a SQLite database"),
    "someone else's database": (someone_elses, "another program"),
    "newer schema": (newer, "newer than this code"),
    "truncated": (truncated, "truncated"),
    "damaged": (damaged, "damaged"),
}


@pytest.mark.parametrize("case", list(CASES))
async def test_an_unusable_database_stops_the_bot_before_it_connects(fake_discord, tmp_path, case):
    make, words = CASES[case]
    path = tmp_path / "volume" / "games.db"
    if make is not None:
        path.parent.mkdir()
        made = make(path)
        if asyncio.iscoroutine(made):
            await made
    before = (len(fake_discord.requests), fake_discord.gateway.identify_count)
    env = {**os.environ, **fake_discord.env(), "DATABASE_PATH": str(path), "PYTHONUNBUFFERED": "1"}
    proc = await asyncio.create_subprocess_exec(
        sys.executable, str(ROOT / "bot.py"), cwd=ROOT, env=env, stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    said = [line for line in (out + err).decode().splitlines() if line.strip()]
    assert proc.returncode == EXIT_STORAGE, said
    assert len(said) == 1, said
    assert str(path) in said[0] and words in said[0] and "; " in said[0], said
    assert (len(fake_discord.requests), fake_discord.gateway.identify_count) == before
