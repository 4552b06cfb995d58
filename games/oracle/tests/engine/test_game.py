"""Scenario tests for the Oracle engine, named by the rule ids of oracle.md.

Board colours (O-2): 1 g, 2 y, 3 b, 4 u, 5 p, 6L b, 7 p, 8 g, 9 y, 10 u, 11 y,
12 u, 13L p, 14 b, 15 g, 16 p, 17 g, 18 u, 19L y, 20 b, 21 u, 22 b, 23 y,
24 g, 25 p, 26L g, 27 p, 28 b, 29 u, 30 y, 31 y, 32 b, 33 u, 34 p, 35C g.
"""

import random

import pytest

from games.keltis.engine import rows
from games.oracle.engine.board import FIELDS, SMALL_FIELDS, TILES
from games.oracle.engine.cards import CARDS
from games.oracle.tests.engine.helpers import act, acts, keys, of_type, position
from rules import BadOptions, IllegalAction, Match, NotYourDecision, RecordError
from rules.core.rng import Rng

GREEN_0 = next(i for i, c in enumerate(CARDS) if c.code == "g0")  # ids of g<v>: GREEN_0 + 2v

# -- O-3 setup -------------------------------------------------------------------


@pytest.mark.parametrize("players,deck", [(2, 110 - 30 - 16), (3, 110 - 24), (4, 110 - 32)])
def test_O3_deal_eight_each_rest_is_the_draw_pile(players, deck):
    m = Match.new("oracle", players, "deal")
    s = m.state
    assert [len(h) for h in s.hands] == [8] * players
    assert len(s.deck) == deck
    assert len(s.removed) == (30 if players == 2 else 0)
    everything = [c for h in s.hands for c in h] + s.deck + s.removed
    assert sorted(everything) == list(range(110))
    assert m.view(0)["removed"] == len(s.removed) and m.view(0)["deck"] == deck


def test_O3_pawns_and_oracle_on_start_stones_on_large_stones():
    m = Match.new("oracle", 3, "setup")
    view = m.view(None)
    assert [p["pawns"] for p in view["players"]] == [[0, 0, 0]] * 3
    assert view["oracle"] == 0
    stones = {f["field"]: f["stones"] for f in view["board"] if f["stones"]}
    assert stones == {6: 2, 13: 2, 19: 2, 26: 2, 35: 1}


def test_O3_thirty_tiles_shuffled_face_up_onto_the_small_stones():
    layouts = set()
    for seed in ("a", "b", "c"):
        view = Match.new("oracle", 2, seed).view(None)
        on_board = [f["tile"]["code"] for f in view["board"] if f["tile"]]
        assert sorted(on_board) == sorted(t.code for t in TILES)
        assert [f["field"] for f in view["board"] if f["tile"]] == list(SMALL_FIELDS)
        layouts.add(tuple(on_board))
    assert len(layouts) == 3
    assert Match.new("oracle", 2, "a").view(None) == Match.new("oracle", 2, "a").view(None)


def test_O3_first_player_from_seed_or_option_and_options_checked():
    firsts = {Match.new("oracle", 4, f"seed-{i}").to_act()[0] for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert Match.new("oracle", 3, "x", {"first_player": 2}).to_act() == (2,)
    for bad in ({"first_player": 3}, {"colour": "red"}, {"clover_other_pawn": "yes"}):
        with pytest.raises(BadOptions):
            Match.new("oracle", 3, "x", bad)
    with pytest.raises(BadOptions):
        Match.new("oracle", 5, "x")
    assert Match.new("oracle", 2, "x", {"clover_other_pawn": True}).options == {
        "clover_other_pawn": True
    }
    assert Match.new("oracle", 2, "x", {"clover_other_pawn": False}).options == {}


# -- O-4 a turn ---------------------------------------------------------------------


def test_O4_turn_is_play_move_draw_then_next_seat():
    m = position(3, hands={0: ["g5", "y3"]}, current=0)
    assert keys(m, 0) == {"play:g5", "discard:g5", "play:y3", "discard:y3"}
    events = act(m, 0, "play:g5")
    assert events == [{"type": "play", "seat": 0, "card": "g5"}]
    assert m.view(0)["phase"] == "move" and m.view(None)["played"] == "g5"
    assert keys(m, 0) == {"pawn:0", "oracle:1", "oracle:2"}
    events = act(m, 0, "pawn:0")
    assert events == [{"type": "move", "seat": 0, "pawn": 0, "from": 0, "to": 1, "by": "card"}]
    assert m.view(0)["phase"] == "draw" and keys(m, 0) == {"draw:deck"}
    act(m, 0, "draw:deck")
    assert len(m.state.hands[0]) == 2 and m.to_act() == (1,)
    assert m.view(None)["players"][0]["rows"] == {"g": {"cards": ["g5"], "direction": None}}
    with pytest.raises(NotYourDecision):
        act(m, 0, "discard:y3")


# -- O-4A play a card -----------------------------------------------------------------


def test_O4A_rows_follow_the_keltis_rule():
    m = position(
        hands={0: ["g2", "g3", "g4", "g9", "b9", "b8", "b7", "u0"]},
        rows={0: {"g": ["g3", "g4"], "b": ["b10", "b9", "b7"]}},
    )
    plays = {k for k in keys(m, 0) if k.startswith("play")}
    assert plays == {"play:g4", "play:g9", "play:b7", "play:u0"}
    assert {f"discard:{c}" for c in ("g2", "g3", "b9", "b8")} <= keys(m, 0)
    with pytest.raises(IllegalAction):
        act(m, 0, "play:g2")


def test_O4A_first_equal_cards_leave_the_direction_open():
    m = position(hands={0: ["y0", "y10"]}, rows={0: {"y": ["y5", "y5"]}})
    assert {"play:y0", "play:y10"} <= keys(m, 0)
    act(m, 0, "play:y10")
    assert m.view(None)["players"][0]["rows"]["y"] == {
        "cards": ["y5", "y5", "y10"],
        "direction": "up",
    }


def test_O4A_card_playable_only_when_a_move_is_possible():
    # every pawn on 34 (nothing ahead but green 35), the oracle on the centre
    m = position(hands={0: ["g4", "u4", "p9"]}, pawns={0: [34, 34, 34]}, oracle=35)
    assert keys(m, 0) == {"play:g4", "discard:g4", "discard:u4", "discard:p9"}
    act(m, 0, "play:g4")
    assert keys(m, 0) == {"pawn:0"}  # the oracle cannot move any more


def test_O4A_playable_ranges_agree_with_the_shared_row_rule():
    game = Match.new("oracle", 2, "x").game
    rnd = random.Random(7)
    m = position()
    s = m.state
    for _ in range(400):
        values = []
        for _ in range(rnd.randrange(0, 6)):
            options = [v for v in range(11) if rows.accepts(values, v)]
            values.append(rnd.choice(options))
        s.rows[0] = {"g": [GREEN_0 + 2 * v for v in values]} if values else {}
        got = game.playable_colours(s, 0)["g"]
        accepted = [v for v in range(11) if rows.accepts(values, v)]
        assert (min(accepted), max(accepted)) == got and accepted == list(range(got[0], got[1] + 1))


# -- O-4A1 move a pawn -------------------------------------------------------------


def test_O4A1_pawn_moves_to_the_next_field_of_the_card_colour():
    m = position(hands={0: ["g0", "g1"], 1: ["u5"]}, pawns={0: [1, 0, 0]})
    acts(m, 0, "play:g0", "pawn:0", "draw:deck")
    assert m.state.pawns[0] == [8, 0, 0]  # 1 -> next green is 8


def test_O4A1_pawns_on_one_field_are_offered_once():
    m = position(hands={0: ["y3"]}, pawns={0: [2, 0, 0]})
    act(m, 0, "play:y3")
    assert keys(m, 0) == {"pawn:0", "pawn:1", "oracle:1", "oracle:2"}
    m = position(hands={0: ["y3"]}, pawns={0: [0, 0, 0]})
    act(m, 0, "play:y3")
    assert keys(m, 0) == {"pawn:0", "oracle:1", "oracle:2"}


def test_O4A1_pawn_with_no_field_of_the_card_colour_ahead_cannot_move():
    m = position(hands={0: ["p5"]}, pawns={0: [34, 3, 34]})
    act(m, 0, "play:p5")
    assert keys(m, 0) == {"pawn:1", "oracle:1", "oracle:2"}
    with pytest.raises(IllegalAction):
        act(m, 0, "pawn:0")
    act(m, 0, "pawn:1")
    assert m.state.pawns[0] == [34, 5, 34]


def test_O4A1_any_number_of_pawns_share_a_field():
    m = position(hands={0: ["b1"]}, pawns={0: [3, 0, 3], 1: [3, 3, 3]})
    act(m, 0, "play:b1")
    act(m, 0, "pawn:1")
    assert m.view(None)["players"][0]["pawns"] == [3, 3, 3]


# -- O-4A2 move the oracle ------------------------------------------------------


@pytest.mark.parametrize("card,steps", [("y9", 4), ("y8", 3), ("y5", 2), ("y0", 1)])
def test_O4A2_oracle_moves_1_to_the_card_oracle_number(card, steps):
    m = position(hands={0: [card]}, pawns={0: [35, 35, 35]}, oracle=3)
    act(m, 0, f"play:{card}")
    assert keys(m, 0) == {f"oracle:{k}" for k in range(1, steps + 1)}


def test_O4A2_oracle_never_past_the_centre():
    m = position(hands={0: ["b10"]}, oracle=33)
    act(m, 0, "play:b10")
    assert {k for k in keys(m, 0) if k.startswith("oracle")} == {"oracle:1", "oracle:2"}
    events = act(m, 0, "oracle:2")
    assert events[0] == {"type": "oracle", "seat": 0, "from": 33, "to": 35}
    assert m.view(None)["oracle"] == 35


def test_O4A2_bonus_once_with_two_own_pawns_on_its_field():
    m = position(hands={0: ["y8"]}, pawns={0: [9, 9, 0], 1: [9, 0, 0]}, oracle=7)
    act(m, 0, "play:y8")
    events = act(m, 0, "oracle:2")
    assert of_type(events, "oracle_bonus") == [{"type": "oracle_bonus", "seat": 0, "points": 5}]
    players = m.view(None)["players"]
    assert players[0]["earned"] == {"tiles": 0, "oracle": 5, "goblin": 0}
    assert players[0]["points"] == 5 and players[1]["points"] == 0


def test_O4A2_other_players_pawns_give_nothing():
    m = position(hands={0: ["y8"]}, pawns={0: [0, 0, 0], 1: [9, 9, 9]}, oracle=7)
    events = acts(m, 0, "play:y8", "oracle:2")
    assert of_type(events, "oracle_bonus") == []
    assert [p["points"] for p in m.view(None)["players"]] == [0, 0]


def test_O4A2_moving_a_pawn_onto_the_oracle_gives_nothing():
    m = position(hands={0: ["g8"]}, oracle=1)
    events = acts(m, 0, "play:g8", "pawn:0")
    assert m.state.pawns[0] == [1, 0, 0]
    assert of_type(events, "oracle_bonus") == [] and m.state.earned[0]["oracle"] == 0


# -- O-4B discard ------------------------------------------------------------------


def test_O4B_discard_goes_face_up_onto_its_colour_pile_and_nothing_moves():
    m = position(hands={0: ["u7", "g2"]}, piles={"u": ["u1"]}, rows={0: {"g": ["g3", "g5"]}})
    assert "play:g2" not in keys(m, 0)
    events = act(m, 0, "discard:g2")
    assert events == [{"type": "discard", "seat": 0, "card": "g2", "from": "hand"}]
    view = m.view(1)
    assert view["piles"]["g"] == {"top": "g2", "count": 1}
    assert view["piles"]["u"] == {"top": "u1", "count": 1}
    assert view["phase"] == "draw" and view["players"][0]["pawns"] == [0, 0, 0]
    assert view["oracle"] == 0


# -- O-5 draw step -----------------------------------------------------------------


def test_O5_draw_from_deck_or_any_discard_top_but_not_own_discard():
    m = position(hands={0: ["g7", "b1"]}, piles={"g": ["g2"], "y": ["y4"]})
    act(m, 0, "discard:g7")
    assert keys(m, 0) == {"draw:deck", "draw:y"}
    events = act(m, 0, "draw:y")
    assert events == [{"type": "draw", "seat": 0, "from": "y", "card": "y4"}]
    assert m.view(0)["hand"] == ["b1", "y4"] and m.to_act() == (1,)


def test_O5_deck_draw_is_not_shown_to_the_others():
    m = position(hands={0: ["g7"]})
    events = acts(m, 0, "discard:g7", "draw:deck")
    left = m.view(None)["deck"]
    drawn = m.view(0)["hand"][-1:]  # the only card in hand
    assert events[-2:] == [
        {"type": "draw", "seat": 0, "from": "deck", "left": left},
        {"type": "drawn", "seat": 0, "card": drawn[0], "only": [0]},
    ]


def test_O5_own_discard_of_an_earlier_turn_may_be_drawn():
    m = position(hands={0: ["g7", "b1"], 1: ["u2"]})
    acts(m, 0, "discard:g7", "draw:deck")
    acts(m, 1, "discard:u2")
    assert keys(m, 1) == {"draw:deck", "draw:g"}
    act(m, 1, "draw:deck")
    act(m, 0, "discard:b1")
    assert keys(m, 0) == {"draw:deck", "draw:g", "draw:u"}


# -- O-6 tiles ------------------------------------------------------------------------------


def test_O6_tiles_act_only_where_a_pawn_ends_its_move_and_only_for_its_owner():
    # green 0 -> 1 -> 8: the tiles on 2..7 are passed over; the oracle gives no tile
    m = position(
        hands={0: ["g1", "y2"], 1: ["y9"]},
        pawns={0: [1, 0, 0]},
        tiles={2: "points5", 3: "mirror", 4: "goblin", 5: "points4", 7: "points1"},
    )
    events = acts(m, 0, "play:g1", "pawn:0", "draw:deck")
    assert [e["type"] for e in events] == ["play", "move", "draw", "drawn"]
    events = acts(m, 1, "play:y9", "oracle:2")  # the oracle stops on 2: no tile
    assert [e["type"] for e in events] == ["play", "oracle"]
    assert m.state.earned == [{"tiles": 0, "oracle": 0, "goblin": 0}] * 2


# -- O-6a point tiles ------------------------------------------------------------------


def test_O6a_point_tile_scores_at_once_and_stays():
    m = position(hands={0: ["g1"], 1: ["g2"]}, tiles={1: "points3"})
    events = acts(m, 0, "play:g1", "pawn:0")
    assert {"type": "points", "seat": 0, "field": 1, "points": 3} in events
    assert m.state.earned[0]["tiles"] == 3
    act(m, 0, "draw:deck")
    acts(m, 1, "play:g2", "pawn:0")
    assert m.state.earned[1]["tiles"] == 3
    assert m.view(None)["board"][1]["tile"] == {"kind": "points", "code": "points3", "value": 3}


# -- O-6b clover -----------------------------------------------------------------------


def test_O6b_clover_moves_the_same_pawn_to_the_next_field_of_its_colour():
    m = position(hands={0: ["g1"]}, tiles={1: "clover_u", 4: "points2"})
    acts(m, 0, "play:g1", "pawn:0")
    view = m.view(None)
    assert view["phase"] == "tile"
    assert view["pending"] == {"kind": "clover", "pawn": 0, "field": 1, "colour": "u"}
    assert keys(m, 0) == {"clover", "skip"}
    events = act(m, 0, "clover")
    assert events[0] == {"type": "move", "seat": 0, "pawn": 0, "from": 1, "to": 4, "by": "clover"}
    assert events[1] == {"type": "points", "seat": 0, "field": 4, "points": 2}
    assert m.state.pawns[0] == [4, 0, 0] and m.view(0)["phase"] == "draw"


def test_O6b_clover_may_be_skipped():
    m = position(hands={0: ["g1"]}, tiles={1: "clover_u"})
    events = acts(m, 0, "play:g1", "pawn:0", "skip")
    assert events[-1] == {"type": "skip", "seat": 0, "tile": "clover", "field": 1}
    assert m.state.pawns[0] == [1, 0, 0] and keys(m, 0) == {"draw:deck"}


def test_O6b_clover_chain_ending_on_a_spiral():
    # pawn on 2 plays green -> 8 (clover blue) -> 10 (clover yellow) -> 11 (spiral)
    m = position(
        hands={0: ["g1"]},
        pawns={0: [2, 0, 0]},
        tiles={8: "clover_u", 10: "clover_y", 11: "spiral", 5: "points4"},
    )
    acts(m, 0, "play:g1", "pawn:0", "clover")
    assert m.view(None)["pending"] == {"kind": "clover", "pawn": 0, "field": 10, "colour": "y"}
    act(m, 0, "clover")
    assert m.view(None)["pending"] == {"kind": "spiral", "pawn": 0, "field": 11, "origin": 2}
    # any earlier field but the origin 2 (and never the start)
    assert keys(m, 0) == {f"spiral:{f}" for f in range(1, 11) if f != 2} | {"skip"}
    events = act(m, 0, "spiral:5")
    assert events == [
        {"type": "move", "seat": 0, "pawn": 0, "from": 11, "to": 5, "by": "spiral"},
        {"type": "points", "seat": 0, "field": 5, "points": 4},
    ]
    assert m.state.pawns[0] == [5, 0, 0] and m.state.earned[0]["tiles"] == 4


def test_O6b_clover_with_no_field_of_its_colour_ahead_is_not_offered():
    # 34 is pink; no yellow field lies beyond it
    m = position(hands={0: ["p1"]}, pawns={0: [27, 0, 0]}, tiles={34: "clover_y"})
    acts(m, 0, "play:p1", "pawn:0")
    assert m.state.pawns[0] == [34, 0, 0] and m.view(0)["phase"] == "draw"


def test_O6b_variant_clover_moves_one_of_your_other_pawns():
    m = position(
        hands={0: ["g1"]},
        pawns={0: [0, 3, 3]},
        tiles={1: "clover_u", 4: "points1"},
        options={"clover_other_pawn": True},
    )
    assert m.view(None)["options"] == {"clover_other_pawn": True}
    acts(m, 0, "play:g1", "pawn:0")
    assert keys(m, 0) == {"clover:1", "skip"}  # pawns 1 and 2 share field 3
    events = act(m, 0, "clover:1")
    assert events[0] == {"type": "move", "seat": 0, "pawn": 1, "from": 3, "to": 4, "by": "clover"}
    assert m.state.pawns[0] == [1, 4, 3] and m.state.earned[0]["tiles"] == 1


def test_O6b_variant_clover_chain_moves_another_pawn_onto_another_clover():
    # pawn 0: green 1 (blue clover) -> pawn 1 from 2 to blue 4 (green clover) -> that
    # clover acts for pawn 1 and moves pawn 0 or pawn 2 on to green 8
    m = position(
        hands={0: ["g1"]},
        pawns={0: [0, 2, 5]},
        tiles={1: "clover_u", 4: "clover_g", 8: "points3"},
        options={"clover_other_pawn": True},
    )
    acts(m, 0, "play:g1", "pawn:0")
    assert keys(m, 0) == {"clover:1", "clover:2", "skip"}
    act(m, 0, "clover:1")
    assert m.view(None)["pending"] == {"kind": "clover", "pawn": 1, "field": 4, "colour": "g"}
    assert keys(m, 0) == {"clover:0", "clover:2", "skip"}
    events = act(m, 0, "clover:2")
    assert events == [
        {"type": "move", "seat": 0, "pawn": 2, "from": 5, "to": 8, "by": "clover"},
        {"type": "points", "seat": 0, "field": 8, "points": 3},
    ]
    assert m.state.pawns[0] == [1, 4, 8] and m.view(0)["phase"] == "draw"


def test_O6b_variant_the_landing_pawn_itself_is_not_offered():
    m = position(
        hands={0: ["g1"]},
        pawns={0: [0, 34, 34]},
        tiles={1: "clover_u"},
        options={"clover_other_pawn": True},
    )
    acts(m, 0, "play:g1", "pawn:0")
    assert m.view(0)["phase"] == "draw"  # only pawn 0 could go on to blue 4
    assert m.state.pawns[0] == [1, 34, 34]


def test_O6b_O6c_variant_spiral_origin_is_the_other_pawns_own_field():
    m = position(
        hands={0: ["g1"]},
        pawns={0: [0, 3, 34]},
        tiles={1: "clover_u", 4: "spiral"},
        options={"clover_other_pawn": True},
    )
    acts(m, 0, "play:g1", "pawn:0", "clover:1")
    assert m.view(None)["pending"] == {"kind": "spiral", "pawn": 1, "field": 4, "origin": 3}
    assert keys(m, 0) == {"spiral:1", "spiral:2", "skip"}


# -- O-6c spiral -----------------------------------------------------------------------


def test_O6c_spiral_may_not_return_to_its_origin():
    m = position(hands={0: ["u1"]}, pawns={0: [3, 0, 0]}, tiles={4: "spiral"})
    acts(m, 0, "play:u1", "pawn:0")
    assert keys(m, 0) == {"spiral:1", "spiral:2", "skip"}
    with pytest.raises(IllegalAction):
        act(m, 0, "spiral:3")


def test_O6c_spiral_back_to_a_large_stone_takes_a_wishing_stone():
    # the seed's example: back to the large pink stone, take a stone
    m = position(hands={0: ["g1"]}, pawns={0: [14, 0, 0]}, tiles={15: "spiral"})
    acts(m, 0, "play:g1", "pawn:0")
    events = act(m, 0, "spiral:13")
    assert events[-1] == {"type": "stone", "seat": 0, "field": 13}
    assert m.state.stones[0] == 1 and m.view(None)["board"][13]["stones"] == 1


def test_O6c_spiral_with_no_earlier_field_is_not_offered():
    m = position(hands={0: ["g1"]}, tiles={1: "spiral"})
    acts(m, 0, "play:g1", "pawn:0")
    assert m.view(0)["phase"] == "draw"
    m = position(hands={0: ["y1"]}, pawns={0: [1, 0, 0]}, tiles={2: "spiral"})
    acts(m, 0, "play:y1", "pawn:0")  # only field 1 is earlier, and it is the origin
    assert m.view(0)["phase"] == "draw"


# -- O-6h chains stay finite, per pawn ------------------------------------------


def test_O6h_one_pawn_triggers_a_field_once_per_turn():
    # 2 -> green 8 (clover yellow) -> 9 (spiral) -> back to 8: its clover already acted
    m = position(
        hands={0: ["g1"], 1: ["g2"]},
        pawns={0: [2, 0, 0], 1: [2, 0, 0]},
        tiles={8: "clover_y", 9: "spiral"},
    )
    acts(m, 0, "play:g1", "pawn:0", "clover")
    assert "spiral:8" in keys(m, 0)
    events = act(m, 0, "spiral:8")
    assert events == [{"type": "move", "seat": 0, "pawn": 0, "from": 9, "to": 8, "by": "spiral"}]
    assert m.state.pawns[0] == [8, 0, 0] and m.view(0)["phase"] == "draw"
    act(m, 0, "draw:deck")
    # the next turn the clover acts again
    acts(m, 1, "play:g2", "pawn:0")
    assert m.view(None)["pending"] == {"kind": "clover", "pawn": 0, "field": 8, "colour": "y"}


def test_O6h_a_field_acts_again_for_another_pawn_the_issue_example():
    # seed e7, variant: seat 1 plays blue 1, pawn 0 lands on the blue clover on 4 and
    # moves pawn 1 there; the clover already acted for pawn 0, not for pawn 1
    m = Match.new("oracle", 2, "e7", {"clover_other_pawn": True})
    assert m.to_act() == (1,) and m.view(None)["board"][4]["tile"]["code"] == "clover_u"
    acts(m, 1, "play:u1", "pawn:0", "clover:1")
    assert m.state.pawns[1] == [4, 4, 0]
    assert m.view(None)["pending"] == {"kind": "clover", "pawn": 1, "field": 4, "colour": "u"}
    assert keys(m, 1) == {"clover:0", "clover:2", "skip"}
    events = act(m, 1, "clover:2")
    assert events[0] == {"type": "move", "seat": 1, "pawn": 2, "from": 0, "to": 4, "by": "clover"}
    # and once more for pawn 2; pawns 0 and 1 both came from 0 to 4 and met only this
    # clover, so they cannot lead to different results: one choice
    assert m.view(None)["pending"] == {"kind": "clover", "pawn": 2, "field": 4, "colour": "u"}
    assert keys(m, 1) == {"clover:0", "skip"}


def test_O6h_the_second_pawn_s_clover_moves_the_first_one_on():
    # variant, all pawns start on 0: pawn 0 lands on the blue clover on 4 and sends
    # pawn 1 there; the clover acts for pawn 1 too and sends pawn 0 on to 10
    m = position(
        hands={0: ["u1"]}, tiles={4: "clover_u", 10: "points2"}, options={"clover_other_pawn": True}
    )
    acts(m, 0, "play:u1", "pawn:0", "clover:1")
    events = act(m, 0, "clover:0")
    assert events == [
        {"type": "move", "seat": 0, "pawn": 0, "from": 4, "to": 10, "by": "clover"},
        {"type": "points", "seat": 0, "field": 10, "points": 2},
    ]
    assert m.state.pawns[0] == [10, 4, 0] and m.view(0)["phase"] == "draw"


def _issue_position():
    # the issue's second example: pawns on 1, 3 and 0; brown 1 played; yellow clover
    # on 3, blue clover on 2, spiral on 4, a 5-point tile on 1
    m = position(
        hands={0: ["b1"]},
        pawns={0: [1, 3, 0]},
        tiles={1: "points5", 2: "clover_u", 3: "clover_y", 4: "spiral"},
        options={"clover_other_pawn": True},
    )
    acts(m, 0, "play:b1", "pawn:0", "clover:2")
    return m


def test_O6h_two_pawns_on_one_field_are_separate_choices_when_their_origins_differ():
    m = _issue_position()
    # pawns 0 and 1 both stand on 3, but pawn 0 came from 1 this turn, pawn 1 has not moved
    assert m.state.pawns[0] == [3, 3, 2]
    assert keys(m, 0) == {"clover:0", "clover:1", "skip"}
    act(m, 0, "clover:1")
    assert m.view(None)["pending"] == {"kind": "spiral", "pawn": 1, "field": 4, "origin": 3}
    assert "spiral:1" in keys(m, 0)
    events = act(m, 0, "spiral:1")
    assert events == [
        {"type": "move", "seat": 0, "pawn": 1, "from": 4, "to": 1, "by": "spiral"},
        {"type": "points", "seat": 0, "field": 1, "points": 5},
    ]
    assert m.state.earned[0]["tiles"] == 5


def test_O6h_the_pawn_that_left_a_field_may_not_spiral_back_to_it():
    m = _issue_position()
    act(m, 0, "clover:0")
    assert m.view(None)["pending"] == {"kind": "spiral", "pawn": 0, "field": 4, "origin": 1}
    assert keys(m, 0) == {"spiral:2", "spiral:3", "skip"}


def test_O6h_pawns_that_cannot_differ_are_offered_once():
    # both other pawns stand unmoved on 3: one choice, the lowest pawn
    m = position(
        hands={0: ["g1"]},
        pawns={0: [0, 3, 3]},
        tiles={1: "clover_u"},
        options={"clover_other_pawn": True},
    )
    acts(m, 0, "play:g1", "pawn:0")
    assert keys(m, 0) == {"clover:1", "skip"}


# -- O-6d goblin -------------------------------------------------------------------------


def test_O6d_goblin_discard_of_the_card_just_played():
    m = position(hands={0: ["b5", "y2"]}, piles={"b": ["b9"]}, tiles={3: "goblin"})
    acts(m, 0, "play:b5", "pawn:0")
    assert m.view(None)["pending"] == {"kind": "goblin", "pawn": 0, "field": 3}
    assert keys(m, 0) == {"goblin:hand:y2", "goblin:row:b", "skip"}
    events = act(m, 0, "goblin:row:b")
    assert events == [{"type": "discard", "seat": 0, "card": "b5", "from": "goblin_row"}]
    view = m.view(0)
    assert view["players"][0]["rows"] == {}
    assert view["piles"]["b"] == {"top": "b5", "count": 2}
    # one card short: one draw, and not the card just discarded
    assert view["draws_owed"] == 1 and keys(m, 0) == {"draw:deck"}
    act(m, 0, "draw:deck")
    assert m.to_act() == (1,)


def test_O6d_goblin_discard_from_hand_means_two_draws():
    m = position(hands={0: ["b5", "y2", "u3"]}, piles={"g": ["g1"]}, tiles={3: "goblin"})
    acts(m, 0, "play:b5", "pawn:0")
    events = act(m, 0, "goblin:hand:y2")
    assert events == [{"type": "discard", "seat": 0, "card": "y2", "from": "goblin_hand"}]
    assert m.view(0)["draws_owed"] == 2 and keys(m, 0) == {"draw:deck", "draw:g"}
    act(m, 0, "draw:g")
    assert m.to_act() == (0,) and keys(m, 0) == {"draw:deck"}
    act(m, 0, "draw:deck")
    assert m.to_act() == (1,) and len(m.state.hands[0]) == 3


def test_O6d_goblin_row_discard_recomputes_the_direction():
    m = position(hands={0: ["u2", "u7"], 1: ["y9"]}, rows={0: {"u": ["u5"]}}, tiles={4: "goblin"})
    acts(m, 0, "play:u2", "pawn:0")
    assert m.view(None)["players"][0]["rows"]["u"]["direction"] == "down"
    assert "play:u7" not in keys(position(hands={0: ["u7"]}, rows={0: {"u": ["u5", "u2"]}}), 0)
    act(m, 0, "goblin:row:u")
    assert m.view(None)["players"][0]["rows"]["u"] == {"cards": ["u5"], "direction": None}
    acts(m, 0, "draw:deck")
    acts(m, 1, "discard:y9", "draw:deck")
    assert "play:u7" in keys(m, 0)


def test_O6d_goblin_may_be_skipped():
    m = position(hands={0: ["b5"]}, tiles={3: "goblin"})
    acts(m, 0, "play:b5", "pawn:0", "skip")
    assert m.view(0)["players"][0]["rows"]["b"]["cards"] == ["b5"]
    assert m.view(0)["draws_owed"] == 1


# -- O-6e wishing stones ------------------------------------------------------------------


def test_O6e_each_pawn_on_a_large_stone_takes_one_stone_while_any_is_left():
    m = position(
        3, hands={0: ["b1"], 1: ["b2"], 2: ["b3"]}, pawns={0: [3, 0, 0], 1: [3, 0, 0], 2: [3, 0, 0]}
    )
    for seat in range(3):
        events = acts(m, seat, f"play:b{seat + 1}", "pawn:0")
        stones = of_type(events, "stone")
        assert stones == ([{"type": "stone", "seat": seat, "field": 6}] if seat < 2 else [])
        act(m, seat, "draw:deck")
    view = m.view(None)
    assert [p["stones"] for p in view["players"]] == [1, 1, 0]
    assert view["board"][6]["stones"] == 0


def test_O6e_the_centre_holds_one_stone():
    m = position(hands={0: ["g1"]}, pawns={0: [26, 0, 0]})
    events = acts(m, 0, "play:g1", "pawn:0")
    assert events[-1] == {"type": "stone", "seat": 0, "field": 35}
    assert m.view(None)["board"][35]["stones"] == 0


# -- O-6f mirrors ----------------------------------------------------------------------------


def test_O6f_mirror_is_taken():
    m = position(hands={0: ["g1"], 1: ["g2"]}, tiles={1: "mirror"})
    events = acts(m, 0, "play:g1", "pawn:0", "draw:deck")
    assert {"type": "mirror", "seat": 0, "field": 1} in events
    view = m.view(None)
    assert view["players"][0]["mirrors"] == 1 and view["board"][1]["tile"] is None
    acts(m, 1, "play:g2", "pawn:0")
    assert m.state.mirrors == [1, 0]


# -- O-6g goblin bonus --------------------------------------------------------------------------


@pytest.mark.parametrize("pawns,points", [([3, 9, 6], 15), ([3, 9, 0], 10), ([3, 3, 0], 5)])
def test_O6g_goblin_bonus_by_number_of_goblin_fields(pawns, points):
    # goblins on brown 3, yellow 9, brown 14; the third pawn plays brown
    m = position(
        hands={0: ["b1", "b2"]}, pawns={0: pawns}, tiles={3: "goblin", 9: "goblin", 14: "goblin"}
    )
    events = acts(m, 0, "play:b1", "pawn:2")
    bonus = {"type": "goblin_bonus", "seat": 0, "points": points}
    assert of_type(events, "goblin_bonus") == [bonus]
    assert m.view(None)["players"][0]["goblin_bonus"] is True
    assert m.state.earned[0]["goblin"] == points
    assert m.view(0)["pending"]["kind"] == "goblin"  # the tile still acts


def test_O6g_goblin_bonus_once_per_game():
    m = position(
        hands={0: ["b1", "b2"], 1: ["u0"]}, pawns={0: [3, 3, 0]}, tiles={3: "goblin", 14: "goblin"}
    )
    acts(m, 0, "play:b1", "pawn:2", "skip", "draw:deck")
    assert m.state.earned[0]["goblin"] == 5
    acts(m, 1, "discard:u0", "draw:deck")
    m.state.pawns[0] = [14, 14, 6]
    events = acts(m, 0, "play:b2", "pawn:2")
    assert m.state.pawns[0] == [14, 14, 14]
    assert of_type(events, "goblin_bonus") == [] and m.state.earned[0]["goblin"] == 5


def test_O6g_goblin_bonus_on_a_clover_landing():
    # goblins on brown 3 and yellow 9; pawn 2 plays green to 1, whose brown clover takes it to 3
    m = position(
        hands={0: ["g1"]}, pawns={0: [3, 9, 0]}, tiles={1: "clover_b", 3: "goblin", 9: "goblin"}
    )
    acts(m, 0, "play:g1", "pawn:2")
    assert m.state.earned[0]["goblin"] == 0
    events = act(m, 0, "clover")
    assert of_type(events, "goblin_bonus") == [{"type": "goblin_bonus", "seat": 0, "points": 10}]
    assert m.state.pawns[0] == [3, 9, 3] and m.state.earned[0]["goblin"] == 10


def test_O6g_goblin_bonus_on_a_spiral_landing():
    # goblins on 3, 9 and 14; pawn 2 plays green from 12 to the spiral on 15, back to 14
    m = position(
        hands={0: ["g1"]},
        pawns={0: [3, 9, 12]},
        tiles={3: "goblin", 9: "goblin", 14: "goblin", 15: "spiral"},
    )
    acts(m, 0, "play:g1", "pawn:2")
    assert m.state.earned[0]["goblin"] == 0
    events = act(m, 0, "spiral:14")
    assert of_type(events, "goblin_bonus") == [{"type": "goblin_bonus", "seat": 0, "points": 15}]
    assert m.state.earned[0]["goblin"] == 15


# -- O-6i goblin bonus timing --------------------------------------------------------------


def test_O6i_goblin_bonus_comes_before_the_landing_field_s_tile():
    m = position(
        hands={0: ["b1", "y2"]},
        pawns={0: [3, 9, 6]},
        tiles={3: "goblin", 9: "goblin", 14: "goblin"},
    )
    events = acts(m, 0, "play:b1", "pawn:2")
    assert events[1:] == [
        {"type": "move", "seat": 0, "pawn": 2, "from": 6, "to": 14, "by": "card"},
        {"type": "goblin_bonus", "seat": 0, "points": 15},
    ]
    # the goblin tile of 14 acts afterwards, with the bonus already scored
    assert m.view(0)["pending"] == {"kind": "goblin", "pawn": 2, "field": 14}
    assert m.view(None)["players"][0]["earned"]["goblin"] == 15
    events = act(m, 0, "goblin:hand:y2")
    assert of_type(events, "goblin_bonus") == []


def test_O6i_the_move_that_ends_the_game_scores_no_goblin_bonus():
    # goblins on 29 and 30; the third pawn enters on yellow 30: all three would stand on goblins
    m = position(hands={0: ["y1"]}, pawns={0: [29, 30, 28]}, tiles={29: "goblin", 30: "goblin"})
    events = acts(m, 0, "play:y1", "pawn:2")
    assert events[-1] == {"type": "end", "reason": "sanctuary"}
    assert of_type(events, "goblin_bonus") == []
    assert m.state.goblin_bonus[0] is False
    assert m.outcome()["breakdown"][0]["earned"] == {"tiles": 0, "oracle": 0, "goblin": 0}


# -- O-7 end of the game ----------------------------------------------------------------------


def test_O7_the_game_runs_until_an_end_condition():
    m = position(
        hands={0: ["g1"], 1: ["u1"]}, pawns={0: [29, 30, 0], 1: [31, 32, 0]}, deck=["b1", "b2"]
    )
    acts(m, 0, "play:g1", "pawn:2", "draw:deck")  # 0 -> 1: nobody enters the sanctuary
    assert m.outcome() is None and m.to_act() == (1,) and m.view(None)["deck"] == 1
    acts(m, 1, "discard:u1")
    assert m.outcome() is None


def test_O7a_fifth_pawn_in_the_sanctuary_the_seeds_example():
    # white (seat 0) moves 28 -> 30; its 3-point tile does nothing; scores 22, 5, 17, 12
    m = position(
        4,
        hands={0: ["y6"]},
        pawns={0: [35, 28, 6], 1: [29, 25, 0], 2: [32, 26, 19], 3: [33, 27, 8]},
        tiles={30: "points3"},
        stones={0: 3, 1: 1, 2: 2, 3: 2},
        mirrors={0: 2, 1: 1},
    )
    act(m, 0, "play:y6")
    events = act(m, 0, "pawn:1")
    assert events == [
        {"type": "move", "seat": 0, "pawn": 1, "from": 28, "to": 30, "by": "card"},
        {"type": "end", "reason": "sanctuary"},
    ]
    assert m.to_act() == () and m.view(0)["phase"] == "over"
    outcome = m.outcome()
    assert outcome["scores"] == [22, 5, 17, 12]
    assert outcome["winners"] == [0] and outcome["reason"] == "sanctuary"
    assert outcome["breakdown"][0]["pawns"] == [10, 6, -3]
    assert outcome["breakdown"][0]["earned"]["tiles"] == 0


def test_O7a_a_players_third_pawn_in_the_sanctuary_ends_it_no_stone():
    m = position(hands={0: ["g1"]}, pawns={0: [29, 30, 26]})
    events = acts(m, 0, "play:g1", "pawn:2")
    assert events[-1] == {"type": "end", "reason": "sanctuary"}
    assert m.state.stones[0] == 0 and m.view(None)["board"][35]["stones"] == 1


def test_O7a_a_clover_move_into_the_sanctuary_ends_it_too():
    m = position(hands={0: ["p1"]}, pawns={0: [29, 30, 24]}, tiles={25: "clover_u", 29: "goblin"})
    acts(m, 0, "play:p1", "pawn:2")
    events = act(m, 0, "clover")
    assert events[-1] == {"type": "end", "reason": "sanctuary"}
    assert m.state.goblin_bonus[0] is False and m.outcome() is not None


def test_O7a_a_spiral_out_of_the_sanctuary_and_the_way_back_in():
    # 3 players, 4 pawns in the sanctuary. Seat 0's pawn on 29 moves to the spiral on
    # brown 32 (inside: no end) and spirals out to 25: three left inside.
    m = position(
        3,
        hands={0: ["b1", "u2"], 1: ["u1"], 2: ["g9"]},
        pawns={0: [29, 30, 0], 1: [31, 28, 0], 2: [33, 0, 0]},
        tiles={32: "spiral", 25: "points2"},
    )
    acts(m, 0, "play:b1", "pawn:0")
    assert m.view(None)["pending"]["kind"] == "spiral" and m.outcome() is None
    events = act(m, 0, "spiral:25")
    assert events[-1] == {"type": "points", "seat": 0, "field": 25, "points": 2}
    assert m.view(None)["sanctuary"]["pawns"] == 3
    act(m, 0, "draw:deck")
    # seat 1 enters: the fourth pawn inside, not the fifth
    acts(m, 1, "play:u1", "pawn:1", "draw:deck")
    assert m.outcome() is None and m.view(None)["sanctuary"]["pawns"] == 4
    acts(m, 2, "discard:g9", "draw:deck")
    # seat 0's pawn comes back in from 25: the fifth pawn, the game ends
    events = acts(m, 0, "play:u2", "pawn:0")
    assert events[-1] == {"type": "end", "reason": "sanctuary"}
    assert m.state.pawns[0] == [29, 30, 0]


def test_O7a_fourth_pawn_in_total_or_moves_inside_do_not_end():
    m = position(
        hands={0: ["u1", "p2"], 1: ["y1"]},
        pawns={0: [29, 34, 0], 1: [30, 28, 0]},
        tiles={33: "points1"},
    )
    acts(m, 0, "play:u1", "pawn:0")  # 29 -> 33 inside the sanctuary
    assert m.state.earned[0]["tiles"] == 1 and m.to_act() == (0,)
    act(m, 0, "draw:deck")
    acts(m, 1, "play:y1", "pawn:1")  # 28 -> 30: the fourth pawn in all
    assert m.view(None)["sanctuary"] == {"first_field": 29, "pawns": 4}
    assert m.outcome() is None and m.to_act() == (1,)


def test_O7b_drawing_the_last_card_ends_the_game_after_the_draw_step():
    m = position(
        hands={0: ["g1", "b2", "y3"]}, deck=["u4"], piles={"p": ["p5"]}, tiles={3: "goblin"}
    )
    acts(m, 0, "play:b2", "pawn:0", "goblin:hand:y3")
    act(m, 0, "draw:deck")
    assert m.outcome() is None and keys(m, 0) == {"draw:p"}
    events = act(m, 0, "draw:p")
    assert events[-1] == {"type": "end", "reason": "deck_empty"}
    assert m.outcome()["reason"] == "deck_empty" and m.to_act() == ()


def test_O7b_draw_step_ends_short_when_nothing_may_be_drawn():
    m = position(hands={0: ["g1", "b2", "y3"]}, deck=["u4"], tiles={3: "goblin"})
    acts(m, 0, "play:b2", "pawn:0", "goblin:hand:y3")
    events = act(m, 0, "draw:deck")
    assert events[-1] == {"type": "end", "reason": "deck_empty"}
    assert len(m.state.hands[0]) == 2


# -- O-8 scoring ---------------------------------------------------------------------------------


def test_O8_final_score_adds_in_game_points_fields_stones_and_mirrors_ties_share():
    m = position(
        hands={0: ["g1"]},
        deck=["u4"],
        pawns={0: [1, 0, 0], 1: [0, 0, 0]},
        stones={0: 2, 1: 4},
        mirrors={0: 1},
        earned={0: {"tiles": 3, "oracle": 5, "goblin": 10}, 1: {"tiles": 12}},
    )
    acts(m, 0, "discard:g1", "draw:deck")
    outcome = m.outcome()
    # seat 0: 18 in game - 4 (field 1) + 2 stones x 2 = 18; seat 1: 12 + 6 = 18
    assert outcome["scores"] == [18, 18] and outcome["winners"] == [0, 1]
    assert outcome["breakdown"][0] == {
        "in_game": 18,
        "earned": {"tiles": 3, "oracle": 5, "goblin": 10},
        "pawns": [-4, 0, 0],
        "pawn_points": -4,
        "stones": 2,
        "stone_points": 2,
        "mirrors": 1,
        "mirror_points": 2,
        "total": 18,
    }


def test_O8_a_conceding_seat_never_wins():
    m = position(hands={0: ["g1"]}, earned={0: {"tiles": 30}})
    events = m.concede(0, m.seq)
    assert events == [{"type": "concede", "seat": 0}, {"type": "end", "reason": "concede"}]
    outcome = m.outcome()
    assert outcome["winners"] == [1] and outcome["reason"] == "concede"
    assert outcome["scores"][0] > outcome["scores"][1]


# -- O-9 hidden information ------------------------------------------------------------------------


def test_O9_only_the_owner_sees_a_hand():
    m = Match.new("oracle", 3, "hidden")
    for seat in range(3):
        view = m.view(seat)
        assert view["hand"] == [CARDS[c].code for c in m.state.hands[seat]]
        assert all("hand" not in p for p in view["players"])
        assert [p["hand_size"] for p in view["players"]] == [8, 8, 8]
    spectator = m.view(None)
    assert "hand" not in spectator
    assert spectator["deck"] == 110 - 24 and "cards" not in str(spectator["piles"])


def test_O9_redealing_hidden_cards_changes_nothing_a_seat_sees():
    m = Match.new("oracle", 4, "redeal")
    rnd = random.Random(3)
    for _ in range(120):
        seat = m.to_act()[0]
        act(m, seat, rnd.choice(m.legal(seat)).key())
    for seat in range(4):
        twin = Match.from_record(m.to_record())
        twin.game.redeal_hidden(twin.state, seat, Rng(seat + 1))
        assert twin.view(seat) == m.view(seat) and twin.legal(seat) == m.legal(seat)
        assert twin.state.hands != m.state.hands or twin.state.deck != m.state.deck


def test_view_carries_the_board_for_a_renderer():
    m = position(hands={0: ["g1"]}, tiles={1: "clover_u", 2: "points5"})
    board = m.view(None)["board"]
    assert len(board) == 36
    assert board[0] == {
        "field": 0,
        "colour": None,
        "points": 0,
        "kind": "start",
        "sanctuary": False,
        "tile": None,
        "stones": 0,
    }
    assert board[1]["tile"] == {"kind": "clover", "code": "clover_u", "colour": "u"}
    assert board[35] == {
        "field": 35,
        "colour": "g",
        "points": 10,
        "kind": "centre",
        "sanctuary": True,
        "tile": None,
        "stones": 1,
    }
    assert [f["points"] for f in board] == [f.points for f in FIELDS]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_O6b_variant_random_playouts_finish_and_replay(players):
    for n in range(15):
        m = Match.new("oracle", players, f"variant-{n}", {"clover_other_pawn": True})
        rnd = random.Random(n)
        while m.to_act():
            assert m.seq < m.game.max_actions
            seat = m.to_act()[0]
            legal = m.legal(seat)
            assert legal and len({a.key() for a in legal}) == len(legal)
            act(m, seat, rnd.choice(legal).key())
        assert m.outcome() is not None
        assert Match.replay(m.to_record()).snapshot() == m.snapshot()


def test_O6h_records_of_the_old_rules_version_are_refused_cleanly():
    # version 1 let a field's tile act once per turn for all pawns: its logs replay differently
    m = Match.new("oracle", 2, "e7", {"clover_other_pawn": True})
    acts(m, 1, "play:u1", "pawn:0", "clover:1")
    record = m.to_record()
    assert record["rules_version"] == 2
    record["rules_version"] = 1
    with pytest.raises(RecordError, match="rules version 1"):
        Match.from_record(record)


def test_O4A_the_view_previews_where_each_offered_move_lands():
    from games.oracle.engine.board import NEXT

    m = position(
        2, hands={0: ["g7", "b2"], 1: ["y1"]}, pawns={0: [0, 8, 8], 1: [15, 0, 0]}, oracle=5
    )
    assert m.view(None)["targets"] == {"pawns": [], "oracle": []}
    act(m, 0, "play:g7")
    targets = m.view(None)["targets"]
    assert targets["pawns"] == [NEXT[0]["g"], NEXT[8]["g"], NEXT[8]["g"]]
    assert targets["oracle"] == [6, 7, 8]  # a 7 moves the oracle up to 3 fields
    offered = {a.key() for a in m.legal(0)}
    assert {f"oracle:{k}" for k in range(1, 4)} <= offered
