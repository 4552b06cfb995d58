"""Keltis bots go somewhere (issue 44): the greedy bot swapped discard-pile
tops for 22 turns in a row in a live match, and for 11 in self-play of the
deal `churn6`, because its evaluation promised a one-card row six more cards
and so never played into a row. The evaluation now projects rows by their
real prospects, and a discard is weighed only if it raises the seat's own
estimate."""

from __future__ import annotations

from games.keltis import policy
from games.keltis.engine.cards import CARDS
from games.keltis.engine.game import DRAW
from rules import Match
from rules.bots import choose_action
from rules.core.actions import Action

#: the longest run of churn turns allowed: discard, then draw a pile's top
MAX_RUN = 3

#: greedy self-play of `churn6` before the fix, up to the turn where seat 1
#: (rows pink 4 and brown 5, a hand of pinks and browns that all fit) began
#: to discard and draw pile tops instead of playing, 11 turns in a row
LOOP_START = (
    "play:g7:g draw:deck play:p4:p draw:deck play:y0:y draw:deck play:b5:b draw:deck "
    "stone:b9:g9 draw:deck draw:deck stone:y3:u3 draw:b draw:deck play:x10:x draw:g "
    "play:x2:x draw:deck discard:ue draw:y discard:ue draw:deck discard:ye draw:deck "
    "stone:u6:b6 draw:deck draw:deck play:y1:y draw:deck stone:u7:b7 draw:deck draw:deck "
    "stone:x4:b4 draw:y draw:deck discard:g3 draw:b discard:p10 draw:g discard:y4 draw:b "
    "discard:ye draw:x discard:ge draw:p play:x4:x draw:y discard:u3 draw:deck "
    "discard:u5 draw:y discard:u10 draw:b discard:ye draw:deck discard:b4 draw:deck "
    "discard:p3 draw:deck discard:u0 draw:b discard:b2 draw:deck discard:b6 draw:p "
    "play:y2:y draw:deck discard:b9 draw:deck play:y3:y draw:deck stone:p1:x1 draw:b "
    "draw:b play:y4:y draw:deck"
)


def _loop_start() -> Match:
    match = Match.new("keltis", 2, "churn6", {})
    for key in LOOP_START.split():
        match.act(match.to_act()[0], Action.parse(key), match.seq)
    return match


def _longest_churn(match: Match, levels: dict[int, str], limit: int) -> list[int]:
    """Play on for at most `limit` actions; per seat, the longest run of
    turns that discarded and then drew a discard pile's top."""
    run, longest = [0, 0], [0, 0]
    played: dict[int, str] = {}
    for _ in range(limit):
        if not match.to_act():
            break
        seat = match.to_act()[0]
        action = choose_action(match, seat, levels[seat])
        if action.verb == "draw":
            churn = played.get(seat) == "discard" and action.args[0] != "deck"
            run[seat] = run[seat] + 1 if churn else 0
            longest[seat] = max(longest[seat], run[seat])
        else:
            played[seat] = action.verb
        match.act(seat, action, match.seq)
    return longest


def test_the_loop_start_is_the_reported_position():
    s = _loop_start().state
    assert (s.current, s.phase) == (1, "play")
    assert [CARDS[i].code for i in s.hands[1]] == ["b4", "b6", "b7", "b9"] + [
        "p3",
        "p6",
        "p7",
        "p10",
    ]
    assert {c: [CARDS[i].code for i in ids] for c, ids in s.rows[1].items()} == {
        "p": ["p4"],
        "b": ["b5"],
    }


def test_at_the_loop_start_greedy_plays_into_a_row_and_the_expert_does_not_churn():
    """Greedy plays; the expert may instead throw away the blue 4 (its blue
    row would rather run up from 5 with the 6, 7 and 9), but then it draws
    from the draw pile: its turn takes the game forward either way."""
    match = _loop_start()
    action = choose_action(match, 1, "greedy")
    assert action.verb == "play" and action.args[1] in ("p", "b"), action
    action = choose_action(match, 1, "expert")
    if action.verb != "play":
        assert action.verb == "discard", action
        match.act(1, action, match.seq)
        assert choose_action(match, 1, "expert") == Action("draw", ("deck",))


def test_a_card_played_in_order_is_worth_more_than_the_same_card_held():
    match = _loop_start()
    s = match.state
    held = policy.estimate(s, 1)
    match.act(1, Action("play", ("p6", "p")), match.seq)
    assert policy.estimate(match.state, 1) > held


def test_greedy_self_play_of_the_churn_deal_does_not_loop():
    match = Match.new("keltis", 2, "churn6", {})
    longest = _longest_churn(match, {0: "greedy", 1: "greedy"}, match.game.max_actions)
    assert not match.to_act()  # the game ended
    assert max(longest) <= MAX_RUN, longest


def test_from_the_loop_start_neither_level_loops():
    for level in ("greedy", "expert"):
        match = _loop_start()
        longest = _longest_churn(match, {0: "greedy", 1: level}, 28)
        assert longest[1] <= MAX_RUN, (level, longest)


def test_an_end_card_on_a_pile_is_not_weighed():
    """An end card adds nothing to the seat's estimate: drawing it only
    keeps the draw pile as it is (a behind bot took one, threw it away and
    took it back)."""
    match = _loop_start()
    match.act(1, Action("discard", ("b7",)), match.seq)
    s = match.state
    assert s.phase == DRAW and CARDS[s.piles["g"][-1]].code == "ge"
    kept = policy.considered(match.game, s, 1, match.legal(1))
    assert Action("draw", ("g",)) in match.legal(1)
    assert Action("draw", ("g",)) not in kept
    assert Action("draw", ("deck",)) in kept
