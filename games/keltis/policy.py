"""Keltis for bots: the standing both levels weigh (`evaluate`, from
`estimate`), the discards worth taking (`considered`), and the expert's
imagined games (`bot_rollout`)."""

from __future__ import annotations

import math

from games.keltis import bot_rollout
from games.keltis.engine.cards import CARDS, GREY
from games.keltis.engine.game import DRAW, OVER, Keltis, KeltisState
from games.keltis.estimate import drawable, estimate
from rules.bots.evaluation import final_value, relative
from rules.bots.policy import Budget, Policy
from rules.core.actions import Action

#: the scale of `_shaped`, in points
SHAPE = 12.0


def _shaped(value: float) -> float:
    """A standing squashed towards +-SHAPE: the expert averages its worlds,
    and a world where it wins by 40 should not make up for three where it
    loses by 5; what counts is how often it wins. Strictly increasing, so
    the greedy level (one world, the best value) chooses exactly as before."""
    return SHAPE * math.tanh(value / SHAPE)


def evaluate(game: Keltis, s: KeltisState, seat: int) -> float:
    if s.phase == OVER:
        return _shaped(final_value(game.outcome(s), seat))
    pool = drawable(s)
    return _shaped(relative([estimate(s, i, pool=pool) for i in range(len(s.hands))], seat))


def considered(game: Keltis, s: KeltisState, seat: int, legal: list[Action]) -> list[Action]:
    """A discard is taken only if it is worth something to the seat: it
    raises the seat's own estimate (it joins the best run a row may still
    make), it is a point card (the point row takes any), or it pairs with a
    hand card for a wishing stone still in the middle. A card that does none
    of this only keeps the draw pile as it is, and a bot that took such
    cards, or took back what it had just thrown away, swapped discards for
    ever instead of playing (the draw pile's end is the game's)."""
    if s.phase != DRAW:
        return legal
    hand = s.hands[seat]
    hand_values = {CARDS[c].value for c in hand}
    pool = drawable(s)
    now = estimate(s, seat, pool=pool)
    out = []
    for action in legal:
        pile = action.args[0]
        if pile == "deck":
            out.append(action)
            continue
        cid = s.piles[pile][-1]
        value = CARDS[cid].value
        if (
            pile == GREY
            or (value in s.stones_left and value in hand_values)
            or estimate(s, seat, [*hand, cid], pool) > now + 1e-9
        ):
            out.append(action)
    return out


def _draw_step(game: Keltis, s: KeltisState, seat: int) -> bool:
    """The expert draws as the greedy bot does: searched, its draws won no
    more (with the greedy bot's plays and the expert's draws, 44% of 42
    games against greedy; with the expert's plays and the greedy bot's
    draws, 76.7% of 159, the whole expert 72.4% of 147), and they were half
    its decisions and CPU time."""
    return s.phase == DRAW


POLICY: Policy[Keltis, KeltisState] = Policy(
    evaluate=evaluate,
    rollout=bot_rollout.rollout,
    # The luck of the draw drowns the difference between two moves, so they
    # are compared in common worlds (halving; UCB1 won 68.3% where halving
    # won 83.3%, against the old greedy bot). Against today's greedy bot,
    # heads-up on the bench's seeds: 70.2% of 200 with rollouts that played
    # by quick preferences, and less the more the expert searched (twice the
    # iterations, rollouts of 24 actions or to the end: 45-64%); with
    # imagined players who play as the greedy bot does (bot_rollout) and
    # draws left to the greedy level (`_draw_step`), 80.5% of 200:
    # docs/performance.md "Keltis's expert (issue 44)". Width 8 won no more
    # than 6.
    budget=Budget(iterations=200, depth=12, width=6, schedule="halving"),
    # The hint thinks 3x the seat's iterations: with rollouts that play as
    # the greedy bot does, 4x (800) took 1.03 s at the 99th percentile of 200
    # held positions; 600 took 0.67 s, and named or flagged the 8x search's
    # move in 95.0% of them (800: 95.5%). docs/performance.md "Hint quality".
    hint=Budget(iterations=600, depth=12, width=6, schedule="halving"),
    greedy_samples=1,
    considered=considered,
    greedy_at=_draw_step,
)
