"""The Keltis dice game in a learn match (issue 45): the kind of decision is
the step of the turn (D-4: roll, reroll, move, a clover's move), and the
review of the learner's stones and chips at the end (D-6)."""

from __future__ import annotations

from cogs.i18n import speaking
from cogs.presenters import presenter_for
from games.keltis_dice.tests.engine.helpers import act, position
from rules import Match
from tests.rules.playout import play_out

P = presenter_for("keltis_dice")  # registers the game's catalogue too


def test_a_turn_is_a_roll_a_reroll_then_a_move():
    m = Match.new("keltis_dice", 2, "learn")
    seat = m.to_act()[0]
    assert m.decision_kind(seat) == "roll" and m.decision_kind(1 - seat) is None
    m.act(seat, "roll", m.seq)
    assert m.decision_kind(seat) == "reroll"
    m.act(seat, "stop", m.seq)
    assert m.decision_kind(seat) == "move"


def test_a_clover_asks_its_own_decision():
    m = position(stones={0: {"b": 3}}, dice="bbyww")
    act(m, 0, "move:b")  # onto brown 5: a clover
    assert m.decision_kind(0) == "clover"
    act(m, 0, "skip")
    assert m.decision_kind(0) is None and m.decision_kind(1) == "roll"


def test_the_view_counts_each_seats_stones_in_goal_areas():
    m = position(3, stones={0: {"b": 7, "y": 9, "p": 2}, 1: {"g": 6}, 2: {"u": 8}})
    assert m.view(None)["in_goal"] == [2, 0, 1]


def test_the_review_adds_up_both_games():
    view = {"in_goal": [0, 5]}
    games = [
        {"rows": {"b": 10, "y": -4}, "chips": 3, "chip_points": -2},
        {"rows": {"g": 7, "u": 6, "p": 2}, "chips": 2, "chip_points": -3},
    ]
    outcome = {"breakdown": [{}, {"games": games}]}
    stones, chips = P.learn_review(view, outcome, 1)
    assert stones.startswith("Your Celtic stones ended on fields worth 21 points, 5 of them")
    assert chips.startswith("You collected 5 wishing-stone chips, worth -5 points (D-6)")
    with speaking("ja"):
        stones, chips = P.learn_review(view, outcome, 1)
    assert "合計21点" in stones and "5つ" in stones and "チップを5枚" in chips


def test_the_review_of_a_finished_match_matches_its_view():
    m = play_out("keltis_dice", 2, "learn-review", rnd_seed=3, options={"side": "B"})
    outcome = m.outcome()
    assert outcome is not None
    view = m.view(0)
    for seat in range(2):
        game = outcome["breakdown"][seat]["games"][0]
        stones, chips = P.learn_review(view, outcome, seat)
        assert f"worth {sum(game['rows'].values())} points" in stones
        assert f"{view['in_goal'][seat]} of them in a goal area" in stones
        assert f"You collected {view['chips'][seat]} wishing-stone chip" in chips
