"""A game's bot policy: its evaluation, its rollout move and its budgets.

Each game has one small module (rules/bots/<game>.py) that fills a `Policy`;
the search code in greedy.py and expert.py is the same for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from rules.core.actions import Action
from rules.core.game import Game
from rules.core.rng import Rng

#: evaluate(game, state, seat) -> how good the state is for seat (about points)
Evaluate = Callable[[Game, Any, int], float]
#: rollout(game, state, seat, legal, rng) -> a cheap, sensible move
Rollout = Callable[[Game, Any, int, list[Action], Rng], Action]


@dataclass(frozen=True, slots=True)
class Budget:
    """The expert's budget, counted, never timed, so a decision is the same
    on any machine. `iterations` determinized rollouts of at most `depth`
    actions each, spread over the `width` best root actions by the greedy
    evaluation.

    `schedule` spreads the iterations over the root actions: "ucb" samples
    them by UCB1, each rollout in its own imagined world; "halving" is
    sequential halving over common worlds: every surviving action is tried
    in the same worlds with the same chance, the worse half is dropped after
    each round, so actions are compared on equal luck (far less noise where
    the luck of the draw dwarfs the difference between two moves)."""

    iterations: int
    depth: int
    width: int
    schedule: str = "ucb"


@dataclass(frozen=True, slots=True)
class Policy:
    evaluate: Evaluate
    rollout: Rollout
    budget: Budget
    #: determinizations the greedy level averages each action over
    greedy_samples: int = 1


def policy_for(game_id: str) -> Policy:
    return import_module(f"rules.bots.{game_id}").POLICY


def random_rollout(game: Game, state: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
    return legal[rng.below(len(legal))]


def pick_best(legal: list[Action], score: Callable[[Action], float], rng: Rng) -> Action:
    """The highest-scoring action; ties broken by the bot's generator, not
    by list order (which would favour whatever the engine lists first)."""
    best, best_key = legal[0], None
    for action in legal:
        key = (score(action), rng.next64())
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best
