"""What the bot asks of its thinking workers: bot seats' decisions share a
bounded part of the queue (the rest wait their turn, none is dropped); a
hint is worked out once per decision however often it is asked for, one
at a time per player; the random level needs no worker."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.thinking import HintBusy, Thinking, ThinkingFailed, jobs
from rules.bots import choose_action
from tests.cogs.thinking.positions import position


class Pool:
    """Stands in for the worker processes: does the job in this process when
    let go (`release`), and counts what was asked, and how much at once."""

    size = 1

    def __init__(self, fail_first: int = 0) -> None:
        self.asked: list[str] = []
        self.running = 0
        self.most_at_once = 0
        self.gate = asyncio.Event()
        self.fail_first = fail_first

    def release(self) -> None:
        self.gate.set()

    async def run(self, request: dict[str, Any], *, urgent: bool) -> dict[str, Any]:
        self.asked.append(request["job"])
        self.running += 1
        self.most_at_once = max(self.most_at_once, self.running)
        try:
            await self.gate.wait()
            if self.fail_first:
                self.fail_first -= 1
                raise ThinkingFailed("the worker died 3 times")
            return jobs.run(request)
        finally:
            self.running -= 1

    def start(self) -> None:
        pass

    async def stop(self) -> None:
        pass


async def test_bot_seats_beyond_the_queues_bound_wait_their_turn_and_all_move() -> None:
    pool = Pool()
    thinking = Thinking(pool, bot_queue=2)  # type: ignore[arg-type]
    match, seat = position("keltis", "bound", 6)
    asks = [asyncio.create_task(thinking.decide(match, seat, "greedy")) for _ in range(5)]
    for _ in range(10):  # every ask has gone as far as it can
        await asyncio.sleep(0)
    assert pool.running == 2  # the others wait outside the queue
    pool.release()
    decided = await asyncio.gather(*asks)
    assert decided == [choose_action(match, seat, "greedy")] * 5  # none dropped
    assert pool.most_at_once == 2 and pool.asked == ["decide"] * 5


async def test_the_random_level_needs_no_worker() -> None:
    pool = Pool()
    thinking = Thinking(pool)  # type: ignore[arg-type]
    match, seat = position("cucco", "random", 4)
    assert await thinking.decide(match, seat, "random") == choose_action(match, seat, "random")
    assert pool.asked == []


async def test_sixty_presses_on_one_decision_run_one_search() -> None:
    pool = Pool()
    thinking = Thinking(pool)  # type: ignore[arg-type]
    match, seat = position("keltis", "presses", 9)
    presses = [asyncio.create_task(thinking.hint(7, match, seat, player=1)) for _ in range(60)]
    await asyncio.sleep(0)
    pool.release()
    found = await asyncio.gather(*presses)
    assert len(set(found)) == 1 and pool.asked == ["hint"]
    later = await thinking.hint(7, match, seat, player=1)  # answered from what was found
    assert later == found[0] and pool.asked == ["hint"]
    assert thinking.first_told(7, match.seq, seat)  # recorded once ...
    assert not thinking.first_told(7, match.seq, seat)  # ... not at every press


async def test_a_player_has_one_hint_worked_out_at_a_time() -> None:
    pool = Pool()
    thinking = Thinking(pool)  # type: ignore[arg-type]
    here, seat = position("keltis", "here", 5)
    there, other_seat = position("cuttle", "there", 5)
    first = asyncio.create_task(thinking.hint(1, here, seat, player=1))
    await asyncio.sleep(0)
    with pytest.raises(HintBusy):
        await thinking.hint(2, there, other_seat, player=1)
    second_player = asyncio.create_task(thinking.hint(2, there, other_seat, player=2))
    await asyncio.sleep(0)
    pool.release()
    await asyncio.gather(first, second_player)
    await thinking.hint(2, there, other_seat, player=1)  # now it may ask (found already)
    assert pool.asked == ["hint", "hint"]


async def test_a_hint_that_could_not_be_worked_out_is_tried_again_at_the_next_press() -> None:
    pool = Pool(fail_first=1)
    pool.release()
    thinking = Thinking(pool)  # type: ignore[arg-type]
    match, seat = position("oracle", "again", 5)
    with pytest.raises(ThinkingFailed):
        await thinking.hint(3, match, seat, player=1)
    assert (await thinking.hint(3, match, seat, player=1)).action in match.legal(seat)
    assert pool.asked == ["hint", "hint"]


async def test_a_press_given_up_on_leaves_the_hint_for_the_others() -> None:
    pool = Pool()
    thinking = Thinking(pool)  # type: ignore[arg-type]
    match, seat = position("keltis_dice", "given up", 5)
    gone = asyncio.create_task(thinking.hint(4, match, seat, player=1))
    staying = asyncio.create_task(thinking.hint(4, match, seat, player=1))
    await asyncio.sleep(0)
    gone.cancel()
    pool.release()
    assert (await staying).action in match.legal(seat)
    assert pool.asked == ["hint"]
