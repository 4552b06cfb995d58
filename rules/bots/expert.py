"""The expert level: determinized Monte Carlo search within a counted budget.

Each iteration imagines a world consistent with the seat's view (hidden cards
re-dealt, future chance from the bot's own generator), plays one root action
in it, rolls out with the game's rollout policy for a few actions and scores
the result with the game's evaluation. Root actions are the greedy level's
best few; the budget's schedule (UCB1, or sequential halving over common
worlds) spreads the iterations over them, and the most rewarding on average
is played.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from rules.bots.greedy import action_values
from rules.bots.policy import Budget, Policy, pick_best, policy_for
from rules.bots.sampling import bot_rng, determinize, step
from rules.core.actions import Action
from rules.core.match import Match
from rules.core.rng import Rng

#: UCB1 exploration, in the evaluations' units (about points)
EXPLORATION = 4.0


@dataclass(slots=True)
class Search:
    """What one decision cost and found: tests check the budget with it."""

    action: Action
    iterations: int
    rollout_actions: int
    visits: dict[Action, int]
    means: dict[Action, float]


class _Tally:
    """Visits and summed values per root action, and the rollouts' length."""

    def __init__(self, n: int) -> None:
        self.visits = [0] * n
        self.sums = [0.0] * n
        self.steps = 0
        #: the root actions the decision is made among
        self.finalists = list(range(n))

    def mean(self, i: int) -> float:
        return self.sums[i] / self.visits[i]


def _rollout(
    match: Match,
    seat: int,
    state: Any,
    action: Action,
    chance: Rng,
    policy: Policy[Any, Any],
    depth: int,
    tally: _Tally,
) -> float:
    """Play `action` in the imagined `state`, then up to `depth` rollout
    actions; the evaluation of where that leads."""
    game = match.game
    step(game, state, seat, action, chance)
    for _ in range(depth):
        owed = game.to_act(state)
        if not owed:
            break
        who = owed[0]
        moves = game.legal(state, who)
        step(game, state, who, policy.rollout(game, state, who, moves, chance), chance)
        tally.steps += 1
    return policy.evaluate(game, state, seat)


def _ucb(
    match: Match, seat: int, arms: list[Action], budget: Budget, policy: Policy[Any, Any], rng: Rng
) -> _Tally:
    tally = _Tally(len(arms))
    for it in range(budget.iterations):
        if it < len(arms):
            i = it
        else:
            log_n = math.log(it)
            i = max(
                range(len(arms)),
                key=lambda k: tally.mean(k) + EXPLORATION * math.sqrt(log_n / tally.visits[k]),
            )
        state, chance = determinize(match, seat, rng)
        tally.sums[i] += _rollout(match, seat, state, arms[i], chance, policy, budget.depth, tally)
        tally.visits[i] += 1
    return tally


def _halving(
    match: Match, seat: int, arms: list[Action], budget: Budget, policy: Policy[Any, Any], rng: Rng
) -> _Tally:
    """Sequential halving: about log2(width) rounds of an equal share of the
    budget; in a round every surviving action is rolled out in the same
    worlds, with the same chance seed per world."""
    game = match.game
    tally = _Tally(len(arms))
    alive = list(range(len(arms)))
    rounds = max(1, math.ceil(math.log2(len(arms))))
    left = budget.iterations
    for r in range(rounds):
        worlds = max(1, (left // (rounds - r)) // len(alive))
        for _ in range(worlds):
            if left < len(alive):
                break
            world, chance = determinize(match, seat, rng)
            seed = chance.next64()
            for i in alive:
                state = game.copy(world)
                tally.sums[i] += _rollout(
                    match, seat, state, arms[i], Rng(seed), policy, budget.depth, tally
                )
                tally.visits[i] += 1
            left -= len(alive)
        if len(alive) == 1 or left < 2:
            break
        alive.sort(key=lambda k: -tally.mean(k) if tally.visits[k] else math.inf)
        alive = alive[: max(1, len(alive) // 2)]
    tally.finalists = alive
    return tally


_SCHEDULES = {"ucb": _ucb, "halving": _halving}


def search(match: Match, seat: int, legal: list[Action], budget: Budget | None = None) -> Search:
    policy = policy_for(match.game_id)
    budget = budget or policy.budget_for(match.players)
    rng = bot_rng(match, seat, "expert")
    legal = policy.weighed(match.game, match.state, seat, legal)
    prior = action_values(match, seat, legal, policy, rng, policy.greedy_samples)
    ranked = sorted(legal, key=lambda a: -prior[a])  # stable: ties keep engine order
    arms = ranked[: budget.width]
    tally = _SCHEDULES[budget.schedule](match, seat, arms, budget, policy, rng)
    means = {arms[k]: tally.mean(k) for k in range(len(arms)) if tally.visits[k]}
    finalists = [arms[k] for k in tally.finalists if tally.visits[k]]
    best = pick_best(finalists, lambda a: (means[a], prior[a]), rng) if finalists else ranked[0]
    return Search(
        best,
        sum(tally.visits),
        tally.steps,
        {arms[k]: tally.visits[k] for k in range(len(arms))},
        means,
    )


def choose(match: Match, seat: int, legal: list[Action]) -> Action:
    return search(match, seat, legal).action
