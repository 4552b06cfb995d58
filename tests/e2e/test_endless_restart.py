"""The live guard of `max_actions` holds across a restart (issue 43): a
table of bots only that is past its game's bound when the bot starts is
stopped as the bot resumes its bot seats. The bot first runs with the real
Keltis (its bound far off); after a `kill -9` it comes back offering the
Keltis of SHORT actions (tests/e2e/short_keltis.py)."""

from __future__ import annotations

import sqlite3
from contextlib import closing

import pytest

from cogs.presenters import loaded_packages

from .bot_helpers import concede, pick, replayed, reply, tracebacks
from .test_endless import SHORT, STOPPED, match_row, start_with_two_bots, table_of

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Endless restart", users=("alice",), mods=("mod",), delay=0.01, seed="restart"
    ),
]


async def test_a_table_of_bots_past_the_bound_at_a_start_is_stopped(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "restart")
    match_id, seat = await start_with_two_bots(w, channel)
    while replayed(w.db, match_id).seq <= SHORT or seat not in replayed(w.db, match_id).to_act():
        await fake.wait_until(lambda: seat in replayed(w.db, match_id).to_act(), 20, "her turn")
        panel = await reply(
            await fake.click(w.alice, await table_of(w, channel, match_id), custom_id="hand:")
        )
        await pick(fake, w.alice, panel)
    # paused, alice leaves: a table of bots only, past SHORT, that does not move
    await reply(await fake.slash(w.mod, channel, "game pause", match=match_id))
    await concede(fake, w.alice, channel)
    _status, seq, _outcome = match_row(w, match_id)
    assert seq > SHORT and not replayed(w.db, match_id).is_over()

    await w.bot.kill()
    with closing(sqlite3.connect(w.db, timeout=10)) as db, db:  # resumed just before the kill
        db.execute("UPDATE matches SET paused_at = NULL WHERE id = ?", (match_id,))
    w.bot.env["GAMEHOST_GAMES"] = ",".join([*loaded_packages(), "tests.e2e.short_keltis"])
    await w.bot.start()
    await fake.wait_until(lambda: match_row(w, match_id)[0] == "cancelled", 20, "the stop")
    assert match_row(w, match_id) == ("cancelled", seq, {"stopped": "endless", "moves": seq})
    await fake.wait_until(
        lambda: any(STOPPED.format(moves=seq) in m.text for m in fake.messages(channel)),
        10,
        "the notice",
    )
    assert tracebacks(w.bot) == []
