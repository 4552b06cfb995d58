"""Keltis churn (issue 44): does a bot go somewhere, or swap discards for ever?

Run: `PYTHONPATH=. nice -n 10 .venv/bin/python -m bench.keltis_churn [--games N]
[--expert-games M] [--jobs J]`.

A churn turn is "discard, then draw the top of a discard pile": the draw
pile does not shrink and no row grows. The greedy bot once did it 22 turns in
a row. Reported: the longest run of churn turns per player in greedy
self-play (target: at most 3) and in expert vs greedy; greedy's win rate
against random (target >= 90%) and the expert's against greedy, with 95%
Wilson intervals (a shared win counts half); decision CPU time p50/p99 per
level, over decisions with a real choice.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from bench.bots import percentile, wilson
from rules import Match
from rules.bots import choose_action


def play(task: tuple[str, str, int, int]) -> dict:
    """One 2-player game: `hero` at `hero_seat`, `rest` at the other seat."""
    hero, rest, hero_seat, n = task
    match = Match.new("keltis", 2, f"churn{n}", {})
    times: dict[str, list[float]] = {hero: [], rest: []}
    run, longest = [0, 0], [0, 0]
    played: dict[int, str] = {}
    while match.to_act():
        if match.seq >= match.game.max_actions:
            raise RuntimeError(f"churn{n} did not end within {match.game.max_actions} actions")
        seat = match.to_act()[0]
        level = hero if seat == hero_seat else rest
        c0 = time.process_time()
        action = choose_action(match, seat, level)
        if len(match.legal(seat)) > 1:
            times[level].append(time.process_time() - c0)
        if action.verb == "draw":
            churn = played.get(seat) == "discard" and action.args[0] != "deck"
            run[seat] = run[seat] + 1 if churn else 0
            longest[seat] = max(longest[seat], run[seat])
        elif action.verb != "done":
            played[seat] = action.verb
        match.act(seat, action, match.seq)
    out = match.outcome()
    assert out is not None  # played to the end
    winners = out["winners"]
    share = 1 / len(winners) if hero_seat in winners else 0.0
    return {
        "share": share,
        "longest": longest,
        "hero_seat": hero_seat,
        "times": times,
        "actions": match.seq,
    }


def pairing(pool: ProcessPoolExecutor, hero: str, rest: str, games: int) -> dict:
    tasks = [(hero, rest, n % 2, n) for n in range(games)]
    results = list(pool.map(play, tasks, chunksize=max(1, games // 40)))
    times: dict[str, list[float]] = {hero: [], rest: []}
    for r in results:
        for level, ts in r["times"].items():
            times[level] += ts
    share = sum(r["share"] for r in results) / games
    hero_runs = [r["longest"][r["hero_seat"]] for r in results]
    rest_runs = [r["longest"][1 - r["hero_seat"]] for r in results]
    return {
        "share": share,
        "ci": wilson(share, games),
        "hero_runs": hero_runs,
        "rest_runs": rest_runs,
        "times": times,
        "actions": sorted(r["actions"] for r in results),
    }


def _runs(label: str, runs: list[int], target: int | None = None) -> str:
    over = sum(1 for r in runs if r > 3)
    verdict = "" if target is None else ("  met" if max(runs) <= target else "  MISSED")
    return f"  {label}: longest churn run max {max(runs)}, games with a run > 3: {over}{verdict}"


def _ms(values: list[float]) -> str:
    return (
        f"p50 {percentile(values, 0.5) * 1e3:6.1f} ms  p99 {percentile(values, 0.99) * 1e3:6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of greedy play")
    parser.add_argument("--expert-games", type=int, default=40, help="expert vs greedy games")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument(
        "--part", choices=("all", "greedy", "expert"), default="all", help="run only one part"
    )
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with ProcessPoolExecutor(args.jobs) as pool:
        if args.part != "expert":
            _greedy(pool, args.games)
        if args.part != "greedy":
            _expert(pool, args.expert_games)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


def _greedy(pool: ProcessPoolExecutor, games: int) -> None:
    selfplay = pairing(pool, "greedy", "greedy", games)
    runs = selfplay["hero_runs"] + selfplay["rest_runs"]
    actions = selfplay["actions"]
    print(f"greedy self-play, {games} games (seeds churn0..):")
    print(_runs("per player", runs, target=3))
    print(f"  actions per game: median {actions[len(actions) // 2]}, max {actions[-1]}")
    print(f"  greedy decision CPU {_ms(selfplay['times']['greedy'])}", flush=True)
    vs_random = pairing(pool, "greedy", "random", games)
    lo, hi = vs_random["ci"]
    verdict = "met" if vs_random["share"] >= 0.9 else "MISSED"
    print(f"greedy vs random, {games} games: greedy wins {vs_random['share']:.1%}")
    print(f"  [{lo:.1%}, {hi:.1%}]  target >= 90%: {verdict}")
    print(_runs("greedy", vs_random["hero_runs"]), flush=True)


def _expert(pool: ProcessPoolExecutor, games: int) -> None:
    expert = pairing(pool, "expert", "greedy", games)
    lo, hi = expert["ci"]
    print(f"expert vs greedy, {games} games: expert wins {expert['share']:.1%}")
    print(f"  [{lo:.1%}, {hi:.1%}]")
    print(_runs("expert", expert["hero_runs"]))
    print(_runs("greedy", expert["rest_runs"]))
    print(f"  expert decision CPU {_ms(expert['times']['expert'])}")
    print(f"  greedy decision CPU {_ms(expert['times']['greedy'])}", flush=True)


if __name__ == "__main__":
    main()
