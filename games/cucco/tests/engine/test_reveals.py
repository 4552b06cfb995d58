"""Which moves show their maker something new (`Match.reveals`): a preview
of several decisions (hints, panels) never looks past one. In Cucco only a
move that ends a deal does, by dealing the next (Z-8): the last card of a
deal (unless it ends the match) and the fifth pass of a deal thrown in."""

from __future__ import annotations

import pytest

from games.cucco.engine.game import Cucco
from games.cucco.tests.engine.helpers import act, bidding, playing
from games.cucco.tests.engine.test_game import A_SIDE, B_SIDE, HANDS, LAST
from rules.bots.hint import follow_ups
from rules.core.actions import Action
from rules.core.rng import Rng
from tests.rules.reveal_checks import check_unrevealing_moves


def last_card(deals: int = 5):
    """The last trick of a deal dealt by seat 4, its last card (seat 1's)
    to play: the next deal's first bidder is seat 1 again."""
    m = playing(LAST, declarer=0, called="n1", dealer=4, tricks=A_SIDE + B_SIDE, deals=deals)
    for seat in (2, 3, 4, 0):
        assert not m.reveals(f"play:{LAST[seat][0]}")
        act(m, seat, f"play:{LAST[seat][0]}")
    return m


def test_Z8_the_last_card_of_a_deal_reveals_the_next_hand():
    m = last_card()
    assert m.reveals("play:p14") and m.reveals("play:p14", 1)
    after = m.preview(1, "play:p14")
    assert after.to_act() == (1,) and after.view(1)["phase"] == "bidding"
    # a hint's chain stops there: it would have bid from the new hand
    assert follow_ups(m, 1, Action.parse("play:p14")) == ()


def test_Z8_the_last_card_of_the_match_reveals_nothing():
    m = last_card(deals=1)
    assert not m.reveals("play:p14")
    assert check_unrevealing_moves(m, 1, m.legal(1), Rng(3)) == {"play"}


def test_Z3_the_fifth_pass_throws_in_and_reveals_the_next_hand():
    m = bidding(HANDS, dealer=4)
    for seat in range(4):
        assert not m.reveals("pass")
        act(m, seat, "pass")
    assert m.reveals("pass")
    assert m.preview(4, "pass").view(4)["thrown_in"] == 1
    assert check_unrevealing_moves(m, 4, m.legal(4), Rng(3)) == {"bid"}


@pytest.mark.parametrize("where", ["last card", "fifth pass"])
def test_moves_ending_a_deal_not_declared_revealing_are_caught(monkeypatch, where):
    """What the contract test finds, had Cucco kept to `revealing_verbs`."""
    if where == "last card":
        m, seat = last_card(), 1
    else:
        m, seat = bidding(HANDS, dealer=4), 4
        for passer in range(4):
            act(m, passer, "pass")
    monkeypatch.setattr(Cucco, "reveals", lambda self, s, seat, action: False)
    with pytest.raises(AssertionError, match=f"cucco: (play|pass)\\S* by seat {seat}"):
        check_unrevealing_moves(m, seat, m.legal(seat), Rng(3))
