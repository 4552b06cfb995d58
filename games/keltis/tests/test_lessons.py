"""Keltis in a learn match (issue 45): the kind of decision each step of a
turn is (K-3: play, then draw; K-6c: the final placements), and the review
of the learner's rows and wishing stones at the end."""

from __future__ import annotations

from cogs.i18n import speaking
from cogs.presenters import presenter_for
from rules import Match
from tests.rules.playout import play_out

P = presenter_for("keltis")  # registers the game's catalogue too


def test_a_turn_is_a_play_then_a_draw_and_the_end_asks_for_final_placements():
    m = Match.new("keltis", 2, "learn", {"first_player": 0})
    assert m.decision_kind(0) == "play" and m.decision_kind(1) is None
    discard = next(a for a in m.legal(0) if a.verb == "discard")
    m.act(0, discard, m.seq)
    assert m.decision_kind(0) == "draw"
    m.act(0, "draw:deck", m.seq)
    assert m.decision_kind(0) is None and m.decision_kind(1) == "play"
    m.state.deck[:] = m.state.deck[-1:]  # one card left: drawing it ends the game (K-6b)
    m.act(1, next(a for a in m.legal(1) if a.verb == "discard"), m.seq)
    m.act(1, "draw:deck", m.seq)
    assert m.decision_kind(0) == "final" and m.decision_kind(1) == "final"
    m.act(0, "done", m.seq)
    assert m.decision_kind(0) is None and m.decision_kind(1) == "final"


def view_and_outcome(rows: dict[str, int], stones: list[int], stone_points: int):
    view = {"players": [{"stones": []}, {"stones": stones}]}
    outcome = {"breakdown": [{}, {"rows": rows, "stones": stone_points}]}
    return view, outcome


def test_the_review_counts_short_rows_and_what_they_cost():
    view, outcome = view_and_outcome({"b": 2, "y": -4, "g": -2}, [3, 5, 7], 4)
    rows, stones = P.learn_review(view, outcome, 1)
    assert rows.startswith("You started 3 rows; 2 of them stayed under four cards")
    assert "cost 6 points (K-7)" in rows
    assert stones.startswith("You took 3 wishing stones, worth +4 points")


def test_the_review_praises_rows_that_all_scored_and_speaks_japanese():
    view, outcome = view_and_outcome({"p": 6}, [2], -1)
    rows, stones = P.learn_review(view, outcome, 1)
    assert rows.startswith("Your 1 row reached four cards or more and scored 6 points")
    assert stones.startswith("You took 1 wishing stone, worth -1 points")
    with speaking("ja"):
        rows, stones = P.learn_review(view, outcome, 1)
    assert "6点" in rows and "願いの石を1個" in stones


def test_the_review_of_a_finished_match_reads_its_rows_and_stones():
    m = play_out("keltis", 3, "learn-review", rnd_seed=4)
    outcome = m.outcome()
    assert outcome is not None
    for seat in range(3):
        view = m.view(seat)
        lines = P.learn_review(view, outcome, seat)
        assert len(lines) == 2
        stones = len(view["players"][seat]["stones"])
        assert f"You took {stones} wishing stone" in lines[1]
        rows = outcome["breakdown"][seat]["rows"]
        short = [p for p in rows.values() if p < 0]
        if short:
            assert f"You started {len(rows)} row" in lines[0]
            assert f"{len(short)} of them" in lines[0] and f"cost {-sum(short)} points" in lines[0]
