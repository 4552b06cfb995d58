"""Storage that turns read-only while the real bot.py runs: the log says so
once, every player who tries a move is told "the host's storage is
read-only" (not "try again"), nothing half-done is stored, and play goes on
once the storage takes writes again.

The files are made immutable (chattr +i), which refuses writes even through
the bot's open file descriptors, as a read-only remount does; where that is
not allowed (no CAP_LINUX_IMMUTABLE, a file system without it) the test is
skipped."""

from __future__ import annotations

import sqlite3
import subprocess

import pytest

from storage import SqliteStore

from .bot_helpers import answered, current_table, move_button, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Read-only night",
        channel="games",
        users=("alice", "bob"),
        delay=None,
        seed="read-only",
    ),
]
REPORT = "has become read-only"


def chattr(flag: str, *paths) -> bool:
    try:
        done = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True)
    except FileNotFoundError:
        return False
    return done.returncode == 0


def start_stored(db, match_id: int) -> bool:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        table = conn.execute(
            "SELECT 1 FROM messages WHERE match_id = ? AND kind = 'table'", (match_id,)
        ).fetchone()
        deadline = conn.execute(
            "SELECT 1 FROM deadlines WHERE match_id = ?", (match_id,)
        ).fetchone()
    return table is not None and deadline is not None


async def test_read_only_storage_is_said_once_and_play_resumes_after(world):
    w, fake = world, world.fake
    lobby = await reply(
        await fake.slash(w.alice, w.channel, "game new", game="keltis", players=2, here=True)
    )
    await answered(await fake.click(w.bob, lobby, label="Join"))
    await fake.wait_until(lambda: current_table(fake, w.channel), 5, "the table")
    async with SqliteStore.open(w.db) as store:
        [info] = await store.live_matches(channel_id=w.channel.id)
        before = (await store.load(info.id)).match.seq
    user, panel, custom_id = await move_button(fake, w.channel, (w.alice, w.bob))
    # the start's own writes (the table's message row, the first deadline) are
    # done before the storage turns read-only: clicks may be answered before them
    await fake.wait_until(lambda: start_stored(w.db, info.id), 10, "the start's writes")
    files = [w.db, w.db.with_name(w.db.name + "-wal")]
    if not chattr("+i", *files):
        pytest.skip("cannot make files immutable here (chattr +i)")
    try:
        for _ in range(2):
            said = await reply(await fake.click(user, panel, custom_id=custom_id))
            assert said.ephemeral and "the host's storage is read-only" in said.text
    finally:
        chattr("-i", *files)
    log = w.bot.log_tail(300)
    assert log.count(REPORT) == 1 and "Traceback" not in log, log
    moved = await answered(await fake.click(user, panel, custom_id=custom_id))
    assert moved.response_type == 7  # the panel, updated: the move was taken
    await fake.wait_until(lambda: "takes writes again" in w.bot.log_tail(20), 3, "the log")
    steps = len(custom_id.split(":", 3)[3].split("+"))  # a whole turn is several decisions
    async with SqliteStore.open(w.db) as store:
        assert (await store.load(info.id, verify=True)).match.seq == before + steps
    assert fake.problems() == []
