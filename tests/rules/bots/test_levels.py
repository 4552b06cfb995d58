"""The three bot levels over every game and player count: legal, deterministic,
blind to hidden cards, within budget, and harmless to the match they read.

Strength is measured in bench/bots.py, not here; the expert runs here with a
small counted budget so the tests stay fast.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from rules import Match, all_games
from rules.bots import (
    DEFAULT_LEVEL,
    LABELS,
    LEVELS,
    choose_action,
    expert,
    greedy,
    level_of_seat_kind,
    random_bot,
)
from rules.bots.policy import DEFAULT, Budget, policy_for
from rules.core.rng import Rng

SMALL = Budget(iterations=12, depth=4, width=3)
#: the expert's other schedule, tested as if it were a level of its own
HALVING = "expert-halving"
SMALL_HALVING = Budget(iterations=16, depth=4, width=4, schedule="halving")
CASES = [
    (gid, n) for gid, g in all_games().items() for n in range(g.min_players, g.max_players + 1)
]
#: random moves played before the bot decides (the start, early, mid game)
DEPTHS = (0, 9, 31)


def positions(game_id: str, players: int):
    """Matches at a few depths of random play, each with a seat that owes a decision
    and has a real choice."""
    for depth in DEPTHS:
        match = Match.new(game_id, players, f"levels-{game_id}-{players}-{depth}")
        rnd = random.Random(depth)
        for _ in range(depth):
            if not match.to_act():
                break
            seat = rnd.choice(match.to_act())
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        while match.to_act() and len(match.legal(match.to_act()[0])) < 2:
            seat = match.to_act()[0]
            match.act(seat, match.legal(seat)[0], match.seq)
        if match.to_act():
            yield match, match.to_act()[0]


def decide(match: Match, seat: int, level: str):
    """A level's choice, the expert with the tests' small budget."""
    legal = match.legal(seat)
    if level == "expert":
        return expert.search(match, seat, legal, SMALL).action
    if level == HALVING:
        return expert.search(match, seat, legal, SMALL_HALVING).action
    return {"random": random_bot.choose, "greedy": greedy.choose}[level](match, seat, legal)


def twin_with_other_hidden_cards(match: Match, seat: int, salt: int) -> Match:
    """The same match as `seat` sees it, with every hidden card elsewhere and
    different future chance."""
    twin = Match.from_record(match.to_record())
    twin.game.redeal_hidden(twin.state, seat, Rng(salt))
    twin.rng = Rng(salt * 7919 + 1)
    assert twin.view(seat) == match.view(seat)
    return twin


def test_levels_by_name_with_labels_for_people():
    assert LEVELS == ("random", "greedy", "expert")
    assert [LABELS[level] for level in LEVELS] == ["Random", "Greedy", "Expert"]
    assert DEFAULT_LEVEL in LEVELS
    assert level_of_seat_kind("expert") == "expert"
    assert level_of_seat_kind("bot") == DEFAULT_LEVEL  # seats stored before levels


def test_unknown_level_and_a_seat_without_a_decision_are_refused():
    match = Match.new("keltis", 2, "refusals", {"first_player": 0})
    with pytest.raises(ValueError):
        choose_action(match, 0, "grandmaster")
    with pytest.raises(ValueError):
        choose_action(match, 1, "greedy")


@pytest.mark.parametrize("level", LEVELS + (HALVING,))
@pytest.mark.parametrize("game_id,players", CASES)
def test_choice_is_legal_deterministic_and_blind_to_hidden_cards(game_id, players, level):
    checked = 0
    for match, seat in positions(game_id, players):
        before = match.to_record()
        action = decide(match, seat, level)
        assert action in match.legal(seat)
        assert match.to_record() == before, "the bot changed the match it read"
        assert decide(Match.from_record(before), seat, level) == action
        for salt in (1, 2):
            twin = twin_with_other_hidden_cards(match, seat, salt)
            assert decide(twin, seat, level) == action, "the choice depends on hidden cards"
        checked += 1
    assert checked


def test_expert_spends_exactly_its_budget():
    match, seat = next(positions("keltis", 3))
    legal = match.legal(seat)
    budget = Budget(iterations=9, depth=3, width=2)
    result = expert.search(match, seat, legal, budget)
    assert result.iterations == 9 == sum(result.visits.values())
    assert len(result.visits) == 2 and all(v >= 1 for v in result.visits.values())
    assert 0 < result.rollout_actions <= 9 * 3
    assert result.action in result.visits


def test_halving_keeps_within_its_budget_and_compares_actions_in_common_worlds():
    match, seat = next(positions("cuttle", 2))
    legal = match.legal(seat)
    assert len(legal) >= 4
    budget = Budget(iterations=40, depth=3, width=4, schedule="halving")
    result = expert.search(match, seat, legal, budget)
    assert result.iterations <= 40
    visits = sorted(result.visits.values(), reverse=True)
    # round 1: every action in the same worlds; round 2: the better half, more often
    assert len(visits) == 4 and visits[0] == visits[1] > visits[2] == visits[3] > 0
    assert result.action in [a for a, n in result.visits.items() if n == visits[0]]


def test_halving_stops_once_one_action_is_left():
    """Over 6 actions halving goes 6 -> 3 -> 1 in two of its three rounds:
    the third would only roll out the lone survivor again, which cannot
    change the decision, so it is not played (a third of the budget saved)."""
    match, seat = next(positions("cuttle", 2))
    legal = match.legal(seat)
    assert len(legal) >= 6
    budget = Budget(iterations=60, depth=3, width=6, schedule="halving")
    result = expert.search(match, seat, legal, budget)
    visits = sorted(result.visits.values(), reverse=True)
    # round 1: 6 actions x 3 worlds; round 2: 3 actions x 7 worlds; no round 3
    # (it would have rolled the one action left out in the 21 worlds remaining)
    assert visits == [10, 10, 10, 3, 3, 3] and result.iterations == 39
    assert result.action in [a for a, n in result.visits.items() if n == 10]


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_every_game_has_a_policy_with_a_positive_budget(game_id):
    """A game's own policy searches by rollouts of its own (a positive
    depth); a game without one is played by the default, whose evaluation
    plays every imagined match out to its end instead (no rollout depth)."""
    policy = policy_for(game_id)
    for budget in {policy.budget, policy.field_budget or policy.budget}:
        assert budget.iterations > 0 and budget.width > 0
        if policy is DEFAULT:
            assert budget.depth == 0
        else:
            assert budget.depth > 0


def test_choose_action_at_expert_uses_the_game_budget():
    match, seat = next(positions("cuttle", 2))
    legal = match.legal(seat)
    assert choose_action(match, seat, "expert") == expert.search(match, seat, legal).action
    assert choose_action(match, seat) == choose_action(match, seat, DEFAULT_LEVEL)


@pytest.mark.parametrize("game_id,players", CASES)
def test_greedy_bots_finish_every_game(game_id, players):
    options = {"deals": 1} if game_id == "cucco" else None
    match = Match.new(game_id, players, f"greedy-finish-{players}", options)
    while match.to_act():
        assert match.seq < match.game.max_actions
        seat = match.to_act()[0]
        match.act(seat, choose_action(match, seat, "greedy"), match.seq)
    assert match.outcome() is not None


def test_a_field_budget_applies_from_three_players():
    heads_up = Budget(iterations=10, depth=2, width=3)
    field = Budget(iterations=20, depth=2, width=3, schedule="halving")
    policy = dataclasses.replace(policy_for("keltis"), budget=heads_up, field_budget=field)
    assert policy.budget_for(2) == heads_up
    assert policy.budget_for(3) == policy.budget_for(4) == field
    plain = policy_for("oracle")
    assert plain.field_budget is None and plain.budget_for(4) == plain.budget


@pytest.mark.parametrize("game_id,players", [("keltis", 2), ("keltis", 4), ("oracle", 4)])
def test_the_expert_searches_with_the_budget_of_its_player_count(game_id, players):
    match, seat = next(positions(game_id, players))
    legal = match.legal(seat)
    budget = policy_for(game_id).budget_for(players)
    result = expert.search(match, seat, legal)
    assert result.iterations <= budget.iterations
    assert len(result.visits) == min(budget.width, len(legal))
    visits = set(result.visits.values())
    if budget.schedule == "halving":  # every action tried, the better half more often
        assert min(visits) > 0 and max(visits) > min(visits)
        assert len(visits) <= 1 + math.ceil(math.log2(budget.width))  # one count per round
    else:
        assert result.iterations == budget.iterations
