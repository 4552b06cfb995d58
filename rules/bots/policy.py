"""A game's bot policy: its evaluation, its rollout move and its budgets.

A game package may expose one as `POLICY` (its `policy.py` fills it); a
game without one is played by `DEFAULT`, which needs nothing but the
engine: it plays the match out at random and scores how it ends. The
search code in greedy.py and expert.py is the same for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from importlib import import_module
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rules.bots.evaluation import final_value
from rules.core.actions import Action
from rules.core.game import Game
from rules.core.registry import package_of
from rules.core.rng import Rng

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

#: the hint's iterations, as a multiple of the expert's, for a game that
#: declares no hint budget of its own (`Policy.hint`)
HINT_SCALE = 4

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
#: considered(game, state, seat, legal) -> the legal moves worth weighing
Considered = Callable[[G, S, int, list[Action]], list[Action]]
#: situation(game, state, seat) -> does this hold of the seat's decision?
Situation = Callable[[G, S, int], bool]
#: refine(game, state, seat, rng): an imagined world, made to agree with what
#: the seat's view tells about the hidden cards (in place)
Refine = Callable[[G, S, int, Rng], None]


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
    #: the moves the greedy and expert levels weigh (None: every legal move);
    #: a game leaves out moves that only make the match last longer, which
    #: two bots could otherwise repeat for ever
    considered: Considered[G, S] | None = None
    #: the hint's own search (expert.hint_search), its iterations counted in
    #: all: a hint is read by a person and worked out in a worker, so it may
    #: think longer than a bot seat, within a second of CPU at the 99th
    #: percentile (None: the expert's budget with `HINT_SCALE` times its
    #: iterations). Never the bot seats' budget: their decisions stay as they are
    hint: Budget | None = None
    #: the game's own touch to every imagined world after the shared re-deal
    #: (sampling.determinize), for what the public play tells about where the
    #: hidden cards are and the re-deal ignores; it reads only what the seat
    #: sees (None: the shared re-deal alone)
    refine: Refine[G, S] | None = None
    #: the decisions the expert takes as the greedy level would, unsearched:
    #: where a game's measurements found its search choosing no better
    #: (None: it searches every decision); the hint still searches them
    greedy_at: Situation[G, S] | None = None

    def weighed(self, game: G, state: S, seat: int, legal: list[Action]) -> list[Action]:
        """The legal moves worth weighing; all of them if none is."""
        if self.considered is None:
            return legal
        return self.considered(game, state, seat, legal) or legal

    def budget_for(self, players: int) -> Budget:
        """The expert's budget at this player count."""
        if players > 2 and self.field_budget is not None:
            return self.field_budget
        return self.budget

    def hint_budget(self, players: int) -> Budget:
        """The hint's search budget at this player count."""
        if self.hint is not None:
            return self.hint
        seat = self.budget_for(players)
        return replace(seat, iterations=seat.iterations * HINT_SCALE)


def random_rollout(
    game: Game[Any], state: object, seat: int, legal: list[Action], rng: Rng
) -> Action:
    return legal[rng.below(len(legal))]


#: the default evaluation's random playouts, and the actions each plays at
#: most (an unfinished playout is worth nothing either way)
PLAYOUTS, PLAYOUT_LIMIT = 4, 500


def playout_value(game: Game[Any], state: object, seat: int) -> float:
    """The default evaluation: copies of the match played out at random to
    their end, scored as finished matches are (`final_value`), on average.
    Their chance is the same for every call, so the actions of one decision
    are compared on equal luck."""
    rng, total = Rng.from_seed("playout"), 0.0
    for _ in range(PLAYOUTS):
        copy = game.copy(state)
        for _ in range(PLAYOUT_LIMIT):
            owed = game.to_act(copy)
            if not owed:
                total += final_value(game.outcome(copy), seat)
                break
            legal = game.legal(copy, owed[0])
            game.apply(copy, owed[0], random_rollout(game, copy, owed[0], legal, rng), rng)
    return total / PLAYOUTS


#: the policy of a game with no policy of its own: slow next to a game's own
#: evaluation, but it needs only the engine
DEFAULT: Policy[Any, Any] = Policy(
    evaluate=playout_value,
    rollout=random_rollout,
    budget=Budget(iterations=48, depth=0, width=4, schedule="halving"),
    greedy_samples=4,
)
_registered: dict[str, Policy[Any, Any]] = {}


def register_policy(game_id: str, policy: Policy[Any, Any]) -> None:
    """A game's policy, given outright (tests; a package's `POLICY` is found
    without this)."""
    _registered[game_id] = policy


def policy_for(game_id: str) -> Policy[Any, Any]:
    """The game's registered policy, else its package's `POLICY`, else the
    default."""
    if game_id in _registered:
        return _registered[game_id]
    package = package_of(game_id)
    policy = None if package is None else getattr(import_module(package), "POLICY", None)
    if policy is None:
        return DEFAULT
    if not isinstance(policy, Policy):
        raise TypeError(f"{package}.POLICY is not a Policy")
    _registered[game_id] = policy
    return policy


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
