"""Keltis's expert (issue 44, part 3): an evaluation that counts wins rather
than margins (the greedy level's choices unchanged), and decisions the same
on every run. Its imagined games are tested in test_bot_rollout.py."""

from __future__ import annotations

import math
from dataclasses import replace

from games.keltis import policy
from rules import Match
from rules.bots import choose_action
from rules.bots import policy as bots_policy
from rules.bots.expert import search


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
