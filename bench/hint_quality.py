"""Is the 💡 hint worth following (issue 44)? The hint against a reference
search that thinks 8x as long, on held positions per game.

Run: `PYTHONPATH=. .venv/bin/python -m bench.hint_quality [--positions N]
[--games cuttle keltis ...] [--first K] [--hint ITERATIONS DEPTH WIDTH]`
(`--hint`: try another hint budget for the games measured, instead of
their declared `Policy.hint`)

Positions are regenerated deterministically: position k of a game is the
match seeded `hintq-<game>-<k>`, played by a fixed mix of bots (seat 0
greedy and the others random on even k, the other way round on odd k) for
a number of decisions drawn from k, then on to the first decision with two
or more legal moves. At each, the hint (`rules.bots.hint.hint`, in this
process, timed in process time) is compared with the reference: the hint's
search with `REFERENCE_SCALE` times the hint's iterations, but the bot
seat's own rollout depth and candidates (a hint budget may cut those to
save time; the reference does not), in worlds of its own (another salt).
A position counts as good when the hint plays the reference's move (or
the same move under another name), or flags the reference's move as about
as good; else it is a disagreement. Per game:
the good share with its Wilson 95% interval, the hint's CPU p50/p99, and
for comparison how often a bot seat's own decision (what the hint was
before issue 44) plays the reference's move.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from dataclasses import replace

from rules import Match, all_games
from rules.bots import choose_action, expert
from rules.bots.hint import hint, same_move
from rules.bots.policy import Budget, policy_for, register_policy

#: the reference's iterations, as a multiple of the hint's
REFERENCE_SCALE = 8
#: decisions played before a position is taken, at most
PLAYED = 60
DEFAULT_GAMES = ("cuttle", "keltis")


def position(game_id: str, k: int) -> tuple[Match, int] | None:
    """Held position k of a game (None: the match ended first)."""
    game = all_games()[game_id]
    match = Match.new(game_id, game.min_players, f"hintq-{game_id}-{k}")
    rnd = random.Random(f"hintq|{game_id}|{k}")
    target = rnd.randrange(PLAYED)
    greedy_seat = 0 if k % 2 == 0 else 1
    played = 0
    while match.to_act():
        seat = match.to_act()[0]
        if played >= target and len(match.legal(seat)) >= 2:
            return match, seat
        level = "greedy" if seat == greedy_seat else "random"
        match.act(seat, choose_action(match, seat, level), match.seq)
        played += 1
    return None


def positions(game_id: str, n: int, first: int = 0):
    """n held positions of a game, from the `first`-th on (a later run can
    add to an earlier one)."""
    k, skip = 0, first
    while n:
        found = position(game_id, k)
        k += 1
        if found is None:
            continue
        if skip:
            skip -= 1
            continue
        n -= 1
        yield found


def wilson(good: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if not n:
        return 0.0, 1.0
    p = good / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def judge(match: Match, seat: int) -> tuple[str, float, bool]:
    """ "agree", "flagged" or "disagree", the hint's process time, and
    whether a bot seat's own decision (the hint before issue 44) plays the
    reference's move."""
    start = time.process_time()
    given = hint(match, seat)
    spent = time.process_time() - start
    legal = match.legal(seat)
    policy = policy_for(match.game_id)
    hint_budget = policy.hint_budget(match.players)
    reference = replace(
        policy.budget_for(match.players),
        iterations=hint_budget.iterations * REFERENCE_SCALE,
    )
    ref = expert.hint_search(match, seat, legal, reference, salt="|reference").action
    seat_move = expert.search(match, seat, legal).action
    bot = seat_move == ref or same_move(match, seat, seat_move, ref)
    if given.action == ref or same_move(match, seat, given.action, ref):
        return "agree", spent, bot
    if any(a == ref or same_move(match, seat, a, ref) for a in given.close):
        return "flagged", spent, bot
    return "disagree", spent, bot


def measure(game_id: str, n: int, first: int = 0, progress: bool = False) -> dict:
    counts = {"agree": 0, "flagged": 0, "disagree": 0, "bot": 0}
    times: list[float] = []
    for match, seat in positions(game_id, n, first):
        verdict, spent, bot = judge(match, seat)
        counts[verdict] += 1
        counts["bot"] += bot
        times.append(spent)
        if progress:
            print(f"  {game_id} {len(times)}/{n}: {verdict}, {spent:.2f} s", flush=True)
    times.sort()
    good = counts["agree"] + counts["flagged"]
    low, high = wilson(good, n)
    return {
        **counts,
        "n": n,
        "share": good / n,
        "low": low,
        "high": high,
        "p50": statistics.median(times),
        "p99": times[min(len(times) - 1, math.ceil(0.99 * len(times)) - 1)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--games", nargs="+", default=list(DEFAULT_GAMES))
    parser.add_argument("--first", type=int, default=0, help="skip the first held positions")
    parser.add_argument("--progress", action="store_true", help="a line per position")
    parser.add_argument("--hint", type=int, nargs=3, metavar=("ITERATIONS", "DEPTH", "WIDTH"))
    args = parser.parse_args()
    if args.hint:
        for game_id in args.games:
            policy = policy_for(game_id)
            iterations, depth, width = args.hint
            trial = Budget(iterations, depth, width, schedule="halving")
            register_policy(game_id, replace(policy, hint=trial))
    print(
        f"{'game':<12} {'N':>4} {'agree':>6} {'flagged':>8} {'disagree':>9} "
        f"{'good':>6} {'Wilson 95%':>14} {'CPU p50':>8} {'CPU p99':>8} {'bot seat':>9}"
    )
    for game_id in args.games:
        start = time.perf_counter()
        r = measure(game_id, args.positions, args.first, args.progress)
        print(
            f"{game_id:<12} {r['n']:>4} {r['agree']:>6} {r['flagged']:>8} {r['disagree']:>9} "
            f"{r['share']:>6.0%} {r['low']:>6.0%}-{r['high']:<6.0%} "
            f"{r['p50']:>7.2f}s {r['p99']:>7.2f}s {r['bot'] / r['n']:>9.0%}"
            f"   ({time.perf_counter() - start:.0f} s wall)",
            flush=True,
        )


if __name__ == "__main__":
    main()
