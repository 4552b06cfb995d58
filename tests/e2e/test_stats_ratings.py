"""Stats and ratings against the real bot process: whoever concedes among
three keeps the loss in `/game stats`, though a bot finished the seat, and
the leaderboard ranks people by rating, bots left out."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
import pytest_asyncio

from .bot_helpers import ROOT, concede, current_table, move_button, reply, walk_pages
from .fake_discord import python_argv

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(fake_discord, spawn_bot, tmp_path_factory):
    fake = fake_discord
    guild = fake.add_guild("Ratings")
    w = SimpleNamespace(
        fake=fake,
        guild=guild,
        alice=fake.add_user("alice"),
        bob=fake.add_user("bob"),
        carol=fake.add_user("carol"),
    )
    env = {
        "DATABASE_PATH": str(tmp_path_factory.mktemp("db") / "games.db"),
        "DEV_GUILD_ID": str(guild.id),
        "BOT_MOVE_DELAY": "0.01",
        "GAMEHOST_TEST_SEED": "ratings",
    }
    w.bot = await spawn_bot(python_argv(ROOT / "bot.py"), env=env, cwd=ROOT)
    return w


async def test_a_concede_among_three_leaves_the_leavers_loss_in_stats(world):
    fake, w = world.fake, world
    channel = fake.add_text_channel(w.guild, "three")
    lobby = await reply(
        await fake.slash(
            w.alice, channel, "game new", game="keltis_dice", players=3, bots=1, here=True
        )
    )
    await (await fake.click(w.bob, lobby, label="Join")).wait_answered()
    await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    mover = await make_a_move(fake, channel, (w.alice, w.bob))
    said = await concede(fake, w.bob, channel)
    assert "a bot takes their seat" in said.text
    nothing_yet = await reply(await fake.slash(w.carol, channel, "game stats", member=w.bob))
    assert "has not finished a match" in nothing_yet.text  # the match is still on
    # alice leaves too, so the bots play the match to its end
    await concede(fake, w.alice, channel)
    await fake.wait_until(
        lambda: "Game over" in current_table(fake, channel).text, 90, "the bots to finish the match"
    )
    for leaver in (w.bob, w.alice):
        stats = await reply(await fake.slash(w.carol, channel, "game stats", member=leaver))
        assert "**0** won of **1** played" in stats.text
        assert "Keltis dice game: 0 won of 1 · rating" in stats.text
    board = await reply(await fake.slash(w.carol, channel, "game leaderboard", game="keltis_dice"))
    assert f"<@{w.alice.id}>" in board.text and f"<@{w.bob.id}>" in board.text
    assert "Bot" not in board.text and "3." not in board.text  # people only
    # the history keeps the leavers: their own moves still carry their names
    log = await reply(await fake.slash(w.carol, channel, "game log"))
    told = " ".join(p["text"] for p in await walk_pages(fake, w.carol, log, "p"))
    assert f"**{mover.name}** rolled" in told
    assert fake.problems() == []


async def make_a_move(fake, channel, users):
    """One of `users` makes the move they owe (waiting while bots move first)."""
    for _ in range(100):
        try:
            user, panel, custom_id = await move_button(fake, channel, users)
        except AssertionError:
            await asyncio.sleep(0.05)
            continue
        await (await fake.click(user, panel, custom_id=custom_id)).wait_answered()
        return user
    raise AssertionError("no person got a move")
