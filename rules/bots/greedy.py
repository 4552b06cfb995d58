"""The greedy level: one ply. Every legal action is applied to a few
determinized copies of the match and the one whose result the game's
evaluation likes best is played."""

from __future__ import annotations

from typing import Any

from rules.bots.policy import Policy, pick_best, policy_for
from rules.bots.sampling import bot_rng, determinize, step
from rules.core.actions import Action
from rules.core.match import Match
from rules.core.rng import Rng


def action_values(
    match: Match, seat: int, legal: list[Action], policy: Policy[Any, Any], rng: Rng, samples: int
) -> dict[Action, float]:
    """Mean evaluation after each action over `samples` determinizations
    (the same worlds for every action, so they are compared fairly)."""
    game = match.game
    worlds = [determinize(match, seat, rng) for _ in range(samples)]
    copy_of = game.copy
    values = {}
    for action in legal:
        total = 0.0
        for state, chance in worlds:
            copy = copy_of(state)
            step(game, copy, seat, action, type(chance)(chance.state))
            total += policy.evaluate(game, copy, seat)
        values[action] = total / samples
    return values


def choose(match: Match, seat: int, legal: list[Action]) -> Action:
    policy = policy_for(match.game_id)
    rng = bot_rng(match, seat, "greedy")
    legal = policy.weighed(match.game, match.state, seat, legal)
    values = action_values(match, seat, legal, policy, rng, policy.greedy_samples)
    return pick_best(legal, values.__getitem__, rng)
