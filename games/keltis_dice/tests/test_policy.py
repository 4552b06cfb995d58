"""The dice game's bot evaluation: stones are worth what they can still
become while the game has time left, and exactly their fields at its end."""

from __future__ import annotations

from games.keltis_dice import policy as policy
from games.keltis_dice.engine.board import FIELD_POINTS, GOAL_STONES_TO_END
from games.keltis_dice.rerolls import KEPT
from games.keltis_dice.tests.engine.helpers import position
from rules import Match
from rules.bots import expert
from rules.bots.hint import hint
from rules.bots.policy import Budget


def test_best_gain_splits_the_advance_over_the_stones_exactly():
    assert policy._best_gain((9, 9, 9, 9), 20) == 0  # nothing left to gain
    assert policy._best_gain((8,), 1) == 3  # 7 -> 10
    assert policy._best_gain((0,), 2) == 0  # a new stone on field 2 (-3)
    assert policy._best_gain((0,), 9) == 10  # is not worth it; on 9 it is
    # 9 fields: a stone from 1 to 9 (+14) beats a new one to 9 (+10)
    assert policy._best_gain((0, 1), 8) == 14
    assert policy._best_gain((0, 1), 17) == 24  # both to field 9
    assert policy._best_gain((3, 6), 1) == 3  # 6 -> 7 or 3 -> 4
    assert policy._best_gain((4, 8), 2) == 4  # 8 -> 9 and 4 -> 5, not 4 -> 6


def _dice_match(players: int) -> Match:
    return Match.new("keltis_dice", players, "projection")


def test_projection_values_a_stone_by_its_future_while_the_game_has_time():
    match = _dice_match(4)
    s = match.state
    s.stones[0] = {"b": 9}  # one stone home, three rows unused
    s.stones[1] = {"b": 9, "y": 9, "p": 9, "g": 9}
    s.chips = [5, 5, 5, 5]
    now = policy._totals(match.game, s)
    projected = policy.projected_totals(match.game, s)
    assert projected[1] == now[1]  # no stone can gain any more
    assert projected[0] > now[0] + 10  # three new rows to develop
    assert projected[0] > projected[1] - 40 + 10


def test_projection_is_the_standing_once_the_goal_area_is_full():
    match = _dice_match(2)
    s = match.state
    s.stones[0] = {"b": 7, "y": 8, "p": 1}
    s.stones[1] = {"b": 9, "g": 7, "u": 9}
    assert match.game.goal_stones(s) == GOAL_STONES_TO_END[2]
    assert policy.projected_totals(match.game, s) == policy._totals(match.game, s)
    assert FIELD_POINTS[1] < 0


def test_expert_and_hint_decide_the_same_per_seed_and_weigh_the_exact_rerolls():
    match = position(
        stones={0: {"b": 3, "g": 5}, 1: {"y": 6, "p": 2}}, dice="bgguw", phase="reroll"
    )
    legal = match.legal(0)
    small = Budget(iterations=60, depth=30, width=8, schedule="halving")
    first = expert.search(match, 0, legal, small)
    again = expert.search(match, 0, legal, small)
    assert (first.action, first.visits, first.means) == (again.action, again.visits, again.means)
    assert set(first.visits) == set(policy.considered(match.game, match.state, 0, legal))
    assert len(first.visits) == KEPT
    assert hint(match, 0, small) == hint(match, 0, small)
