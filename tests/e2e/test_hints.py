"""💡 Hint end to end (issue 32): the real bot.py against the fake Discord. A
Cuttle match opened with `hints:True` says so on its table; alice asks for
a hint from her panel (answered to her alone, naming a move her panel
offers), plays a move, and the final table counts her hint; told by DM,
she asks for one in the panel the DM opens and plays it from there; without
the option her panel has no such button."""

from __future__ import annotations

import pytest

from .bot_helpers import (
    answered_privately,
    concede,
    current_table,
    cuttle_against_a_bot,
    open_cuttle,
    pick,
    reply,
)

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(guild="Learners", users=("alice",), seed="hints"),
]


async def panel_of(w, channel):
    panel = await reply(
        await w.fake.click(w.alice, current_table(w.fake, channel), custom_id="hand:")
    )
    assert panel.ephemeral and panel.visible_to == w.alice.id
    return panel


def hint_button(panel):
    return next((b for b in panel.buttons() if b["custom_id"].startswith("hint:")), None)


async def test_a_hint_asked_from_the_panel_then_a_move_and_the_end_counts_it(world):
    w, fake = world, world.fake
    channel, lobby, table = await cuttle_against_a_bot(w, "with-hints", hints=True)
    assert "💡 Hints allowed" in table.embeds[0]["description"]
    assert "💡 Hints allowed" in str(lobby.embeds[0]["fields"])  # the lobby says so too
    panel = await panel_of(w, channel)
    button = hint_button(panel)
    assert button is not None and button["label"] == "💡 Hint"

    inter = await fake.click(w.alice, panel, custom_id=button["custom_id"])
    answer = await reply(inter)
    assert answered_privately(inter) and answer.visible_to == w.alice.id
    assert answer.text.startswith(("💡 The expert would play **", "💡 **")), answer.text
    named = answer.text.split("**")[1]  # in the panel's own words: the move is offered there

    assert await pick(fake, w.alice, panel, lambda label: label == named)  # then that move
    await fake.wait_until(
        lambda: "move 0" not in current_table(fake, channel).embeds[0]["footer"]["text"],
        5,
        "the move on the table",
    )
    await concede(fake, w.alice, channel)
    final = await fake.wait_until(
        lambda: (t := current_table(fake, channel)) is not None and "Game over" in t.text and t,
        5,
        "the final table",
    )
    fields = {f["name"]: f["value"] for f in final.embeds[0].get("fields", [])}
    assert fields["💡 Hints"] == "alice used 1 hint"


async def test_without_the_option_the_panel_has_no_hint(world):
    channel, lobby, table = await cuttle_against_a_bot(world, "without-hints")
    assert "Hints allowed" not in table.embeds[0]["description"] + str(lobby.embeds)
    panel = await panel_of(world, channel)
    assert "**Your decision:**" in panel.embeds[0]["description"]
    assert hint_button(panel) is None


async def test_a_hint_from_the_panel_a_direct_message_opens_then_that_move(world):
    """The path of a player who comes back later: told by DM that it is their
    move, they press **Your move** there, ask for a hint in the panel it
    opens, and play the hinted move from that same panel."""
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "hints-by-dm")
    await reply(await fake.slash(w.alice, channel, "game notify", mode="dm"))
    before = len(fake.dms(w.alice))
    await open_cuttle(w, channel, first_player=1, hints=True)  # the bot moves, alice is told
    told = await fake.wait_until(
        lambda: next(
            (
                m
                for m in fake.dms(w.alice)[before:]
                if any(b["custom_id"].startswith("turn:") for b in m.buttons())
            ),
            None,
        ),
        10,
        "the DM saying it is alice's move",
    )
    panel = await reply(await fake.click(w.alice, told, custom_id="turn:"))
    assert panel.ephemeral and panel.visible_to == w.alice.id
    button = hint_button(panel)
    assert button is not None
    inter = await fake.click(w.alice, panel, custom_id=button["custom_id"])
    answer = await reply(inter)
    assert answered_privately(inter) and answer.visible_to == w.alice.id
    named = answer.text.split("**")[1]
    table = current_table(fake, channel)
    moved_at = table.embeds[0]["footer"]["text"]
    assert await pick(fake, w.alice, panel, lambda label: label == named)
    await fake.wait_until(
        lambda: current_table(fake, channel).embeds[0]["footer"]["text"] != moved_at,
        5,
        "alice's move on the table",
    )
    assert fake.problems() == []
    await reply(await fake.slash(w.alice, channel, "game notify", mode="mention"))  # as before
