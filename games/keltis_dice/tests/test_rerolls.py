"""The rerolls the dice game's bots and hint weigh: every choice judged by
its exact expectation over the dice rolled again (rerolls.py)."""

from __future__ import annotations

from itertools import product
from math import comb

import pytest

from games.keltis_dice import policy, rerolls
from games.keltis_dice.engine.board import FACES
from games.keltis_dice.tests.engine.helpers import position
from rules.core.actions import Action


@pytest.mark.parametrize("k", range(6))
def test_outcomes_are_every_throw_of_k_dice_with_its_probability(k):
    found = rerolls.outcomes(k)
    assert len(found) == comb(k + 5, 5)
    assert sum(p for _, p in found) == pytest.approx(1.0)
    assert all(sum(counts) == k for counts, _ in found)


def _browns(game, s, seat):
    """A value that reads the final dice: the brown dice, plus a chip."""
    return s.dice.count("b") + 10 * s.chips[seat]


def test_expectation_is_the_average_over_every_sequence_of_new_dice():
    match = position(dice="bbgyw", phase="reroll", supply=40)
    s = match.state
    legal = match.legal(0)
    worth = rerolls.expectations(match.game, s, 0, legal, _browns)
    assert worth[Action("stop")] == 2
    # rolling y and w again: 36 equally likely throws, counted one by one
    brute = 0.0
    for new in product(FACES, repeat=2):
        dice = ["b", "b", "g", *new]
        brute += dice.count("b") + (10 if dice.count("w") >= 2 else 0)
    assert worth[Action("reroll", ("yw",))] == pytest.approx(brute / 36)
    assert s.dice == list("bbgyw") and s.chips == [0, 0]  # the match is not changed


def test_best_rerolls_keeps_the_best_few_and_leaves_other_phases_alone():
    match = position(dice="bbgyw", phase="reroll")
    s = match.state
    legal = match.legal(0)

    def browns(game, s, seat):
        return s.dice.count("b")

    kept = rerolls.best_rerolls(match.game, s, 0, legal, browns)
    assert len(kept) == rerolls.KEPT < len(legal)
    assert kept[0] == Action("reroll", ("ygw",))  # keep both browns, roll the rest
    assert Action("reroll", ("bb",)) not in kept
    moving = position(dice="bbgyw")
    assert rerolls.best_rerolls(moving.game, moving.state, 0, moving.legal(0), browns) == (
        moving.legal(0)
    )


def test_the_policy_weighs_the_same_rerolls_every_time():
    match = position(stones={0: {"b": 3, "g": 5}, 1: {"y": 6}}, dice="bgguw", phase="reroll")
    legal = match.legal(0)
    first = policy.POLICY.weighed(match.game, match.state, 0, legal)
    assert first == policy.POLICY.weighed(match.game, match.state, 0, legal)
    assert len(first) == rerolls.KEPT and set(first) <= set(legal)
