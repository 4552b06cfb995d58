"""A game's bot policy: its evaluation, its rollout move and its budgets.

Each game has one small module (rules/bots/<game>.py) that fills a `Policy`;
the search code in greedy.py and expert.py is the same for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rules.core.actions import Action
from rules.core.game import Game
from rules.core.rng import Rng

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

#: the game a policy plays, and its state: each game's module fills a
#: `Policy[ThatGame, ThatState]`; the search code sees `Policy[Any, Any]`
G = TypeVar("G", bound="Game[Any]")
S = TypeVar("S")
#: what `pick_best` ranks actions by (a number, or a tuple of them)
K = TypeVar("K", bound="SupportsRichComparison")

#: evaluate(game, state, seat) -> how good the state is for seat (about points)
Evaluate = Callable[[G, S, int], float]
#: rollout(game, state, seat, legal, rng) -> a cheap, sensible move
Rollout = Callable[[G, S, int, list[Action], Rng], Action]


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
class Policy(Generic[G, S]):
    evaluate: Evaluate[G, S]
    rollout: Rollout[G, S]
    budget: Budget
    #: determinizations the greedy level averages each action over
    greedy_samples: int = 1
    #: the expert's budget with three or more players, where another schedule
    #: may suit better (None: `budget` at every player count)
    field_budget: Budget | None = None

    def budget_for(self, players: int) -> Budget:
        """The expert's budget at this player count."""
        if players > 2 and self.field_budget is not None:
            return self.field_budget
        return self.budget


def policy_for(game_id: str) -> Policy[Any, Any]:
    policy = import_module(f"rules.bots.{game_id}").POLICY
    if not isinstance(policy, Policy):
        raise TypeError(f"rules.bots.{game_id}.POLICY is not a Policy")
    return policy


def random_rollout(
    game: Game[Any], state: object, seat: int, legal: list[Action], rng: Rng
) -> Action:
    return legal[rng.below(len(legal))]


def pick_best(legal: list[Action], score: Callable[[Action], K], rng: Rng) -> Action:
    """The highest-scoring action; ties broken by the bot's generator, not
    by list order (which would favour whatever the engine lists first)."""
    best = legal[0]
    best_key: tuple[K, int] | None = None
    for action in legal:
        key = (score(action), rng.next64())
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best
