"""C-5 permanents: jacks, queens, kings, glasses."""

import json

import pytest

from games.cuttle.tests.engine.helpers import act, hand, keys, position
from rules import IllegalAction, Match
from rules.core.rng import Rng

# -- C-5 permanents ---------------------------------------------------------------


def test_C5_a_permanent_leaving_the_table_goes_to_the_scrap_or_to_hand_by_a_nine():
    m = position(hands={0: ["2c", "9c"], 1: ["5d", "3h"]}, perms={1: ["kd", "ks"]})
    act(m, 0, "oneoff:2c:kd")
    act(m, 1, "resolve")
    assert m.view(None)["scrap"] == ["2c", "kd"] and m.view(None)["players"][1]["permanents"] == [
        "ks"
    ]
    act(m, 1, "draw")
    act(m, 0, "oneoff:9c:ks")
    act(m, 1, "resolve")
    assert m.view(None)["players"][1]["permanents"] == []
    assert "ks" in hand(m, 1) and m.view(None)["scrap"] == ["2c", "kd", "9c"]


# -- C-5a jacks ---------------------------------------------------------------------


def test_C5a_jack_takes_control_of_an_opponent_s_point_card():
    m = position(hands={0: ["jh"], 1: ["5d"]}, stacks=[("9c", 1, []), ("4s", 0, [])])
    assert {k for k in keys(m, 0) if k.startswith("jack")} == {"jack:jh:9c"}
    events = act(m, 0, "jack:jh:9c")
    assert events == [{"type": "jack", "seat": 0, "card": "jh", "target": "9c"}]
    v = m.view(None)
    assert v["stacks"][0] == {"card": "9c", "owner": 1, "controller": 0, "jacks": ["jh"]}
    assert [p["points"] for p in v["players"]] == [13, 0]


def test_C5a_jacks_stack_and_control_reverts_when_one_leaves():
    m = position(hands={0: ["jh", "2c", "5c"], 1: ["jd", "9s"]}, stacks=[("9c", 1, [])])
    act(m, 0, "jack:jh:9c")
    assert "jack:jd:9c" in keys(m, 1)
    act(m, 1, "jack:jd:9c")
    v = m.view(None)
    assert v["stacks"][0] == {"card": "9c", "owner": 1, "controller": 1, "jacks": ["jh", "jd"]}
    # the buried jh is not a target, the top jd is
    assert {k for k in keys(m, 0) if k.startswith("oneoff:2c")} == {"oneoff:2c:jd"}
    act(m, 0, "oneoff:2c:jd")
    act(m, 1, "resolve")
    v = m.view(None)
    assert v["stacks"][0] == {"card": "9c", "owner": 1, "controller": 0, "jacks": ["jh"]}
    assert [p["points"] for p in v["players"]] == [9, 0]
    # and the 9 of seat 1 returns jh to seat 0's hand: the 9c is seat 1's again
    act(m, 1, "oneoff:9s:jh")
    act(m, 0, "resolve")
    assert hand(m, 0) == ["5c", "jh"]
    assert m.view(None)["stacks"][0] == {"card": "9c", "owner": 1, "controller": 1, "jacks": []}


def test_C5a_no_jack_on_your_own_cards_or_without_a_target():
    m = position(hands={0: ["jh"], 1: ["5d"]}, stacks=[("9c", 0, []), ("4s", 1, ["jc"])])
    assert {k for k in keys(m, 0) if "jh" in k} == set()
    m = position(hands={0: ["jh"], 1: ["5d"]})
    assert keys(m, 0) == {"draw"}


# -- C-5b queens --------------------------------------------------------------------


def test_C5b_queen_blocks_a_jack():
    m = position(hands={0: ["jh"], 1: ["5d"]}, stacks=[("9c", 1, [])], perms={1: ["qd"]})
    assert "jack:jh:9c" not in keys(m, 0)
    with pytest.raises(IllegalAction):
        act(m, 0, "jack:jh:9c")


def test_C5b_queen_protects_her_controller_s_other_cards_from_2_and_9():
    m = position(
        hands={0: ["2c", "9c"], 1: ["5d"]},
        stacks=[("10s", 0, ["jd"])],
        perms={1: ["qd", "kd", "8h"], 0: ["ks"]},
    )
    # seat 1's kd, 8h and jd (top of a stack seat 1 controls) are protected; the queen is not
    oneoffs = {k for k in keys(m, 0) if k.startswith("oneoff")}
    assert oneoffs == {"oneoff:2c:qd", "oneoff:9c:qd", "oneoff:2c:ks", "oneoff:9c:ks"}


def test_C5b_queen_protects_against_her_own_controller_too():
    m = position(hands={0: ["2c"], 1: ["5d"]}, perms={0: ["qd", "kd"]})
    assert {k for k in keys(m, 0) if k.startswith("oneoff")} == {"oneoff:2c:qd"}


def test_C5b_two_queens_protect_each_other():
    m = position(hands={0: ["2c", "9c"], 1: ["5d"]}, perms={1: ["qd", "qs"]})
    assert not {k for k in keys(m, 0) if k.startswith("oneoff")}
    # a 2 removes the queen first, then the rest is open
    m = position(hands={0: ["2c", "9c"], 1: ["5d"]}, perms={1: ["qd", "kd"]})
    act(m, 0, "oneoff:2c:qd")
    act(m, 1, "resolve")
    act(m, 1, "draw")
    assert {k for k in keys(m, 0) if k.startswith("oneoff")} == {"oneoff:9c:kd"}


def queen_table(hand):
    """Seat 1's queen guards its 9h and its king; seat 0 holds `hand`."""
    return position(
        hands={0: hand, 1: ["5d"]}, stacks=[("9h", 1, []), ("4c", 0, [])], perms={1: ["qd", "kd"]}
    )


def test_C5b_queen_does_not_stop_a_scuttle():
    m = queen_table(["10c"])
    act(m, 0, "scuttle:10c:9h")
    v = m.view(None)
    assert [st["card"] for st in v["stacks"]] == ["4c"] and v["scrap"] == ["9h", "10c"]
    assert v["players"][1]["permanents"] == ["qd", "kd"] and m.to_act() == (1,)


def test_C5b_queen_does_not_stop_an_ace():
    m = queen_table(["ac"])
    act(m, 0, "oneoff:ac")
    events = act(m, 1, "resolve")
    assert events[1] == {"type": "effect", "seat": 0, "card": "ac", "scrapped": ["9h", "4c"]}
    assert m.view(None)["stacks"] == [] and m.view(None)["players"][1]["points"] == 0


def test_C5b_queen_does_not_stop_a_six():
    m = queen_table(["6c"])
    act(m, 0, "oneoff:6c")
    events = act(m, 1, "resolve")
    assert events[1] == {"type": "effect", "seat": 0, "card": "6c", "scrapped": ["qd", "kd"]}
    v = m.view(None)
    assert v["players"][1]["permanents"] == [] and v["players"][1]["queen"] is False
    assert v["players"][1]["target"] == 21


def test_C5b_queen_blocks_a_jack_and_a_counter():
    m = position(
        hands={0: ["jh", "6c"], 1: ["2d", "5d"]},
        stacks=[("9c", 1, []), ("3c", 0, [])],
        perms={0: ["qh"], 1: ["qd", "kd"]},
    )
    assert "jack:jh:9c" not in keys(m, 0)
    events = act(m, 0, "oneoff:6c")
    assert events[1] == {"type": "no_counter", "seat": 1, "reason": "queen"}
    assert hand(m, 1) == ["2d", "5d"] and m.view(None)["players"][1]["permanents"] == []
    # with seat 1's queen gone, the jack is open again
    act(m, 1, "points:5d")
    assert "jack:jh:9c" in keys(m, 0)


# -- C-5c kings ---------------------------------------------------------------------


@pytest.mark.parametrize("kings,target", [(0, 21), (1, 14), (2, 10), (3, 7), (4, 5)])
def test_C5c_king_thresholds(kings, target):
    m = position(hands={0: ["ac"], 1: ["5d"]}, perms={1: ["kc", "kd", "kh", "ks"][:kings]})
    p = m.view(None)["players"][1]
    assert p["target"] == target and p["kings"] == kings
    assert m.view(None)["players"][0]["target"] == 21


@pytest.mark.parametrize("kings,target", [(0, 21), (1, 14), (2, 10), (3, 7), (4, 5)])
def test_C5c_each_target_is_reached_and_wins(kings, target):
    # seat 0 stands one point short of its target and plays an ace as points
    tens, rest = divmod(target - 1, 10)
    cards = ["10c", "10d"][:tens] + ([f"{rest}h" if rest > 1 else "as"] if rest else [])
    m = position(
        hands={0: ["ac", "ad"], 1: ["5d"]},
        stacks=[(c, 0, []) for c in cards],
        perms={0: ["kc", "kd", "kh", "ks"][:kings]},
    )
    assert m.view(None)["players"][0]["points"] == target - 1
    act(m, 0, "draw")  # one short is not enough
    assert m.outcome() is None
    act(m, 1, "draw")
    events = act(m, 0, "points:ac")
    assert events[-1] == {"type": "over", "reason": "points", "winner": 0}
    assert m.outcome()["breakdown"][0]["points"] == target


def test_C5c_winning_by_kings():
    # 7 points and a third king: target 7, reached at once
    m = position(hands={0: ["kh"], 1: ["5d"]}, stacks=[("7c", 0, [])], perms={0: ["kc", "kd"]})
    events = act(m, 0, "perm:kh")
    assert events == [
        {"type": "perm", "seat": 0, "card": "kh"},
        {"type": "over", "reason": "points", "winner": 0},
    ]
    out = m.outcome()
    assert out["winners"] == [0]
    assert out["breakdown"][0] == {
        "points": 7,
        "target": 7,
        "kings": 3,
        "point_cards": ["7c"],
        "reached": True,
    }


def test_C5c_kings_lower_only_their_controller_s_target():
    m = position(
        hands={0: ["5h"], 1: ["5d"]}, stacks=[("5c", 0, [])], perms={1: ["kc", "kd", "kh", "ks"]}
    )
    act(m, 0, "points:5h")
    assert m.outcome() is None  # 10 < 21 for seat 0


# -- C-5d glasses ---------------------------------------------------------------------


def test_C5d_glasses_show_the_opponent_s_hand_to_their_owner_only():
    m = position(hands={0: ["8s", "3c"], 1: ["9d", "qs"]})
    act(m, 0, "glasses:8s")
    assert m.view(0)["opponent_hand"] == ["9d", "qs"]
    assert "opponent_hand" not in m.view(1)
    assert "9d" not in json.dumps(m.view(None)) and "3c" not in json.dumps(m.view(1))
    assert m.view(None)["players"][0]["glasses"] is True
    assert m.view(None)["players"][0]["points"] == 0


def test_C5d_the_revealed_hand_follows_draws_and_goes_with_the_glasses():
    m = position(hands={0: ["8s", "3c"], 1: ["9d", "2h"]}, deck=["kh", "4d", "6s"])
    act(m, 0, "glasses:8s")
    assert sorted(m.view(0)["opponent_hand"]) == ["2h", "9d"]
    act(m, 1, "draw")  # seat 1 draws the kh: seat 0 sees it
    assert sorted(m.view(0)["opponent_hand"]) == ["2h", "9d", "kh"]
    # seat 1 scraps the glasses with its 2: the hand is hidden again
    act(m, 0, "draw")
    act(m, 1, "oneoff:2h:8s")
    act(m, 0, "resolve")
    assert "opponent_hand" not in m.view(0) and not m.view(None)["players"][0]["glasses"]
    assert "kh" not in json.dumps(m.view(0))


def test_C5d_at_most_one_glasses_per_player():
    m = position(hands={0: ["8s", "8c"], 1: ["9d"]}, perms={0: ["8h"]})
    assert {k for k in keys(m, 0) if k.startswith("glasses")} == set()
    assert {"points:8s", "points:8c"} <= keys(m, 0)
    m = position(hands={0: ["8s", "8c"], 1: ["9d"]}, perms={1: ["8h"]})
    assert {k for k in keys(m, 0) if k.startswith("glasses")} == {"glasses:8s", "glasses:8c"}


def test_C5d_redeal_hidden_with_glasses_redeals_only_the_deck():
    m = position(
        hands={0: ["3c"], 1: ["9d", "qs"]}, perms={0: ["8s"]}, deck=["4c", "4d", "6h", "7s"]
    )
    for seed in range(5):
        twin = Match.from_record(m.to_record())
        twin.game.redeal_hidden(twin.state, 0, Rng(seed))
        assert twin.state.hands[1] == m.state.hands[1]
        assert sorted(twin.state.deck) == sorted(m.state.deck)
        assert twin.view(0) == m.view(0) and twin.legal(0) == m.legal(0)
    # without glasses seat 1's view lets seat 0's hand be re-dealt
    changed = False
    for seed in range(20):
        twin = Match.from_record(m.to_record())
        twin.game.redeal_hidden(twin.state, 1, Rng(seed))
        assert twin.view(1) == m.view(1)
        changed |= twin.state.hands[0] != m.state.hands[0]
    assert changed


# -- C-5e jack stacks -------------------------------------------------------------------


def test_C5e_a_two_may_target_only_the_top_jack_control_returns_to_the_holder_before_it():
    # seat 1's 10s: seat 0's jc stole it, seat 1's jd took it back, seat 0's jh stole it again
    m = position(hands={0: ["5d"], 1: ["2s"]}, stacks=[("10s", 1, ["jc", "jd", "jh"])], current=1)
    assert {k for k in keys(m, 1) if k.startswith("oneoff")} == {"oneoff:2s:jh"}
    for buried in ("jc", "jd"):
        with pytest.raises(IllegalAction):
            act(m, 1, f"oneoff:2s:{buried}")
    act(m, 1, "oneoff:2s:jh")
    act(m, 0, "resolve")
    v = m.view(None)
    assert v["stacks"] == [{"card": "10s", "owner": 1, "controller": 1, "jacks": ["jc", "jd"]}]
    assert [p["points"] for p in v["players"]] == [0, 10] and v["scrap"] == ["2s", "jh"]


def test_C5e_a_nine_may_target_only_the_top_jack_control_returns_to_the_holder_before_it():
    # seat 0's 7h: seat 1's jc stole it, seat 0's jd took it back
    m = position(hands={0: ["5d"], 1: ["9s"]}, stacks=[("7h", 0, ["jc", "jd"])], current=1)
    assert {k for k in keys(m, 1) if k.startswith("oneoff")} == {"oneoff:9s:jd"}
    act(m, 1, "oneoff:9s:jd")
    act(m, 0, "resolve")
    v = m.view(None)
    assert v["stacks"] == [{"card": "7h", "owner": 0, "controller": 1, "jacks": ["jc"]}]
    assert [p["points"] for p in v["players"]] == [0, 7] and hand(m, 0) == ["5d", "jd"]
