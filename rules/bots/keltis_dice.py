"""The dice game for bots: the standing now (stones' fields, chips), and,
when the seat's dice are final, the best move they allow: so a reroll is
judged by what the new dice let the seat do."""
from __future__ import annotations

from rules.bots.evaluation import final_value, relative
from rules.bots.policy import Budget, Policy, pick_best
from rules.keltis_dice.game import CLOVER_PHASE, MOVE, OVER

#: rollout preference: stop rerolling with this share of the time
STOP_SHARE = 40


def _totals(game, s) -> list[float]:
    return [b["total"] for b in game.standing(s)]


def _best_move_gain(game, s, seat: int) -> float:
    """What the best of the seat's moves with these dice adds to its lead."""
    base = relative(_totals(game, s), seat)
    best = 0.0
    for action in game.legal(s, seat):
        if action.verb in ("pass", "skip"):
            continue
        copy = game.copy(s)
        game.apply(copy, seat, action, None)  # moves use no chance
        best = max(best, relative(_totals(game, copy), seat) - base)
    return best


def evaluate(game, s, seat: int) -> float:
    if s.phase == OVER:
        return final_value(game.outcome(s), seat)
    value = relative(_totals(game, s), seat)
    if s.current == seat and s.phase in (MOVE, CLOVER_PHASE):
        value += _best_move_gain(game, s, seat)
    return value


def _rollout_score(s, action, rng) -> float:
    verb = action.verb
    if verb == "move":
        return s.dice.count(action.args[0]) + rng.below(100) / 100
    if verb in ("clover", "clover_new"):
        return 1.0 + rng.below(100) / 100
    if verb == "stop":
        return 1.0 if rng.below(100) < STOP_SHARE else 0.0
    if verb == "reroll":
        return rng.below(100) / 100
    return -1.0  # pass, skip


def rollout(game, s, seat, legal, rng):
    return pick_best(legal, lambda a: _rollout_score(s, a, rng), rng)


POLICY = Policy(evaluate=evaluate, rollout=rollout,
                budget=Budget(iterations=150, depth=12, width=8), greedy_samples=6)
