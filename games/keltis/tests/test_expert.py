"""Keltis's expert (issue 44, part 3): rollouts that take the pile top the
greedy bot would take, an evaluation that counts wins rather than margins
(the greedy level's choices unchanged), and decisions the same on every run."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from games.keltis import policy
from games.keltis.engine.game import DRAW
from games.keltis.tests.test_policy import _ids, _in_order_turn
from rules import Match
from rules.bots import choose_action
from rules.bots import policy as bots_policy
from rules.bots.expert import search
from rules.core.actions import Action
from rules.core.rng import Rng


def _draw_turn(top: str) -> Match:
    """Seat 0 (yellow row 3-5 going up; holds yellow 6 and 9) to draw one
    card, with `top` on its colour's pile and a blue 2 on the blue pile."""
    match = _in_order_turn()
    s = match.state
    s.phase, s.draws_owed = DRAW, 1
    s.piles[top[0]] = _ids(top)
    s.piles["u"] = _ids("u2")
    return match


@pytest.mark.parametrize(
    ("top", "drawn"),
    [
        ("y6", "y"),  # follows 5 at once (the held 6 has a twin)
        ("y7", "deck"),  # would skip the held yellow 6
        ("y10", "deck"),  # too far above the 5
        ("y4", "deck"),  # the row runs up: 4 may not follow 5
    ],
)
def test_a_rollout_takes_a_pile_top_only_if_it_follows_a_row_closely(top, drawn):
    match = _draw_turn(top)
    legal = match.legal(0)
    assert Action("draw", (top[0],)) in legal
    move = policy.rollout(match.game, match.state, 0, legal, Rng(0))
    assert move == Action("draw", (drawn,))


def test_a_rollout_takes_no_card_for_a_closed_row():
    match = _draw_turn("y6")
    match.state.rows[0]["y"] = _ids("y3", "y5", "ye")
    move = policy.rollout(match.game, match.state, 0, match.legal(0), Rng(0))
    assert move == Action("draw", ("deck",))


def test_a_rollout_takes_the_closest_of_two_usable_tops():
    match = _draw_turn("y7")
    s = match.state
    s.hands[0] = _ids("y9", "b5", "g1", "g2", "u5")
    s.rows[0]["u"] = _ids("u1", "u3")  # blue runs up from 3: the 2 may not follow
    s.piles["u"] = _ids("u4")  # 1 away from the blue 3; the yellow 7 is 2 away
    move = policy.rollout(match.game, match.state, 0, match.legal(0), Rng(0))
    assert move == Action("draw", ("u",))


def test_the_shaped_standing_is_strictly_increasing_and_bounded():
    values = [x / 4 for x in range(-400, 401)]
    shaped = [policy._shaped(v) for v in values]
    assert all(a < b for a, b in zip(shaped, shaped[1:], strict=False))
    assert all(abs(v) < policy.SHAPE for v in shaped)
    # a win by 40 no longer outweighs three losses by 5
    assert policy._shaped(40.0) + 3 * policy._shaped(-5.0) < 0 < 40.0 - 3 * 5.0


def _unshaped(game, s, seat):
    return policy.SHAPE * math.atanh(policy.evaluate(game, s, seat) / policy.SHAPE)


def test_the_greedy_level_chooses_as_it_did_before_the_shaping(monkeypatch):
    """Greedy self-play on one deal, each move also chosen with the
    evaluation unshaped: the same move every time."""
    unshaped = replace(policy.POLICY, evaluate=_unshaped)
    match = Match.new("keltis", 2, "shaping")
    compared = 0
    while match.to_act() and compared < 60:
        seat = match.to_act()[0]
        chosen = choose_action(match, seat, "greedy")
        monkeypatch.setitem(bots_policy._registered, "keltis", unshaped)
        assert choose_action(match, seat, "greedy") == chosen
        monkeypatch.setitem(bots_policy._registered, "keltis", policy.POLICY)
        compared += len(match.legal(seat)) > 1
        match.act(seat, chosen, match.seq)
    assert compared == 60


def test_an_expert_decision_is_the_same_on_every_run():
    match = Match.new("keltis", 2, "expert-again")
    seat = match.to_act()[0]
    legal = match.legal(seat)
    first = search(match, seat, legal)
    again = search(match, seat, legal)
    assert first.action == again.action
    assert first.visits == again.visits and first.means == again.means
    assert 0 < first.iterations <= policy.POLICY.budget.iterations
