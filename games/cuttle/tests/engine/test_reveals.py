"""Which moves show their maker something new (`Match.reveals`): a preview
of several decisions (hints, panels) never looks past one. Glasses show the
opponent's hand (C-5d); a counter never shows anything."""

from __future__ import annotations

import pytest

from games.cuttle.engine.game import Cuttle
from games.cuttle.tests.engine.helpers import act, position
from rules.bots.hint import follow_ups
from rules.core.actions import Action
from rules.core.rng import Rng
from tests.rules.reveal_checks import check_unrevealing_moves


def test_C5d_glasses_reveal_the_opponents_hand():
    m = position(hands={0: ["8s", "3c"], 1: ["kd", "4h", "9c"]})
    assert m.reveals("glasses:8s") and m.reveals("glasses:8s", 0)
    assert not m.reveals("points:8s") and not m.reveals("points:3c")
    assert "opponent_hand" not in m.view(0)
    assert m.preview(0, "glasses:8s").view(0)["opponent_hand"] == ["4h", "9c", "kd"]
    assert follow_ups(m, 0, Action.parse("glasses:8s")) == ()  # a hint chains nothing
    assert check_unrevealing_moves(m, 0, m.legal(0), Rng(3)) == {"points"}


def test_C5d_glasses_not_declared_revealing_are_caught(monkeypatch):
    """What the contract test finds, had glasses stayed undeclared."""
    m = position(hands={0: ["8s", "3c"], 1: ["kd", "4h", "9c"]})
    monkeypatch.setattr(Cuttle, "revealing_verbs", Cuttle.revealing_verbs - {"glasses"})
    assert not m.reveals("glasses:8s")
    with pytest.raises(AssertionError, match="cuttle: glasses:8s by seat 0"):
        check_unrevealing_moves(m, 0, m.legal(0), Rng(3))


def test_C4_a_counter_reveals_nothing_even_where_a_queen_closes_the_chain():
    """Seat 1's Queen ends the chain after its counter: the one-off is
    cancelled, and nothing is shown (a 7 had shown the deck's top)."""
    m = position(hands={0: ["7c", "3h"], 1: ["2d", "5h"]}, perms={1: ["qs"]})
    act(m, 0, "oneoff:7c")
    assert m.to_act() == (1,) and not m.reveals("counter:2d")
    assert check_unrevealing_moves(m, 1, m.legal(1), Rng(3)) == {"counter"}
    assert m.reveals("resolve")  # the 7 shows the deck's top
