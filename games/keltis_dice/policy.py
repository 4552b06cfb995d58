"""The dice game for bots: the standing projected to the game's end (each
stone worth what it can still become in the turns left, chips as they are),
and, when the seat's dice are final, the best move they allow: so a reroll
is judged by what the new dice let the seat do.

Judged by the standing now, a new stone is a loss (its first fields score
-4 to -2) and the bot kept to two or three rows: in a four-player game, which
lasts longer, it lost to random players (35% of the wins, fair share 25%)."""

from __future__ import annotations

from functools import lru_cache

from games.keltis_dice.engine.board import FIELD_POINTS, GOAL_STONES_TO_END, STONES_PER_PLAYER
from games.keltis_dice.engine.game import CLOVER_PHASE, MOVE, OVER, DiceState, KeltisDice
from games.keltis_dice.rerolls import best_rerolls
from games.keltis_dice.steady import steady_rollout
from rules.bots.evaluation import final_value, relative
from rules.bots.policy import Budget, Policy
from rules.core.actions import Action
from rules.core.rng import Rng


def _totals(game: KeltisDice, s: DiceState) -> list[float]:
    return [b["total"] for b in game.standing(s)]


# -- the projection: what the stones may still become ------------------------------
#: fields a seat's stones advance per turn of its own (about the count of the
#: most frequent colour after a reroll): a rough estimate, not tuned
ADVANCE_PER_TURN = 2.3
#: own turns each seat still gets per goal stone missing before the game
#: ends: a rough estimate, not tuned
TURNS_PER_MISSING_GOAL_STONE = 2.0
LAST_FIELD = len(FIELD_POINTS) - 1


@lru_cache(maxsize=65536)
def _best_gain(fields: tuple[int, ...], advance: int) -> int:
    """The most field points `advance` more fields can add to stones on
    `fields` (0: a stone not yet brought in), sorted; exact, by trying every
    split of the advance over the stones."""
    if not fields or advance <= 0:
        return 0
    first, rest = fields[0], fields[1:]
    best = _best_gain(rest, advance)
    for d in range(1, min(advance, LAST_FIELD - first) + 1):
        gain = FIELD_POINTS[first + d] - FIELD_POINTS[first]
        best = max(best, gain + _best_gain(rest, advance - d))
    return best


def projected_totals(game: KeltisDice, s: DiceState) -> list[float]:
    """Each seat's total if the rest of the game lets its stones advance as
    an average turn does: the current game's stones are worth what they can
    still become, so bringing a new stone in (a loss now) is judged by its
    future, and a short game left makes that future short."""
    totals = _totals(game, s)
    if s.phase == OVER:
        return totals
    missing = max(0, GOAL_STONES_TO_END[s.players] - game.goal_stones(s))
    advance = round(ADVANCE_PER_TURN * TURNS_PER_MISSING_GOAL_STONE * missing)
    out = []
    for seat, total in enumerate(totals):
        mine = sorted(s.stones[seat].values())
        fields = tuple(mine + [0] * (STONES_PER_PLAYER - len(mine)))
        out.append(total + _best_gain(fields, advance))
    return out


class _NoChance(Rng):
    """The generator given to moves that use no chance: drawing from it is a bug."""

    __slots__ = ()

    def next64(self) -> int:
        raise AssertionError("a move of the dice game drew a random number")


_NO_CHANCE = _NoChance(0)


def _best_move_gain(game: KeltisDice, s: DiceState, seat: int) -> float:
    """What the best of the seat's moves with these dice adds to its lead."""
    base = relative(projected_totals(game, s), seat)
    best = 0.0
    for action in game.legal(s, seat):
        if action.verb in ("pass", "skip"):
            continue
        copy = game.copy(s)
        game.apply(copy, seat, action, _NO_CHANCE)  # moves use no chance
        best = max(best, relative(projected_totals(game, copy), seat) - base)
    return best


def evaluate(game: KeltisDice, s: DiceState, seat: int) -> float:
    if s.phase == OVER:
        return final_value(game.outcome(s), seat)
    value = relative(projected_totals(game, s), seat)
    if s.current == seat and s.phase in (MOVE, CLOVER_PHASE):
        value += _best_move_gain(game, s, seat)
    return value


def considered(game: KeltisDice, s: DiceState, seat: int, legal: list[Action]) -> list[Action]:
    """The rerolls worth weighing, by their exact expectation under
    `evaluate` (rerolls.py); every other decision's moves as they are."""
    return best_rerolls(game, s, seat, legal, evaluate)


POLICY: Policy[KeltisDice, DiceState] = Policy(
    evaluate=evaluate,
    # A fixed rule that draws nothing (steady.py): common worlds stay common
    # after two different moves, and a rollout costs about 40% less than the
    # random-tie-break one it replaced (issue 44).
    rollout=steady_rollout,
    # Against greedy, on 120 games the tournament does not use: UCB1 at 150
    # iterations of 12 actions won 67.1%; halving over common worlds 70.0%;
    # halving with rollouts of 30 actions (most of a game's rest: a stone's
    # worth is in the race to the goal areas) 77.5%.
    budget=Budget(iterations=320, depth=30, width=8, schedule="halving"),
    greedy_samples=6,
    # The rerolls weighed: the 6 best by exact expectation (rerolls.py), the
    # same for every search; sampled priors picked another 8 of up to 32 each
    # time, so the hint could not even name a longer search's choice.
    considered=considered,
    # The hint's: 4x the seat's iterations (the steady rollouts made them
    # cheaper). Not shorter rollouts: an unfinished game's evaluation costs
    # more than a finished one's, and 15 actions took 5-8 s and missed the
    # reference.
    hint=Budget(iterations=800, depth=30, width=8, schedule="halving"),
)
