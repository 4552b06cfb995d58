"""A hint's moves (issue 42): moves that come to the same are one move (the
runner-up is never the chosen move under another name), and with each the
follow-ups the seat would make in the same turn, so a panel's whole turn in
one click can be named."""

from __future__ import annotations

import pytest

from rules import Match, all_games
from rules.bots import expert
from rules.bots.hint import TURN_STEPS, follow_ups, hint, same_move
from rules.core import registry
from rules.core.actions import Action
from tests.rules.bots.test_levels import SMALL, positions
from tests.rules.example_game import RaceState, RaceTo21


class Twice(RaceTo21):
    """Race to 21 where `add:1` can also be said `one` (the same move named
    twice, as two orders of the same stones are)."""

    id, name = "race21_twice", "Race to 21, twice named"
    verbs = frozenset({"add", "one"})

    def legal(self, s: RaceState, seat: int) -> list[Action]:
        return [*super().legal(s, seat), Action.of("one")]

    def apply(self, s: RaceState, seat: int, action: Action, rng) -> list[dict]:
        said = Action.of("add", 1) if action.verb == "one" else action
        return super().apply(s, seat, said, rng)


TWICE = Twice()


@pytest.fixture
def twice(monkeypatch) -> Match:
    monkeypatch.setitem(registry.all_games(), TWICE.id, TWICE)
    return Match.new(TWICE.id, 2, "twice", {"first": 0})


def test_the_same_move_named_twice_is_one_move(twice: Match):
    add1, add2, one = Action.of("add", 1), Action.of("add", 2), Action.of("one")
    before = twice.to_record()
    assert same_move(twice, 0, add1, one) and same_move(twice, 0, one, add1)
    assert not same_move(twice, 0, add1, add2)
    assert same_move(twice, 0, add2, add2)
    assert twice.to_record() == before  # read, not changed


def test_a_move_that_shows_something_new_is_never_another(monkeypatch):
    match = Match.new("keltis_dice", 2, "reveal")
    seat = match.to_act()[0]
    match.act(seat, "roll", match.seq)
    legal = match.legal(seat)
    rerolls = [a for a in legal if a.verb == "reroll"]
    assert match.reveals(rerolls[0])
    assert not same_move(match, seat, rerolls[0], rerolls[1])
    assert same_move(match, seat, rerolls[0], rerolls[0])  # itself, still


def test_the_runner_up_is_never_the_chosen_move_under_another_name(twice: Match, monkeypatch):
    """The search weighs `one` and `add:1` as two moves; the hint does not."""
    add1, one = Action.of("add", 1), Action.of("one")
    found = hint(twice, 0, SMALL)
    assert found.runner_up is None or not same_move(twice, 0, found.runner_up, found.action)

    def searched(match, seat, legal, budget=None):  # the hint's search, both named
        add3 = Action.of("add", 3)
        return expert.Weighed(
            add1, 25, {add1: [2.0] * 10, one: [1.9] * 10, add3: [0.5, 0.4, 0.6, 0.5, 0.5]}
        )

    monkeypatch.setattr(expert, "hint_search", searched)
    found = hint(twice, 0, SMALL)
    assert found.action == add1
    assert found.runner_up == Action.of("add", 3)  # `one` is add:1 itself
    assert found.close == ()  # 1.5 ahead, far beyond the noise
    assert found.gain == pytest.approx(1.5)


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_follow_ups_are_the_same_seats_next_decisions_in_its_turn(game_id):
    game = all_games()[game_id]
    checked = followed = 0
    for match, seat in positions(game_id, game.min_players):
        before = match.to_record()
        for action in match.legal(seat)[:6]:
            then = follow_ups(match, seat, action)
            assert len(then) < TURN_STEPS
            followed += bool(then)
            twin, last = match.copy(), action
            for step in then:  # each a legal decision of the seat, nothing shown before it
                assert not twin.reveals(last)
                twin.act(seat, last, twin.seq)
                assert seat in twin.to_act() and step in twin.legal(seat)
                last = step
            checked += 1
        assert match.to_record() == before
    assert checked
    if game_id == "keltis":  # a card, then its pawn: one turn
        assert followed


def test_a_hint_carries_the_follow_ups_of_its_move_and_of_the_runner_up():
    for match, seat in positions("keltis", 2):
        found = hint(match, seat, SMALL)
        assert found.then == follow_ups(match, seat, found.action)
        assert found.path == (found.action, *found.then)
        if found.runner_up is not None:
            assert found.runner_then == follow_ups(match, seat, found.runner_up)
            assert found.runner_path[0] == found.runner_up
        else:
            assert found.runner_path == ()
