"""Cucco for bots: chips won so far plus what the deal in play promises.

Within a deal, the declarer's side needs 20 of the 38 half points; the
evaluation turns the half points taken so far into a chance of winning the
deal and weighs the chips each result would bring the seat (Z-7). The
determinized world knows the partner; the bot only ever sees a sample.

Issue 44: the imagined worlds agree with what the bids and the play have
shown (inference.py: a bidder still holds a card it bid, the declarer the
called card; a player who did not follow a suit holds none of it), and the
rollouts play their cards by rules of thumb (playbook.py) instead of at
random, and bid the way the greedy bots at the table do (at random among
every legal bid and the pass).
Greedy shares the evaluation and the refined worlds, not the rollouts.
"""

from __future__ import annotations

from games.cucco.engine.game import OVER, PLAY, Cucco, CuccoState
from games.cucco.engine.scoring import (
    HALF_POINTS_TO_WIN,
    HALF_POINTS_TOTAL,
    LOSS,
    WIN,
    chips,
    half_points,
)
from games.cucco.inference import refine
from games.cucco.playbook import rollout_move
from rules.bots.policy import Budget, Policy


def _deal_expectation(game: Cucco, s: CuccoState, seat: int) -> float:
    partner = game.partner(s)
    assert s.declarer is not None  # the deal is being played
    side = {s.declarer, partner}
    ours = sum(half_points(cards) for _l, winner, cards in s.tricks if winner in side)
    taken = sum(half_points(cards) for _l, _w, cards in s.tricks)
    theirs = taken - ours
    if ours >= HALF_POINTS_TO_WIN:
        p = 1.0
    elif theirs >= HALF_POINTS_TO_WIN:
        p = 0.0
    else:
        left = HALF_POINTS_TOTAL - taken
        p = min(1.0, max(0.0, 0.5 + (ours - theirs) / (2 * max(left, 1) + 8)))
    win = chips(WIN, s.declarer, partner, 5)[seat]
    loss = chips(LOSS, s.declarer, partner, 5)[seat]
    return p * win + (1 - p) * loss


def evaluate(game: Cucco, s: CuccoState, seat: int) -> float:
    value = float(s.chips[seat])
    if s.phase == PLAY and s.phase != OVER:
        value += _deal_expectation(game, s, seat)
    return value


POLICY: Policy[Cucco, CuccoState] = Policy(
    evaluate=evaluate,
    rollout=rollout_move,
    budget=Budget(iterations=150, depth=45, width=8),
    greedy_samples=4,
    refine=refine,
)
