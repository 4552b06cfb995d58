"""The expert's imagined Keltis games (issue 44): a play step is the move and
a draw the card that leave the player's estimate highest, as the greedy bot
chooses them, counted row by row (`Standing`)."""

from __future__ import annotations

import pytest

from games.keltis import bot_rollout
from games.keltis.engine.cards import CARDS, END
from games.keltis.engine.game import DRAW, PLAY
from games.keltis.estimate import drawable, estimate
from games.keltis.tests.test_policy import _ids, _in_order_turn
from rules import Match
from rules.bots import choose_action
from rules.core.actions import Action
from rules.core.rng import Rng


def _play_steps(seed: str, limit: int = 40):
    """Play-step positions of a greedy self-play game (match, seat)."""
    match = Match.new("keltis", 2, seed)
    found = 0
    while match.to_act() and found < limit:
        seat = match.to_act()[0]
        if match.state.phase == PLAY:
            found += 1
            yield match, seat
        match.act(seat, choose_action(match, seat, "greedy"), match.seq)


def _after(match: Match, seat: int, action: Action) -> float:
    copy = match.game.copy(match.state)
    match.game.apply(copy, seat, action, Rng(0))
    return estimate(copy, seat, pool=drawable(match.state))


def test_a_play_step_is_valued_as_the_estimate_after_it():
    """Every play-step move of two games, counted row by row, against the
    estimate of the position it leads to; an end card played is left to a
    copy."""
    verbs = set()
    for seed in ("rollout-a", "rollout-b"):
        for match, seat in _play_steps(seed):
            counted = bot_rollout.Standing(match.state, seat, drawable(match.state))
            for action in match.legal(seat):
                value = counted.value(action)
                if action.verb == "play" and CARDS[_card(match, seat, action)].kind == END:
                    assert value is None
                    continue
                assert value == pytest.approx(_after(match, seat, action), abs=1e-9)
                verbs.add(action.verb if action.verb != "play" else f"play:{action.args[1]}")
    # discards, stones, the point row and colour rows were all counted
    assert {"discard", "stone", "play:x"} <= verbs and len(verbs) >= 6


def _card(match: Match, seat: int, action: Action) -> int:
    return next(c for c in match.state.hands[seat] if CARDS[c].code == action.args[0])


def test_the_rollout_plays_the_move_the_estimate_likes_best():
    for match, seat in _play_steps("rollout-c", 25):
        legal = match.legal(seat)
        move = bot_rollout.rollout(match.game, match.state, seat, legal, Rng(0))
        best = max(round(_after(match, seat, a), 9) for a in legal)
        assert round(_after(match, seat, move), 9) == best


def test_a_green_one_with_its_two_opens_a_row():
    """Seat 0 (yellow row 3-5 going up; yellow 6 and 9, blue 5, green 1 and
    2 in hand): opening green at its low end with a companion behind it
    raises the estimate most; the yellow 9 that skips the 6 least."""
    match = _in_order_turn()
    legal = match.legal(0)
    counted = bot_rollout.Standing(match.state, 0, drawable(match.state))
    values = {a: counted.value(a) for a in legal}
    assert bot_rollout.rollout(match.game, match.state, 0, legal, Rng(0)) == Action(
        "play", ("g1", "g")
    )
    assert min(values, key=values.__getitem__) == Action("play", ("y9", "y"))


def _draw_turn(top: str, deck_top: str = "ge") -> Match:
    """Seat 0 (yellow row 3-5 going up; holds yellow 6 and 9) to draw one
    card, with `top` on its colour's pile, a blue 2 on the blue pile and
    `deck_top` (by default a green end card: worth nothing) on the draw
    pile, as in an imagined world."""
    match = _in_order_turn()
    s = match.state
    s.phase, s.draws_owed = DRAW, 1
    s.piles[top[0]] = _ids(top)
    s.piles["u"] = _ids("u2")
    card = _ids(deck_top)[0]
    s.deck = [c for c in s.deck if c != card] + [card]
    return match


@pytest.mark.parametrize(
    ("top", "drawn"),
    [
        ("y6", "y"),  # follows 5 and leads to the held 6
        ("y7", "y"),  # follows 5, if skipping the held 6's twin
        ("y4", "deck"),  # the row runs up: 4 may not follow 5, worth no more than the end card
    ],
)
def test_a_rollout_takes_a_pile_top_that_raises_its_estimate(top, drawn):
    match = _draw_turn(top)
    legal = match.legal(0)
    assert Action("draw", (top[0],)) in legal
    move = bot_rollout.rollout(match.game, match.state, 0, legal, Rng(0))
    assert move == Action("draw", (drawn,))


def test_a_better_card_on_the_draw_pile_is_drawn_instead():
    """In an imagined world the draw pile's top is known: a yellow 5 to
    follow 3-5 at once beats the yellow 7 on the pile."""
    match = _draw_turn("y7", deck_top="y5")
    move = bot_rollout.rollout(match.game, match.state, 0, match.legal(0), Rng(0))
    assert move == Action("draw", ("deck",))


def test_a_rollout_takes_no_card_for_a_closed_row():
    match = _draw_turn("y6")
    match.state.rows[0]["y"] = _ids("y3", "y5", "ye")
    move = bot_rollout.rollout(match.game, match.state, 0, match.legal(0), Rng(0))
    assert move == Action("draw", ("deck",))


def test_a_draw_is_valued_as_the_estimate_with_that_card():
    """Every draw of two greedy games: the card counted row by row against
    the estimate of the hand with it, and the rollout's choice the best."""
    checked = 0
    for seed in ("draw-a", "draw-b"):
        match = Match.new("keltis", 2, seed)
        while match.to_act():
            seat = match.to_act()[0]
            s = match.state
            if s.phase == DRAW:
                pool = drawable(s)
                standing = bot_rollout.Standing(s, seat, pool)
                legal = match.legal(seat)
                tops = {
                    a: s.deck[-1] if a.args[0] == "deck" else s.piles[a.args[0]][-1] for a in legal
                }
                worth = {a: estimate(s, seat, [*s.hands[seat], c], pool) for a, c in tops.items()}
                for action, cid in tops.items():
                    assert standing.with_card(cid) == pytest.approx(worth[action], abs=1e-9)
                move = bot_rollout.rollout(match.game, s, seat, legal, Rng(0))
                assert round(worth[move], 9) == max(round(v, 9) for v in worth.values())
                checked += len(legal) > 1
            match.act(seat, choose_action(match, seat, "greedy"), match.seq)
    assert checked > 50
