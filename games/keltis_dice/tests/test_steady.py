"""The dice game's rollout move: a fixed rule of the position that draws
nothing from the generator (steady.py)."""

from __future__ import annotations

from games.keltis_dice import policy
from games.keltis_dice.steady import steady_rollout
from games.keltis_dice.tests.engine.helpers import position
from rules.core.actions import Action


def _choice(match, seat=0):
    # the generator raises when drawn from: the rule must not draw
    return steady_rollout(match.game, match.state, seat, match.legal(seat), policy._NO_CHANCE)


def test_reroll_keeps_the_most_shown_colour_and_a_chip():
    assert _choice(position(dice="bbgyu", phase="reroll")) == Action("reroll", ("ygu",))
    # two wishing stones are a chip: kept
    assert _choice(position(dice="bbgww", phase="reroll")) == Action("reroll", ("g",))
    # three of a colour: the dice are kept
    assert _choice(position(dice="pppgw", phase="reroll")) == Action("stop")


def test_reroll_aims_at_an_open_row_and_its_own_stone_on_a_tie():
    full = position(stones={0: {"b": 9}}, dice="bbbgg", phase="reroll")
    assert _choice(full) == Action("reroll", ("bbb",))  # brown is home: aim at green
    own = position(stones={0: {"y": 4}}, dice="bbyyu", phase="reroll")
    assert _choice(own) == Action("reroll", ("bbu",))


def test_move_prefers_most_dice_then_own_stone_and_never_a_lone_new_stone():
    assert _choice(position(stones={0: {"g": 2}}, dice="bbbgw")) == Action("move", ("b",))
    assert _choice(position(stones={0: {"g": 2}}, dice="bbggw")) == Action("move", ("g",))
    assert _choice(position(dice="bgypu")) == Action("pass")  # all new, one die each
    assert _choice(position(stones={0: {"p": 3}}, dice="bgypu")) == Action("move", ("p",))


def test_clover_steps_the_stone_furthest_along():
    match = position(stones={0: {"b": 5, "y": 7}}, dice="bbbbb", phase="clover")
    match.state.last = "b"
    assert _choice(match) == Action("clover", ("y",))


def test_rollout_is_the_policy_s():
    assert policy.POLICY.rollout is steady_rollout
