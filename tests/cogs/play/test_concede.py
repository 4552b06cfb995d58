"""Giving up: between two players the engine's concession ends the match;
with more, the seat service hands the seat to the stand-in and the others
play on. Either way it is said in public and the match shown."""

from __future__ import annotations

import unittest.mock

import discord

from cogs.play.concede import Concessions
from cogs.play.tables import Tables
from storage import Status, Store
from tests.cogs.helpers import MockInteraction, MockMember
from tests.cogs.matches import ALICE, BOB, CAROL, Parts, mocked_tables, started


async def conceding(store: Store, seats: list[int | str]) -> tuple[Tables, Parts, int]:
    match_id = await started(store, "keltis", seats, options={"first_player": 0})
    tables, parts = mocked_tables(store)
    tables.after_move = unittest.mock.AsyncMock()  # type: ignore[method-assign]
    return tables, parts, match_id


def by(user_id: int) -> MockInteraction:
    return MockInteraction(user=MockMember(id=user_id), kind=discord.InteractionType.component)


async def test_with_more_players_the_stand_in_takes_the_seat(store: Store) -> None:
    tables, parts, match_id = await conceding(store, [ALICE, BOB, CAROL])
    inter = by(BOB)
    await Concessions(tables).answer(inter, match_id, yes=True)
    parts.seats.to_bot.assert_awaited_once_with(match_id, 1, how="conceded")
    [(how, text)] = inter.answers()
    assert how == "send_message" and "a bot takes their seat" in str(text)
    assert not inter.private() and (await store.load(match_id)).status == Status.ACTIVE
    [(shown, owed), _] = tables.after_move.await_args  # type: ignore[attr-defined]
    assert (shown.id, owed) == (match_id, frozenset({ALICE}))  # shown as the hand-over left it


async def test_between_two_players_the_match_ends(store: Store) -> None:
    tables, parts, match_id = await conceding(store, [ALICE, BOB])
    inter = by(BOB)
    await Concessions(tables).answer(inter, match_id, yes=True)
    parts.seats.to_bot.assert_not_awaited()
    loaded = await store.load(match_id)
    assert loaded.status == Status.FINISHED and loaded.outcome is not None
    assert BOB not in [loaded.seats[w].user_id for w in loaded.outcome["winners"]]
    [(how, text)] = inter.answers()
    assert how == "send_message" and "conceded" in str(text)
    [(shown, _owed), _] = tables.after_move.await_args  # type: ignore[attr-defined]
    assert (shown.status, shown.seq) == (Status.FINISHED, loaded.seq)  # as committed


async def test_no_changes_nothing(store: Store) -> None:
    tables, parts, match_id = await conceding(store, [ALICE, BOB, CAROL])
    inter = by(BOB)
    await Concessions(tables).answer(inter, match_id, yes=False)
    assert inter.private() and (await store.load(match_id)).seq == 0
    parts.seats.to_bot.assert_not_awaited()
    tables.after_move.assert_not_awaited()  # type: ignore[attr-defined]
