"""Scenario tests for the Keltis engine, named by the rule ids of keltis.md."""

import pytest

from games.keltis.engine.cards import CARDS
from games.keltis.tests.engine.helpers import act, keys, position
from rules import BadOptions, IllegalAction, Match, NotYourDecision

# -- K-2 setup ----------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 5])
def test_K2_two_to_four_players(players):
    with pytest.raises(BadOptions):
        Match.new("keltis", players, "s")


@pytest.mark.parametrize("players,deck", [(2, 101 - 30 - 16), (3, 101 - 24), (4, 101 - 32)])
def test_K2_deal_eight_each_rest_is_the_draw_pile(players, deck):
    m = Match.new("keltis", players, "deal")
    s = m.state
    assert all(len(h) == 8 for h in s.hands)
    assert len(s.deck) == deck
    everything = [c for h in s.hands for c in h] + s.deck + s.removed
    assert sorted(everything) == list(range(101))
    assert s.stones_left == list(range(1, 10))
    assert m.view(None)["stones_left"] == list(range(1, 10))


def test_K2a_two_players_remove_30_cards_unseen():
    m = Match.new("keltis", 2, "deal")
    assert len(m.state.removed) == 30
    view = m.view(0)
    assert view["removed"] == 30
    assert "removed_cards" not in view and len(view["hand"]) == 8


def test_K2_first_player_from_seed_or_chosen_by_creator():
    firsts = {Match.new("keltis", 4, f"seed-{i}").to_act()[0] for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert Match.new("keltis", 4, "x").to_act() == Match.new("keltis", 4, "x").to_act()
    assert Match.new("keltis", 3, "x", {"first_player": 2}).to_act() == (2,)
    with pytest.raises(BadOptions):
        Match.new("keltis", 3, "x", {"first_player": 3})
    with pytest.raises(BadOptions):
        Match.new("keltis", 3, "x", {"colour": "red"})


# -- K-3 a turn ---------------------------------------------------------------


def test_K3_turn_is_play_then_draw_back_to_eight_then_next_seat():
    m = Match.new("keltis", 3, "turn", {"first_player": 1})
    card = m.view(1)["hand"][0]
    act(m, 1, f"discard:{card}")
    assert m.to_act() == (1,) and m.view(1)["phase"] == "draw"
    assert all(a.verb == "draw" for a in m.legal(1))
    act(m, 1, "draw:deck")
    assert len(m.view(1)["hand"]) == 8
    assert m.to_act() == (2,)


# -- K-4a discard --------------------------------------------------------------


def test_K4a_discard_goes_to_its_colour_pile_only_top_visible():
    m = position(hands={0: ["y3", "x4", "ye", "b9"]}, piles={"y": ["y1"]})
    assert {"discard:y3", "discard:x4", "discard:ye", "discard:b9"} <= keys(m, 0)
    act(m, 0, "discard:y3")
    piles = m.view(1)["piles"]
    assert piles["y"] == {"top": "y3", "count": 2}
    m2 = position(hands={0: ["x4"]})
    act(m2, 0, "discard:x4")
    assert m2.view(None)["piles"]["x"] == {"top": "x4", "count": 1}


def test_K4a_a_card_that_cannot_be_played_must_be_discarded():
    m = position(hands={0: ["ye", "y5"]}, rows={0: {"b": ["b2", "b5"]}})
    assert {k for k in keys(m, 0) if "ye" in k} == {"discard:ye"}


# -- K-4b two equal values for a wishing stone --------------------------------


def test_K4b_two_equal_number_cards_take_the_stone_and_draw_two():
    m = position(hands={0: ["y5", "b5", "g7"]})
    assert {"stone:y5:b5", "stone:b5:y5"} <= keys(m, 0)
    events = act(m, 0, "stone:y5:b5")
    assert {"type": "stone", "seat": 0, "value": 5} in events
    s = m.state
    assert s.stones[0] == [5] and 5 not in s.stones_left
    assert s.draws_owed == 2
    act(m, 0, "draw:deck")
    assert m.to_act() == (0,)
    act(m, 0, "draw:deck")
    assert len(s.hands[0]) == 3 and m.to_act() == (1,)


def test_K4b_number_and_point_card_may_be_mixed_and_order_is_chosen():
    m = position(hands={0: ["p4", "x4"]}, piles={"p": ["p9"]})
    assert {"stone:p4:x4", "stone:x4:p4"} <= keys(m, 0)
    act(m, 0, "stone:x4:p4")
    assert m.view(None)["discarded_this_turn"] == ["x4", "p4"]


def test_K4b_two_identical_cards_give_one_key_both_go_to_one_pile():
    m = position(hands={0: ["g3", "g3"]})
    assert {k for k in keys(m, 0) if k.startswith("stone")} == {"stone:g3:g3"}
    act(m, 0, "stone:g3:g3")
    assert m.view(None)["piles"]["g"] == {"top": "g3", "count": 2}


def test_K4b_needs_the_stone_still_in_the_middle_and_no_end_cards():
    m = position(hands={0: ["y5", "b5", "ye", "be", "y0", "b0", "b10", "y10"]}, stones={1: [5]})
    stone_keys = {k for k in keys(m, 0) if k.startswith("stone")}
    assert stone_keys == set()  # 5 taken, ends have no value, no stone for 0 or 10
    with pytest.raises(IllegalAction):
        act(m, 0, "stone:y5:b5")


# -- K-4c colour rows ---------------------------------------------------------


def test_K4c_first_card_free_then_direction_fixed_by_first_change():
    m = position(hands={0: ["b8", "b9", "b5"]}, rows={0: {"b": ["b7", "b7"]}})
    assert {"play:b8:b", "play:b9:b", "play:b5:b"} <= keys(m, 0)
    m = position(hands={0: ["b9", "b10", "b3"]}, rows={0: {"b": ["b7", "b7", "b8"]}})
    assert {"play:b9:b", "play:b10:b"} <= keys(m, 0)
    assert "play:b3:b" not in keys(m, 0)


def test_K4c_descending_example_9_8_8_5_3():
    # there is one pink 8, so the second 8 is the grey 8 (K-4d)
    m = position(hands={0: ["p3", "p6"]}, rows={0: {"p": ["p9", "p8", "x8", "p5"]}})
    assert "play:p3:p" in keys(m, 0) and "play:p6:p" not in keys(m, 0)
    act(m, 0, "play:p3:p")
    assert m.view(None)["players"][0]["rows"]["p"] == {
        "cards": ["p9", "p8", "x8", "p5", "p3"],
        "direction": "down",
        "closed": False,
    }


def test_K4c_end_card_needs_a_started_row_and_closes_it():
    m = position(hands={0: ["ge", "ye", "g9", "x9"], 1: ["b1"]}, rows={0: {"g": ["g8"]}})
    assert "play:ye:y" not in keys(m, 0)
    act(m, 0, "play:ge:g")
    act(m, 0, "draw:deck")
    act(m, 1, keys_first_discard(m, 1))
    act(m, 1, "draw:deck")
    assert m.view(None)["players"][0]["rows"]["g"]["closed"] is True
    assert "play:g9:g" not in keys(m, 0)
    assert "play:x9:g" not in keys(m, 0)


def test_K4c_second_end_card_may_go_on_a_closed_row():
    m = position(hands={0: ["ge"]}, rows={0: {"g": ["g8", "ge"]}})
    assert "play:ge:g" in keys(m, 0)


def keys_first_discard(m, seat):
    return f"discard:{m.view(seat)['hand'][0]}"


# -- K-4d point cards ------------------------------------------------------------


def test_K4d_point_card_into_the_point_row_in_any_order():
    m = position(hands={0: ["x2"]}, point_rows={0: ["x3", "x5"]})
    assert "play:x2:x" in keys(m, 0)
    act(m, 0, "play:x2:x")
    assert m.view(None)["players"][0]["point_row"] == ["x3", "x5", "x2"]


def test_K4d_point_card_onto_a_row_ending_in_its_value_grey_7_onto_pink_9_7_7():
    m = position(
        hands={0: ["x7", "p6", "p8"], 1: ["b1"]}, rows={0: {"p": ["p9", "p7", "p7"], "b": ["b6"]}}
    )
    assert "play:x7:p" in keys(m, 0) and "play:x7:b" not in keys(m, 0)
    act(m, 0, "play:x7:p")
    row = m.view(None)["players"][0]["rows"]["p"]
    assert row["cards"] == ["p9", "p7", "p7", "x7"] and row["direction"] == "down"
    act(m, 0, "draw:deck")
    act(m, 1, keys_first_discard(m, 1))
    act(m, 1, "draw:deck")
    # the grey 7 counts as the row's last value for K-4c
    assert "play:p6:p" in keys(m, 0) and "play:p8:p" not in keys(m, 0)


def test_K4d_point_card_not_onto_a_closed_row():
    m = position(hands={0: ["x4"]}, rows={0: {"u": ["u4"], "g": ["g4", "ge"]}})
    assert "play:x4:u" in keys(m, 0) and "play:x4:g" not in keys(m, 0)


# -- K-5 draw step ---------------------------------------------------------------


def test_K5_draw_from_the_deck_or_any_discard_top():
    m = position(hands={0: ["b1"]}, piles={"y": ["y4"], "x": ["x9"]})
    act(m, 0, "discard:b1")
    assert keys(m, 0) == {"draw:deck", "draw:y", "draw:x"}
    events = act(m, 0, "draw:x")
    assert events == [{"type": "draw", "seat": 0, "from": "x", "card": "x9"}]
    assert "x9" in m.view(0)["hand"]


def test_K5a_no_drawing_back_your_own_discard_of_this_turn():
    m = position(hands={0: ["b1"]}, piles={"b": ["b0"]})
    act(m, 0, "discard:b1")
    assert "draw:b" not in keys(m, 0)
    with pytest.raises(IllegalAction):
        act(m, 0, "draw:b")


def test_K5a_after_a_double_discard_neither_card_may_be_drawn_each_draw_chosen_in_order():
    m = position(hands={0: ["b6", "y6"]}, piles={"b": ["b0"], "g": ["g1"]})
    act(m, 0, "stone:b6:y6")
    assert keys(m, 0) == {"draw:deck", "draw:g"}
    act(m, 0, "draw:g")
    assert keys(m, 0) == {"draw:deck"}


def test_K5a_own_discards_of_earlier_turns_may_be_drawn():
    m = position(hands={0: ["b1", "g2"], 1: ["y1"]})
    act(m, 0, "discard:b1")
    act(m, 0, "draw:deck")
    act(m, 1, "discard:y1")
    act(m, 1, "draw:deck")
    act(m, 0, "discard:g2")
    assert keys(m, 0) == {"draw:deck", "draw:b", "draw:y"}


def test_K5_second_draw_from_discards_when_the_first_emptied_the_deck():
    m = position(hands={0: ["b6", "y6"]}, piles={"g": ["g1"]}, deck=["p0"])
    act(m, 0, "stone:b6:y6")
    act(m, 0, "draw:deck")
    assert m.to_act() == (0,) and keys(m, 0) == {"draw:g"}
    act(m, 0, "draw:g")
    assert m.view(None)["phase"] == "final"


def test_K5_second_draw_skipped_when_nothing_may_be_drawn():
    m = position(hands={0: ["b6", "y6"]}, deck=["p0"])
    act(m, 0, "stone:b6:y6")
    events = act(m, 0, "draw:deck")
    assert {"type": "end", "reason": "deck_empty"} in events
    assert m.view(None)["phase"] == "final"


# -- K-6 end of the game ----------------------------------------------------------


def test_K6a_fifth_row_with_an_end_card_ends_at_once_without_a_draw():
    m = position(
        hands={0: ["ue", "b1"], 1: ["y2"]},
        rows={
            0: {"b": ["b3", "be"], "g": ["g3", "ge", "ge"], "u": ["u5"]},
            1: {"p": ["p3", "pe"], "y": ["y1", "ye"]},
        },
    )
    assert m.view(None)["end_rows"] == 4  # two end cards in one row count once
    events = act(m, 0, "play:ue:u")
    assert {"type": "end", "reason": "end_cards"} in events
    assert m.to_act() == (0, 1)
    assert len(m.view(0)["hand"]) == 1  # no draw
    assert all(a.verb in ("play", "done") for a in m.legal(0))


def test_K6a_discarded_end_cards_do_not_count():
    m = position(
        hands={0: ["ue"]},
        rows={0: {"b": ["b3", "be"], "g": ["g3", "ge"]}, 1: {"p": ["p3", "pe"], "y": ["y1", "ye"]}},
    )
    act(m, 0, "discard:ue")
    assert m.view(None)["phase"] == "draw"


def test_K6b_drawing_the_last_card_ends_the_game():
    m = position(hands={0: ["b1"]}, deck=["p0"])
    act(m, 0, "discard:b1")
    events = act(m, 0, "draw:deck")
    assert events[-1] == {"type": "end", "reason": "deck_empty"}
    assert m.to_act() == (0, 1)


def test_K6c_final_placements_two_cards_each_simultaneously_then_over():
    m = position(
        hands={0: ["b4", "b5", "b6", "x1"], 1: ["y9", "ye"]}, deck=["p0"], rows={1: {"y": ["y3"]}}
    )
    act(m, 0, "discard:b4")
    act(m, 0, "draw:deck")
    assert keys(m, 1) == {"play:y9:y", "play:ye:y", "done"}
    assert "discard:b5" not in keys(m, 0) and not any(k.startswith("stone") for k in keys(m, 0))
    act(m, 0, "play:b5:b")
    act(m, 1, "play:y9:y")
    assert [p["placements_left"] for p in m.view(None)["players"]] == [1, 1]
    act(m, 0, "play:b6:b")
    assert m.to_act() == (1,)  # seat 0 placed two and is finished
    assert [p["placements_left"] for p in m.view(None)["players"]] == [0, 1]
    with pytest.raises(NotYourDecision):
        act(m, 0, "play:x1:x")
    assert m.outcome() is None
    act(m, 1, "done")
    out = m.outcome()
    assert out is not None and m.to_act() == ()
    assert out["breakdown"][0]["rows"] == {"b": -3}
    assert out["breakdown"][1]["rows"] == {"y": -3}


def test_K6c_done_is_offered_even_with_nothing_to_place():
    m = position(hands={0: ["b1"], 1: ["ye"]}, deck=["p0"])
    act(m, 0, "discard:b1")
    act(m, 0, "draw:deck")
    assert keys(m, 1) == {"done"}
    assert m.to_act() == (0, 1)


# -- K-7 scoring ----------------------------------------------------------------------


def finish(m):
    while m.to_act():
        act(m, m.to_act()[0], "done")


def test_K7_rows_count_number_point_and_end_cards_and_tie_shares_victory():
    m = position(
        hands={0: ["b1"]},
        deck=["p0"],
        rows={0: {"b": ["b3", "x3", "be"]}, 1: {"y": ["y1", "y2"], "g": ["g5"]}},
        point_rows={0: ["x5"], 1: ["x6", "x7"]},
        stones={0: [1, 2], 1: [3]},
    )
    act(m, 0, "discard:b1")
    act(m, 0, "draw:deck")
    finish(m)
    out = m.outcome()
    # seat 0: row of 3 (-2) + point row 1 + 2 stones (0) = -1
    # seat 1: rows of 2 and 1 (-3, -4) + point row 2 + 1 stone (-1) = -6
    assert out["scores"] == [-1, -6] and out["winners"] == [0]
    tie = position(hands={0: ["b1"]}, deck=["p0"])
    act(tie, 0, "discard:b1")
    act(tie, 0, "draw:deck")
    finish(tie)
    assert tie.outcome()["winners"] == [0, 1]


def test_K7_the_view_counts_each_players_score_as_it_stands():
    m = position(
        hands={0: ["b7", "u1"]},
        deck=["p0"],
        rows={0: {"b": ["b3", "x3", "b5"]}, 1: {"y": ["y1", "y2"], "g": ["g5"]}},
        point_rows={0: ["x5"], 1: ["x6", "x7"]},
        stones={0: [1, 2], 1: [3]},
    )
    # seat 0: row of 3 (-2) + point row 1 + 2 stones (0); seat 1: -3 -4 +2 -1
    assert [p["score"] for p in m.view(None)["players"]] == [-1, -6]
    act(m, 0, "play:b7:b")  # the fourth card turns the row's -2 into +1
    assert [p["score"] for p in m.view(1)["players"]] == [2, -6]
    act(m, 0, "draw:deck")
    finish(m)
    assert [p["score"] for p in m.view(None)["players"]] == m.outcome()["scores"]


# -- K-8 information ---------------------------------------------------------------


def test_K8_only_the_owner_sees_a_hand_piles_show_top_and_count():
    m = Match.new("keltis", 3, "info")
    for seat in range(3):
        view = m.view(seat)
        assert view["hand"] == [CARDS[c].code for c in m.state.hands[seat]]
        assert all("hand" not in p for p in view["players"])
        assert [p["hand_size"] for p in view["players"]] == [8, 8, 8]
    spectator = m.view(None)
    assert "hand" not in spectator and spectator["deck"] == 101 - 24
    assert set(spectator["piles"]["b"]) == {"top", "count"}


def test_K4_a_turn_has_exactly_one_play_step():
    m = position(hands={0: ["y3", "y4", "b5"]})
    act(m, 0, "play:y3:y")
    # after one card is played only the draw step remains: no second card
    assert all(k.startswith("draw:") for k in keys(m, 0))
    with pytest.raises(IllegalAction):
        act(m, 0, "play:y4:y")


def test_K6_after_the_end_only_final_placements_remain_for_everyone():
    m = position(hands={0: ["b1", "b2"], 1: ["y1", "y2"]}, deck=["p0"])
    act(m, 0, "discard:b1")
    act(m, 0, "draw:deck")  # K-6b
    for seat in (0, 1):
        assert {a.verb for a in m.legal(seat)} <= {"play", "done"}
    assert m.view(None)["end_reason"] == "deck_empty"
