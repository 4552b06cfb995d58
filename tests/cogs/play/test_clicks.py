"""A click on a move button becomes a move only after every check; each
refusal (not a player, a stale button, an illegal or forged move, not their
turn, a paused match, another server's match) is a private answer, and
nothing changes: no move stored, nothing shown, nobody told."""

from __future__ import annotations

import asyncio
import unittest.mock
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest

from cogs import answer_first, replies
from cogs.play.clicks import Clicks
from cogs.play.moves import forced_steps
from cogs.play.tables import Tables
from rules import Match
from storage import StaleCommit, Store
from tests.cogs.helpers import GUILD_ID, MockBot, MockInteraction, MockMember, MockMessage
from tests.cogs.matches import ALICE, BOB, CAROL, new_tables, started


@dataclass
class Table:
    store: Store
    bot: MockBot
    tables: Tables
    clicks: Clicks
    match_id: int

    def member(self, user_id: int) -> MockMember:
        return MockMember(id=user_id, name=f"user{user_id}")

    async def legal(self, seat: int) -> list[str]:
        loaded = await self.store.load(self.match_id)
        assert loaded.match is not None
        return [a.key() for a in loaded.match.legal(seat)]

    async def unchanged(self) -> bool:
        """Nothing stored, shown or said in public since the start."""
        loaded = await self.store.load(self.match_id)
        return (
            loaded.seq == 0
            and self.tables.moves.committed == self.tables.human_moves == 0
            and not self.tables.after_move.await_count  # type: ignore[attr-defined]
            and not self.bot.get_partial_messageable.called
        )


@pytest.fixture
async def table(store: Store) -> AsyncIterator[Table]:
    """Keltis: Alice (seat 0) to play, then Bob; Carol watches."""
    match_id = await started(store, "keltis", [ALICE, BOB], options={"first_player": 0})
    bot = MockBot()
    tables = new_tables(store, bot)
    tables.after_move = unittest.mock.AsyncMock()  # type: ignore[method-assign]
    yield Table(store, bot, tables, Clicks(tables), match_id)
    await tables.stop()


async def click(
    table: Table, user_id: int, key: str, *, seq: int = 0, **kwargs: object
) -> MockInteraction:
    inter = MockInteraction(user=table.member(user_id), client=table.bot, **kwargs)  # type: ignore[arg-type]
    await table.clicks.on_action(inter, table.match_id, seq, key)
    return inter


async def test_a_legal_move_is_committed_answered_and_shown(table: Table) -> None:
    key = (await table.legal(0))[0]
    inter = await click(table, ALICE, key)
    assert inter.answers() == [("defer", None)]  # the table shows it; nothing to say
    loaded = await table.store.load(table.match_id)
    assert loaded.seq == 1 and loaded.match is not None and loaded.match.log == [(0, key)]
    assert table.tables.moves.committed == table.tables.human_moves == 1
    [(shown, owed), kwargs] = table.tables.after_move.await_args  # type: ignore[attr-defined]
    assert (owed, kwargs) == (frozenset({ALICE}), {"planned": True, "burst": True})
    assert (shown.id, shown.seq, shown.match.log) == (table.match_id, 1, [(0, key)])


async def test_someone_without_a_seat_is_told_privately(table: Table) -> None:
    inter = await click(table, CAROL, (await table.legal(0))[0])
    assert inter.answers() == [("send_message", replies.NOT_SEATED)] and inter.private()
    assert await table.unchanged()


async def test_a_stale_button_on_the_table_is_answered_privately(table: Table) -> None:
    inter = await click(table, ALICE, (await table.legal(0))[0], seq=5)
    assert inter.answers() == [("send_message", replies.STALE_SHORT)] and inter.private()
    assert await table.unchanged()


async def test_a_stale_button_in_the_players_own_panel_redraws_that_panel(table: Table) -> None:
    alice = table.member(ALICE)
    panel = MockMessage(ephemeral=True, shown_to=alice)
    inter = MockInteraction(user=alice, message=panel, client=table.bot)
    await table.clicks.on_action(inter, table.match_id, 5, (await table.legal(0))[0])
    [(how, args, kwargs)] = inter.response.answered
    assert how == "edit_message" and replies.STALE in str(kwargs["embed"].to_dict())
    assert await table.unchanged()


async def test_an_illegal_move_is_refused_privately(table: Table) -> None:
    assert "discard:b3" not in await table.legal(0)  # well formed, but no card of Alice's
    inter = await click(table, ALICE, "discard:b3")
    assert inter.answers() == [("send_message", replies.ILLEGAL)] and inter.private()
    assert await table.unchanged()


@pytest.mark.parametrize("key", ["draw::pile", "discard:b0+draw+draw+draw"])
async def test_a_forged_move_is_refused_privately(table: Table, key: str) -> None:
    inter = await click(table, ALICE, key)
    assert inter.answers() == [("send_message", replies.INVALID_BUTTON)] and inter.private()
    assert await table.unchanged()


async def test_a_move_out_of_turn_is_refused_privately(table: Table) -> None:
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    bobs_card = loaded.match.view(1)["hand"][0]
    inter = await click(table, BOB, f"discard:{bobs_card}")  # his card, but Alice's turn
    assert inter.answers() == [("send_message", replies.NOT_YOUR_TURN)] and inter.private()
    assert await table.unchanged()


async def test_a_paused_match_takes_no_move(table: Table) -> None:
    await table.store.pause(table.match_id)
    inter = await click(table, ALICE, (await table.legal(0))[0])
    assert inter.answers() == [("send_message", replies.PAUSED)] and inter.private()
    assert await table.unchanged()


async def test_a_click_from_another_server_is_refused_before_anything_else(table: Table) -> None:
    inter = await click(table, ALICE, (await table.legal(0))[0], guild_id=GUILD_ID + 1)
    assert inter.answers() == [("send_message", replies.WRONG_SERVER)] and inter.private()
    assert await table.unchanged()


async def test_a_players_click_in_a_dm_plays_their_seat(table: Table) -> None:
    """The turn ping by DM opens the panel there: its buttons must play."""
    key = (await table.legal(0))[0]
    inter = await click(table, ALICE, key, guild_id=None)
    assert inter.answers() == [("defer", None)]
    assert (await table.store.load(table.match_id)).seq == 1


async def test_a_click_in_a_dm_by_someone_without_a_seat_is_refused(table: Table) -> None:
    inter = await click(table, CAROL, (await table.legal(0))[0], guild_id=None)
    assert inter.answers() == [("send_message", replies.NOT_SEATED)] and inter.private()
    assert await table.unchanged()


async def test_the_answer_is_drawn_while_the_move_commits_and_sent_once_committed(
    table: Table,
) -> None:
    """The panel of the answer is drawn while the commit waits on the disk;
    the answer goes only once the move is stored."""
    alice = table.member(ALICE)
    panel = MockMessage(ephemeral=True, shown_to=alice)
    inter = MockInteraction(user=alice, message=panel, client=table.bot)
    stored = table.tables.moves.commit
    release = asyncio.Event()
    order: list[str] = []

    async def slow_commit(*args: Any, **kwargs: Any) -> Any:
        order.append("commit starts")
        await release.wait()  # the disk is slow
        committed = await stored(*args, **kwargs)
        order.append("committed")
        return committed

    drawn = table.tables.hands.message

    async def drawing(*args: Any, **kwargs: Any) -> Any:
        order.append("panel drawn")
        release.set()
        return await drawn(*args, **kwargs)

    table.tables.moves.commit = slow_commit  # type: ignore[method-assign]
    table.tables.hands.message = drawing  # type: ignore[method-assign]
    key = (await table.legal(0))[0]
    # drawing releases the commit: done one after the other, this would never end
    await asyncio.wait_for(table.clicks.on_action(inter, table.match_id, 0, key), 5)
    assert sorted(order[:2]) == ["commit starts", "panel drawn"] and order[2] == "committed"
    [(how, _args, kwargs)] = inter.response.answered
    assert how == "edit_message" and "move 1" in str(kwargs["embed"].to_dict())
    assert (await table.store.load(table.match_id)).seq == 1


async def test_a_move_that_loses_its_race_is_not_answered_with_its_panel(table: Table) -> None:
    alice = table.member(ALICE)
    inter = MockInteraction(
        user=alice, message=MockMessage(ephemeral=True, shown_to=alice), client=table.bot
    )

    async def lost(*args: Any, **kwargs: Any) -> Any:
        raise StaleCommit(table.match_id, 0, 1)

    table.tables.moves.commit = lost  # type: ignore[method-assign]
    await table.clicks.on_action(inter, table.match_id, 0, (await table.legal(0))[0])
    assert [how for how, _a, _k in inter.response.answered] != ["edit_message"]
    assert replies.RACED in str(inter.answers())
    assert await table.unchanged()


@pytest.fixture
async def dice(store: Store) -> AsyncIterator[Table]:
    """The dice game: Alice (seat 0) to roll, then Bob (the seed draws who starts)."""
    seed = next(s for s in (f"dice-{i}" for i in range(20)) if first_to_act(s) == 0)
    match_id = await started(store, "keltis_dice", [ALICE, BOB], seed=seed)
    bot = MockBot()
    tables = new_tables(store, bot)
    tables.after_move = unittest.mock.AsyncMock()  # type: ignore[method-assign]
    yield Table(store, bot, tables, Clicks(tables), match_id)
    await tables.stop()


def first_to_act(seed: str) -> int:
    return Match.new("keltis_dice", 2, seed).to_act()[0]


async def logged(table: Table) -> list[tuple[int, str]]:
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    return loaded.match.log


async def test_your_move_makes_a_roll_that_is_the_only_choice(dice: Table) -> None:
    inter = MockInteraction(user=dice.member(ALICE), client=dice.bot)
    await dice.clicks.open_panel(inter, dice.match_id, edit=False, turn=True)
    assert await logged(dice) == [(0, "roll")]
    [(how, _args, kwargs)] = inter.response.answered
    assert how == "send_message" and kwargs["ephemeral"]  # the panel, after the roll
    assert "Reroll" in str(kwargs["view"].to_components())


async def test_my_hand_only_shows_the_panel(dice: Table) -> None:
    inter = MockInteraction(user=dice.member(ALICE), client=dice.bot)
    await dice.clicks.open_panel(inter, dice.match_id, edit=False)
    assert await logged(dice) == []
    bob = MockInteraction(user=dice.member(BOB), client=dice.bot)
    await dice.clicks.open_panel(bob, dice.match_id, edit=False, turn=True)
    assert await logged(dice) == []  # not his turn: nothing is made for him


async def test_the_dice_marked_in_one_select_are_rerolled(dice: Table) -> None:
    await click(dice, ALICE, "roll")
    loaded = await dice.store.load(dice.match_id)
    assert loaded.match is not None
    faces = loaded.match.view(0)["dice"]
    inter = MockInteraction(user=dice.member(ALICE), client=dice.bot)
    await dice.clicks.on_marks(inter, dice.match_id, 1, ["2", "0"])
    [(seat, key)] = (await logged(dice))[1:2]
    assert seat == 0 and key.startswith("reroll:")
    assert sorted(key.split(":")[1]) == sorted(faces[0] + faces[2])


@pytest.mark.parametrize("values", [["5"], ["x"], [], ["0", "0"], ["²"], ["-1"]])
async def test_forged_marks_change_nothing(dice: Table, values: list[str]) -> None:
    await click(dice, ALICE, "roll")
    inter = MockInteraction(user=dice.member(ALICE), client=dice.bot)
    await dice.clicks.on_marks(inter, dice.match_id, 1, values)
    if values == ["0", "0"]:  # the same die twice is that die
        assert len(await logged(dice)) == 2
        return
    assert inter.answers() == [("send_message", replies.INVALID_BUTTON)] and inter.private()
    assert len(await logged(dice)) == 1


def test_forced_steps_make_only_the_seats_own_decisions_that_are_no_decision() -> None:
    dice = Match.new("keltis_dice", 2, "forced-steps")
    first = dice.to_act()[0]
    assert forced_steps(dice, 1 - first) == [] and dice.seq == 0  # not the other seat's
    [events] = forced_steps(dice, first)
    assert dice.log == [(first, "roll")] and any(e["type"] == "roll" for e in events)
    assert forced_steps(dice, first) == []  # the reroll is a choice
    keltis = Match.new("keltis", 2, "forced-steps")
    assert forced_steps(keltis, keltis.to_act()[0]) == [] and keltis.seq == 0


# -- answer first, then wait (issue 40) ------------------------------------------------


@pytest.fixture
def no_grace(monkeypatch: pytest.MonkeyPatch) -> None:
    """A click that must wait is acknowledged at once (not after GRACE)."""
    monkeypatch.setattr(answer_first, "GRACE", 0.0)


async def queued_behind_the_lock(table: Table, *clicks: Any) -> list[asyncio.Task]:
    """Start the clicks (coroutines) while the match's lock is held, let them
    run as far as they go, and return them (the caller releases the lock)."""
    tasks = [asyncio.create_task(c) for c in clicks]
    for _ in range(10):
        await asyncio.sleep(0)
    assert not any(t.done() for t in tasks)  # waiting for the lock
    return tasks


def panel_click(table: Table, user_id: int) -> MockInteraction:
    member = table.member(user_id)
    panel = MockMessage(ephemeral=True, shown_to=member)
    return MockInteraction(user=member, message=panel, client=table.bot)


def edited_with(inter: MockInteraction) -> str:
    """The panel the clicked message was edited into through the token."""
    [call] = inter.edit_original_response.await_args_list
    return str(call.kwargs["embed"].to_dict())


async def test_a_click_queued_behind_the_lock_is_acknowledged_and_its_panel_follows(
    table: Table, no_grace: None
) -> None:
    key = (await table.legal(0))[0]
    first, second = panel_click(table, ALICE), panel_click(table, ALICE)
    async with table.tables.lock(table.match_id):
        tasks = await queued_behind_the_lock(
            table,
            table.clicks.on_action(first, table.match_id, 0, key),
            table.clicks.on_action(second, table.match_id, 0, key),  # the same click again
        )
        for inter in (first, second):  # a deferred update of the panel: nothing shows yet
            assert inter.answers() == [("defer", None)]
        assert (await table.store.load(table.match_id)).seq == 0
    await asyncio.gather(*tasks)
    loaded = await table.store.load(table.match_id)
    assert loaded.seq == 1 and table.tables.human_moves == 1  # made once
    assert "move 1" in edited_with(first) and replies.STALE not in edited_with(first)
    assert replies.STALE in edited_with(second)  # told on the panel, through its token
    for inter in (first, second):
        assert inter.answers() == [("defer", None)] and inter.private()
    shown = table.tables.hands.live.get(table.match_id, ALICE)
    assert shown is not None and shown.interaction is second  # kept current through it


async def test_a_table_click_queued_behind_the_lock_is_refused_in_a_private_followup(
    table: Table, no_grace: None
) -> None:
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    bobs_card = loaded.match.view(1)["hand"][0]
    inter = MockInteraction(user=table.member(BOB), client=table.bot)  # on the public table
    async with table.tables.lock(table.match_id):
        [task] = await queued_behind_the_lock(
            table, table.clicks.on_action(inter, table.match_id, 0, f"discard:{bobs_card}")
        )
    await task
    assert inter.answers() == [("defer", None), ("followup", replies.NOT_YOUR_TURN)]
    assert inter.private() and await table.unchanged()
    inter.edit_original_response.assert_not_awaited()  # the table is never rewritten


async def test_your_move_queued_behind_the_lock_thinks_privately_then_shows_the_panel(
    dice: Table, no_grace: None
) -> None:
    inter = MockInteraction(user=dice.member(ALICE), client=dice.bot)  # on a turn ping
    async with dice.tables.lock(dice.match_id):
        [task] = await queued_behind_the_lock(
            dice, dice.clicks.open_panel(inter, dice.match_id, edit=False, turn=True)
        )
        assert inter.response.answered == [("defer", (), {"ephemeral": True, "thinking": True})]
    await task
    assert await logged(dice) == [(0, "roll")]
    [call] = inter.edit_original_response.await_args_list  # the panel replaces the thinking
    assert "Reroll" in str(call.kwargs["view"].to_components())
    inter.followup.send.assert_not_awaited()
    shown = dice.tables.hands.live.get(dice.match_id, ALICE)
    assert shown is not None and shown.interaction is inter
