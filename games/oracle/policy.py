"""The Oracle for bots: the score as it stands (pawns' fields, earned points,
stones) plus the promise of the hand: cards that fit a row move a pawn."""

from __future__ import annotations

from games.oracle.engine.game import OVER, PLAY, Oracle, OracleState
from rules.bots.evaluation import final_value, relative
from rules.bots.policy import Budget, Policy, pick_best
from rules.core.actions import Action
from rules.core.rng import Rng

#: worth of a playable card in hand
FIT_BONUS = 0.5
#: rollout preference per verb
ROLLOUT_VERB = {
    "play": 2.0,
    "pawn": 1.0,
    "oracle": 0.5,
    "clover": 2.0,
    "spiral": 1.0,
    "goblin": 1.0,
    "skip": -1.0,
    "discard": -1.0,
}


def estimate(game: Oracle, s: OracleState, seat: int) -> float:
    value: float = game.score_seat(s, seat)["total"]
    if seat == s.current and s.phase == PLAY:
        value += FIT_BONUS * sum(1 for a in game.legal(s, seat) if a.verb == "play")
    return value


def evaluate(game: Oracle, s: OracleState, seat: int) -> float:
    if s.phase == OVER:
        return final_value(game.outcome(s), seat)
    return relative([estimate(game, s, i) for i in range(len(s.hands))], seat)


def rollout(game: Oracle, s: OracleState, seat: int, legal: list[Action], rng: Rng) -> Action:
    if legal[0].verb == "draw":
        return legal[0]  # the deck when it has cards (the engine lists it first)
    return pick_best(legal, lambda a: ROLLOUT_VERB.get(a.verb, 0.0) + rng.below(100) / 50, rng)


POLICY: Policy[Oracle, OracleState] = Policy(
    evaluate=evaluate,
    rollout=rollout,
    budget=Budget(iterations=150, depth=12, width=6),
    greedy_samples=1,
)
