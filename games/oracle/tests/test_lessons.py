"""Keltis: the Oracle in a learn match (issue 45): the kind of decision each
step of a turn is (O-4: play or discard, the move; O-6b..O-6d: a tile's
choice; O-5: the draw), and the review of the learner's pawns, points,
stones and mirrors at the end (O-8)."""

from __future__ import annotations

from cogs.i18n import speaking
from cogs.presenters import presenter_for
from games.oracle.tests.engine.helpers import acts, position
from tests.rules.playout import play_out

P = presenter_for("oracle")  # registers the game's catalogue too


def test_a_turn_is_a_play_a_move_a_clover_choice_then_a_draw():
    m = position(hands={0: ["g1"]}, tiles={1: "clover_u", 4: "spiral"})
    assert m.decision_kind(0) == "play" and m.decision_kind(1) is None
    acts(m, 0, "play:g1")
    assert m.decision_kind(0) == "move"
    acts(m, 0, "pawn:0")
    assert m.decision_kind(0) == "clover"
    acts(m, 0, "clover")
    assert m.decision_kind(0) == "spiral"
    acts(m, 0, "skip")
    assert m.decision_kind(0) == "draw"
    acts(m, 0, "draw:deck")
    assert m.decision_kind(0) is None and m.decision_kind(1) == "play"


def test_a_goblin_asks_its_own_decision():
    m = position(hands={0: ["g1", "b5"]}, tiles={1: "goblin"})
    acts(m, 0, "play:g1", "pawn:0")
    assert m.decision_kind(0) == "goblin"


def test_the_review_reads_pawns_play_stones_and_mirrors():
    view = {"players": [{"stones": 3}]}
    scored = {
        "pawns": [7, -3, 1],
        "pawn_points": 5,
        "in_game": 12,
        "stone_points": 3,
        "mirrors": 2,
        "mirror_points": 6,
    }
    pawns, stones = P.learn_review(view, {"breakdown": [scored]}, 0)
    assert pawns.startswith("Your pawns ended on fields worth 5 points (+7, -3, +1)")
    assert "play earned you 12 more (O-8)" in pawns
    assert stones.startswith("You held 3 wishing stones, worth 3 points")
    assert "mirrors (2) added 6 (O-8)" in stones
    with speaking("ja"):
        pawns, stones = P.learn_review(view, {"breakdown": [scored]}, 0)
    assert "合計5点" in pawns and "+7、-3、+1" in pawns and "願いの石は3個" in stones


def test_the_review_of_a_finished_match_matches_its_view():
    m = play_out("oracle", 2, "learn-review", rnd_seed=2)
    outcome = m.outcome()
    assert outcome is not None
    for seat in range(2):
        view = m.view(seat)
        scored = outcome["breakdown"][seat]
        pawns, stones = P.learn_review(view, outcome, seat)
        assert f"worth {scored['pawn_points']} points" in pawns
        assert f"You held {view['players'][seat]['stones']} wishing stone" in stones
        assert f"mirrors ({view['players'][seat]['mirrors']})" in stones
