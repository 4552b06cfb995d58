"""The Oracle's bots end the game by the draw pile when it is theirs to end
(issue 43): with one card left, the seat ahead takes it, and in rollouts a
seat behind keeps the game going instead of being counted on to end it."""

from __future__ import annotations

from games.oracle import policy
from games.oracle.engine.game import DRAW, Oracle
from games.oracle.tests.engine.helpers import act, position
from rules import Match
from rules.bots import choose_action
from rules.core.rng import Rng

#: what the tiles of the stalled game were, where any was left
TILES = {
    1: "goblin",
    2: "points2",
    3: "points4",
    4: "spiral",
    5: "spiral",
    7: "points1",
    8: "points2",
    9: "points1",
    10: "spiral",
    11: "clover_u",
    12: "clover_b",
    14: "points1",
    15: "points3",
    16: "points5",
    18: "goblin",
    20: "clover_p",
    21: "points5",
    22: "points3",
    23: "mirror",
    24: "points4",
    25: "points2",
    27: "points2",
    28: "points3",
    29: "points1",
    30: "clover_y",
    32: "goblin",
    33: "clover_g",
    34: "points3",
}


def stalled() -> Match:
    """Action 355 of an expert against expert game (seed
    `t4t20261128-expert-oracle-15`) that passed 15,000 actions: one card in
    the draw pile, seat 0 ahead 65 to 62, seat 1 to play. Both have two pawns
    in the centre and one on the start; a fifth pawn in the sanctuary would
    end the game, but every card that fits a row would lower its player's
    score. The two drew discards for ever."""
    return position(
        hands={
            0: ["b3", "b5", "b8", "y7", "u6", "u7", "u8", "u10"],
            1: ["b2", "y0", "y4", "p6", "g1", "g2", "u2", "u9"],
        },
        rows={
            0: {
                "b": ["b8", "b7", "b6", "b1", "b0"],
                "p": ["p0", "p2", "p2", "p3", "p9"],
                "y": ["y4", "y9"],
                "g": ["g0", "g7", "g8"],
                "u": ["u2", "u3", "u3", "u4", "u5"],
            },
            1: {
                "b": ["b1", "b7", "b9", "b9", "b10", "b10"],
                "p": ["p1", "p10"],
                "g": ["g2", "g6", "g9", "g10"],
                "y": ["y0", "y5", "y7"],
                "u": ["u0", "u1", "u6", "u8"],
            },
        },
        piles={
            "b": ["b6", "b4", "b3"],
            "y": ["y2", "y3", "y10", "y5"],
            "p": ["p0", "p5", "p8", "p5", "p9", "p3", "p6", "p8"],
            "g": ["g0", "g5", "g4", "g4", "g6", "g3", "g7", "g10", "g3"],
        },
        deck=["y8"],
        pawns={0: [35, 35, 0], 1: [35, 35, 0]},
        oracle=10,
        tiles=TILES,
        stones_on={26: 2},
        stones={0: 4, 1: 3},
        mirrors={1: 2},
        earned={0: {"tiles": 24, "oracle": 15}, 1: {"tiles": 23, "oracle": 10}},
        current=1,
    )


def totals(match: Match) -> list[int]:
    game = match.game
    assert isinstance(game, Oracle)
    return [game.score_seat(match.state, i)["total"] for i in range(2)]


def test_the_stalled_position_is_the_one_recorded():
    match = stalled()
    assert totals(match) == [65, 62]
    assert len(match.state.deck) == 1


def test_two_experts_end_the_stalled_game():
    """Before: seat 0 drew a discard rather than the last card, its rollouts
    counting on seat 1 to draw it; seat 1 never did. Now the game ends on
    seat 0's turn at the latest, whatever seat 1 plays."""
    match = stalled()
    while match.to_act() and match.seq < 40:
        seat = match.to_act()[0]
        act(match, seat, choose_action(match, seat, "expert").key())
    assert not match.to_act(), f"still going after {match.seq} actions"
    assert match.state.end_reason in ("deck_empty", "sanctuary")


def test_greedy_against_expert_ends_the_stalled_game_too():
    for levels in (("greedy", "expert"), ("expert", "greedy")):
        match = stalled()
        while match.to_act() and match.seq < 40:
            seat = match.to_act()[0]
            act(match, seat, choose_action(match, seat, levels[seat]).key())
        assert not match.to_act(), levels


def _at_draw(current: int) -> Match:
    """The stalled position with `current` to draw after a discard."""
    match = stalled()
    match.state.current = current
    discard = next(a for a in match.legal(current) if a.verb == "discard")
    act(match, current, discard.key())
    assert match.state.phase == DRAW
    return match


def test_the_seat_ahead_weighs_only_the_last_card():
    match = _at_draw(0)
    legal = match.legal(0)
    assert len(legal) > 1
    assert [a.key() for a in policy.considered(match.game, match.state, 0, legal)] == ["draw:deck"]


def test_the_seat_behind_weighs_every_draw():
    match = _at_draw(1)
    legal = match.legal(1)
    assert policy.considered(match.game, match.state, 1, legal) == legal


def test_a_level_seat_ends_it_too():
    match = _at_draw(1)
    match.state.earned[1]["tiles"] += 3
    assert totals(match) == [65, 65]
    legal = match.legal(1)
    assert [a.key() for a in policy.considered(match.game, match.state, 1, legal)] == ["draw:deck"]


def test_with_more_cards_left_every_draw_is_weighed():
    match = _at_draw(0)
    match.state.deck.append(match.state.removed.pop())
    legal = match.legal(0)
    assert policy.considered(match.game, match.state, 0, legal) == legal


def test_rollouts_draw_the_last_card_only_for_a_seat_ahead():
    ahead, behind = _at_draw(0), _at_draw(1)
    for seed in range(20):
        rng = Rng.from_seed(f"rollout-{seed}")
        chosen = policy.rollout(ahead.game, ahead.state, 0, ahead.legal(0), rng)
        assert chosen.key() == "draw:deck"
        chosen = policy.rollout(behind.game, behind.state, 1, behind.legal(1), rng)
        assert chosen.verb == "draw" and chosen.key() != "draw:deck"


def test_rollouts_draw_from_the_deck_while_the_end_is_far():
    match = _at_draw(1)
    for _ in range(5):
        match.state.deck.append(match.state.removed.pop())
    rng = Rng.from_seed("rollout")
    assert policy.rollout(match.game, match.state, 1, match.legal(1), rng).key() == "draw:deck"
