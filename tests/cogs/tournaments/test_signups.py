"""The sign-up's buttons answer first, then wait (issue 40): a press queued
behind the sign-up's lock is acknowledged before it waits (a deferred
update), each member is signed up once, a refusal follows privately, and
a burst redraws the sign-up once, through the token of the last press that
changed it."""

from __future__ import annotations

import asyncio
import unittest.mock
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from cogs import answer_first
from cogs.tournaments.signups import CONFLICTS, Signups
from storage import Store
from storage.tournament_records import TournamentConflict
from tests.cogs.helpers import GUILD_ID, MockInteraction, MockMember, MockMessage
from tests.cogs.tournaments.test_runner import CHANNEL, Languages, runner

SIGNUP_MESSAGE = 4242


@dataclass
class Desk:
    store: Store
    signups: Signups
    tournament_id: int
    show: unittest.mock.AsyncMock  # the runner's redraw by the bot (not through a press)

    def press(self, user_id: int) -> MockInteraction:
        """A member's Join on the sign-up message."""
        return MockInteraction(
            user=MockMember(id=user_id, name=f"member{user_id}"),
            message=MockMessage(id=SIGNUP_MESSAGE),
        )

    async def entrants(self) -> list[int]:
        return [e.entrant for e in await self.store.entrants(self.tournament_id)]


@pytest.fixture
async def desk(store: Store) -> AsyncIterator[Desk]:
    tournament_id = await store.create_tournament(GUILD_ID, CHANNEL, "cuttle", "swiss", 3, 2, {}, 1)
    await store.set_tournament_message(tournament_id, SIGNUP_MESSAGE)
    made, _lobbies, _bot = runner(store)
    show = unittest.mock.AsyncMock()
    made.show = show  # type: ignore[method-assign]
    signups = Signups(store, made, Languages(), tables=None)  # type: ignore[arg-type]
    yield Desk(store, signups, tournament_id, show)
    await made.stop()


def redraws(inter: MockInteraction) -> list[str]:
    """The sign-up as this press redrew it (its answer, or through its token)."""
    found = [
        str(k["embed"].to_dict()) for n, _a, k in inter.response.answered if n == "edit_message"
    ]
    found += [
        str(c.kwargs["embed"].to_dict()) for c in inter.edit_original_response.await_args_list
    ]
    return found


async def test_a_press_on_a_free_sign_up_is_answered_with_the_redrawn_sign_up(desk: Desk) -> None:
    inter = desk.press(101)
    await desk.signups.on_button(inter, desk.tournament_id, "join")
    [drawn] = redraws(inter)
    assert "Entrants (1)" in drawn and "member101" in drawn
    assert await desk.entrants() == [101]


async def test_presses_queued_behind_the_lock_are_acknowledged_first_and_redrawn_once(
    desk: Desk, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answer_first, "GRACE", 0.0)  # the lock is held long
    members = [201, 202, 203, 201]  # the first member presses twice
    presses = [desk.press(m) for m in members]
    async with desk.signups.runner.lock(desk.tournament_id):
        tasks = [
            asyncio.create_task(desk.signups.on_button(p, desk.tournament_id, "join"))
            for p in presses
        ]
        for _ in range(200):  # each reads the tournament first, then queues
            if all(p.response.is_done() for p in presses):
                break
            await asyncio.sleep(0.001)
        assert all(p.answers() == [("defer", None)] for p in presses)  # before the wait
        assert await desk.entrants() == []
    await asyncio.gather(*tasks)
    assert sorted(await desk.entrants()) == [201, 202, 203]
    assert presses[-1].answers() == [
        ("defer", None),
        ("followup", CONFLICTS[TournamentConflict.JOINED]),
    ]
    assert presses[-1].private()
    drawn = [d for p in presses for d in redraws(p)]
    assert len(drawn) == 1 and "Entrants (3)" in drawn[0]  # once, by the last in the queue
    [through] = [p for p in presses if redraws(p)]
    assert through is presses[2]  # the last Join that changed it: its answer shows it
    desk.show.assert_not_awaited()


async def test_a_press_elsewhere_never_rewrites_that_message(desk: Desk) -> None:
    inter = MockInteraction(user=MockMember(id=301), message=MockMessage(id=SIGNUP_MESSAGE + 1))
    await desk.signups.on_button(inter, desk.tournament_id, "join")
    assert not redraws(inter) and inter.answers() == [("defer", None)]
    desk.show.assert_awaited_once()  # the bot redraws the sign-up itself
    assert await desk.entrants() == [301]
