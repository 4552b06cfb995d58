"""C-4 counters: the chain of 2s, the Queen rule, the window always offered."""

import json

import pytest

from games.cuttle.tests.engine.helpers import act, hand, keys, position
from rules import IllegalAction, NotYourDecision


def test_C4_the_window_is_always_offered_even_without_a_two():
    m = position(hands={0: ["6c"], 1: ["9d", "kh"]}, perms={1: ["kd"]})
    act(m, 0, "oneoff:6c")
    assert m.to_act() == (1,)
    assert keys(m, 1) == {"resolve"}
    assert m.legal(0) == []
    v = m.view(None)
    assert v["phase"] == "counter"
    assert v["pending"] == {"card": "6c", "target": None, "counters": [], "responder": 1}
    # nothing in the public view tells whether seat 1 holds a 2
    assert "9d" not in json.dumps(v) and "9d" not in json.dumps(m.view(0))


def test_C4_two_on_a_permanent_vs_two_as_a_counter():
    m = position(hands={0: ["6c", "2s"], 1: ["2d", "9d"]}, perms={0: ["kc"], 1: ["kd"]})
    # on your turn a 2 is a one-off against a permanent (or points)
    assert {k for k in keys(m, 0) if "2s" in k} == {"points:2s", "oneoff:2s:kc", "oneoff:2s:kd"}
    act(m, 0, "oneoff:6c")
    # on the opponent's turn it is a counter, and nothing else
    assert keys(m, 1) == {"counter:2d", "resolve"}
    with pytest.raises(IllegalAction):
        act(m, 1, "oneoff:2d:kc")
    assert act(m, 1, "counter:2d") == [{"type": "counter", "seat": 1, "card": "2d", "chain": 1}]
    assert m.to_act() == (0,) and keys(m, 0) == {"counter:2s", "resolve"}
    events = act(m, 0, "resolve")
    assert events == [
        {"type": "resolve", "seat": 0},
        {"type": "cancelled", "card": "6c", "counters": 1},
    ]
    v = m.view(None)
    assert v["players"][0]["permanents"] == ["kc"] and v["players"][1]["permanents"] == ["kd"]
    assert v["scrap"] == ["6c", "2d"] and hand(m, 1) == ["9d"] and m.to_act() == (1,)


def test_C4_a_chain_of_three_twos_cancels_the_one_off():
    m = position(
        hands={0: ["ac", "2c", "2h"], 1: ["2d", "2s", "5d"]}, stacks=[("10h", 1, []), ("3c", 0, [])]
    )
    act(m, 0, "oneoff:ac")
    act(m, 1, "counter:2s")
    assert m.to_act() == (0,) and keys(m, 0) == {"counter:2c", "counter:2h", "resolve"}
    act(m, 0, "counter:2c")
    assert m.to_act() == (1,) and keys(m, 1) == {"counter:2d", "resolve"}
    assert act(m, 1, "counter:2d") == [{"type": "counter", "seat": 1, "card": "2d", "chain": 3}]
    assert m.view(None)["pending"]["counters"] == ["2s", "2c", "2d"]
    assert m.to_act() == (0,) and keys(m, 0) == {"counter:2h", "resolve"}
    events = act(m, 0, "resolve")
    assert events[-1] == {"type": "cancelled", "card": "ac", "counters": 3}
    v = m.view(None)
    assert [st["card"] for st in v["stacks"]] == ["10h", "3c"]
    assert v["scrap"] == ["ac", "2s", "2c", "2d"] and hand(m, 0) == ["2h"]
    assert m.to_act() == (1,) and v["pending"] is None


def test_C4_a_chain_of_four_twos_resolves_the_one_off():
    m = position(
        hands={0: ["ac", "2c", "2h"], 1: ["2d", "2s", "5d"]}, stacks=[("10h", 1, []), ("3c", 0, [])]
    )
    act(m, 0, "oneoff:ac")
    act(m, 1, "counter:2s")
    act(m, 0, "counter:2c")
    act(m, 1, "counter:2d")
    act(m, 0, "counter:2h")
    assert keys(m, 1) == {"resolve"}
    events = act(m, 1, "resolve")
    assert events[1]["type"] == "effect" and m.view(None)["stacks"] == []


def test_C4_the_responder_alone_may_answer():
    m = position(hands={0: ["6c", "2s"], 1: ["2d"]})
    act(m, 0, "oneoff:6c")
    with pytest.raises(NotYourDecision):
        act(m, 0, "counter:2s")


def test_C4_queen_rule_no_window_against_a_queen_s_controller():
    m = position(hands={0: ["6c"], 1: ["2d", "9d"]}, perms={0: ["qc"], 1: ["kd"]})
    events = act(m, 0, "oneoff:6c")
    assert events == [
        {"type": "oneoff", "seat": 0, "card": "6c"},
        {"type": "no_counter", "seat": 1, "reason": "queen"},
        {"type": "effect", "seat": 0, "card": "6c", "scrapped": ["qc", "kd"]},
    ]
    assert m.to_act() == (1,) and m.view(None)["phase"] == "main"


def test_C4_queen_rule_a_counter_by_a_queen_s_controller_cannot_be_countered():
    m = position(hands={0: ["ac", "2c"], 1: ["2d"]}, stacks=[("10h", 1, [])], perms={1: ["qs"]})
    act(m, 0, "oneoff:ac")
    assert m.to_act() == (1,)
    events = act(m, 1, "counter:2d")
    assert events == [
        {"type": "counter", "seat": 1, "card": "2d", "chain": 1},
        {"type": "no_counter", "seat": 0, "reason": "queen"},
        {"type": "cancelled", "card": "ac", "counters": 1},
    ]
    assert hand(m, 0) == ["2c"] and m.to_act() == (1,)


def test_C4_the_responder_s_own_queen_does_not_stop_the_window():
    m = position(hands={0: ["ac"], 1: ["5d"]}, perms={1: ["qs"]})
    act(m, 0, "oneoff:ac")
    assert m.to_act() == (1,) and keys(m, 1) == {"resolve"}
