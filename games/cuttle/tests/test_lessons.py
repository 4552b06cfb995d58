"""Cuttle in a learn match (issue 45): the kind of decision a seat faces (the
turn's action, C-2; a counter window, C-4; the choices a 3, a 4 and a 7 ask
for, C-3), and the review of how near the learner came to their target
(C-6) and what Kings did for it (C-5c)."""

from __future__ import annotations

from cogs.i18n import speaking
from cogs.presenters import presenter_for
from games.cuttle.tests.engine.helpers import act, position
from tests.rules.playout import play_out

P = presenter_for("cuttle")  # registers the game's catalogue too


def test_a_one_off_opens_a_counter_window_for_the_opponent_then_the_other_way():
    m = position(hands={0: ["3c", "2h"], 1: ["2d"]}, scrap=["9d"])
    assert m.decision_kind(0) == "main" and m.decision_kind(1) is None
    act(m, 0, "oneoff:3c")
    assert m.decision_kind(1) == "counter" and m.decision_kind(0) is None
    act(m, 1, "counter:2d")
    assert m.decision_kind(0) == "counter"
    act(m, 0, "counter:2h")
    act(m, 1, "resolve")
    assert m.decision_kind(0) == "take"  # the 3 resolves: a card from the scrap


def test_a_four_asks_the_opponent_to_discard_and_a_seven_to_play_its_card():
    m = position(hands={0: ["4c"], 1: ["9d", "qs", "3h"]})
    act(m, 0, "oneoff:4c")
    act(m, 1, "resolve")
    assert m.decision_kind(1) == "discard" and m.decision_kind(0) is None
    m = position(hands={0: ["7c"], 1: ["9d"]}, deck=["9h", "ad"])
    act(m, 0, "oneoff:7c")
    act(m, 1, "resolve")
    assert m.decision_kind(0) == "seven"


def outcome(mine: dict, theirs: int) -> dict:
    return {"breakdown": [{"points": theirs}, mine]}


def test_the_review_says_how_far_from_the_target():
    mine = {"points": 12, "target": 14, "kings": 1, "reached": False}
    near, kings = P.learn_review({}, outcome(mine, 21), 1)
    assert (
        near == "You ended on 12 of the 14 points you needed (C-6), 2 short; your opponent held 21."
    )
    assert kings == "Your 1 King lowered your target from 21 to 14 (C-5c)."
    with speaking("ja"):
        near, kings = P.learn_review({}, outcome(mine, 21), 1)
    assert "あと2点" in near and "Kを1枚" not in kings and "K を1枚" in kings


def test_the_review_of_a_win_without_kings():
    mine = {"points": 23, "target": 21, "kings": 0, "reached": True}
    won, kings = P.learn_review({}, outcome(mine, 5), 1)
    assert won.startswith("You reached 23 points of your target 21 (C-6)")
    assert kings.startswith("You played no King")


def test_the_review_of_a_finished_match_reads_its_outcome():
    m = play_out("cuttle", 2, "learn-review", rnd_seed=1)
    result = m.outcome()
    assert result is not None
    for seat in (0, 1):
        mine = result["breakdown"][seat]
        first, _kings = P.learn_review(m.view(seat), result, seat)
        assert f"{mine['points']}" in first and f"{mine['target']}" in first
        assert first.startswith("You reached" if mine["reached"] else "You ended on")
