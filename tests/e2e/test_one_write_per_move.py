"""Issue 18 against the real bot: every move, a person's or a bot's, is one
transaction (one fsync) with all it implies, counted by the bot itself
(GAMEHOST_TEST_STATS); a burst of bot moves ends in one table edit showing
them all; and a kill -9 between a move's commit and its table edit loses
nothing: after the restart the table shows the committed state."""

from __future__ import annotations

import json

import pytest

from .bot_helpers import answered, current_table, pick, read_db, replayed, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Writes", users=("alice", "bob"), delay=0.05, seed="writes", stats=True
    ),
]


def stats(w) -> dict:
    try:
        return json.loads(w.stats.read_text())
    except (FileNotFoundError, ValueError):
        return {}


async def settled(w) -> dict:
    """The bot's counters once they stopped moving (its bots done, its edits made)."""
    last = None
    for _ in range(100):
        await w.fake.wait_until(lambda: stats(w), 5, "the stats file")
        now = stats(w)
        if now == last:
            return now
        last = now
        await __import__("asyncio").sleep(0.6)
    raise AssertionError("the bot never settled")


def seq_of(w, match_id: int) -> int:
    return read_db(w.db, "SELECT seq FROM matches WHERE id = ?", match_id)[0][0]


async def open_match(w, channel, user, **options):
    lobby = await reply(await w.fake.slash(user, channel, "game new", here=True, **options))
    return lobby


async def test_every_move_is_one_transaction(world, channel):
    w, fake = world, world.fake
    # a match between two people, and one of a person against a bot
    await open_match(w, channel, w.alice, game="keltis", players=2)
    lobby = fake.latest_message(channel, ephemeral=False)
    await answered(await fake.click(w.bob, lobby, label="Join"))
    versus = await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    mid = int(versus.button(custom_id="hand:")["custom_id"].split(":")[1])
    panels = {}
    for user in (w.alice, w.bob):  # each opens a panel (their language is stored once)
        panels[user.id] = await reply(await fake.click(user, versus, custom_id="hand:"))
    before = await settled(w)
    for _ in range(12):
        match = replayed(w.db, mid)
        seat = match.to_act()[0]
        user = (w.alice, w.bob)[seat]
        seq = match.seq
        panel = panels[user.id]
        await fake.wait_until(
            lambda seq=seq, panel=panel: (
                f"move {seq}" in panel.text and "**Your decision:**" in panel.text
            ),
            5,
            "the panel redrawn",
        )
        await pick(fake, user, panel)
        await fake.wait_until(lambda seq=seq: seq_of(w, mid) > seq, 5, "the move")
    after = await settled(w)
    moves = after["moves"] - before["moves"]
    assert moves == 12 == after["human_moves"] - before["human_moves"]
    assert after["transactions"] - before["transactions"] == moves
    assert seq_of(w, mid) >= 12  # a two-step move is one move, its actions two


async def test_a_burst_of_bot_moves_is_one_transaction_each_and_one_table_edit(world, channel):
    w, fake = world, world.fake
    await open_match(w, channel, w.alice, game="cucco", players=5, bots=4, first_player=2)
    table = await fake.wait_until(
        lambda: (t := current_table(fake, channel)) is not None and "cucco" in t.text.lower() and t,
        5,
        "the table",
    )
    mid = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    await fake.wait_until(
        lambda: replayed(w.db, mid).to_act() == (0,) or 0 in replayed(w.db, mid).to_act(),
        10,
        "alice's turn",
    )
    before = await settled(w)
    panel = await reply(await fake.click(w.alice, table, custom_id="hand:"))
    edits = table.edits
    seq = seq_of(w, mid)
    await pick(fake, w.alice, panel)
    await fake.wait_until(
        lambda: 0 in replayed(w.db, mid).to_act() or replayed(w.db, mid).is_over(),
        15,
        "the bots to play round",
    )
    after = await settled(w)
    moves = after["moves"] - before["moves"]
    assert moves == seq_of(w, mid) - seq >= 2  # alice's, then the bots'
    assert after["transactions"] - before["transactions"] == moves
    assert table.edits - edits == 1  # one edit showed them all ...
    assert f"move {seq_of(w, mid)}" in table.text  # ... the latest


async def test_a_kill_between_commit_and_table_edit_loses_nothing(world, channel):
    w, fake = world, world.fake
    delay = w.bot.env["BOT_MOVE_DELAY"]
    w.bot.env["BOT_MOVE_DELAY"] = "30"  # the table waits for the bot's move: a long while
    await w.bot.restart(hard=True)
    await open_match(w, channel, w.alice, game="keltis", players=2, bots=1, first_player=1)
    table = await fake.wait_until(
        lambda: (t := current_table(fake, channel)) is not None and "move 0" in t.text and t,
        5,
        "the new table",
    )
    mid = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    panel = await reply(await fake.click(w.alice, table, custom_id="hand:"))
    await pick(fake, w.alice, panel)
    seq = seq_of(w, mid)
    assert seq >= 1 and "move 0" in table.text  # committed, answered; the edit still waits
    await w.bot.restart(hard=True)
    await fake.wait_until(
        lambda: f"move {seq}" in current_table(fake, channel).text,
        10,
        "the table to show the committed move",
    )
    assert replayed(w.db, mid).seq == seq
    assert fake.problems() == []
    w.bot.env["BOT_MOVE_DELAY"] = delay  # the other tests' bots move at once again,
    await w.bot.restart(hard=False)
    await fake.wait_until(  # and this one's has moved before another test counts moves
        lambda: replayed(w.db, mid).to_act() == (0,), 10, "the bot seat's move"
    )
