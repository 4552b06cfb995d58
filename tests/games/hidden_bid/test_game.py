"""Hidden bids' rules, and the registry-wide checks run on it: the contract's
random playouts and the hidden-information check (its own folder's game is
registered for each test alone)."""

from __future__ import annotations

import pytest

from rules import BadOptions, Match, all_games
from rules.bots import LEVELS, choose_action
from tests.games.hidden_bid import GAME
from tests.rules import test_contract as contract
from tests.rules.test_hidden_contract import check_match


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(all_games(), GAME.id, GAME)


def test_the_registry_wide_contract_holds():
    contract.test_random_playouts_keep_the_contract(GAME.id, 2)
    checked = check_match(GAME, 2)
    assert {("hands", 1), ("pile",)} <= {p for c in checked if c.seat == 0 for p in c.places}


def test_both_bid_at_once_and_the_higher_takes_the_prize():
    match = Match.new(GAME.id, 2, "round", {"cards": 3})
    assert match.to_act() == (0, 1)
    prize = match.view(None)["prize"]
    high, low = max(match.view(0)["hand"]), min(match.view(1)["hand"])
    match.act(1, f"bid:{low}", match.seq)
    assert match.view(1)["bid"] == low and match.view(0)["bid"] is None
    assert match.view(0)["players"][1]["has_bid"] and match.to_act() == (0,)
    events = match.act(0, f"bid:{high}", match.seq)
    assert {"type": "reveal", "bids": [high, low], "taker": high < low, "prize": prize} in events
    assert match.view(None)["players"][int(high < low)]["won"] == [prize]
    assert match.view(None)["prizes_left"] == 3 - 2


def test_a_seat_sees_its_own_hand_and_bid_alone():
    match = Match.new(GAME.id, 2, "secret")
    match.act(0, f"bid:{match.view(0)['hand'][0]}", match.seq)
    public = match.view(None)
    assert "hand" not in public and "bid" not in public
    assert match.view(1)["hand"] != match.view(0)["hand"] and match.view(1)["bid"] is None
    assert "pile" not in public and public["prizes_left"] == 5 - 1  # one prize is up


def test_the_cards_option_sets_hands_and_rounds():
    match = Match.new(GAME.id, 2, "three", {"cards": 3})
    assert len(match.view(0)["hand"]) == 3 and match.options == {"cards": 3}
    assert Match.new(GAME.id, 2, "default").options == {"cards": 5}
    with pytest.raises(BadOptions):
        Match.new(GAME.id, 2, "many", {"cards": 9})


@pytest.mark.parametrize("level", LEVELS)
def test_the_bots_play_it_with_the_default_policy(level):
    match = Match.new(GAME.id, 2, f"bots-{level}", {"cards": 3})
    while match.to_act():
        seat = match.to_act()[0]
        match.act(seat, choose_action(match, seat, level), match.seq)
    assert match.outcome() is not None
