"""Each game declares the hint's budget in its policy (`Policy.hint`): the
hint's search spends that and nothing else, and a bot seat's search is the
same whatever the hint's budget is."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules import Match, all_games
from rules.bots import expert, policy
from rules.bots.policy import HINT_SCALE, Budget, policy_for


def held(game_id: str) -> tuple[Match, int]:
    """The first decision of a match with two or more legal moves."""
    game = all_games()[game_id]
    match = Match.new(game_id, game.min_players, f"hint-budget-{game_id}")
    while True:
        seat = match.to_act()[0]
        legal = match.legal(seat)
        if len(legal) >= 2:
            return match, seat
        match.act(seat, legal[0], match.seq)


def spent_on(monkeypatch, match: Match, seat: int) -> tuple[expert.Weighed, set[int]]:
    """The hint's search with every rollout worth the same (no move is ever
    dropped, so the whole budget is spent), and the rollout depths it asked for."""
    depths: set[int] = set()

    def flat(match, seat, state, action, chance, policy, depth, tally) -> float:
        depths.add(depth)
        return 0.0

    monkeypatch.setattr(expert, "_rollout", flat)
    return expert.hint_search(match, seat, match.legal(seat)), depths


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_the_hint_search_spends_the_budget_the_game_declares(monkeypatch, game_id):
    match, seat = held(game_id)
    budget = policy_for(game_id).hint_budget(match.players)
    found, depths = spent_on(monkeypatch, match, seat)
    candidates = len(found.values)
    assert candidates <= budget.width
    assert depths == {budget.depth}
    assert budget.iterations - candidates < found.iterations <= budget.iterations


def test_a_declared_hint_budget_replaces_the_default(monkeypatch):
    match, seat = held("cuttle")
    declared = Budget(iterations=30, depth=2, width=3, schedule="halving")
    monkeypatch.setitem(policy._registered, "cuttle", replace(policy_for("cuttle"), hint=declared))
    found, depths = spent_on(monkeypatch, match, seat)
    assert depths == {2}
    assert len(found.values) == 3
    assert found.iterations == 30


def test_without_a_declared_hint_budget_the_hint_thinks_hint_scale_times_the_seat():
    plain = replace(policy_for("cuttle"), hint=None)
    seat = plain.budget_for(2)
    assert plain.hint_budget(2) == replace(seat, iterations=seat.iterations * HINT_SCALE)


def test_a_bot_seats_search_ignores_the_hint_budget(monkeypatch):
    match, seat = held("keltis_dice")
    small = Budget(iterations=24, depth=4, width=3, schedule="halving")
    base = replace(policy_for("keltis_dice"), budget=small)
    found = []
    for hint_budget in (None, Budget(iterations=8, depth=1, width=2)):
        monkeypatch.setitem(policy._registered, "keltis_dice", replace(base, hint=hint_budget))
        found.append(expert.search(match, seat, match.legal(seat)))
    assert found[0] == found[1]
