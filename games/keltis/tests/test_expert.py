"""Keltis's expert (issue 44): an evaluation that counts wins rather than
margins (the greedy level's choices unchanged), draws left to the greedy
level, and decisions the same on every run. Its imagined games are tested in
test_bot_rollout.py."""

from __future__ import annotations

import math
from dataclasses import replace

from games.keltis import policy
from games.keltis.engine.game import DRAW, PLAY
from rules import Match
from rules.bots import choose_action, expert
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


def test_the_expert_draws_as_the_greedy_bot_and_searches_its_plays(monkeypatch):
    """Keltis leaves its draws to the greedy level (`greedy_at`): searched,
    they won no more. A play step is still searched."""
    searched: list[str] = []
    real_search = expert.search

    def counting(match, seat, legal, budget=None):
        searched.append(match.state.phase)
        return real_search(match, seat, legal, budget)

    monkeypatch.setattr(expert, "search", counting)
    match = Match.new("keltis", 2, "expert-draws")
    while match.state.phase != DRAW or len(match.legal(match.to_act()[0])) < 2:
        seat = match.to_act()[0]
        match.act(seat, choose_action(match, seat, "greedy"), match.seq)
    seat = match.to_act()[0]
    assert choose_action(match, seat, "expert") == choose_action(match, seat, "greedy")
    assert searched == []
    while match.state.phase != PLAY:
        seat = match.to_act()[0]
        match.act(seat, choose_action(match, seat, "greedy"), match.seq)
    choose_action(match, match.to_act()[0], "expert")
    assert searched == [PLAY]
