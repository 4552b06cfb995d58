"""The ping opens your move (issue 15): the turn mention, the DM and the
reminder carry a **Your move** button that opens the player's panel, also
from a DM and after a restart; an open panel keeps itself current while
Discord lets the bot edit it, and once it can't, the ping's button takes
over; conceding asks first."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import pytest_asyncio

from .bot_helpers import (
    answered,
    answered_privately,
    current_table,
    match_rows,
    pick,
    replayed,
    reply,
)

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(guild="Pings", users=("alice", "bob", "carol"), seed="pings"),
]


@pytest_asyncio.fixture(loop_scope="module")
async def world(world, request):
    """The module's bot, and a Keltis match of alice and bob of this test's
    own, just started in a channel of its own."""
    fake = world.fake
    w = SimpleNamespace(**vars(world))
    w.channel = fake.add_text_channel(w.guild, request.node.name[:90])
    lobby = await reply(
        await fake.slash(w.alice, w.channel, "game new", game="keltis", players=2, here=True)
    )
    await answered(await fake.click(w.bob, lobby, label="Join"))
    table = await fake.wait_until(lambda: current_table(fake, w.channel), 5, "the table")
    w.mid = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    return w


def to_move(w):
    """The user who owes the next decision, and the match."""
    match = replayed(w.db, w.mid)
    seat = match.to_act()[0]
    return (w.alice, w.bob)[seat], match


async def ping_for(w, user, place=None):
    """The newest message in `place` (the channel, or the user's DMs) that
    tells `user` it's their move, with its Your move button."""

    def found():
        messages = (
            w.fake.dms(user) if place == "dm" else w.fake.messages(w.channel, ephemeral=False)
        )
        return next(
            (
                m
                for m in reversed(messages)
                if (place == "dm" or f"<@{user.id}>" in m.content)
                and any(b["custom_id"] == f"turn:{w.mid}" for b in m.buttons())
            ),
            None,
        )

    return await w.fake.wait_until(found, 5, f"a ping for {user.name}")


async def open_from_ping(w, user):
    """`user` presses Your move on their newest ping: their own panel."""
    return await reply(await w.fake.click(user, await ping_for(w, user), custom_id="turn:"))


async def finish_turn(w, user, panel) -> None:
    """`user` makes every decision of their turn from their panel."""
    while to_move(w)[0] is user:
        before = to_move(w)[1].seq
        await w.fake.wait_until(
            lambda before=before: f"move {before}" in panel.text, 5, "the panel redrawn"
        )
        await pick(w.fake, user, panel)
        await w.fake.wait_until(lambda before=before: to_move(w)[1].seq > before, 5, "the move")


async def test_the_pings_button_opens_the_players_own_panel(world):
    w, fake = world, world.fake
    user, match = to_move(w)
    ping = await ping_for(w, user)
    assert "— your move" in ping.content and "**Your move**" in ping.content
    panel = await reply(await fake.click(user, ping, custom_id="turn:"))
    assert panel.ephemeral and panel.visible_to == user.id
    assert "**Your decision:**" in panel.text and f"move {match.seq}" in panel.text
    stranger = await answered(await fake.click(w.carol, ping, custom_id="turn:"))
    assert answered_privately(stranger) and "not playing" in stranger.original.text


async def test_an_open_panel_keeps_itself_current_without_refresh(world):
    w, fake = world, world.fake
    first, _ = to_move(w)
    other = w.bob if first is w.alice else w.alice
    w.panel = {first.id: await open_from_ping(w, first)}
    await finish_turn(w, first, w.panel[first.id])
    other_panel = await reply(await fake.click(other, await ping_for(w, other), custom_id="turn:"))
    # coming back, they read what the first player did since their own last turn
    assert "Since your last turn" in other_panel.text and f"**{first.name}**" in other_panel.text
    await finish_turn(w, other, other_panel)
    # back to the first player: their old panel now shows their decision
    seq = to_move(w)[1].seq
    panel = w.panel[first.id]
    await fake.wait_until(
        lambda: f"move {seq}" in panel.text and "**Your decision:**" in panel.text,
        5,
        "the panel to redraw itself",
    )
    assert not any(b["label"] == "Refresh" and b.get("disabled") for b in panel.buttons())
    assert "Since your last turn" in panel.text and f"**{other.name}**" in panel.text
    w.panel[other.id] = other_panel
    assert fake.problems() == []


async def test_once_discord_forgets_the_panels_token_the_ping_takes_over(world):
    w, fake = world, world.fake
    first, _ = to_move(w)
    other = w.bob if first is w.alice else w.alice
    table = current_table(fake, w.channel)
    w.panel = {  # both keep a panel open, the other player's from the table
        other.id: await reply(await fake.click(other, table, custom_id="hand:")),
        first.id: await open_from_ping(w, first),
    }
    for inter in fake.state.interactions:  # 15 minutes later, as far as Discord knows
        if inter.user is other:
            inter.expire()
    stale = w.panel[other.id]
    shown = stale.text
    await finish_turn(w, first, w.panel[first.id])
    seq = to_move(w)[1].seq
    ping = await ping_for(w, other)
    assert stale.text == shown  # it could not be edited any more
    fresh = await reply(await fake.click(other, ping, custom_id="turn:"))
    assert f"move {seq}" in fresh.text and "**Your decision:**" in fresh.text
    await finish_turn(w, other, fresh)


async def test_the_button_works_from_a_dm_and_after_a_restart(world):
    w, fake = world, world.fake
    first, _ = to_move(w)
    other = w.bob if first is w.alice else w.alice
    said = await reply(await fake.slash(other, w.channel, "game notify", mode="dm"))
    assert "direct message" in said.text
    for inter in fake.state.interactions:  # their open panel can't tell them any more
        if inter.user is other:
            inter.expire()
    await finish_turn(w, first, await open_from_ping(w, first))
    dm = await ping_for(w, other, "dm")
    await w.bot.restart(hard=True)
    panel = await reply(await fake.click(other, dm, custom_id="turn:"))
    assert panel.ephemeral and "**Your decision:**" in panel.text
    assert f"move {to_move(w)[1].seq}" in panel.text
    before = match_rows(w.db)[w.mid][1]
    await finish_turn(w, other, panel)  # every decision of the turn, from the DM's panel
    assert match_rows(w.db)[w.mid][1] > before and to_move(w)[0] is first
    assert fake.problems() == []
    await reply(await fake.slash(other, w.channel, "game notify", mode="mention"))


async def test_conceding_asks_first_and_no_changes_nothing(world):
    w, fake = world, world.fake
    before = match_rows(w.db)
    question = await reply(await fake.slash(w.alice, w.channel, "game concede"))
    assert question.ephemeral and "Give up match" in question.text
    answer = await answered(await fake.click(w.alice, question, label="No, play on"))
    assert answered_privately(answer) and "still in the game" in question.text
    assert match_rows(w.db) == before
    assert fake.problems() == []
