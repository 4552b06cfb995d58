"""Scenario tests for the Cucco engine, named by the rule ids of cucco.md."""

import random

import pytest

from games.cucco.engine import GAME
from games.cucco.engine.cards import CARD_CODE, KIND_BY_CODE, KINDS, copies
from games.cucco.engine.game import trick_winner
from games.cucco.tests.engine.helpers import act, bidding, keys, playing, types
from rules import BadOptions, IllegalAction, Match, NotYourDecision
from rules.core.rng import Rng
from tests.rules.playout import play_out

# -- Z-2 players and deal ---------------------------------------------------------


@pytest.mark.parametrize("players", [4, 6])
def test_Z2_exactly_five_players(players):
    with pytest.raises(BadOptions):
        Match.new("cucco", players, "s")


def test_Z2_eight_cards_each_no_cards_remain():
    m = Match.new("cucco", 5, "deal")
    hands = m.state.hands
    assert [len(h) for h in hands] == [8] * 5
    assert sorted(c for h in hands for c in h) == list(range(40))
    assert m.view(None)["hand_sizes"] == [8] * 5
    assert len(m.view(3)["hand"]) == 8


# seed "packets": the shuffled deck, in the order its cards are dealt (pinned: a
# change in the shuffle or the deal would make every stored match replay differently)
PACKETS_DECK = [
    "mat",
    "n8",
    "p13",
    "mask",
    "p12",
    "n5",
    "n7",
    "p14",
    "p13",
    "bucket",
    "bucket",
    "lion",
    "p15",
    "p11",
    "p11",
    "n10",
    "n3",
    "n10",
    "n8",
    "n9",
    "n4",
    "p15",
    "p14",
    "n2",
    "n9",
    "n3",
    "zero",
    "n6",
    "lion",
    "n4",
    "n7",
    "mat",
    "p12",
    "zero",
    "n1",
    "mask",
    "n6",
    "n5",
    "n1",
    "n2",
]


def test_Z2_dealt_four_then_four_starting_after_the_dealer():
    m = Match.new("cucco", 5, "packets", {"first_dealer": 2})
    for n, seat in enumerate([3, 4, 0, 1, 2]):
        first, second = PACKETS_DECK[4 * n : 4 * n + 4], PACKETS_DECK[20 + 4 * n : 24 + 4 * n]
        assert sorted(m.view(seat)["hand"]) == sorted(first + second), f"seat {seat}"


def test_Z2_first_dealer_drawn_by_the_rng_or_chosen():
    dealers = {Match.new("cucco", 5, f"seed-{i}").state.dealer for i in range(60)}
    assert dealers == {0, 1, 2, 3, 4}
    assert (
        Match.new("cucco", 5, "x").view(None)["dealer"]
        == Match.new("cucco", 5, "x").view(None)["dealer"]
    )
    m = Match.new("cucco", 5, "x", {"first_dealer": 4})
    assert m.view(None)["dealer"] == 4 and m.to_act() == (0,)


@pytest.mark.parametrize(
    "options",
    [
        {"first_dealer": 5},
        {"first_dealer": "1"},
        {"deals": 0},
        {"deals": 21},
        {"deals": True},
        {"deals": 2.0},
        {"trumps": "lion"},
    ],
)
def test_Z2_Z8_bad_options_refused(options):
    with pytest.raises(BadOptions):
        Match.new("cucco", 5, "x", options)


def test_Z2_Z8_options_normalised():
    assert GAME.check_options(5, {}) == {"deals": 5}
    assert GAME.check_options(5, {"deals": 3, "first_dealer": 0}) == {"deals": 3, "first_dealer": 0}


def test_Z2_the_deal_passes_to_the_next_seat():
    m = play_out("cucco", 5, "rotation", 3, {"deals": 5, "first_dealer": 1})
    s = m.state
    assert s.thrown_in == 0
    assert [h["dealer"] for h in s.history] == [1, 2, 3, 4, 0]


# -- Z-3 bidding --------------------------------------------------------------------

HANDS = {
    0: ["n9", "n7", "n3", "p13", "mask", "mask", "zero", "lion"],
    1: ["n10", "n8", "n5", "n2", "p12", "p14", "mat", "bucket"],
    2: ["n6", "n4", "n1", "n1", "p15", "p11", "bucket", "zero"],
}


def test_Z3_bidding_starts_after_the_dealer_any_card_held_may_open():
    m = bidding(HANDS, dealer=4)
    assert m.to_act() == (0,)
    assert keys(m, 0) == {
        "pass",
        "bid:n9",
        "bid:n7",
        "bid:n3",
        "bid:p13",
        "bid:mask",
        "bid:zero",
        "bid:lion",
    }
    with pytest.raises(NotYourDecision):
        act(m, 1, "pass")


def test_Z3_illegal_bid_card_not_held():
    m = bidding(HANDS, dealer=4)
    assert "bid:n10" not in keys(m, 0)
    with pytest.raises(IllegalAction):
        act(m, 0, "bid:n10")


def test_Z3_illegal_bid_wrong_suit_or_not_weaker():
    m = bidding(HANDS, dealer=4)
    events = act(m, 0, "bid:n7")
    assert events == [{"type": "bid", "seat": 0, "card": "n7"}]
    assert m.to_act() == (1,)
    # seat 1 holds n10, n8 (stronger), n5, n2 (weaker) and pictures
    assert keys(m, 1) == {"pass", "bid:n5", "bid:n2"}
    for key in ("bid:p12", "bid:n8", "bid:n10", "bid:n7"):
        with pytest.raises(IllegalAction):
            act(m, 1, key)
    assert m.view(None)["current_bid"] == "n7" and m.view(None)["bidder"] == 0
    # the other copy of the card bid is not weaker either
    m = bidding({0: ["n7", "n2"], 1: ["n7", "n6", "p11"]}, dealer=4)
    act(m, 0, "bid:n7")
    assert "bid:n6" in keys(m, 1) and "bid:n7" not in keys(m, 1)
    with pytest.raises(IllegalAction):
        act(m, 1, "bid:n7")


def test_Z3_cannot_bid_must_pass_but_is_still_asked():
    m = bidding(HANDS, dealer=4)
    act(m, 0, "bid:n3")
    act(m, 1, "bid:n2")
    assert m.to_act() == (2,)
    assert keys(m, 2) == {"pass", "bid:n1"}
    act(m, 2, "pass")
    # seat 3's hand (filled) may hold nothing weaker than II: it is asked anyway
    assert m.to_act() == (3,)
    assert "pass" in keys(m, 3)


def test_Z3_pass_is_final_and_passed_players_are_skipped_bid_again():
    m = bidding(HANDS, dealer=4)
    act(m, 0, "bid:n9")
    act(m, 1, "pass")
    act(m, 2, "bid:n6")
    act(m, 3, "pass")
    act(m, 4, "pass")
    # seat 0 may bid again (weaker than VI, numbers), seat 1 is skipped after
    assert m.to_act() == (0,)
    assert keys(m, 0) == {"pass", "bid:n3"}
    act(m, 0, "bid:n3")
    assert m.to_act() == (2,)
    assert keys(m, 2) == {"pass", "bid:n1"}
    view = m.view(None)
    assert view["passed"] == [False, True, False, True, True]
    assert view["bids"] == [
        {"seat": 0, "bid": "n9"},
        {"seat": 1, "bid": None},
        {"seat": 2, "bid": "n6"},
        {"seat": 3, "bid": None},
        {"seat": 4, "bid": None},
        {"seat": 0, "bid": "n3"},
    ]
    events = act(m, 2, "pass")
    assert events == [
        {"type": "pass", "seat": 2},
        {"type": "declarer", "seat": 0, "called": "n3", "how": "passes"},
    ]


def test_Z3_bidding_ends_when_all_others_have_passed_last_bidder_declares():
    m = bidding(HANDS, dealer=4)
    act(m, 0, "pass")
    act(m, 1, "bid:p14")
    act(m, 2, "pass")
    act(m, 3, "pass")
    events = act(m, 4, "pass")
    assert events[-1] == {"type": "declarer", "seat": 1, "called": "p14", "how": "passes"}
    view = m.view(None)
    assert view["phase"] == "play" and view["declarer"] == 1 and view["called"] == "p14"
    assert m.to_act() == (0,)  # Z-5: the seat after the dealer leads, not the declarer


def test_Z3_bidding_ends_at_the_lowest_card():
    m = bidding(HANDS, dealer=4)
    act(m, 0, "bid:n7")
    act(m, 1, "pass")
    events = act(m, 2, "bid:n1")
    assert events == [
        {"type": "bid", "seat": 2, "card": "n1"},
        {"type": "declarer", "seat": 2, "called": "n1", "how": "lowest"},
    ]
    assert m.view(None)["phase"] == "play" and m.to_act() == (0,)
    m = bidding(HANDS, dealer=4)
    events = act(m, 0, "bid:mask")
    assert types(events) == ["bid", "declarer"]
    assert m.view(None)["declarer"] == 0 and m.view(None)["called"] == "mask"


def test_Z3_all_pass_the_deal_is_thrown_in_and_the_next_seat_deals():
    m = bidding(HANDS, dealer=4, deals=1)
    for seat in range(4):
        assert types(act(m, seat, "pass")) == ["pass"]
    events = act(m, 4, "pass")
    assert events == [
        {"type": "pass", "seat": 4},
        {"type": "thrown_in", "dealer": 4},
        {"type": "deal", "deal": 1, "dealer": 0},
    ]
    view = m.view(None)
    assert view["phase"] == "bidding" and view["dealer"] == 0 and view["thrown_in"] == 1
    assert view["deal"] == 1 and view["history"] == [] and view["bids"] == []
    assert m.to_act() == (1,) and view["chips"] == [0] * 5
    assert sorted(c for h in m.state.hands for c in h) == list(range(40))
    assert m.outcome() is None  # Z-8: a thrown-in deal does not count


# -- Z-4 partner -----------------------------------------------------------------------

# dealer 4, declarer 0 called the Lion; seat 3 holds the other Lion and no numbers
PARTNER_HANDS = {
    0: ["lion", "n10", "n9", "n8", "n7", "n6", "n5", "n4"],
    1: ["n10", "n9", "n8", "n7", "n6", "n5", "n4", "n3"],
    2: ["n3", "n2", "n2", "n1", "n1", "p15", "p14", "p13"],
    3: ["lion", "p15", "p14", "p13", "p12", "p11", "mat", "zero"],
    4: ["p12", "p11", "mat", "zero", "bucket", "bucket", "mask", "mask"],
}
SOLO_HANDS = {
    **PARTNER_HANDS,
    0: ["lion", "lion", "n10", "n9", "n8", "n7", "n6", "n5"],
    3: ["n4", "p15", "p14", "p13", "p12", "p11", "mat", "zero"],
}


def test_Z4_nobody_is_told_who_the_partner_is_the_partner_knows():
    m = playing(PARTNER_HANDS, declarer=0, called="lion")
    for seat in [None, 0, 1, 2, 3, 4]:
        view = m.view(seat)
        assert view["partner"] is None and view["teams_public"] is False and view["solo"] is False
        assert view["team_half_points"] is None
    assert m.view(0)["you"] == {"role": "declarer", "solo": False}
    assert m.view(3)["you"] == {"role": "partner", "declarer": 0}
    for seat in (1, 2, 4):
        assert m.view(seat)["you"] == {"role": "opponent"}
    assert "you" not in m.view(None)


def test_Z4_the_partner_becomes_public_when_the_called_card_is_played():
    m = playing(PARTNER_HANDS, declarer=0, called="lion")
    act(m, 0, "play:n10")
    act(m, 1, "play:n10")
    act(m, 2, "play:n1")
    assert m.view(None)["partner"] is None
    events = act(m, 3, "play:lion")
    assert events == [
        {"type": "play", "seat": 3, "card": "lion"},
        {"type": "partner", "seat": 3, "declarer": 0},
    ]
    for seat in [None, 0, 1, 2, 3, 4]:
        view = m.view(seat)
        assert view["partner"] == 3 and view["teams_public"] is True and view["solo"] is False


def test_Z4_partner_is_derived_from_where_the_other_copy_is():
    m = playing(PARTNER_HANDS, declarer=0, called="lion")
    assert GAME.partner(m.state) == 3
    partners = set()
    for n in range(30):
        # what seat 2 (an opponent) cannot see moves: it sees nothing change
        twin = Match.from_record(m.to_record())
        twin.game.redeal_hidden(twin.state, 2, Rng(n))
        assert twin.view(2) == m.view(2) and twin.legal(2) == m.legal(2)
        assert twin.view(None) == m.view(None)
        # the declarer keeps their Lion: the partner is whoever now holds the other
        twin = Match.from_record(m.to_record())
        twin.game.redeal_hidden(twin.state, 0, Rng(n))
        assert twin.view(0) == m.view(0) and twin.legal(0) == m.legal(0)
        holder = next(
            i for i in range(1, 5) if any(CARD_CODE[c] == "lion" for c in twin.state.hands[i])
        )
        assert GAME.partner(twin.state) == holder
        assert twin.view(holder)["you"] == {"role": "partner", "declarer": 0}
        partners.add(holder)
    assert len(partners) > 1


def test_Z4_declarer_alone_is_not_revealed_until_both_copies_are_played():
    m = playing(SOLO_HANDS, declarer=0, called="lion")
    assert GAME.partner(m.state) is None
    assert m.view(0)["you"] == {"role": "declarer", "solo": True}
    for seat in (1, 2, 3, 4):
        assert m.view(seat)["you"] == {"role": "opponent"}
    for seat in [None, 0, 1, 2, 3, 4]:
        assert m.view(seat)["teams_public"] is False and m.view(seat)["solo"] is False
    assert act(m, 0, "play:lion") == [{"type": "play", "seat": 0, "card": "lion"}]
    assert "play:p15" not in keys(m, 1)
    act(m, 1, "play:n3")  # seat 1 holds no pictures: any card
    act(m, 2, "play:p15")
    act(m, 3, "play:p14")
    events = act(m, 4, "play:p12")
    assert types(events) == ["play", "trick"] and events[-1]["winner"] == 0
    assert m.view(None)["teams_public"] is False
    events = act(m, 0, "play:lion")
    assert events == [{"type": "play", "seat": 0, "card": "lion"}, {"type": "solo", "seat": 0}]
    for seat in [None, 0, 1, 2, 3, 4]:
        view = m.view(seat)
        assert view["teams_public"] is True and view["solo"] is True and view["partner"] is None
        assert view["team_half_points"] == {"declarer": 8, "opponents": 0}


def test_Z4_declarer_may_call_a_card_held_twice():
    m = bidding({0: SOLO_HANDS[0]}, dealer=4)
    act(m, 0, "bid:lion")
    for seat in (1, 2, 3, 4):
        act(m, seat, "pass")
    assert m.view(None)["called"] == "lion" and GAME.partner(m.state) is None
    assert m.view(0)["you"] == {"role": "declarer", "solo": True}


# -- Z-5 play -----------------------------------------------------------------------------


def test_Z5_must_follow_suit_otherwise_any_card():
    m = playing(PARTNER_HANDS, declarer=0, called="lion")
    assert m.to_act() == (0,)
    assert keys(m, 0) == {
        "play:lion",
        "play:n10",
        "play:n9",
        "play:n8",
        "play:n7",
        "play:n6",
        "play:n5",
        "play:n4",
    }
    act(m, 0, "play:n9")
    assert keys(m, 1) == {
        "play:n10",
        "play:n9",
        "play:n8",
        "play:n7",
        "play:n6",
        "play:n5",
        "play:n4",
        "play:n3",
    }
    act(m, 1, "play:n3")
    assert keys(m, 2) == {"play:n3", "play:n2", "play:n1"}
    with pytest.raises(IllegalAction):
        act(m, 2, "play:p15")
    act(m, 2, "play:n2")
    # seat 3 has no numbers: any card
    assert keys(m, 3) == {
        "play:lion",
        "play:p15",
        "play:p14",
        "play:p13",
        "play:p12",
        "play:p11",
        "play:mat",
        "play:zero",
    }


def test_Z5_strongest_of_the_suit_led_wins_no_trumps_winner_leads():
    m = playing(PARTNER_HANDS, declarer=0, called="lion")
    act(m, 0, "play:n8")
    act(m, 1, "play:n9")
    act(m, 2, "play:n3")
    act(m, 3, "play:lion")  # the strongest card, but off suit
    events = act(m, 4, "play:p12")
    assert events[-1] == {
        "type": "trick",
        "number": 1,
        "leader": 0,
        "winner": 1,
        "cards": ["n8", "n9", "n3", "lion", "p12"],
        "half_points": 6,
    }
    assert m.to_act() == (1,)
    view = m.view(None)
    assert view["tricks_won"] == [0, 1, 0, 0, 0] and view["half_points"] == [0, 6, 0, 0, 0]
    assert view["trick"] == {"leader": 1, "cards": []}
    assert view["tricks"] == [
        {
            "leader": 0,
            "winner": 1,
            "cards": [[0, "n8"], [1, "n9"], [2, "n3"], [3, "lion"], [4, "p12"]],
        }
    ]


def test_Z5_of_two_identical_cards_the_first_played_wins():
    m = playing(PARTNER_HANDS, declarer=0, called="lion", dealer=0)  # seat 1 leads
    assert m.to_act() == (1,)
    act(m, 1, "play:n10")
    act(m, 2, "play:n1")
    act(m, 3, "play:mat")
    act(m, 4, "play:mask")
    events = act(m, 0, "play:n10")
    assert events[-1]["winner"] == 1 and m.to_act() == (1,)
    # the same rule in the pictures suit, the two copies far apart
    cards = [
        2 * KIND_BY_CODE["p15"],
        2 * KIND_BY_CODE["p11"],
        2 * KIND_BY_CODE["n4"],
        2 * KIND_BY_CODE["n3"],
        2 * KIND_BY_CODE["p15"] + 1,
    ]
    assert trick_winner(3, cards) == 3
    assert trick_winner(3, list(reversed(cards))) == 3


def test_Z5_eight_tricks_then_the_deal_is_counted():
    m = Match.new("cucco", 5, "eight", {"deals": 1, "first_dealer": 0})
    seen = []
    while not m.is_over():
        assert m.seq < GAME.max_actions
        seat = m.to_act()[0]
        seen += act(m, seat, m.legal(seat)[-1].key())
    tricks = [e for e in seen if e["type"] == "trick"]
    deal_ends = [e for e in seen if e["type"] == "deal_end"]
    assert [t["number"] for t in tricks[-8:]] == list(range(1, 9))
    assert len(deal_ends) == 1 and seen[-1] == {"type": "over"}
    assert sum(t["half_points"] for t in tricks[-8:]) == 38


# -- Z-6 counting and Z-7 chips (last trick played in the engine) ------------------------

A_SIDE = [  # won by the partner (seat 1); the declarer (seat 0) plays the first I
    (1, ["n10", "n2", "n3", "n4", "n1"]),
    (1, ["n9", "n5", "n6", "n7", "n8"]),
    (1, ["lion", "mask", "bucket", "zero", "mat"]),
    (1, ["p15", "p11", "p12", "p13", "p14"]),
]
B_SIDE = [  # won by seat 2; the partner plays the other I
    (1, ["n1", "n10", "n2", "n3", "n4"]),
    (2, ["n9", "n5", "n6", "n7", "n8"]),
    (2, ["lion", "mask", "bucket", "zero", "mat"]),
]
LAST = {2: ["p15"], 3: ["p11"], 4: ["p12"], 0: ["p13"], 1: ["p14"]}  # seat 2 leads, wins


def play_last_trick(m):
    events = []
    for seat in (2, 3, 4, 0, 1):
        events += act(m, seat, f"play:{LAST[seat][0]}")
    return events


def deal_end(events):
    return next(e for e in events if e["type"] == "deal_end")


def test_Z6_nine_and_a_half_each_41_41_is_a_drawn_deal():
    m = playing(LAST, declarer=0, called="n1", dealer=0, tricks=A_SIDE + B_SIDE)
    assert GAME.partner(m.state) == 1
    events = play_last_trick(m)
    assert deal_end(events) == {
        "type": "deal_end",
        "deal": 1,
        "dealer": 0,
        "declarer": 0,
        "called": "n1",
        "partner": 1,
        "solo": False,
        "half_points": [19, 19],
        "recount": [41, 41],
        "result": "draw",
        "chips": [0, 0, 0, 0, 0],
    }
    assert events[-1] == {"type": "deal", "deal": 2, "dealer": 1}
    assert m.view(None)["chips"] == [0] * 5


def test_Z6_tie_at_nine_and_a_half_settled_by_the_recount_Z7_partner_side_wins():
    a = [(1, ["n10", "n2", "n4", "n4", "n1"])] + A_SIDE[1:]
    b = [(1, ["n1", "n10", "n2", "n3", "n3"])] + B_SIDE[1:]
    m = playing(LAST, declarer=0, called="n1", dealer=0, tricks=a + b)
    end = deal_end(play_last_trick(m))
    assert end["half_points"] == [19, 19] and end["recount"] == [42, 40]
    assert end["result"] == "win" and end["chips"] == [2, 1, -1, -1, -1]
    assert m.view(None)["chips"] == [2, 1, -1, -1, -1]
    assert m.view(None)["history"][-1]["result"] == "win"


def test_Z6_recount_lost_Z7_partner_side_pays():
    a = [(1, ["n10", "n2", "n3", "n3", "n1"])] + A_SIDE[1:]
    b = [(1, ["n1", "n10", "n2", "n4", "n4"])] + B_SIDE[1:]
    m = playing(LAST, declarer=0, called="n1", dealer=0, tricks=a + b)
    end = deal_end(play_last_trick(m))
    assert end["recount"] == [40, 42] and end["result"] == "loss"
    assert end["chips"] == [-2, -1, 1, 1, 1]


def test_Z6_ten_points_win_without_recount():
    # the declarer side also takes the last trick (X, XI..XV: 9 1/2 + 4 1/2)
    last = {2: ["p11"], 3: ["p12"], 4: ["p13"], 0: ["p14"], 1: ["p15"]}
    m = playing(last, declarer=0, called="n1", dealer=0, tricks=A_SIDE + B_SIDE)
    events = []
    for seat in (2, 3, 4, 0, 1):
        events += act(m, seat, f"play:{last[seat][0]}")
    end = deal_end(events)
    assert end["half_points"] == [29, 9] and end["recount"] is None
    assert end["result"] == "win" and end["chips"] == [2, 1, -1, -1, -1]


SOLO_TRICKS = [
    (0, ["lion", "p15", "p14", "p13", "p12"]),  # the declarer's first Lion
    (0, ["n1", "n10", "n2", "n3", "n4"]),
    (1, ["n10", "n1", "n2", "n3", "n4"]),
    (1, ["n9", "n5", "n6", "n7", "n8"]),
    (1, ["n9", "n5", "n6", "n7", "n8"]),
    (1, ["p11", "mask", "bucket", "zero", "mat"]),
    (1, ["mask", "bucket", "zero", "mat", "p11"]),  # seat 0 wins with XI
]
SOLO_LAST = {0: ["lion"], 1: ["p15"], 2: ["p14"], 3: ["p13"], 4: ["p12"]}


def test_Z7_declarer_alone_wins_two_chips_from_each():
    m = playing(SOLO_LAST, declarer=0, called="lion", dealer=4, tricks=SOLO_TRICKS)
    assert m.to_act() == (0,) and m.view(None)["teams_public"] is False
    events = []
    for seat in range(5):
        events += act(m, seat, f"play:{SOLO_LAST[seat][0]}")
    assert {"type": "solo", "seat": 0} in events
    end = deal_end(events)
    assert end["partner"] is None and end["solo"] is True
    assert end["half_points"] == [22, 16] and end["result"] == "win"
    assert end["chips"] == [8, -2, -2, -2, -2]


def test_Z7_declarer_alone_loses_two_chips_to_each():
    # the declarer plays both Is (trick 1 and trick 5) and takes nothing
    tricks = A_SIDE + [(1, ["n4", "n10", "n2", "n3", "n1"])] + B_SIDE[1:]
    m = playing(LAST, declarer=0, called="n1", dealer=0, tricks=tricks)
    assert m.view(None)["solo"] is True  # both copies already played by the declarer
    end = deal_end(play_last_trick(m))
    assert end["solo"] is True and end["result"] == "loss"
    assert end["chips"] == [-8, 2, 2, 2, 2]


# -- Z-8 match ----------------------------------------------------------------------------------


def test_Z8_match_of_n_counted_deals_most_chips_win():
    a = [(1, ["n10", "n2", "n4", "n4", "n1"])] + A_SIDE[1:]
    b = [(1, ["n1", "n10", "n2", "n3", "n3"])] + B_SIDE[1:]
    m = playing(LAST, declarer=0, called="n1", dealer=0, tricks=a + b, deals=1)
    events = play_last_trick(m)
    assert events[-1] == {"type": "over"} and m.to_act() == ()
    out = m.outcome()
    assert out["scores"] == [2, 1, -1, -1, -1] and out["winners"] == [0]
    assert out["reason"] == "deals" and out["deals_played"] == 1
    assert out["breakdown"][0] == {"chips": 2, "per_deal": [2], "declared": 1}
    assert out["breakdown"][3] == {"chips": -1, "per_deal": [-1], "declared": 0}
    assert m.view(2)["phase"] == "over"


def test_Z8_tied_leaders_share_the_win():
    a = [(1, ["n10", "n2", "n4", "n4", "n1"])] + A_SIDE[1:]
    b = [(1, ["n1", "n10", "n2", "n3", "n3"])] + B_SIDE[1:]
    m = playing(LAST, declarer=0, called="n1", dealer=0, tricks=a + b, deals=2)
    s = m.state
    s.history = [
        {
            "deal": 1,
            "dealer": 4,
            "declarer": 1,
            "called": "p12",
            "partner": 4,
            "solo": False,
            "half_points": [21, 17],
            "recount": None,
            "result": "win",
            "chips": [-1, 2, -1, -1, 1],
        }
    ]
    s.chips = [-1, 2, -1, -1, 1]
    play_last_trick(m)
    out = m.outcome()
    assert out["scores"] == [1, 3, -2, -2, 0]
    m2 = playing(LAST, declarer=0, called="n1", dealer=0, tricks=a + b, deals=2)
    m2.state.history = [dict(s.history[0], chips=[-1, 1, -1, 0, 1])]
    m2.state.chips = [-1, 1, -1, 0, 1]
    play_last_trick(m2)
    out = m2.outcome()
    assert out["scores"] == [1, 2, -2, -1, 0] and out["winners"] == [1]
    m3 = playing(LAST, declarer=0, called="n1", dealer=0, tricks=a + b, deals=2)
    m3.state.history = [dict(s.history[0], chips=[0, 1, 0, 0, -1])]
    m3.state.chips = [0, 1, 0, 0, -1]
    play_last_trick(m3)
    out = m3.outcome()
    assert out["scores"] == [2, 2, -1, -1, -2] and out["winners"] == [0, 1]
    assert out["breakdown"][1]["per_deal"] == [1, 1]


def test_Z8_all_level_is_a_drawn_match():
    m = playing(LAST, declarer=0, called="n1", dealer=0, tricks=A_SIDE + B_SIDE, deals=1)
    play_last_trick(m)
    out = m.outcome()
    assert out["scores"] == [0] * 5 and out["winners"] == [] and out["drawn_deals"] == 1


def test_Z8_thrown_in_deals_do_not_count():
    m = bidding(HANDS, dealer=4, deals=2)
    for seat in range(5):
        act(m, seat, "pass")
    while m.state.thrown_in == 1 and not m.is_over():
        assert m.seq < GAME.max_actions
        seat = m.to_act()[0]
        act(m, seat, m.legal(seat)[-1].key())  # the last legal action is a bid or a card
    assert m.is_over() and len(m.state.history) == 2
    assert [h["dealer"] for h in m.state.history] == [0, 1]


def test_Z8_concession_ends_the_match_the_conceder_cannot_win():
    a = [(1, ["n10", "n2", "n4", "n4", "n1"])] + A_SIDE[1:]
    b = [(1, ["n1", "n10", "n2", "n3", "n3"])] + B_SIDE[1:]
    m = playing(LAST, declarer=0, called="n1", dealer=0, tricks=a + b)
    play_last_trick(m)
    assert m.view(None)["chips"] == [2, 1, -1, -1, -1]
    events = m.concede(0, m.seq)
    assert events == [{"type": "concede", "seat": 0}, {"type": "over"}]
    out = m.outcome()
    assert out["scores"] == [2, 1, -1, -1, -1] and out["winners"] == [1]
    assert out["reason"] == "concede"
    # an early concession: everybody at 0, the other four share
    m = bidding(HANDS, dealer=4)
    m.concede(3, m.seq)
    assert m.outcome()["winners"] == [0, 1, 2, 4] and m.to_act() == ()


def test_Z8_default_five_deals_everyone_deals_once():
    m = play_out("cucco", 5, "five", 11)
    assert len(m.state.history) == 5
    assert sorted(h["dealer"] for h in m.state.history) == [0, 1, 2, 3, 4]
    assert m.outcome()["scores"] == m.state.chips and sum(m.state.chips) == 0


# -- Z-9 information ----------------------------------------------------------------------------


def test_Z9_public_and_private_information():
    m = playing(PARTNER_HANDS, declarer=0, called="lion")
    spectator = m.view(None)
    assert "hand" not in spectator and "you" not in spectator
    assert m.view(2)["hand"] == ["n1", "n1", "n2", "n2", "n3", "p13", "p14", "p15"]
    act(m, 0, "play:n10")
    act(m, 1, "play:n9")
    act(m, 2, "play:n1")
    view = m.view(4)
    assert view["trick"] == {"leader": 0, "cards": [[0, "n10"], [1, "n9"], [2, "n1"]]}
    assert view["called"] == "lion" and view["declarer"] == 0
    act(m, 3, "play:p11")
    act(m, 4, "play:mask")
    view = m.view(None)
    # tricks and the points in them are public; team points are not yet
    assert view["tricks_won"] == [1, 0, 0, 0, 0] and view["half_points"] == [5, 0, 0, 0, 0]
    assert view["team_half_points"] is None and view["hand_sizes"] == [7] * 5
    act(m, 0, "play:lion")
    act(m, 1, "play:n3")
    act(m, 2, "play:p15")
    events = act(m, 3, "play:lion")
    assert types(events) == ["play", "partner"]
    act(m, 4, "play:p12")
    view = m.view(None)
    assert view["team_half_points"] == {"declarer": 13, "opponents": 0}
    assert view["chips"] == [0] * 5


def test_Z9_no_event_or_view_names_the_partner_before_the_called_card():
    for n in range(30):
        rnd = random.Random(n)
        m = Match.new("cucco", 5, f"secret-{n}", {"deals": 1})
        revealed = False
        while not m.is_over():
            assert m.seq < GAME.max_actions
            seat = m.to_act()[0]
            legal = m.legal(seat)
            action = legal[-1] if m.state.phase == "bidding" else rnd.choice(legal)
            s = m.state
            playing_phase = s.phase == "play"
            declarer, called = s.declarer, s.called
            partner = GAME.partner(s) if playing_phase else None
            events = act(m, seat, action.key())
            if not playing_phase:
                continue
            calls_partner = action.args[0] == KINDS[called].code and seat != declarer
            assert ({"type": "partner", "seat": seat, "declarer": declarer} in events) == (
                calls_partner and not revealed
            )
            revealed = revealed or calls_partner
            solo_event = {"type": "solo", "seat": declarer} in events
            both = all(m.state.played_by[c] == declarer for c in copies(called))
            assert solo_event == (partner is None and action.args[0] == KINDS[called].code and both)
            revealed = revealed or solo_event
            if m.state.phase == "play" and not revealed:
                for viewer in [None, 0, 1, 2, 3, 4]:
                    view = m.view(viewer)
                    assert view["partner"] is None and view["team_half_points"] is None
                    if viewer is not None and viewer not in (declarer, partner):
                        assert view["you"] == {"role": "opponent"}
