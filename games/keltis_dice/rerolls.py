"""The rerolls worth weighing: every reroll the dice allow, judged exactly.

A reroll decision offers up to 32 choices (stop, or any sub-multiset of the
five dice), most of them close. Judged by a few sampled rolls each (the
greedy prior), the best eight differed from one search to the next, so the
hint and a longer search compared different moves, and the hint could not
even name the longer search's choice as about as good (issue 44). Here each
choice is judged by its exact expectation: every outcome of the dice rolled
again, weighted by its probability, valued by what the seat's best move with
those final dice is worth (`value`). Only the multiset of the final dice
matters, so at most 252 final throws are valued per decision, each once.
Pure and deterministic: no generator, the same state gives the same list.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import factorial

from games.keltis_dice.engine.board import DICE, FACES, WISH, WISH_DICE_FOR_CHIP
from games.keltis_dice.engine.game import MOVE, REROLL, DiceState, KeltisDice
from rules.core.actions import Action

#: the rerolls (stop included) the bots and the hint weigh at most
KEPT = 6

Counts = tuple[int, ...]
#: value(game, state, seat) of a state whose dice are final (phase MOVE)
Value = Callable[[KeltisDice, DiceState, int], float]


@cache
def outcomes(k: int) -> tuple[tuple[Counts, float], ...]:
    """Every multiset of `k` dice (counts per face, in `FACES` order) with
    its probability."""
    found: list[tuple[Counts, float]] = []

    def split(left: int, faces: int, prefix: tuple[int, ...]) -> None:
        if faces == 1:
            counts = (*prefix, left)
            ways = factorial(k)
            for c in counts:
                ways //= factorial(c)
            found.append((counts, ways / len(FACES) ** k))
            return
        for c in range(left + 1):
            split(left - c, faces - 1, (*prefix, c))

    split(k, len(FACES), ())
    return tuple(found)


def _counts(faces: str | list[str]) -> Counts:
    return tuple(list(faces).count(f) for f in FACES)


def expectations(
    game: KeltisDice, s: DiceState, seat: int, legal: list[Action], value: Value
) -> dict[Action, float]:
    """Each reroll choice (and `stop`) with the exact expectation of
    `value` once the dice are final."""
    held = _counts(s.dice)
    trial = game.copy(s)
    trial.phase = MOVE
    chips, supply = trial.chips[seat], trial.supply
    cache: dict[Counts, float] = {}

    def final(counts: Counts) -> float:
        if counts not in cache:
            trial.dice = [f for f, n in zip(FACES, counts, strict=True) for _ in range(n)]
            wishes = counts[FACES.index(WISH)] >= WISH_DICE_FOR_CHIP
            trial.chips[seat], trial.supply = chips, supply
            if wishes and supply > 0:  # D-4 step 3, as the engine takes it
                trial.chips[seat], trial.supply = chips + 1, supply - 1
            cache[counts] = value(game, trial, seat)
        return cache[counts]

    out = {}
    for action in legal:
        rolled = _counts(action.args[0]) if action.verb == "reroll" else (0,) * len(FACES)
        kept = tuple(h - r for h, r in zip(held, rolled, strict=True))
        out[action] = sum(
            p * final(tuple(a + b for a, b in zip(kept, new, strict=True)))
            for new, p in outcomes(DICE - sum(kept))
        )
    return out


def best_rerolls(
    game: KeltisDice, s: DiceState, seat: int, legal: list[Action], value: Value, kept: int = KEPT
) -> list[Action]:
    """The `kept` reroll choices with the highest exact expectation (ties
    in the engine's order); every other phase's moves as they are."""
    if s.phase != REROLL or len(legal) <= kept:
        return legal
    worth = expectations(game, s, seat, legal, value)
    return sorted(legal, key=lambda a: -worth[a])[:kept]
