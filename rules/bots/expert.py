"""The expert level: determinized Monte Carlo search within a counted budget.

Each iteration imagines a world consistent with the seat's view (hidden cards
re-dealt, future chance from the bot's own generator), plays one root action
in it, rolls out with the game's rollout policy for a few actions and scores
the result with the game's evaluation. Root actions are the greedy level's
best few, sampled by UCB1; the most rewarding on average is played.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from rules.bots.greedy import action_values
from rules.bots.policy import Budget, pick_best, policy_for
from rules.bots.sampling import bot_rng, determinize, step
from rules.core.actions import Action
from rules.core.match import Match

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


def search(match: Match, seat: int, legal: list[Action], budget: Budget | None = None) -> Search:
    policy = policy_for(match.game_id)
    budget = budget or policy.budget
    game = match.game
    rng = bot_rng(match, seat, "expert")
    prior = action_values(match, seat, legal, policy, rng, policy.greedy_samples)
    ranked = sorted(legal, key=lambda a: -prior[a])  # stable: ties keep engine order
    arms = ranked[:budget.width]
    visits = [0] * len(arms)
    sums = [0.0] * len(arms)
    steps = 0
    for it in range(budget.iterations):
        if it < len(arms):
            i = it
        else:
            log_n = math.log(it)
            i = max(range(len(arms)), key=lambda k: sums[k] / visits[k]
                    + EXPLORATION * math.sqrt(log_n / visits[k]))
        state, chance = determinize(match, seat, rng)
        step(game, state, seat, arms[i], chance)
        for _ in range(budget.depth):
            owed = game.to_act(state)
            if not owed:
                break
            who = owed[0]
            moves = game.legal(state, who)
            step(game, state, who, policy.rollout(game, state, who, moves, chance), chance)
            steps += 1
        visits[i] += 1
        sums[i] += policy.evaluate(game, state, seat)
    means = {arms[k]: sums[k] / visits[k] for k in range(len(arms)) if visits[k]}
    if means:
        best = pick_best(list(means), lambda a: (means[a], prior[a]), rng)
    else:
        best = ranked[0]
    return Search(best, budget.iterations, steps,
                  {arms[k]: visits[k] for k in range(len(arms))}, means)


def choose(match: Match, seat: int, legal: list[Action]) -> Action:
    return search(match, seat, legal).action
