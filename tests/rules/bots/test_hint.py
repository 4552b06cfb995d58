"""The hint for learners (issue 32), in every game: it names a legal move,
the expert's judgement (its own longer search, issue 44); it says why (the
runner-up and the gain, or that there is no other sensible move); and it
reads only what the seat may see: planted differences in the hidden cards
do not change it."""

from __future__ import annotations

import pytest

from rules import Match, all_games
from rules.bots import expert
from rules.bots.hint import Hint, hint, within_noise
from rules.bots.policy import Budget
from tests.rules.bots.test_levels import (
    SMALL,
    SMALL_HALVING,
    positions,
    twin_with_other_hidden_cards,
)

#: every registered game, at one player count: its smallest
CASES = [(game_id, game.min_players) for game_id, game in all_games().items()]


@pytest.mark.parametrize("budget", [SMALL, SMALL_HALVING], ids=["ucb", "halving"])
@pytest.mark.parametrize("game_id,players", CASES)
def test_the_hint_is_the_experts_legal_move_and_blind_to_hidden_cards(game_id, players, budget):
    checked = 0
    for match, seat in positions(game_id, players):
        before = match.to_record()
        given = hint(match, seat, budget)
        legal = match.legal(seat)
        assert given.action in legal
        assert given.action == expert.hint_search(match, seat, legal, budget).action
        assert match.to_record() == before, "the hint changed the match it read"
        assert given.runner_up is None or (
            given.runner_up in legal and given.runner_up != given.action
        )
        assert given.gain >= 0
        assert hint(Match.from_record(before), seat, budget) == given  # the same every time
        for salt in (1, 2, 3):
            twin = twin_with_other_hidden_cards(match, seat, salt)
            assert hint(twin, seat, budget) == given, "the hint depends on hidden cards"
        checked += 1
    assert checked


@pytest.mark.parametrize("game_id,players", CASES)
def test_the_hint_at_the_games_own_budget_is_legal(game_id, players):
    match, seat = next(positions(game_id, players))
    given = hint(match, seat)
    assert given.action in match.legal(seat)
    assert given.action == expert.hint_search(match, seat, match.legal(seat)).action


def test_a_single_legal_move_is_the_only_move():
    match = Match.new("keltis_dice", 2, "hint-only")
    seat = match.to_act()[0]
    legal = match.legal(seat)
    assert len(legal) == 1  # the first decision of the dice game: roll
    assert hint(match, seat) == Hint(legal[0], only=True)
    assert hint(match, seat).sole and not hint(match, seat).even


def test_a_search_of_one_move_is_the_only_sensible_move():
    match, seat = next(positions("keltis", 2))
    given = hint(match, seat, Budget(iterations=4, depth=2, width=1))
    assert given.sole and not given.only and given.runner_up is None and given.gain == 0


def test_the_gain_is_measured_against_the_runner_up_the_search_weighed():
    match, seat = next(positions("cuttle", 2))
    legal = match.legal(seat)
    budget = Budget(iterations=40, depth=3, width=4, schedule="halving")
    found = expert.hint_search(match, seat, legal, budget)
    given = hint(match, seat, budget)
    assert given.runner_up is not None and not given.sole
    # the runner-up is the move whose lead the chosen one holds least, on the
    # worlds both were tried in; the close ones are those within noise
    leads = {a: found.lead(a) for a in found.values if a != given.action}
    assert leads[given.runner_up][0] == min(lead for lead, _se in leads.values())
    assert given.gain == pytest.approx(max(0.0, leads[given.runner_up][0]))
    assert set(given.close) == {a for a, (lead, se) in leads.items() if within_noise(lead, se)}
    assert given.even == bool(given.close)


def test_a_seat_without_a_decision_gets_no_hint():
    match = Match.new("keltis", 2, "no-hint", {"first_player": 0})
    with pytest.raises(ValueError):
        hint(match, 1)
