"""`/game mine` against the real bot.py: the matches waiting on the player
who asks, each with a Your move button that opens their panel, from which
they move — in the server and from a DM with the bot."""

from __future__ import annotations

import pytest
import pytest_asyncio

from .bot_helpers import (
    answered,
    answered_privately,
    current_table,
    pick,
    read_db,
    replayed,
    reply,
)

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(guild="Mine", users=("alice", "bob", "carol"), seed="mine"),
]


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(world):
    """Two Keltis matches of alice (seat 1) and bob (seat 2), each in its
    own channel: the first waits on alice, the second on bob; carol watches."""
    w, fake = world, world.fake
    w.mids, w.channels = [], []
    for name, first in (("alices", 1), ("bobs", 2)):
        channel = fake.add_text_channel(w.guild, name)
        w.channels.append(channel)
        lobby = await reply(
            await fake.slash(
                w.alice,
                channel,
                "game new",
                game="keltis",
                players=2,
                here=True,
                first_player=first,
            )
        )
        await answered(await fake.click(w.bob, lobby, label="Join"))
        table = await fake.wait_until(lambda c=channel: current_table(fake, c), 5, "the table")
        w.mids.append(int(table.button(custom_id="hand:")["custom_id"].split(":")[1]))
    return w


def owing(w, match_id):
    """The user who owes match_id's next decision, and the match."""
    match = replayed(w.db, match_id)
    return (w.alice, w.bob)[match.to_act()[0]], match


def waiting_on(w, user) -> list[int]:
    """The matches waiting on `user`, by the engine, longest waiting first."""
    order = [r[0] for r in read_db(w.db, "SELECT id FROM matches ORDER BY updated_at, id")]
    return [m for m in order if m in w.mids and owing(w, m)[0] is user]


def listed(answer) -> list[int]:
    """The matches of a `/game mine` answer's Your move buttons, in order."""
    return [int(b["custom_id"].split(":")[1]) for b in answer.buttons()]


async def play_turn(w, user, match_id, panel) -> None:
    """`user` makes every decision of their turn in match_id from `panel`."""
    while owing(w, match_id)[0] is user:
        before = owing(w, match_id)[1].seq
        await w.fake.wait_until(
            lambda before=before: f"move {before}" in panel.text, 5, "the panel redrawn"
        )
        await pick(w.fake, user, panel)
        await w.fake.wait_until(
            lambda before=before: owing(w, match_id)[1].seq > before, 5, "the move"
        )


async def test_mine_lists_whats_waiting_and_its_button_plays_the_move(world):
    w, fake = world, world.fake
    bobs = w.mids[1]
    user = owing(w, bobs)[0]  # bob, unless the test below ran first
    inter = await answered(await fake.slash(user, w.channels[0], "game mine"))
    answer = await inter.wait_reply()
    assert answered_privately(inter) and answer.visible_to == user.id
    assert listed(answer) == waiting_on(w, user) and bobs in listed(answer)
    assert "Waiting on you" in answer.text and "waiting for" in answer.text
    assert f"#{bobs} Keltis" in [b["label"] for b in answer.buttons()]
    assert f"(https://discord.com/channels/{w.guild.id}/{w.channels[1].id})" in answer.text
    panel = await reply(await fake.click(user, answer, custom_id=f"turn:{bobs}"))
    assert panel.ephemeral and panel.visible_to == user.id and "**Your decision:**" in panel.text
    seq = owing(w, bobs)[1].seq
    await play_turn(w, user, bobs, panel)
    assert owing(w, bobs)[1].seq > seq and owing(w, bobs)[0] is not user
    again = await reply(await fake.slash(user, w.channels[0], "game mine"))
    assert bobs not in listed(again)
    nothing = await reply(await fake.slash(w.carol, w.channels[0], "game mine"))
    assert "No match is waiting on your move" in nothing.text and not nothing.buttons()
    assert fake.problems() == []


async def test_mine_from_a_dm_lists_and_plays_there_too(world):
    w, fake = world, world.fake
    dm = fake.state.dm_channel(w.alice)
    inter = await answered(await fake.forge_slash(w.alice, dm, "game mine", scope=w.guild))
    answer = await inter.wait_reply()
    assert answered_privately(inter) and answer.channel_id == dm.id
    assert listed(answer) == waiting_on(w, w.alice) != []
    first = listed(answer)[0]
    seq = owing(w, first)[1].seq
    panel = await reply(await fake.click(w.alice, answer, custom_id=f"turn:{first}"))
    assert panel.ephemeral and panel.channel_id == dm.id and "**Your decision:**" in panel.text
    await play_turn(w, w.alice, first, panel)
    assert owing(w, first)[1].seq > seq and owing(w, first)[0] is w.bob
    assert fake.problems() == []


async def test_the_game_group_is_offered_in_dms_for_mine(world):
    [game] = [c for c in world.fake.synced_commands(world.guild) if c["name"] == "game"]
    assert game.get("contexts") == [0, 1], game.get("contexts")
