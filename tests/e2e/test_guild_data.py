"""Keep, then purge, against the real bot.py: a server that removes the bot
and adds it back within the retention keeps its matches and settings; after
the retention (moved forward with the test clock) the deadline loop purges
them; `/game config forget:yes` deletes at once, after a confirmation, and
only for members with Manage Server."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from .bot_helpers import answered, current_table, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild=None,
        users={"mod": {"manage_guild": True}, "ann": {}},
        clock=True,
        env={"GUILD_DATA_RETENTION_DAYS": "30"},
    ),
]
DAY = 86400


def stored(w, guild) -> tuple[int, int, int]:
    """(matches, settings, pending purges) stored for the guild."""
    conn = sqlite3.connect(f"file:{w.db}?mode=ro", uri=True)
    try:
        return tuple(
            conn.execute(
                f"SELECT count(*) FROM {table} WHERE guild_id = ?", (guild.id,)
            ).fetchone()[0]
            for table in ("matches", "guild_settings", "departed_guilds")
        )
    finally:
        conn.close()


async def server_with_a_match(w, name):
    guild = w.fake.add_guild(name)
    channel = w.fake.add_text_channel(guild, "games")
    await w.fake.wait_until(lambda: w.fake.bot_connected, 5, "the bot")
    said = await reply(await w.fake.slash(w.mod, channel, "game config", reminder="12h"))
    assert "12h" in said.text
    await answered(
        await w.fake.slash(w.ann, channel, "game new", game="keltis", players=2, bots=1, here=True)
    )
    await w.fake.wait_until(lambda: current_table(w.fake, channel), 5, "the table")
    assert stored(w, guild) == (1, 1, 0)
    return guild, channel


async def remove_bot(w, guild):
    for session in w.fake.gateway.live():
        await session.dispatch("GUILD_DELETE", {"id": str(guild.id)})
    await w.fake.wait_until(lambda: stored(w, guild)[2] == 1, 5, "the purge to be scheduled")


async def test_removed_and_added_back_within_the_retention_keeps_everything(world):
    w = world
    w.clock.write_text("0")
    guild, channel = await server_with_a_match(w, "Kept")
    await remove_bot(w, guild)
    w.clock.write_text(str(29 * DAY))  # a day before the purge: the loop leaves it alone
    await asyncio.sleep(1.0)  # five polls of the deadline loop
    assert stored(w, guild) == (1, 1, 1)
    w.fake.gateway.announce_guild(guild)  # invited again: GUILD_CREATE
    await w.fake.wait_until(lambda: stored(w, guild) == (1, 1, 0), 5, "the purge to be cancelled")
    table = current_table(w.fake, channel)
    panel = await reply(await w.fake.click(w.ann, table, custom_id="hand:"))
    assert panel.ephemeral and panel.buttons()  # the match plays on
    w.clock.write_text(str(40 * DAY))
    await asyncio.sleep(1.0)
    assert stored(w, guild) == (1, 1, 0)


async def test_after_the_retention_the_data_is_purged(world):
    w = world
    w.clock.write_text("0")
    guild, _ = await server_with_a_match(w, "Gone")
    other, _ = await server_with_a_match(w, "Stays")
    await remove_bot(w, guild)
    w.clock.write_text(str(31 * DAY))
    await w.fake.wait_until(lambda: stored(w, guild) == (0, 0, 0), 5, "the purge")
    assert "purged the data of server" in w.bot.log_tail(20)
    assert stored(w, other) == (1, 1, 0)


async def test_forget_deletes_at_once_after_a_confirmation(world):
    w = world
    w.clock.write_text("0")
    guild, channel = await server_with_a_match(w, "Forgetful")
    refused = await reply(await w.fake.slash(w.ann, channel, "game config", forget="yes"))
    assert refused.ephemeral and "Manage Server" in refused.text and not refused.buttons()
    asked = await reply(await w.fake.slash(w.mod, channel, "game config", forget="yes"))
    assert asked.ephemeral and "cannot be undone" in asked.text
    no = await answered(await w.fake.click(w.mod, asked, label="No, keep it"))
    await no.wait_until(lambda i: "Nothing was deleted" in asked.text, 3, "the answer")
    assert not asked.buttons() and stored(w, guild) == (1, 1, 0)
    asked = await reply(await w.fake.slash(w.mod, channel, "game config", forget="yes"))
    yes = await answered(await w.fake.click(w.mod, asked, label="Yes, delete everything"))
    await yes.wait_until(lambda i: "Done" in asked.text, 3, "the answer")
    assert stored(w, guild) == (0, 0, 0)
    assert w.fake.problems() == []


async def test_nothing_went_wrong_on_the_way(world):
    assert "Traceback" not in world.bot.log_tail(2000)
