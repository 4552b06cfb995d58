"""Scenario tests for the Keltis dice game engine, named by the rule ids of keltis_dice.md."""

import json

import pytest

from games.keltis_dice.tests.engine.helpers import act, keys, position, predicted_dice
from rules import BadOptions, IllegalAction, Match, NotYourDecision
from rules.core.rng import Rng

# -- D-1 components ---------------------------------------------------------------


def test_D1_five_dice_rolled_from_the_match_generator_and_replayed():
    m = position(3)
    expected = predicted_dice(m, 5)
    events = act(m, 0, "roll")
    assert events == [{"type": "roll", "seat": 0, "dice": expected}]
    assert m.view(None)["dice"] == expected
    m2 = Match.new("keltis_dice", 2, "replay-dice", {"side": "both"})
    for _ in range(60):
        seat = m2.to_act()[0]
        act(m2, seat, m2.legal(seat)[-1].key())
    again = Match.replay(json.loads(json.dumps(m2.to_record())))
    assert again.snapshot() == m2.snapshot()


def test_D1_chip_supply_of_40_then_nothing_when_it_runs_out():
    m = Match.new("keltis_dice", 2, "s")
    assert m.view(None)["supply"] == 40
    m = position(dice="wwbgu", phase="reroll", supply=1, chips={1: 3})
    events = act(m, 0, "stop")
    assert {"type": "chip", "seat": 0, "source": "dice", "taken": True} in events
    assert m.view(None)["supply"] == 0 and m.view(None)["chips"] == [1, 3]
    act(m, 0, "pass")
    m.state.dice, m.state.phase = list("wwwbg"), "reroll"
    events = act(m, 1, "stop")
    assert {"type": "chip", "seat": 1, "source": "dice", "taken": False} in events
    assert m.view(None)["chips"] == [1, 3] and m.view(None)["supply"] == 0


# -- D-3 setup -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 5])
def test_D3_two_to_four_players(players):
    with pytest.raises(BadOptions):
        Match.new("keltis_dice", players, "s")


def test_D3_side_option_A_B_or_both_default_A():
    assert Match.new("keltis_dice", 2, "s").options == {"side": "A"}
    assert Match.new("keltis_dice", 2, "s", {"side": "b"}).options == {"side": "B"}
    both = Match.new("keltis_dice", 2, "s", {"side": "Both"})
    assert both.options == {"side": "both"}
    assert both.view(None)["sides"] == ["A", "B"] and both.view(None)["side"] == "A"
    for bad in ({"side": "C"}, {"side": 1}, {"side": ""}, {"colour": "red"}):
        with pytest.raises(BadOptions):
            Match.new("keltis_dice", 2, "s", bad)


def test_D3_empty_board_first_player_from_the_seed_then_seat_order():
    firsts = {Match.new("keltis_dice", 4, f"seed-{i}").to_act()[0] for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    m = Match.new("keltis_dice", 3, "x")
    assert m.to_act() == Match.new("keltis_dice", 3, "x").to_act()
    first = m.to_act()[0]
    view = m.view(None)
    assert view["stones"] == [{}, {}, {}] and view["chips"] == [0, 0, 0]
    assert view["phase"] == "roll" and view["dice"] == []
    assert keys(m, first) == {"roll"}
    assert m.legal((first + 1) % 3) == []
    with pytest.raises(NotYourDecision):
        act(m, (first + 1) % 3, "roll")


# -- D-4 a turn ----------------------------------------------------------------------


def test_D4_turn_is_roll_reroll_decision_move_then_next_seat():
    m = Match.new("keltis_dice", 3, "turn")
    first = m.to_act()[0]
    act(m, first, "roll")
    assert m.view(None)["phase"] == "reroll"
    assert "stop" in keys(m, first)
    act(m, first, "stop")
    assert m.view(None)["phase"] == "move" and "pass" in keys(m, first)
    assert not any(k.startswith("reroll") for k in keys(m, first))
    events = act(m, first, "pass")
    nxt = (first + 1) % 3
    assert events == [{"type": "pass", "seat": first}, {"type": "turn", "seat": nxt}]
    assert m.to_act() == (nxt,) and m.view(None)["dice"] == []


def test_D4_reroll_choices_are_every_distinct_set_of_dice_once():
    m = position(dice="bwgbw", phase="reroll")
    expected = {"stop"} | {
        f"reroll:{f}"
        for f in [
            "b",
            "bb",
            "g",
            "w",
            "ww",
            "bg",
            "bbg",
            "bw",
            "bbw",
            "bww",
            "bbww",
            "gw",
            "gww",
            "bgw",
            "bbgw",
            "bgww",
            "bbgww",
        ]
    }
    legal = [a.key() for a in m.legal(0)]
    assert set(legal) == expected and len(legal) == len(expected)
    m = position(dice="bygpu", phase="reroll")
    assert len(m.legal(0)) == 32  # 31 non-empty subsets of 5 different dice, and stop


def test_D4_reroll_only_the_named_dice_once_then_final():
    m = position(dice="bwgbw", phase="reroll")
    new = predicted_dice(m, 2)
    events = act(m, 0, "reroll:bw")
    dice = ["b", "w", "g", "b", "w"]
    dice[0], dice[1] = new  # the first brown and the first wishing stone, in position order
    assert events[0] == {
        "type": "reroll",
        "seat": 0,
        "rerolled": [0, 1],
        "kept": ["g", "b", "w"],
        "before": ["b", "w"],
        "new": list(new),
        "dice": dice,
    }
    assert m.view(None)["dice"] == dice and m.view(None)["phase"] == "move"
    assert not any(k.startswith(("reroll", "stop")) for k in keys(m, 0))
    with pytest.raises(IllegalAction):
        act(m, 0, "reroll:g")


def test_D4_two_or_more_wishing_stones_take_exactly_one_chip():
    m = position(dice="wwwbg", phase="reroll")
    events = act(m, 0, "stop")
    assert events == [
        {"type": "stop", "seat": 0, "dice": list("wwwbg")},
        {"type": "chip", "seat": 0, "source": "dice", "taken": True},
    ]
    assert m.view(None)["chips"] == [1, 0] and m.view(None)["supply"] == 39
    m = position(dice="wbbgu", phase="reroll")
    assert [e["type"] for e in act(m, 0, "stop")] == ["stop"]
    assert m.view(None)["chips"] == [0, 0]


def test_D4_move_exactly_as_many_fields_as_dice_of_that_colour():
    m = position(stones={0: {"b": 3}}, dice="bbbyw")
    assert keys(m, 0) == {"move:b", "move:y", "pass"}
    events = act(m, 0, "move:b")
    assert events == [
        {"type": "move", "seat": 0, "colour": "b", "from": 3, "to": 6, "dice": 3, "lost": 0},
        {"type": "turn", "seat": 1},
    ]
    assert m.view(None)["stones"] == [{"b": 6}, {}]


def test_D4_new_stone_from_supply_two_dice_put_it_on_field_2():
    m = position(stones={0: {"b": 3}}, dice="ppggw")
    events = act(m, 0, "move:p")
    assert events[0] == {
        "type": "move",
        "seat": 0,
        "colour": "p",
        "from": 0,
        "to": 2,
        "dice": 2,
        "lost": 0,
    }
    assert m.view(None)["stones"][0] == {"b": 3, "p": 2}


def test_D4_one_stone_per_row_at_most_four_rows():
    m = position(stones={0: {"b": 1, "y": 1, "p": 1, "g": 1}}, dice="uuubb")
    assert keys(m, 0) == {"move:b", "pass"}
    with pytest.raises(IllegalAction):
        act(m, 0, "move:u")


def test_D4_stones_of_different_players_share_a_field():
    m = position(stones={1: {"b": 4}}, dice="bbbbw")
    act(m, 0, "move:b")
    assert m.view(None)["stones"] == [{"b": 4}, {"b": 4}]


def test_D4_overshoot_stops_on_field_9_and_surplus_is_lost():
    # "may not move fewer" forbids choosing a shorter move, not a move past 9
    m = position(stones={0: {"g": 7}}, dice="ggggw", side="B")
    assert keys(m, 0) == {"move:g", "pass"}
    events = act(m, 0, "move:g")
    assert events[0] == {
        "type": "move",
        "seat": 0,
        "colour": "g",
        "from": 7,
        "to": 9,
        "dice": 4,
        "lost": 2,
    }
    assert m.view(None)["stones"][0] == {"g": 9}


def test_D4_the_view_previews_where_each_offered_move_stops():
    m = position(stones={0: {"g": 7, "b": 3}}, dice="ggggb", side="B")
    assert m.view(None)["moves"] == {
        "b": {"from": 3, "to": 4, "symbol": None},
        "g": {"from": 7, "to": 9, "symbol": None},  # the surplus past field 9 is lost
    }
    assert set(m.view(None)["moves"]) == {k.split(":")[1] for k in keys(m, 0) if ":" in k}
    m = position(stones={0: {"b": 3, "u": 9}}, dice="bbyww")
    act(m, 0, "move:b")  # onto a clover: the clover's steps are previewed too
    moves = m.view(None)["moves"]
    assert moves["b"] == {"from": 5, "to": 6, "symbol": moves["b"]["symbol"]}
    assert moves["y"]["from"] == 0 and moves["y"]["to"] == 1 and "u" not in moves
    assert position(dice="").view(None)["moves"] == {}
    # before the reroll decision: the moves the dice give if they are all kept
    m = position(stones={0: {"g": 7, "b": 3}}, dice="ggggb", side="B", phase="reroll")
    kept = m.view(None)["moves"]
    act(m, 0, "stop")
    assert kept == m.view(None)["moves"]


def test_D4_a_stone_on_field_9_stays_there_and_is_not_offered():
    m = position(stones={0: {"g": 9}}, dice="ggbbw")
    assert keys(m, 0) == {"move:b", "pass"}
    with pytest.raises(IllegalAction):
        act(m, 0, "move:g")


def test_D4_side_B_move_ending_on_forbidden_field_refused_longer_move_allowed():
    m = position(side="B", stones={0: {"b": 1}}, dice="bbyyw")
    assert keys(m, 0) == {"move:y", "pass"}  # brown 1 -> 3 is forbidden
    with pytest.raises(IllegalAction):
        act(m, 0, "move:b")
    m = position(side="B", stones={0: {"b": 1}}, dice="bbbyw")
    assert "move:b" in keys(m, 0)  # 1 -> 4 passes over the forbidden 3
    act(m, 0, "move:b")
    assert m.view(None)["stones"][0] == {"b": 4}
    # the same move on side A is fine
    assert "move:b" in keys(position(side="A", stones={0: {"b": 1}}, dice="bbyyw"), 0)


def test_D4_side_B_new_stone_may_not_start_on_a_forbidden_field():
    assert keys(position(side="B", dice="ppggw"), 0) == {"move:g", "pass"}  # pink 2
    assert keys(position(side="B", dice="pppgw"), 0) == {"move:p", "move:g", "pass"}


def test_D4_pass_is_always_allowed_and_alone_when_nothing_can_move():
    m = position(stones={0: {"b": 3}}, dice="bbyyw")
    assert "pass" in keys(m, 0)
    m = position(dice="wwwww")
    assert keys(m, 0) == {"pass"}
    assert act(m, 0, "pass") == [{"type": "pass", "seat": 0}, {"type": "turn", "seat": 1}]


def test_D4_clover_offers_any_stone_one_forward_or_a_new_stone_on_field_1():
    m = position(stones={0: {"b": 3, "u": 9}, 1: {"y": 4}}, dice="bbyww")
    events = act(m, 0, "move:b")
    assert events == [
        {"type": "move", "seat": 0, "colour": "b", "from": 3, "to": 5, "dice": 2, "lost": 0},
        {"type": "symbol", "seat": 0, "colour": "b", "field": 5, "symbol": "clover"},
    ]
    assert m.to_act() == (0,) and m.view(None)["phase"] == "clover"
    assert m.view(None)["clover_for"] == "b"
    assert keys(m, 0) == {"clover:b", "clover_new:y", "clover_new:p", "clover_new:g", "skip"}
    events = act(m, 0, "clover_new:g")
    assert events == [
        {"type": "clover", "seat": 0, "colour": "g", "from": 0, "to": 1},
        {"type": "turn", "seat": 1},
    ]
    assert m.view(None)["stones"][0] == {"b": 5, "g": 1, "u": 9}


def test_D4_clover_may_be_skipped():
    m = position(stones={0: {"b": 3}}, dice="bbyww")
    act(m, 0, "move:b")
    assert act(m, 0, "skip") == [{"type": "clover_skip", "seat": 0}, {"type": "turn", "seat": 1}]
    assert m.view(None)["stones"][0] == {"b": 5}


def test_D4_clover_new_stone_needs_a_stone_left_in_supply():
    m = position(stones={0: {"b": 3, "y": 1, "p": 1, "g": 1}}, dice="bbuww")
    act(m, 0, "move:b")
    assert keys(m, 0) == {"clover:b", "clover:y", "clover:p", "clover:g", "skip"}


def test_D4_clover_chain_onto_a_kobold_gives_an_extra_turn():
    m = position(stones={0: {"b": 3, "y": 1, "p": 4}}, dice="bbggw")
    act(m, 0, "move:b")  # brown 5: clover
    events = act(m, 0, "clover:y")  # yellow 2: clover again
    assert events == [
        {"type": "clover", "seat": 0, "colour": "y", "from": 1, "to": 2},
        {"type": "symbol", "seat": 0, "colour": "y", "field": 2, "symbol": "clover"},
    ]
    assert m.view(None)["clover_for"] == "y" and "clover:p" in keys(m, 0)
    events = act(m, 0, "clover:p")  # pink 5: kobold
    assert events == [
        {"type": "clover", "seat": 0, "colour": "p", "from": 4, "to": 5},
        {"type": "symbol", "seat": 0, "colour": "p", "field": 5, "symbol": "kobold"},
        {"type": "extra_turn", "seat": 0},
    ]
    assert m.to_act() == (0,) and keys(m, 0) == {"roll"}
    assert m.view(None)["stones"][0] == {"b": 5, "y": 2, "p": 5}
    act(m, 0, "roll")
    act(m, 0, "stop")
    assert act(m, 0, "pass")[-1] == {"type": "turn", "seat": 1}


def test_D4_clover_may_not_enter_a_forbidden_field():
    m = position(side="B", stones={0: {"b": 4, "g": 3}}, dice="byyww")
    act(m, 0, "move:b")  # brown 5: clover; brown 6 and green 4 are forbidden
    assert keys(m, 0) == {"clover_new:y", "clover_new:p", "clover_new:u", "skip"}


def test_D4_clover_without_any_target_is_spent():
    m = position(side="B", stones={0: {"g": 2, "b": 9, "y": 9, "p": 9}}, dice="gbbpw")
    events = act(m, 0, "move:g")  # green 3: clover, green 4 forbidden, others on 9
    assert events == [
        {"type": "move", "seat": 0, "colour": "g", "from": 2, "to": 3, "dice": 1, "lost": 0},
        {"type": "symbol", "seat": 0, "colour": "g", "field": 3, "symbol": "clover"},
        {"type": "clover_unused", "seat": 0},
        {"type": "turn", "seat": 1},
    ]


def test_D4_wishing_stone_field_takes_a_chip():
    m = position(stones={0: {"u": 4}}, dice="uuwbb", supply=10)
    events = act(m, 0, "move:u")
    assert events[1:] == [
        {"type": "symbol", "seat": 0, "colour": "u", "field": 6, "symbol": "wish"},
        {"type": "chip", "seat": 0, "source": "field", "taken": True},
        {"type": "turn", "seat": 1},
    ]
    assert m.view(None)["chips"] == [1, 0] and m.view(None)["supply"] == 9


def test_D4_kobold_the_same_player_takes_another_whole_turn():
    m = position(3, stones={2: {"y": 3}}, dice="yyypb", current=2)
    events = act(m, 2, "move:y")
    assert events[1:] == [
        {"type": "symbol", "seat": 2, "colour": "y", "field": 6, "symbol": "kobold"},
        {"type": "extra_turn", "seat": 2},
    ]
    assert m.to_act() == (2,) and m.view(None)["phase"] == "roll"


def test_D4_symbol_works_only_for_the_stone_that_stopped_on_it():
    # passing over brown 5 (clover) does nothing; a stone standing on a kobold
    # (the other player's brown 8) gives nothing to anybody
    m = position(stones={0: {"b": 4}, 1: {"b": 8}}, dice="bbyyw")
    events = act(m, 0, "move:b")
    assert events == [
        {"type": "move", "seat": 0, "colour": "b", "from": 4, "to": 6, "dice": 2, "lost": 0},
        {"type": "turn", "seat": 1},
    ]


# -- D-5 end of the game -----------------------------------------------------------------


GOAL_SETUPS = {  # players: stones of the other seats, threshold - 2 goal stones among them
    2: {1: {"b": 9, "y": 9, "p": 9}},
    3: {1: {"b": 9, "y": 9, "p": 9}, 2: {"b": 7, "y": 7}},
    4: {1: {"b": 9, "y": 9, "p": 9}, 2: {"b": 7, "y": 7}, 3: {"b": 8}},
}


@pytest.mark.parametrize("players,target", [(2, 5), (3, 7), (4, 8)])
def test_D5_game_ends_at_once_when_goal_stones_reach_5_7_8(players, target):
    stones = {**GOAL_SETUPS[players], 0: {"g": 8, "u": 5}}
    m = position(players, stones=stones, dice="uuyyw")
    assert m.view(None)["goal_stones"] == target - 1
    assert m.view(None)["goal_stones_to_end"] == target
    events = act(m, 0, "move:u")
    assert events[1]["type"] == "game_end" and events[1]["reason"] == "goal_stones"
    assert events[-1] == {"type": "over"}
    assert m.to_act() == () and m.outcome()["reason"] == "goal_stones"
    # one goal stone fewer: the game goes on
    stones[0] = {"g": 6, "u": 5}
    m = position(players, stones=stones, dice="uuyyw")
    assert act(m, 0, "move:u")[-1] == {"type": "turn", "seat": 1}
    assert m.outcome() is None


def test_D5_game_ends_when_one_player_has_all_four_stones_in_goal():
    m = position(3, stones={0: {"b": 9, "y": 9, "p": 9, "u": 5}}, dice="uuuyw")
    events = act(m, 0, "move:u")
    assert events[1]["reason"] == "four_in_goal"
    assert m.outcome()["reason"] == "four_in_goal" and m.to_act() == ()
    # three stones in goal and one outside: the game goes on
    m = position(3, stones={0: {"b": 9, "y": 9, "p": 9, "u": 2}}, dice="uuuyw")
    act(m, 0, "move:u")
    assert m.outcome() is None


def test_D5_game_ending_move_onto_a_kobold_gets_no_symbol_chip_from_dice_stays():
    m = position(
        stones={1: {"y": 9, "p": 9, "u": 9}, 0: {"g": 8, "b": 6}}, dice="bbwwy", phase="reroll"
    )
    act(m, 0, "stop")
    events = act(m, 0, "move:b")  # brown 8 is a kobold and the fifth goal stone
    assert events == [
        {"type": "move", "seat": 0, "colour": "b", "from": 6, "to": 8, "dice": 2, "lost": 0},
        {
            "type": "game_end",
            "game": 1,
            "side": "A",
            "reason": "goal_stones",
            "scores": [7 + 7 - 4, 30 - 10],
        },
        {"type": "over"},
    ]
    assert m.to_act() == ()
    assert m.outcome()["breakdown"][0]["games"][0]["chips"] == 1


def test_D5_clover_step_that_ends_the_game_gets_no_symbol():
    m = position(stones={0: {"b": 3, "g": 6, "y": 8}, 1: {"y": 9, "p": 9, "u": 9}}, dice="bbyyw")
    assert m.view(None)["goal_stones"] == 4
    act(m, 0, "move:b")
    events = act(m, 0, "clover:g")  # green 7 is a kobold and the fifth goal stone
    assert [e["type"] for e in events] == ["clover", "game_end", "over"]
    assert m.to_act() == ()


def test_D5_D6_seed_example_white_ends_the_game_20_19_14_17():
    m = position(
        4,
        stones={
            0: {"b": 5, "y": 9, "p": 4},  # white
            1: {"b": 7, "g": 7, "u": 7},  # black
            2: {"b": 8, "y": 5, "p": 8},  # grey
            3: {"b": 9, "y": 2, "p": 5, "g": 5},  # brown
        },
        chips={0: 5, 1: 4, 2: 3, 3: 7},
        dice="pppbw",
    )
    assert m.view(None)["goal_stones"] == 7
    act(m, 0, "move:p")  # white's pink stone enters the goal area: eighth stone
    out = m.outcome()
    assert out["scores"] == [20, 19, 14, 17]
    assert out["winners"] == [0] and out["reason"] == "goal_stones"
    assert out["breakdown"][0] == {
        "games": [
            {
                "side": "A",
                "stones": {"b": 5, "y": 9, "p": 7},
                "rows": {"b": 2, "y": 10, "p": 6},
                "chips": 5,
                "chip_points": 2,
                "total": 20,
            }
        ],
        "total": 20,
    }


# -- D-6 scoring ---------------------------------------------------------------------------


def test_D6_ties_share_the_victory():
    m = position(
        stones={0: {"y": 9, "u": 6}, 1: {"y": 9, "p": 9, "u": 7}}, chips={0: 1}, dice="uuuyy"
    )
    act(m, 0, "move:u")
    out = m.outcome()
    assert out["scores"] == [16, 16] and out["winners"] == [0, 1]


def test_D6_concession_ranks_the_others_by_their_standing_now():
    m = position(3, stones={0: {"b": 9}, 1: {"b": 1}, 2: {"b": 4}}, chips={0: 9})
    m.concede(0, m.seq)
    out = m.outcome()
    assert out["scores"] == [20, -14, -9]
    assert out["winners"] == [2] and out["reason"] == "concede"


def test_D3_D5_D6_both_sides_two_games_totals_added():
    m = position(
        2,
        side="both",
        stones={0: {"g": 8, "u": 5}, 1: {"b": 9, "y": 9, "p": 9}},
        chips={0: 2, 1: 4},
        dice="uuyyw",
        current=0,
    )
    events = act(m, 0, "move:u")
    assert events[1:] == [
        {
            "type": "game_end",
            "game": 1,
            "side": "A",
            "reason": "goal_stones",
            "scores": [7 + 6 - 3, 30 + 1],
        },
        {"type": "game_start", "game": 2, "side": "B", "seat": 1},
    ]
    assert m.outcome() is None and m.to_act() == (1,)
    view = m.view(None)
    assert view["side"] == "B" and view["game_no"] == 2
    assert view["stones"] == [{}, {}] and view["chips"] == [0, 0] and view["supply"] == 40
    assert view["finished_games"] == [{"side": "A", "reason": "goal_stones", "scores": [10, 31]}]
    assert view["scores"] == [10 - 10, 31 - 10]  # game B as it stands: no chips yet
    # game B: side B rules apply (pink 2 is forbidden)
    m.state.dice, m.state.phase = list("ppggw"), "move"
    assert keys(m, 1) == {"move:g", "pass"}
    m.state.stones = [{"b": 9, "y": 9, "p": 9}, {"g": 8, "u": 4}]
    m.state.chips = [9, 0]
    m.state.dice = list("uuuyw")
    events = act(m, 1, "move:u")
    assert events[-2]["side"] == "B" and events[-1] == {"type": "over"}
    out = m.outcome()
    assert out["scores"] == [10 + 40, 31 + 3]
    assert out["winners"] == [0]
    assert out["games"] == [
        {"side": "A", "reason": "goal_stones"},
        {"side": "B", "reason": "goal_stones"},
    ]
    assert [g["side"] for g in out["breakdown"][1]["games"]] == ["A", "B"]
    assert out["breakdown"][1]["games"][1]["stones"] == {"g": 8, "u": 7}
    assert out["breakdown"][1]["total"] == 34


def test_D6_concession_during_game_A_of_both_counts_game_A_only():
    m = position(2, side="both", stones={0: {"b": 9}}, chips={0: 9, 1: 9})
    m.concede(1, m.seq)
    out = m.outcome()
    assert out["scores"] == [20, 10] and out["winners"] == [0]
    assert len(out["breakdown"][0]["games"]) == 1


# -- D-7 information -------------------------------------------------------------------


def test_D7_everything_public_every_seat_sees_the_same_and_no_generator_state():
    m = Match.new("keltis_dice", 3, "public")
    seat = m.to_act()[0]
    act(m, seat, "roll")
    views = [m.view(s) for s in (None, 0, 1, 2)]
    for v in views:
        v.pop("seat")
    assert all(v == views[0] for v in views)
    # the future dice live only in the match's generator: no view shows them
    text = json.dumps(views[0])
    assert str(m.rng.state) not in text and "rng" not in text
    twin = Match.from_record(m.to_record())
    twin.rng = Rng(12345)
    assert twin.view(0) == m.view(0)
    before = m.game.dump(m.state)
    m.game.redeal_hidden(m.state, 0, Rng(1))
    assert m.game.dump(m.state) == before
