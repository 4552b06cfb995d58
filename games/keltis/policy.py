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


POLICY: Policy[Keltis, KeltisState] = Policy(
    evaluate=evaluate,
    rollout=bot_rollout.rollout,
    # The luck of the draw drowns the difference between two moves, so they
    # are compared in common worlds (halving). Heads-up, against greedy, on
    # 60 deals the tournament does not use: 83.3% (UCB1 at 120 iterations:
    # 68.3%). With four players: 29% of 120 games against three greedy
    # players, against 17% of 80 with UCB1 (a fair share is 25%); 400
    # iterations there did no better (21.9% of 48). In the tournament, with
    # `considered`: 86.8% of 200 heads-up, 43.3% of 100 four-player games.
    # All of that against a greedy bot that swapped pile tops instead of
    # playing; with rows projected by their prospects (issue 44), 52.5% of
    # 40 heads-up (the earlier expert: 38.8% against the new greedy). With
    # rollouts that play in order (`_rollout_scores`): 73.8% of 40 deals the
    # bench does not use; docs/performance.md "Keltis churn" has the measure.
    # Width 8 was tried (issue 44, part 3): halving over 6 moves keeps 3,
    # then 1, and spends its last third on that one move, which 8 (8, 4, 2)
    # avoids; it won no more (63.3% of 64 bench games against 69.5% on the
    # same 64). docs/performance.md "Keltis's expert (issue 44)".
    budget=Budget(iterations=200, depth=12, width=6, schedule="halving"),
    greedy_samples=1,
    considered=considered,
)
