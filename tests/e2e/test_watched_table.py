"""Issue 18: while the players whose turn it is watch it in their own open
panels, the public table waits for their answer (TABLE_WATCHED_DELAY) and
one edit shows both moves; a player who is not watching gets the table (and
their ping) at once, and a table never waits longer than the delay."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest
import pytest_asyncio

from .bot_helpers import answered, current_table, pick, read_db, replayed, reply

DELAY = 3.0
pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Watched",
        users=("alice", "bob"),
        seed="watched",
        env={"TABLE_WATCHED_DELAY": str(DELAY)},
    ),
]


@pytest_asyncio.fixture(loop_scope="module")
async def world(world, request):
    """A Keltis match of alice and bob of this test's own, in a channel of its
    own, each of them watching it in their open panel."""
    fake = world.fake
    w = SimpleNamespace(**vars(world))
    w.channel = fake.add_text_channel(w.guild, request.node.name[:90])
    lobby = await reply(
        await fake.slash(w.alice, w.channel, "game new", game="keltis", players=2, here=True)
    )
    await answered(await fake.click(w.bob, lobby, label="Join"))
    w.table = await fake.wait_until(lambda: current_table(fake, w.channel), 5, "the table")
    w.mid = int(w.table.button(custom_id="hand:")["custom_id"].split(":")[1])
    w.panels = {
        u.id: await reply(await fake.click(u, w.table, custom_id="hand:")) for u in (w.alice, w.bob)
    }
    return w


def seq_of(w) -> int:
    return read_db(w.db, "SELECT seq FROM matches WHERE id = ?", w.mid)[0][0]


def mover(w):
    return (w.alice, w.bob)[replayed(w.db, w.mid).to_act()[0]]


async def play_turn(w) -> None:
    """The player whose turn it is makes all of it from their open panel."""
    user = mover(w)
    while mover(w) is user:
        seq = seq_of(w)
        panel = w.panels[user.id]
        await w.fake.wait_until(
            lambda seq=seq, panel=panel: (
                f"move {seq}" in panel.text and "**Your decision:**" in panel.text
            ),
            5,
            "the panel redrawn",
        )
        await pick(w.fake, user, panel)
        await w.fake.wait_until(lambda seq=seq: seq_of(w) > seq, 5, "the move")


async def test_a_quick_exchange_between_watching_players_is_one_table_edit(world):
    w, fake = world, world.fake
    await fake.wait_until(lambda: f"move {seq_of(w)}" in w.table.text, 5, "the table")
    shown, edits = seq_of(w), w.table.edits
    await play_turn(w)
    await play_turn(w)  # the other player answers at once, in their redrawn panel
    assert w.table.edits == edits and f"move {shown}" in w.table.text  # still waiting
    latest = seq_of(w)
    await fake.wait_until(
        lambda: f"move {latest}" in w.table.text, DELAY + 3, "the table to catch up"
    )
    assert w.table.edits - edits == 1  # one edit shows both turns
    assert fake.problems() == []


async def test_the_table_waits_no_longer_than_the_delay(world):
    w, fake = world, world.fake
    await play_turn(w)
    moved = asyncio.get_running_loop().time()
    latest = seq_of(w)
    await fake.wait_until(
        lambda: f"move {latest}" in w.table.text, DELAY + 3, "the table to catch up"
    )
    assert asyncio.get_running_loop().time() - moved >= DELAY - 1.0  # it did wait ...
    assert seq_of(w) == latest  # ... and nobody answered meanwhile


async def test_a_player_not_watching_sees_the_table_at_once(world):
    w, fake = world, world.fake
    first = mover(w)
    other = w.bob if first is w.alice else w.alice
    for inter in fake.state.interactions:  # their panel is 15 minutes old: not editable
        if inter.user is other:
            inter.expire()
    await play_turn(w)
    latest = seq_of(w)
    await fake.wait_until(
        lambda: f"move {latest}" in w.table.text, DELAY - 1.0, "the table at once"
    )
    await fake.wait_until(  # and their ping, sent once their panel could not be redrawn
        lambda: any(
            f"<@{other.id}>" in m.content for m in fake.messages(w.channel, ephemeral=False)
        ),
        3,
        "their ping",
    )
    assert fake.problems() == []
