"""A decision made in a thinking worker is the one the bot would make in its
own process: the match travels as its record and is rebuilt exactly, for
every registered game, at every level, and a hint likewise."""

from __future__ import annotations

import pytest

from cogs.thinking import jobs
from cogs.thinking.pool import ThinkingPool
from rules import Match
from rules.bots import LEVELS, choose_action
from rules.bots.hint import hint
from tests.cogs.thinking.positions import position, positions


@pytest.mark.parametrize(("game_id", "seed", "depth"), positions(per_game=3))
def test_a_job_decides_as_the_bot_would_in_process(game_id: str, seed: str, depth: int) -> None:
    match, seat = position(game_id, seed, depth)
    before = match.to_record()
    for level in ("random", "greedy"):
        request = jobs.decide_request(match, seat, level)
        answer = jobs.run(request)
        assert jobs.action_of(answer) == choose_action(match, seat, level), level
    assert match.to_record() == before  # the bot's own match is untouched


@pytest.mark.parametrize(("game_id", "seed", "depth"), positions(per_game=1))
async def test_the_worker_processes_decide_and_hint_as_the_bot_would(
    game_id: str, seed: str, depth: int
) -> None:
    """Through real worker processes: every level's decision and the hint
    equal the in-process ones (the expert's too: the same search)."""
    match, seat = position(game_id, seed, depth)
    pool = ThinkingPool(2)
    try:
        for level in LEVELS:
            answer = await pool.run(jobs.decide_request(match, seat, level), urgent=False)
            assert jobs.action_of(answer) == choose_action(match, seat, level), level
        found = jobs.hint_of(await pool.run(jobs.hint_request(match, seat), urgent=True))
        assert found == hint(match, seat)
    finally:
        await pool.stop()
    assert pool.deaths == 0


def test_a_record_rebuilt_in_a_worker_is_the_same_match() -> None:
    match, _seat = position("keltis", "record", 15)
    twin = Match.from_record(jobs.decide_request(match, 0, "random")["record"])
    assert twin.to_record() == match.to_record()
    assert twin.rng.state == match.rng.state  # the future draws too
