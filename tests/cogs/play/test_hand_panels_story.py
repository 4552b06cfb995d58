"""A player coming back opens their panel and reads what happened since
their last turn, as they may read it (their own draws with the card, the
others' without); a move's answer, on the hot path, loads no story."""

from __future__ import annotations

import unittest.mock
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from cogs.play.clicks import Clicks
from cogs.play.tables import Tables
from games.keltis.presenter import card
from storage import Store
from tests.cogs.helpers import MockBot, MockInteraction, MockMember, MockMessage
from tests.cogs.matches import ALICE, BOB, NAMES, new_tables, started

TITLE = "Since your last turn"


@dataclass
class Table:
    store: Store
    bot: MockBot
    tables: Tables
    clicks: Clicks
    match_id: int

    def member(self, user_id: int) -> MockMember:
        return MockMember(id=user_id, name=NAMES[user_id])

    async def move(self, user_id: int, verb: str) -> str:
        """The user's first legal move of `verb` (or the key itself), clicked
        on the table; its key."""
        loaded = await self.store.load(self.match_id)
        assert loaded.match is not None
        seat = 0 if user_id == ALICE else 1
        keys = [a.key() for a in loaded.match.legal(seat)]
        key = verb if verb in keys else next(k for k in keys if k.startswith(f"{verb}:"))
        inter = MockInteraction(user=self.member(user_id), client=self.bot)
        await self.clicks.on_action(inter, self.match_id, loaded.seq, key)
        assert inter.answers() == [("defer", None)]
        return key

    async def drawn(self, seat: int) -> str:
        """The card `seat` drew from the draw pile (a private event)."""
        story = await self.store.story(self.match_id)
        [event] = [e for a in story for e in a.events if e["type"] == "drawn" and e["seat"] == seat]
        return card(event["card"])

    async def open(self, user_id: int) -> MockInteraction:
        inter = MockInteraction(user=self.member(user_id), client=self.bot)
        await self.clicks.open_panel(inter, self.match_id, edit=False)
        return inter


def panel_fields(inter: MockInteraction) -> dict[str, str]:
    [(how, _args, kwargs)] = inter.response.answered
    assert how == "send_message" and kwargs["ephemeral"]
    return {f.name: f.value for f in kwargs["embed"].fields}


@pytest.fixture
async def table(store: Store) -> AsyncIterator[Table]:
    """Keltis between Alice (seat 0, to play) and Bob, played by clicks."""
    match_id = await started(store, "keltis", [ALICE, BOB], options={"first_player": 0})
    bot = MockBot()
    tables = new_tables(store, bot)
    tables.after_move = unittest.mock.AsyncMock()  # type: ignore[method-assign]
    t = Table(store, bot, tables, Clicks(tables), match_id)
    yield t
    await tables.stop()


async def test_the_panel_opened_tells_what_happened_since_the_last_turn(table: Table) -> None:
    played = await table.move(ALICE, "play")
    await table.move(ALICE, "draw:deck")
    discarded = await table.move(BOB, "discard")
    await table.move(BOB, "draw:deck")
    alices, bobs = await table.drawn(0), await table.drawn(1)

    story = panel_fields(await table.open(ALICE))[TITLE].splitlines()
    assert story[-1] == (
        f"**Bob** discarded {card(discarded.split(':')[1])} and drew from the draw pile."
    )
    assert story[0].startswith(f"**Alice** played {card(played.split(':')[1])} on their ")
    assert story[0].endswith(f" and drew from the draw pile ({alices}).")  # her own draw
    assert f"({bobs})" not in "\n".join(story)

    theirs = panel_fields(await table.open(BOB))[TITLE]  # not his turn: the same rule
    assert f"drew from the draw pile ({bobs})." in theirs and f"({alices})" not in theirs


async def test_a_moves_answer_loads_no_story_but_opening_the_panel_does(table: Table) -> None:
    story = unittest.mock.AsyncMock(wraps=table.store.story)
    table.store.story = story  # type: ignore[method-assign]
    alice = table.member(ALICE)
    inter = MockInteraction(
        user=alice, message=MockMessage(ephemeral=True, shown_to=alice), client=table.bot
    )
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    key = next(a.key() for a in loaded.match.legal(0) if a.verb == "play")
    await table.clicks.on_action(inter, table.match_id, 0, key)
    [(how, _args, kwargs)] = inter.response.answered
    assert how == "edit_message" and "move 1" in str(kwargs["embed"].to_dict())
    assert TITLE not in str(kwargs["embed"].to_dict())
    story.assert_not_awaited()
    await table.open(ALICE)
    story.assert_awaited_once()


async def test_an_open_panel_redrawn_when_its_turn_comes_tells_the_story(table: Table) -> None:
    bobs_panel = await table.open(BOB)  # Bob watches Alice's turn with his panel open
    played = await table.move(ALICE, "play")
    await table.move(ALICE, "draw:deck")
    assert await table.tables.hands.update(await table.store.load(table.match_id)) == {BOB}
    embed = bobs_panel.edit_original_response.await_args.kwargs["embed"]
    fields = {f.name: f.value for f in embed.fields}
    assert fields[TITLE].startswith(f"**Alice** played {card(played.split(':')[1])} on their ")
    assert fields[TITLE].endswith(" and drew from the draw pile.")  # not which card


async def test_the_story_stops_at_the_move_the_panel_shows(table: Table) -> None:
    """Issue 27: a panel drawn from a match loaded before another move was
    committed tells the story up to the loaded move only."""
    await table.move(ALICE, "play")
    await table.move(ALICE, "draw:deck")
    loaded = await table.store.load(table.match_id)
    told = await table.tables.hands.since_last_turn(loaded, 1)
    assert len(told) == 1 and "Alice" in told[0]  # her play and draw, in one line
    await table.move(BOB, "discard")  # committed meanwhile
    assert await table.tables.hands.since_last_turn(loaded, 1) == told
