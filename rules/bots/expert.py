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

from rules.bots import greedy
from rules.bots.greedy import action_values
from rules.bots.policy import HINT_SCALE as HINT_SCALE  # the hint's default, re-exported
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
        if r and len(alive) == 1:
            break  # decided: rolling out the lone survivor again would change nothing
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
    policy = policy_for(match.game_id)
    if policy.greedy_at is not None and policy.greedy_at(match.game, match.state, seat):
        return greedy.choose(match, seat, legal)
    return search(match, seat, legal).action


# -- the hint's own search ------------------------------------------------------------
#
# A hint is read by a person who may follow it, and is worked out in a worker
# process, off the event loop: it may think longer than a bot seat, and it must
# not drop a move on thin evidence. So every candidate is rolled out in the
# same worlds (paired: the difference of two moves is measured on equal luck),
# a move leaves the race only once the leader's lead over it is several
# standard errors wide, and the search keeps each move's values per world so
# the hint can tell a real difference from the search's own noise.

# The hint's budget is the game's own (`Policy.hint_budget`): by default the
# seat's expert budget with `HINT_SCALE` times its iterations.

#: a move is dropped once the leader's paired lead over it exceeds this many
#: standard errors (wide: the test is repeated as the worlds come in)
DROP_Z = 3.0
#: worlds every candidate is tried in before any is dropped, and how often the
#: race is checked after that
MIN_WORLDS, CHECK_EVERY = 12, 4
#: a lead below this (in the evaluations' units) is never a reason to drop
FLOOR = 0.05


@dataclass(slots=True)
class Weighed:
    """What the hint's search found: the chosen move, and per candidate its
    value in each world it was tried in (worlds are shared: the k-th value of
    every candidate comes from the same world and the same chance)."""

    action: Action
    iterations: int
    #: candidates in the order of their greedy prior, each with its values
    values: dict[Action, list[float]]

    def mean(self, action: Action) -> float:
        vals = self.values[action]
        return sum(vals) / len(vals)

    def lead(self, over: Action) -> tuple[float, float]:
        """How much better the chosen move came out than `over`, on average
        over the worlds both were tried in, and the standard error of that
        difference."""
        return paired_lead(self.values[self.action], self.values[over])


def paired_lead(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean of a[k] - b[k] over the common worlds, and its standard error
    (infinite with fewer than two worlds: nothing is known yet)."""
    n = min(len(a), len(b))
    if n < 2:
        return (a[0] - b[0] if n else 0.0), math.inf
    diffs = [a[k] - b[k] for k in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def hint_search(
    match: Match,
    seat: int,
    legal: list[Action],
    budget: Budget | None = None,
    scale: int = 1,
    salt: str = "",
) -> Weighed:
    """The hint's search: the hint's budget (`budget`: the game's declared
    `Policy.hint_budget` unless given) with `scale` times its iterations,
    raced in common worlds (see above). Deterministic per (seed, seq, seat,
    salt); a bot seat never calls it, so its decisions are unchanged."""
    policy = policy_for(match.game_id)
    budget = budget or policy.hint_budget(match.players)
    rng = bot_rng(match, seat, f"hint{salt}")
    legal = policy.weighed(match.game, match.state, seat, legal)
    prior = action_values(match, seat, legal, policy, rng, policy.greedy_samples)
    arms = sorted(legal, key=lambda a: -prior[a])[: budget.width]
    values: dict[Action, list[float]] = {a: [] for a in arms}
    alive, total, spent, tally = list(arms), budget.iterations * scale, 0, _Tally(0)
    game = match.game
    while len(alive) > 1 and spent + len(alive) <= total:
        world, chance = determinize(match, seat, rng)
        seed = chance.next64()
        for a in alive:
            state = game.copy(world)
            values[a].append(
                _rollout(match, seat, state, a, Rng(seed), policy, budget.depth, tally)
            )
        spent += len(alive)
        worlds = len(values[alive[0]])
        if worlds >= MIN_WORLDS and worlds % CHECK_EVERY == 0:
            alive = _race(alive, values)
    if len(alive) > 1:
        best = max(alive, key=lambda a: (sum(values[a]) / len(values[a]), prior[a]))
    else:
        best = alive[0]
    return Weighed(best, spent, values)


def _race(alive: list[Action], values: dict[Action, list[float]]) -> list[Action]:
    """The candidates still in the race: all but those the leader is ahead
    of by more than `DROP_Z` standard errors (and `FLOOR`)."""
    leader = max(alive, key=lambda a: sum(values[a]))  # same worlds: sums rank as means
    kept = []
    for a in alive:
        lead, se = paired_lead(values[leader], values[a])
        if a == leader or lead <= max(DROP_Z * se, FLOOR):
            kept.append(a)
    return kept
