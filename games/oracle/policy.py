"""The Oracle for bots: the score as it stands (pawns' fields, earned points,
stones) plus the promise of the hand: cards that fit a row move a pawn.

The end by the draw pile (O-7b) is the one a player chooses: whoever draws
the last card ends the game. A player behind never does (it would lose), so
a player ahead must, and a rollout must not count on the other doing it for
it: two experts once passed 15,000 actions at one card left, the one behind
drawing discards, the one ahead waiting for it (issue 43)."""

from __future__ import annotations

from games.oracle.engine.game import DRAW, OVER, PLAY, Oracle, OracleState
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


def leads(game: Oracle, s: OracleState, seat: int) -> bool:
    """Is `seat` ahead, or level with the best, were the game to end now?"""
    totals: list[int] = [game.score_seat(s, i)["total"] for i in range(len(s.hands))]
    return totals[seat] >= max(v for i, v in enumerate(totals) if i != seat)


def considered(game: Oracle, s: OracleState, seat: int, legal: list[Action]) -> list[Action]:
    """A draw step that may take the last card of the draw pile, by a seat
    ahead or level: it takes it, and the game ends (O-7b) with the seat a
    winner. Nothing the seat could still gain is worth the risk, and a seat
    that waits leaves the end to the one behind, who never takes it."""
    if s.phase == DRAW and len(s.deck) == 1 and legal[0].args == ("deck",) and leads(game, s, seat):
        return [legal[0]]
    return legal


def rollout(game: Oracle, s: OracleState, seat: int, legal: list[Action], rng: Rng) -> Action:
    if legal[0].verb == "draw":
        # The deck when it has cards (the engine lists it first); but near
        # the end, a seat behind keeps the game going with a discard: each
        # card off the deck is a turn less to catch up in.
        if (
            len(legal) > 1
            and legal[0].args == ("deck",)
            and len(s.deck) <= len(s.hands)
            and not leads(game, s, seat)
        ):
            return legal[1 + rng.below(len(legal) - 1)]
        return legal[0]
    return pick_best(legal, lambda a: ROLLOUT_VERB.get(a.verb, 0.0) + rng.below(100) / 50, rng)


POLICY: Policy[Oracle, OracleState] = Policy(
    evaluate=evaluate,
    rollout=rollout,
    budget=Budget(iterations=150, depth=12, width=6),
    greedy_samples=1,
    considered=considered,
)
