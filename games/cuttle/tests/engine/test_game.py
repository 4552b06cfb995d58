"""Scenario tests for the Cuttle engine: deal, turns, winning, information
(C-1, C-2, C-6, C-7). Effects, counters and permanents have their own files."""

import json

import pytest

from games.cuttle.tests.engine.helpers import act, hand, keys, position
from rules import BadOptions, IllegalAction, Match, NotYourDecision
from rules.core.rng import Rng
from tests.rules.playout import play_out

# -- C-1 deal -------------------------------------------------------------------


def test_C1_dealer_six_other_five_rest_is_the_deck_non_dealer_starts():
    m = Match.new("cuttle", 2, "deal", {"dealer": 1})
    s = m.state
    assert [len(h) for h in s.hands] == [5, 6]
    assert len(s.deck) == 41
    assert sorted(s.deck + s.hands[0] + s.hands[1]) == list(range(52))
    assert m.to_act() == (0,)
    view = m.view(None)
    assert view["players"][1]["dealer"] is True and view["players"][0]["dealer"] is False
    assert view["deck"] == 41 and view["scrap"] == [] and view["stacks"] == []


def test_C1_dealer_from_the_seeded_rng_two_players_only():
    dealers = {Match.new("cuttle", 2, f"seed-{i}").state.dealer for i in range(30)}
    assert dealers == {0, 1}
    a, b = Match.new("cuttle", 2, "same"), Match.new("cuttle", 2, "same")
    assert a.snapshot() == b.snapshot()
    assert a.to_act() == (1 - a.state.dealer,)
    assert len(a.state.hands[a.state.dealer]) == 6
    for players in (1, 3):
        with pytest.raises(BadOptions):
            Match.new("cuttle", players, "s")
    for bad in ({"dealer": 2}, {"dealer": "0"}, {"dealer": True}, {"hand_limit": 8}):
        with pytest.raises(BadOptions):
            Match.new("cuttle", 2, "s", bad)


def test_C1_no_hand_size_limit():
    m = position(
        hands={0: ["ac", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c", "10c", "jc"], 1: ["ad"]},
        deck=["ks", "qs"],
    )
    act(m, 0, "draw")
    assert len(hand(m, 0)) == 12


# -- C-2 a turn ------------------------------------------------------------------


def test_C2_exactly_one_action_then_the_other_player():
    m = position(
        hands={0: ["7h", "8c", "kd", "10s", "jc", "qh"], 1: ["4d"]},
        stacks=[("5c", 1, [])],
        deck=["9s"],
    )
    assert keys(m, 0) == {
        "draw",
        "points:7h",
        "points:8c",
        "points:10s",
        "scuttle:7h:5c",
        "scuttle:8c:5c",
        "scuttle:10s:5c",
        "oneoff:7h",
        "glasses:8c",
        "perm:kd",
        "perm:qh",
        "jack:jc:5c",
    }
    assert m.legal(1) == []
    with pytest.raises(NotYourDecision):
        act(m, 1, "points:4d")
    act(m, 0, "points:7h")
    assert m.to_act() == (1,)


def test_C2a_draw_takes_the_top_card_event_hides_it():
    m = position(hands={0: ["ac"], 1: ["ad"]}, deck=["9s", "3d"])
    events = act(m, 0, "draw")
    assert events == [
        {"type": "draw", "seat": 0, "left": 1},
        {"type": "drawn", "seat": 0, "cards": ["9s"], "only": [0]},
    ]
    assert hand(m, 0) == ["ac", "9s"] and m.view(None)["deck"] == 1
    assert m.view(1)["players"][0]["hand_size"] == 2 and "9s" not in json.dumps(m.view(1))


def test_C2a_pass_only_with_an_empty_deck():
    m = position(hands={0: ["ac"], 1: ["ad"]}, deck=["9s"])
    assert "draw" in keys(m, 0) and "pass" not in keys(m, 0)
    m = position(hands={0: ["ac"], 1: ["ad"]}, deck=[])
    assert "pass" in keys(m, 0) and "draw" not in keys(m, 0)
    with pytest.raises(IllegalAction):
        act(m, 0, "draw")


def test_C2a_three_passes_in_a_row_is_a_draw():
    m = position(hands={0: ["ac"], 1: ["ad"]}, deck=[], stacks=[("10h", 0, []), ("9h", 1, [])])
    assert act(m, 0, "pass") == [{"type": "pass", "seat": 0, "passes": 1}]
    act(m, 1, "pass")
    events = act(m, 0, "pass")
    assert events[-1] == {"type": "over", "reason": "passes", "winner": None}
    assert m.to_act() == ()
    out = m.outcome()
    assert out["winners"] == [] and out["reason"] == "passes" and out["scores"] == [10, 9]


def test_C2a_any_other_action_resets_the_passes():
    m = position(hands={0: ["ac", "2c"], 1: ["ad"]}, deck=[])
    act(m, 0, "pass")
    act(m, 1, "pass")
    act(m, 0, "points:ac")
    assert m.view(None)["passes"] == 0
    act(m, 1, "pass")
    act(m, 0, "pass")
    assert m.to_act() == (1,)
    act(m, 1, "pass")
    assert m.outcome()["reason"] == "passes"


def test_C2b_points_worth_their_rank_ace_one():
    m = position(hands={0: ["ac", "10d"], 1: ["2d"]}, stacks=[("5h", 0, [])])
    assert m.view(0)["point_values"] == {"ac": 1, "10d": 10}
    events = act(m, 0, "points:ac")
    assert events == [{"type": "points", "seat": 0, "card": "ac", "value": 1}]
    v = m.view(None)
    assert v["players"][0]["points"] == 6
    assert v["stacks"][-1] == {"card": "ac", "owner": 0, "controller": 0, "jacks": []}


def test_C2c_scuttle_by_rank():
    m = position(hands={0: ["9s", "6d"], 1: ["2d"]}, stacks=[("7h", 1, []), ("9h", 0, [])])
    assert {k for k in keys(m, 0) if k.startswith("scuttle")} == {"scuttle:9s:7h"}
    events = act(m, 0, "scuttle:9s:7h")
    assert events == [{"type": "scuttle", "seat": 0, "card": "9s", "target": "7h", "jacks": []}]
    v = m.view(None)
    assert v["stacks"] == [{"card": "9h", "owner": 0, "controller": 0, "jacks": []}]
    assert v["scrap"] == ["7h", "9s"] and v["players"][1]["points"] == 0


def test_C2c_scuttle_by_suit_on_equal_rank():
    m = position(hands={0: ["7s", "7c"], 1: ["2d"]}, stacks=[("7h", 1, [])])
    scuttles = {k for k in keys(m, 0) if k.startswith("scuttle")}
    assert scuttles == {"scuttle:7s:7h"}
    with pytest.raises(IllegalAction):
        act(m, 0, "scuttle:7c:7h")
    act(m, 0, "scuttle:7s:7h")
    assert m.view(None)["stacks"] == []


def test_C2c_scuttling_a_jacked_card_scraps_the_jacks_too():
    # seat 0 owns 7h but seat 1's jack stole it; seat 0 may scuttle it (seat 1 controls it)
    m = position(hands={0: ["8c"], 1: ["2d"]}, stacks=[("7h", 0, ["jc"]), ("5d", 1, ["jd"])])
    # the 5d is seat 1's, stolen by seat 0's jack: seat 0 controls it, no scuttle
    assert {k for k in keys(m, 0) if k.startswith("scuttle")} == {"scuttle:8c:7h"}
    events = act(m, 0, "scuttle:8c:7h")
    assert events[0]["jacks"] == ["jc"]
    v = m.view(None)
    assert v["scrap"] == ["7h", "jc", "8c"]
    assert v["stacks"] == [{"card": "5d", "owner": 1, "controller": 0, "jacks": ["jd"]}]


def test_C2c_only_point_cards_scuttle():
    m = position(hands={0: ["jh", "qh", "kh"], 1: ["2d"]}, stacks=[("ac", 1, [])])
    assert not {k for k in keys(m, 0) if k.startswith("scuttle")}


def test_C2d_one_off_goes_to_the_scrap_no_one_off_for_8_10_j_q_k():
    m = position(hands={0: ["8c", "10c", "jc", "qc", "kc", "6c"], 1: ["2d"]})
    assert {k for k in keys(m, 0) if k.startswith("oneoff")} == {"oneoff:6c"}
    events = act(m, 0, "oneoff:6c")
    assert events == [{"type": "oneoff", "seat": 0, "card": "6c"}]
    assert m.view(None)["scrap"] == ["6c"] and "6c" not in hand(m, 0)


def test_C2e_permanents_and_glasses_in_front_of_the_player():
    m = position(hands={0: ["kd", "qh", "8s"], 1: ["2d", "8d"]}, current=0)
    act(m, 0, "perm:kd")
    act(m, 1, "glasses:8d")
    act(m, 0, "perm:qh")
    act(m, 1, "draw")
    act(m, 0, "glasses:8s")
    v = m.view(None)
    assert v["players"][0]["permanents"] == ["kd", "qh", "8s"]
    assert v["players"][1]["permanents"] == ["8d"] and v["players"][1]["glasses"]
    assert v["players"][0]["points"] == 0


def test_C2e_a_card_may_be_used_in_any_way_its_rank_allows():
    m = position(hands={0: ["8s", "9d"], 1: ["2d"]}, stacks=[("3c", 1, [])], perms={1: ["kc"]})
    assert keys(m, 0) == {
        "draw",
        "points:8s",
        "glasses:8s",
        "scuttle:8s:3c",
        "points:9d",
        "scuttle:9d:3c",
        "oneoff:9d:kc",
    }


# -- C-6 winning ------------------------------------------------------------------


def test_C6_reaching_21_wins_at_once():
    m = position(hands={0: ["10s"], 1: ["2d"]}, stacks=[("10h", 0, []), ("ac", 0, [])])
    assert act(m, 0, "points:10s")[-1] == {"type": "over", "reason": "points", "winner": 0}
    out = m.outcome()
    assert out["winners"] == [0] and out["scores"] == [21, 0]
    assert out["breakdown"][0] == {
        "points": 21,
        "target": 21,
        "kings": 0,
        "point_cards": ["10h", "ac", "10s"],
        "reached": True,
    }
    assert m.to_act() == () and m.legal(0) == []


def test_C6_twenty_is_not_enough():
    m = position(hands={0: ["9s"], 1: ["2d"]}, stacks=[("10h", 0, []), ("ac", 0, [])])
    act(m, 0, "points:9s")
    assert m.outcome() is None and m.to_act() == (1,)


def test_C6_the_opponent_may_win_on_your_turn():
    # seat 0's 6 scraps seat 0's own jack: seat 1 gets its 10 back and reaches 14 with a king
    m = position(
        hands={0: ["6c"], 1: ["3d"]}, stacks=[("10h", 1, ["jc"]), ("4d", 1, [])], perms={1: ["ks"]}
    )
    act(m, 0, "oneoff:6c")
    act(m, 1, "resolve")
    # the 6 also scraps seat 1's king: 14 points against 21 is not a win
    assert m.outcome() is None
    m = position(
        hands={0: ["6c"], 1: ["3d"]}, stacks=[("10h", 1, ["jc"]), ("10d", 1, []), ("ad", 1, [])]
    )
    act(m, 0, "oneoff:6c")
    events = act(m, 1, "resolve")
    assert events[-1] == {"type": "over", "reason": "points", "winner": 1}
    assert m.outcome()["winners"] == [1]


def test_C6_both_reach_the_player_whose_turn_it_was_wins():
    # No legal action lifts both players at once (see the next test), so this
    # position is built: both stand over their targets when the turn ends.
    for current in (0, 1):
        m = position(
            hands={0: ["3c"], 1: ["3d"]},
            stacks=[("10h", 0, []), ("10s", 1, [])],
            perms={0: ["kc", "kd"], 1: ["ks", "kh"]},
            current=current,
        )
        events = act(m, current, "draw")
        assert events[-1] == {"type": "over", "reason": "points", "winner": current}
        assert m.outcome()["winners"] == [current]
        assert [b["reached"] for b in m.outcome()["breakdown"]] == [True, True]


def test_C6_both_reach_cannot_arise_in_play():
    # Control only moves between the players and only the player on turn lowers a
    # target (a King), so one action never lifts both: random games never end that way.
    for n in range(300):
        m = play_out("cuttle", 2, f"both-{n}", n)
        out = m.outcome()
        assert not all(b["reached"] for b in out["breakdown"]), f"seed both-{n}"


def test_C6_concede_the_other_player_wins_at_any_time():
    m = position(hands={0: ["ac"], 1: ["2d"]}, stacks=[("10h", 0, [])])
    act(m, 0, "oneoff:ac")
    assert m.to_act() == (1,)  # in the counter window
    events = m.concede(0, m.seq)
    assert events == [
        {"type": "concede", "seat": 0},
        {"type": "over", "reason": "concede", "winner": 1},
    ]
    out = m.outcome()
    assert out["winners"] == [1] and out["reason"] == "concede" and out["scores"] == [10, 0]
    assert m.to_act() == () and m.view(None)["conceded"] == 0


def test_C6_win_check_after_a_whole_counter_chain():
    # seat 0's 9 returns seat 1's jack from seat 0's 10h: seat 0 gets back to 21,
    # but only once the chain (2, 2) has resolved
    m = position(
        hands={0: ["9s", "2h"], 1: ["2c", "5d"]},
        stacks=[("10h", 0, ["jc"]), ("10d", 0, []), ("ac", 0, [])],
    )
    act(m, 0, "oneoff:9s:jc")
    act(m, 1, "counter:2c")
    assert m.outcome() is None
    act(m, 0, "counter:2h")
    assert m.outcome() is None and m.to_act() == (1,)
    events = act(m, 1, "resolve")
    assert events == [
        {"type": "resolve", "seat": 1},
        {"type": "effect", "seat": 0, "card": "9s", "target": "jc", "to_hand": 1},
        {"type": "over", "reason": "points", "winner": 0},
    ]
    assert m.outcome()["scores"] == [21, 0]
    assert hand(m, 1) == ["5d", "jc"]


def test_C6_a_cancelled_one_off_changes_nothing_and_play_goes_on():
    m = position(
        hands={0: ["9s"], 1: ["2c"]}, stacks=[("10h", 0, ["jc"]), ("10d", 0, []), ("ac", 0, [])]
    )
    act(m, 0, "oneoff:9s:jc")
    act(m, 1, "counter:2c")
    events = act(m, 0, "resolve")
    assert events == [
        {"type": "resolve", "seat": 0},
        {"type": "cancelled", "card": "9s", "counters": 1},
    ]
    assert m.outcome() is None and m.to_act() == (1,)
    assert m.view(None)["players"][0]["points"] == 11


# -- C-7 information ----------------------------------------------------------------


def test_C7_hands_and_deck_private_table_and_scrap_public():
    m = position(
        hands={0: ["ac", "5h"], 1: ["2d", "9c"]},
        scrap=["3s"],
        stacks=[("7h", 1, ["jc"])],
        perms={0: ["kd"]},
        deck=["4c", "4d"],
    )
    v0, v1, spec = m.view(0), m.view(1), m.view(None)
    assert v0["hand"] == ["ac", "5h"] and v1["hand"] == ["2d", "9c"]
    assert "hand" not in spec and "opponent_hand" not in v0 and "opponent_hand" not in v1
    for v in (v0, v1, spec):
        assert v["scrap"] == ["3s"] and v["deck"] == 2
        assert v["stacks"] == [{"card": "7h", "owner": 1, "controller": 0, "jacks": ["jc"]}]
        assert [p["hand_size"] for p in v["players"]] == [2, 2]
    assert "2d" not in json.dumps(v0) and "4c" not in json.dumps(v0) + json.dumps(spec)


def test_C7_redeal_hidden_keeps_what_a_seat_sees():
    m = position(hands={0: ["ac", "5h"], 1: ["2d", "9c", "4s"]}, deck=["4c", "4d", "6h"])
    twin = Match.from_record(m.to_record())
    twin.game.redeal_hidden(twin.state, 0, Rng(7))
    assert twin.view(0) == m.view(0) and twin.legal(0) == m.legal(0)
    assert sorted(twin.state.hands[1] + twin.state.deck) == sorted(m.state.hands[1] + m.state.deck)
    assert len(twin.state.hands[1]) == 3


def test_C7_a_four_s_discards_and_a_seven_s_card_are_public():
    m = position(hands={0: ["4c", "7c"], 1: ["9d", "qs", "3h"]}, deck=["5s", "ks"])
    act(m, 0, "oneoff:4c")
    act(m, 1, "resolve")
    assert act(m, 1, "discard:9d") == [{"type": "discard", "seat": 1, "card": "9d"}]
    act(m, 1, "discard:3h")
    assert m.view(None)["scrap"] == ["4c", "9d", "3h"]
    act(m, 1, "draw")
    act(m, 0, "oneoff:7c")
    events = act(m, 1, "resolve")
    assert events == [
        {"type": "resolve", "seat": 1},
        {"type": "effect", "seat": 0, "card": "7c", "revealed": "ks"},
    ]
    assert m.view(None)["revealed"] == "ks" and m.view(1)["revealed"] == "ks"
