"""Bots and hints think beside the bot (issue 40), end to end: the real
bot.py against the fake Discord. Sixty presses of 💡 on one decision in a
burst are all answered in time, with one hint, from one search; a thinking
worker killed with -9 is started again and the bot seat it served moves
on."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
from pathlib import Path

import pytest

from .bot_helpers import answered_privately, current_table, cuttle_against_a_bot, pick, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Thinkers",
        users=("alice",),
        seed="thinking",
        stats=True,
        env={"BOT_WORKERS": "1"},
    ),
]

WORKER = "cogs.thinking.worker"


def stats(w) -> dict:
    try:
        return json.loads(Path(w.stats).read_text())
    except (OSError, ValueError):
        return {}


def thinking_workers(pid: int) -> list[int]:
    """The bot's thinking worker processes (its children running WORKER)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return []
    found = []
    for child in children:
        try:
            argv = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if WORKER.encode() in argv:
            found.append(int(child))
    return found


async def panel_of(w, channel):
    return await reply(
        await w.fake.click(w.alice, current_table(w.fake, channel), custom_id="hand:")
    )


def moves_on(table) -> int:
    """The moves made, as the table's footer says ("move 3", maybe after more)."""
    footer = table.embeds[0]["footer"]["text"]
    found = re.search(r"move (\d+)", footer)
    assert found is not None, footer
    return int(found.group(1))


async def test_sixty_presses_of_hint_are_all_answered_from_one_search(world):
    w, fake = world, world.fake
    channel, _lobby, _table = await cuttle_against_a_bot(w, "sixty-presses", hints=True)
    panel = await panel_of(w, channel)
    button = next(b for b in panel.buttons() if b["custom_id"].startswith("hint:"))
    searched = stats(w).get("searches", {}).get("hint", 0)
    late_before = len(fake.answered_late())

    presses = await asyncio.gather(
        *(fake.click(w.alice, panel, custom_id=button["custom_id"]) for _ in range(60))
    )
    answers = await asyncio.gather(*(reply(inter) for inter in presses))

    assert all(answered_privately(inter) for inter in presses)
    assert len(fake.answered_late()) == late_before  # every press within Discord's 3 s
    texts = {answer.text for answer in answers}
    assert len(texts) == 1 and texts.pop().startswith("💡"), texts  # one hint, told 60 times
    await fake.wait_until(
        lambda: stats(w).get("searches", {}).get("hint", 0) > searched, 5, "the counters"
    )
    await asyncio.sleep(0.5)  # (the counters are written every 0.2 s)
    assert stats(w)["searches"]["hint"] == searched + 1  # one search for the 60 presses


async def test_a_thinking_worker_killed_is_started_again_and_the_bot_moves_on(world):
    w, fake = world, world.fake
    workers = await fake.wait_until(lambda: thinking_workers(w.bot.pid), 10, "the worker")
    os.kill(workers[0], signal.SIGKILL)  # kill -9
    channel, _lobby, _table = await cuttle_against_a_bot(w, "killed-worker")
    panel = await panel_of(w, channel)
    assert moves_on(current_table(fake, channel)) == 0
    assert await pick(fake, w.alice, panel)  # alice moves; the greedy bot (a worker) answers
    await fake.wait_until(
        lambda: moves_on(current_table(fake, channel)) >= 2, 20, "the bot's answer on the table"
    )
    now = thinking_workers(w.bot.pid)
    assert now and workers[0] not in now  # a new worker thinks for the bot
    assert w.bot.alive
