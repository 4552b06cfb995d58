"""C-3 one-off effects (each resolved through an uncountered window, C-4)."""

import pytest

from games.cuttle.tests.engine.helpers import act, hand, keys, position
from rules import IllegalAction


def one_off(m, seat, key):
    """Play a one-off and let it resolve (the opponent declines the window)."""
    act(m, seat, key)
    assert m.to_act() == (1 - seat,) and keys(m, 1 - seat) >= {"resolve"}
    return act(m, 1 - seat, "resolve")


# -- A ---------------------------------------------------------------------------


def test_C3_ace_scraps_every_point_card_with_jacks_on_the_table():
    m = position(
        hands={0: ["ac"], 1: ["5d"]},
        stacks=[("10h", 0, []), ("7s", 1, ["jc"]), ("9d", 1, ["jh", "js"])],
        perms={0: ["kc"], 1: ["qd", "8s"]},
    )
    events = one_off(m, 0, "oneoff:ac")
    assert events[1] == {
        "type": "effect",
        "seat": 0,
        "card": "ac",
        "scrapped": ["10h", "7s", "jc", "9d", "jh", "js"],
    }
    v = m.view(None)
    assert v["stacks"] == []
    assert v["scrap"] == ["ac", "10h", "7s", "jc", "9d", "jh", "js"]
    # permanents stay
    assert v["players"][0]["permanents"] == ["kc"] and v["players"][1]["permanents"] == ["qd", "8s"]
    assert [p["points"] for p in v["players"]] == [0, 0]
    assert m.to_act() == (1,)


def test_C3_ace_is_playable_on_an_empty_table():
    m = position(hands={0: ["ac"], 1: ["5d"]})
    assert "oneoff:ac" in keys(m, 0)


# -- 2 -------------------------------------------------------------------------------


def test_C3_two_on_your_turn_scraps_a_permanent_of_either_player():
    m = position(
        hands={0: ["2d"], 1: ["5d"]},
        stacks=[("7s", 1, ["jc"]), ("9h", 0, ["jd"])],
        perms={0: ["kc"], 1: ["8s", "kd"]},
    )
    assert {k for k in keys(m, 0) if k.startswith("oneoff")} == {
        "oneoff:2d:kc",
        "oneoff:2d:8s",
        "oneoff:2d:kd",
        "oneoff:2d:jc",
        "oneoff:2d:jd",
    }
    events = one_off(m, 0, "oneoff:2d:8s")
    assert events[1] == {"type": "effect", "seat": 0, "card": "2d", "target": "8s"}
    v = m.view(None)
    assert v["players"][1]["permanents"] == ["kd"] and not v["players"][1]["glasses"]
    assert v["scrap"] == ["2d", "8s"]


def test_C3_two_needs_a_target():
    m = position(hands={0: ["2d"], 1: ["5d"]}, stacks=[("7s", 1, [])])
    assert {k for k in keys(m, 0) if "2d" in k} == {"points:2d"}
    with pytest.raises(IllegalAction):
        act(m, 0, "oneoff:2d")


def test_C3_two_on_a_jack_gives_the_card_back():
    m = position(hands={0: ["2d"], 1: ["5d"]}, stacks=[("9h", 0, ["jc"])])
    assert m.view(None)["players"][1]["points"] == 9
    one_off(m, 0, "oneoff:2d:jc")
    v = m.view(None)
    assert v["stacks"] == [{"card": "9h", "owner": 0, "controller": 0, "jacks": []}]
    assert [p["points"] for p in v["players"]] == [9, 0] and v["scrap"] == ["2d", "jc"]


# -- 3 -------------------------------------------------------------------------------


def test_C3_three_with_only_itself_in_the_scrap_is_not_playable():
    m = position(hands={0: ["3c"], 1: ["5d"]}, scrap=[])
    assert {k for k in keys(m, 0) if "3c" in k} == {"points:3c"}
    with pytest.raises(IllegalAction):
        act(m, 0, "oneoff:3c")


def test_C3_three_takes_any_card_of_the_scrap_but_itself():
    m = position(hands={0: ["3c"], 1: ["5d"]}, scrap=["9d", "ks"])
    one_off(m, 0, "oneoff:3c")
    assert m.to_act() == (0,) and m.view(None)["phase"] == "take"
    assert keys(m, 0) == {"take:9d", "take:ks"}
    with pytest.raises(IllegalAction):
        act(m, 0, "take:3c")
    assert act(m, 0, "take:ks") == [{"type": "take", "seat": 0, "card": "ks"}]
    assert hand(m, 0) == ["ks"] and m.view(None)["scrap"] == ["9d", "3c"]
    assert m.to_act() == (1,)


def test_C3_resolution_a_three_may_take_a_two_scrapped_by_the_chain():
    m = position(hands={0: ["3c", "2h"], 1: ["2d"]}, scrap=["9d"])
    act(m, 0, "oneoff:3c")
    act(m, 1, "counter:2d")
    act(m, 0, "counter:2h")
    act(m, 1, "resolve")
    assert keys(m, 0) == {"take:9d", "take:2d", "take:2h"}
    assert act(m, 0, "take:2d") == [{"type": "take", "seat": 0, "card": "2d"}]
    assert hand(m, 0) == ["2d"] and m.view(None)["scrap"] == ["9d", "3c", "2h"]
    assert m.to_act() == (1,)


# -- 4 -------------------------------------------------------------------------------


def test_C3_four_the_victim_chooses_two_cards_one_at_a_time():
    m = position(hands={0: ["4c"], 1: ["9d", "qs", "3h", "2s"]})
    events = one_off(m, 0, "oneoff:4c")
    assert events == [{"type": "resolve", "seat": 1}, {"type": "effect", "seat": 0, "card": "4c"}]
    assert m.to_act() == (1,) and m.view(None)["phase"] == "discard"
    assert m.view(None)["discards_owed"] == 2
    assert keys(m, 1) == {"discard:2s", "discard:3h", "discard:9d", "discard:qs"}
    assert m.legal(0) == []
    act(m, 1, "discard:qs")
    assert m.to_act() == (1,) and keys(m, 1) == {"discard:2s", "discard:3h", "discard:9d"}
    act(m, 1, "discard:2s")
    assert hand(m, 1) == ["3h", "9d"] and m.view(None)["scrap"] == ["4c", "qs", "2s"]
    assert m.to_act() == (1,) and m.view(None)["phase"] == "main"


def test_C3_four_against_a_one_card_hand():
    m = position(hands={0: ["4c"], 1: ["9d"]})
    events = one_off(m, 0, "oneoff:4c")
    assert events == [
        {"type": "resolve", "seat": 1},
        {"type": "effect", "seat": 0, "card": "4c"},
        {"type": "discard", "seat": 1, "card": "9d"},
    ]
    assert hand(m, 1) == [] and m.to_act() == (1,) and m.view(None)["phase"] == "main"


def test_C3_four_against_a_two_card_hand_discards_both_at_once():
    m = position(hands={0: ["4c"], 1: ["9d", "3s"]})
    events = one_off(m, 0, "oneoff:4c")
    assert [e["card"] for e in events if e["type"] == "discard"] == ["3s", "9d"]
    assert m.to_act() == (1,) and hand(m, 1) == []


def test_C3_four_not_playable_against_an_empty_hand():
    m = position(hands={0: ["4c"], 1: []})
    assert {k for k in keys(m, 0) if "4c" in k} == {"points:4c"}


def test_C3_resolution_a_four_against_a_hand_the_chain_emptied_does_nothing():
    m = position(hands={0: ["4c", "2h", "5s"], 1: ["2d"]})
    act(m, 0, "oneoff:4c")
    act(m, 1, "counter:2d")
    act(m, 0, "counter:2h")
    events = act(m, 1, "resolve")
    assert events == [{"type": "resolve", "seat": 1}, {"type": "effect", "seat": 0, "card": "4c"}]
    v = m.view(None)
    assert v["scrap"] == ["4c", "2d", "2h"] and v["discards_owed"] == 0
    assert hand(m, 0) == ["5s"] and hand(m, 1) == []
    assert m.to_act() == (1,) and v["phase"] == "main" and keys(m, 1) == {"draw"}


# -- 5 -------------------------------------------------------------------------------


def test_C3_five_draws_two():
    m = position(hands={0: ["5c"], 1: ["9d"]}, deck=["7h", "ks", "ad"])
    events = one_off(m, 0, "oneoff:5c")
    assert events[1] == {"type": "effect", "seat": 0, "card": "5c", "drawn": 2}
    assert hand(m, 0) == ["7h", "ks"] and m.view(None)["deck"] == 1


def test_C3_five_with_one_card_left_in_the_deck():
    m = position(hands={0: ["5c"], 1: ["9d"]}, deck=["7h"])
    events = one_off(m, 0, "oneoff:5c")
    assert events[1]["drawn"] == 1
    assert hand(m, 0) == ["7h"] and m.view(None)["deck"] == 0
    assert keys(m, 1) == {"pass", "points:9d"}


def test_C3_five_not_playable_with_an_empty_deck():
    m = position(hands={0: ["5c"], 1: ["9d"]}, deck=[])
    assert "oneoff:5c" not in keys(m, 0)


# -- 6 -------------------------------------------------------------------------------


def test_C3_six_scraps_every_permanent_and_returns_stolen_points():
    m = position(
        hands={0: ["6c"], 1: ["9d"]},
        stacks=[("10h", 0, ["jc"]), ("7s", 1, ["jd", "js"]), ("4d", 1, ["jh"])],
        perms={0: ["8c"], 1: ["kd", "ks", "qh"]},
    )
    v = m.view(None)["players"]
    assert [p["points"] for p in v] == [4, 17] and v[1]["target"] == 10
    events = one_off(m, 0, "oneoff:6c")
    assert events[1] == {
        "type": "effect",
        "seat": 0,
        "card": "6c",
        "scrapped": ["8c", "kd", "ks", "qh", "jc", "jd", "js", "jh"],
    }
    v = m.view(None)
    assert [p["points"] for p in v["players"]] == [10, 11]
    assert [p["target"] for p in v["players"]] == [21, 21]
    assert [st["controller"] for st in v["stacks"]] == [0, 1, 1]
    assert all(st["jacks"] == [] for st in v["stacks"])
    assert v["players"][0]["permanents"] == [] and v["players"][1]["permanents"] == []


# -- 7 -------------------------------------------------------------------------------


def test_C3_seven_reveals_the_top_card_which_must_be_played_at_once():
    m = position(
        hands={0: ["7c", "kh"], 1: ["9d"]},
        deck=["9h", "ad"],
        stacks=[("8s", 1, [])],
        perms={1: ["qd"]},
    )
    events = one_off(m, 0, "oneoff:7c")
    assert events[1] == {"type": "effect", "seat": 0, "card": "7c", "revealed": "9h"}
    assert m.to_act() == (0,) and m.view(None)["phase"] == "seven"
    # only ways to use the 9h: no draw, no other card of the hand
    assert keys(m, 0) == {"points:9h", "scuttle:9h:8s", "oneoff:9h:qd"}
    assert hand(m, 0) == ["kh"] and m.view(None)["deck"] == 1
    events = act(m, 0, "scuttle:9h:8s")
    assert events == [
        {
            "type": "scuttle",
            "seat": 0,
            "card": "9h",
            "target": "8s",
            "jacks": [],
            "from_seven": True,
        }
    ]
    v = m.view(None)
    assert v["revealed"] is None and v["scrap"] == ["7c", "8s", "9h"] and m.to_act() == (1,)


def test_C3_seven_revealing_a_card_with_no_legal_use_scraps_it():
    m = position(hands={0: ["7c"], 1: ["9d"]}, deck=["jh", "ad"], stacks=[("10h", 0, [])])
    events = one_off(m, 0, "oneoff:7c")
    assert events[1:] == [
        {"type": "effect", "seat": 0, "card": "7c", "revealed": "jh"},
        {"type": "no_use", "seat": 0, "card": "jh"},
    ]
    v = m.view(None)
    assert v["scrap"] == ["7c", "jh"] and v["revealed"] is None
    assert m.to_act() == (1,) and v["phase"] == "main"


def test_C3_seven_revealing_a_jack_against_a_queen_has_no_use():
    m = position(
        hands={0: ["7c"], 1: ["9d"]}, deck=["jh", "ad"], stacks=[("10s", 1, [])], perms={1: ["qd"]}
    )
    events = one_off(m, 0, "oneoff:7c")
    assert events[1:] == [
        {"type": "effect", "seat": 0, "card": "7c", "revealed": "jh"},
        {"type": "no_use", "seat": 0, "card": "jh"},
    ]
    v = m.view(None)
    assert v["scrap"] == ["7c", "jh"] and v["revealed"] is None and hand(m, 0) == []
    assert v["stacks"] == [{"card": "10s", "owner": 1, "controller": 1, "jacks": []}]
    assert m.to_act() == (1,) and v["phase"] == "main" and v["deck"] == 1


def test_C3_seven_revealing_a_one_off_that_is_then_countered():
    m = position(
        hands={0: ["7c"], 1: ["2h", "9d"]},
        deck=["ac", "5s"],
        stacks=[("10h", 1, []), ("4s", 0, [])],
    )
    one_off(m, 0, "oneoff:7c")
    assert "oneoff:ac" in keys(m, 0)
    assert act(m, 0, "oneoff:ac") == [
        {"type": "oneoff", "seat": 0, "card": "ac", "from_seven": True}
    ]
    assert m.to_act() == (1,) and keys(m, 1) == {"counter:2h", "resolve"}
    act(m, 1, "counter:2h")
    assert m.to_act() == (0,) and keys(m, 0) == {"resolve"}
    events = act(m, 0, "resolve")
    assert events == [
        {"type": "resolve", "seat": 0},
        {"type": "cancelled", "card": "ac", "counters": 1},
    ]
    v = m.view(None)
    assert [st["card"] for st in v["stacks"]] == ["10h", "4s"]
    assert v["scrap"] == ["7c", "ac", "2h"] and m.to_act() == (1,)


def test_C3_seven_revealing_a_seven_with_the_deck_now_empty():
    m = position(hands={0: ["7c"], 1: ["9d"]}, deck=["7s"])
    one_off(m, 0, "oneoff:7c")
    assert keys(m, 0) == {"points:7s"}


def test_C3_seven_not_playable_with_an_empty_deck():
    m = position(hands={0: ["7c"], 1: ["9d"]}, deck=[])
    assert keys(m, 0) == {"pass", "points:7c"}


# -- 9 -------------------------------------------------------------------------------


def test_C3_nine_on_a_jack_returns_it_to_its_player_and_the_card_to_its_controller():
    m = position(hands={0: ["9s"], 1: ["5d"]}, stacks=[("10h", 0, ["jc"])])
    events = one_off(m, 0, "oneoff:9s:jc")
    assert events[1] == {"type": "effect", "seat": 0, "card": "9s", "target": "jc", "to_hand": 1}
    assert hand(m, 1) == ["5d", "jc"]
    v = m.view(None)
    assert v["stacks"] == [{"card": "10h", "owner": 0, "controller": 0, "jacks": []}]
    assert [p["points"] for p in v["players"]] == [10, 0] and v["scrap"] == ["9s"]


def test_C3_nine_on_the_top_of_stacked_jacks_reverts_to_the_previous_jack():
    # seat 1's 10s, stolen by seat 0's jc, stolen back by seat 1's jd, again by seat 0's jh
    m = position(hands={0: ["5d"], 1: ["9s"]}, stacks=[("10s", 1, ["jc", "jd", "jh"])], current=1)
    assert m.view(None)["stacks"][0]["controller"] == 0
    # only the top jack may be named
    assert {k for k in keys(m, 1) if k.startswith("oneoff")} == {"oneoff:9s:jh"}
    one_off(m, 1, "oneoff:9s:jh")
    assert hand(m, 0) == ["5d", "jh"]
    assert m.view(None)["stacks"] == [
        {"card": "10s", "owner": 1, "controller": 1, "jacks": ["jc", "jd"]}
    ]


def test_C3_nine_on_a_king_or_glasses_returns_it_to_its_player():
    m = position(hands={0: ["9s"], 1: ["5d"]}, perms={0: ["kc"], 1: ["8d"]})
    one_off(m, 0, "oneoff:9s:8d")
    assert hand(m, 1) == ["5d", "8d"] and not m.view(None)["players"][1]["glasses"]
    m = position(hands={0: ["9s"], 1: ["5d"]}, perms={0: ["kc"], 1: ["8d"]})
    one_off(m, 0, "oneoff:9s:kc")
    assert hand(m, 0) == ["kc"] and m.view(None)["players"][0]["target"] == 21


def test_C3_seven_revealing_a_four_the_victim_decides_on_the_seven_s_turn():
    m = position(hands={0: ["7c"], 1: ["9d", "qs", "3h"]}, deck=["4s", "ad"])
    one_off(m, 0, "oneoff:7c")
    assert keys(m, 0) == {"points:4s", "oneoff:4s"}
    act(m, 0, "oneoff:4s")
    act(m, 1, "resolve")
    assert m.to_act() == (1,) and m.view(None)["current"] == 0
    act(m, 1, "discard:3h")
    act(m, 1, "discard:9d")
    assert hand(m, 1) == ["qs"] and m.to_act() == (1,) and m.view(None)["current"] == 1


def test_C3_seven_revealing_a_three_may_take_the_seven():
    m = position(hands={0: ["7c"], 1: ["9d"]}, deck=["3s", "ad"])
    one_off(m, 0, "oneoff:7c")
    act(m, 0, "oneoff:3s")
    act(m, 1, "resolve")
    assert keys(m, 0) == {"take:7c"}
