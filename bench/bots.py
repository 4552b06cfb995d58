"""The bot tournament (issue 17): the three levels against each other.

Run: `nice -n 10 .venv/bin/python -m bench.bots [--games N] [--field-games M]
[--jobs J] [--only GAME] [--part heads-up|fields] [--against random|greedy]`,
or `--expert-times GAMES` for the expert's decision time alone.

Per game: heads-up pairings (expert vs random, expert vs greedy, greedy vs
random) with the seats rotated game by game, the win rate with a 95% Wilson
interval (a shared win counts half); fields of 3-5 players (one expert
among randoms or greedies) with the expert's win share against the fair
share 1/n; for Cucco the expert's mean chip balance; and the decision time
of each level, p50/p99, measured inside the games as CPU time (the cost of a
decision on a free core) and as wall time (with up to `jobs` games at once).
"""

from __future__ import annotations

import argparse
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor

from rules import Match, all_games
from rules.bots import choose_action

#: (game, players, level of the hero, level of everyone else, target): against
#: greedy, issue 32's goals
HEADS_UP = [
    ("cuttle", 2, "expert", "random", 0.95),
    ("cuttle", 2, "expert", "greedy", 0.75),
    ("cuttle", 2, "greedy", "random", None),
    ("keltis", 2, "expert", "random", 0.95),
    ("keltis", 2, "expert", "greedy", 0.75),
    ("keltis", 2, "greedy", "random", None),
    ("oracle", 2, "expert", "random", 0.95),
    ("oracle", 2, "expert", "greedy", 0.75),
    ("oracle", 2, "greedy", "random", None),
    ("keltis_dice", 2, "expert", "random", 0.90),
    ("keltis_dice", 2, "expert", "greedy", 0.75),
    ("keltis_dice", 2, "greedy", "random", None),
]
#: one expert among others; the target is a multiple of the fair share 1/n
#: (against greedies, issue 32's: 40% of four players, 40% of Cucco's five)
FIELDS = [
    ("keltis", 3, "expert", "random", 2.0),
    ("keltis", 4, "expert", "random", 2.0),
    ("keltis", 4, "expert", "greedy", 1.6),
    ("oracle", 3, "expert", "random", 2.0),
    ("oracle", 4, "expert", "random", 2.0),
    ("oracle", 4, "expert", "greedy", 1.6),
    ("keltis_dice", 3, "expert", "random", 2.0),
    ("keltis_dice", 4, "expert", "random", 2.0),
    ("keltis_dice", 4, "expert", "greedy", None),
    ("cucco", 5, "expert", "random", None),
    ("cucco", 5, "expert", "greedy", 2.0),
]
CUCCO_OPTIONS = {"deals": 5}


def play(task: tuple) -> dict:
    """One game: the hero's level at `hero_seat`, `rest` everywhere else."""
    game_id, players, hero, rest, hero_seat, n = task
    options = CUCCO_OPTIONS if game_id == "cucco" else None
    match = Match.new(
        game_id, players, f"tournament-{game_id}-{players}-{hero}-{rest}-{n}", options
    )
    times: dict[str, list[float]] = {hero: [], rest: []}
    walls: dict[str, list[float]] = {hero: [], rest: []}
    limit = match.game.max_actions
    while match.to_act():
        if match.seq >= limit:
            raise RuntimeError(f"{game_id} did not end within {limit} actions")
        seat = match.to_act()[0]
        level = hero if seat == hero_seat else rest
        t0, c0 = time.perf_counter(), time.process_time()
        action = choose_action(match, seat, level)
        times[level].append(time.process_time() - c0)
        walls[level].append(time.perf_counter() - t0)
        match.act(seat, action, match.seq)
    out = match.outcome()
    assert out is not None  # played to the end
    winners = out["winners"]
    share = 1 / len(winners) if hero_seat in winners else 0.0
    return {"share": share, "score": out["scores"][hero_seat], "times": times, "walls": walls}


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] if values else float("nan")


def run(pairings: list[tuple], games: int, pool) -> list[dict]:
    rows = []
    for game_id, players, hero, rest, target in pairings:
        tasks = [(game_id, players, hero, rest, n % players, n) for n in range(games)]
        results = list(pool.map(play, tasks, chunksize=max(1, games // 20)))
        share = sum(r["share"] for r in results) / games
        times: dict[str, list[float]] = {hero: [], rest: []}
        walls: dict[str, list[float]] = {hero: [], rest: []}
        for r in results:
            for level, ts in r["times"].items():
                times[level] += ts
            for level, ts in r["walls"].items():
                walls[level] += ts
        rows.append(
            {
                "game": game_id,
                "players": players,
                "hero": hero,
                "rest": rest,
                "games": games,
                "share": share,
                "ci": wilson(share, games),
                "mean_score": sum(r["score"] for r in results) / games,
                "target": target,
                "times": times,
                "walls": walls,
            }
        )
        print(_line(rows[-1]), flush=True)
    return rows


def _verdict(row: dict) -> str:
    target = row["target"]
    if target is None:
        return ""
    if row["players"] > 2:
        goal = target / row["players"]
        return f"target >= {goal:.0%}: " + ("met" if row["share"] >= goal else "MISSED")
    return f"target >= {target:.0%}: " + ("met" if row["share"] >= target else "MISSED")


def _line(row: dict) -> str:
    lo, hi = row["ci"]
    extra = f" mean chips {row['mean_score']:+.2f}" if row["game"] == "cucco" else ""
    fair = f" (fair {1 / row['players']:.0%})" if row["players"] > 2 else ""
    return (
        f"{row['game']:<12} {row['players']}p {row['hero']:>6} vs {row['rest']:<6} "
        f"n={row['games']:<4} win {row['share']:6.1%} [{lo:.1%}, {hi:.1%}]{fair}"
        f"{extra}  {_verdict(row)}"
    )


def expert_times(games: int, only: str | None) -> None:
    """The expert's CPU time per decision with a real choice, over `games`
    self-play games (every seat expert) of each game at each player count:
    the issue's 300 ms p99 target, without a tournament's hours."""
    print("expert decision, CPU time (ms), self-play:")
    for game_id, game in sorted(all_games().items()):
        if only not in (None, game_id):
            continue
        times: list[float] = []
        for players in range(game.min_players, game.max_players + 1):
            for n in range(games):
                options = CUCCO_OPTIONS if game_id == "cucco" else None
                match = Match.new(game_id, players, f"expert-times-{players}-{n}", options)
                while match.to_act():
                    seat = match.to_act()[0]
                    c0 = time.process_time()
                    action = choose_action(match, seat, "expert")
                    if len(match.legal(seat)) > 1:
                        times.append(time.process_time() - c0)
                    match.act(seat, action, match.seq)
        print(
            f"  {game_id:<12} p50 {percentile(times, 0.5) * 1e3:6.1f}"
            f"  p99 {percentile(times, 0.99) * 1e3:6.1f}  max {max(times) * 1e3:6.1f}"
            f"  n={len(times)}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per heads-up pairing")
    parser.add_argument(
        "--field-games",
        type=int,
        default=None,
        help="games per 3-5 player field (default: --games)",
    )
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--only", choices=sorted(all_games()), default=None)
    parser.add_argument(
        "--part",
        choices=("all", "heads-up", "fields"),
        default="all",
        help="run only the heads-up pairings or only the 3-5 player fields",
    )
    parser.add_argument(
        "--against",
        choices=("random", "greedy"),
        default=None,
        help="run only the pairings and fields whose other players are at this level",
    )
    parser.add_argument(
        "--expert-times",
        type=int,
        metavar="GAMES",
        default=None,
        help="only time the expert: GAMES self-play games per game and player count",
    )
    args = parser.parse_args()
    if args.expert_times:
        expert_times(args.expert_times, args.only)
        return
    jobs = max(1, min(2, args.jobs))
    field_games = args.field_games or args.games
    wanted = [
        p for p in HEADS_UP + FIELDS if args.only in (None, p[0]) and args.against in (None, p[3])
    ]
    heads = [p for p in wanted if p in HEADS_UP and args.part != "fields"]
    fields = [p for p in wanted if p in FIELDS and args.part != "heads-up"]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        rows = run(heads, args.games, pool) + run(fields, field_games, pool)
    times: dict[tuple[str, str], list[float]] = {}
    walls: dict[tuple[str, str], list[float]] = {}
    for row in rows:
        for field in ("times", "walls"):
            into = times if field == "times" else walls
            for level, ts in row[field].items():
                into.setdefault((row["game"], level), []).extend(ts)
                into.setdefault(("all", level), []).extend(ts)
    print(
        f"\ndecision time (ms): CPU time of the deciding process (what a decision costs"
        f" on a free core), and wall time with {jobs} games at once on a machine at load"
        f" {os.getloadavg()[0]:.1f}:"
    )
    for key in sorted(times, key=lambda k: (k[0] == "all", k)):
        ts, ws = times[key], walls[key]
        print(
            f"  {key[0]:<12} {key[1]:<6} CPU p50 {percentile(ts, 0.5) * 1e3:7.2f}"
            f"  p99 {percentile(ts, 0.99) * 1e3:7.2f}  max {max(ts) * 1e3:7.1f}"
            f"  | wall p99 {percentile(ws, 0.99) * 1e3:7.1f}  n={len(ts)}"
        )
    print(f"\ntotal {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
