"""Random playouts per game: games per second, median game time, act() cost.

Run: `.venv/bin/python -m bench.playouts [games_per_count]`
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from rules import Match, all_games


def measure(game_id: str, players: int, games: int) -> dict:
    game_times, act_times = [], []
    for n in range(games):
        rnd = random.Random(n)
        start = time.perf_counter()
        match = Match.new(game_id, players, f"bench-{n}")
        while True:
            owed = match.to_act()
            if not owed:
                break
            seat = rnd.choice(owed)
            action = rnd.choice(match.legal(seat))
            t0 = time.perf_counter()
            match.act(seat, action, match.seq)
            act_times.append(time.perf_counter() - t0)
        game_times.append(time.perf_counter() - start)
    act_times.sort()
    return {
        "games_per_s": games / sum(game_times),
        "median_game_ms": statistics.median(game_times) * 1000,
        "act_p50_us": act_times[len(act_times) // 2] * 1e6,
        "act_p99_us": act_times[int(len(act_times) * 0.99)] * 1e6,
        "actions_per_game": len(act_times) / games,
    }


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print(
        f"{'game':<12} {'players':>7} {'games/s':>8} {'median game':>12} "
        f"{'act p50':>9} {'act p99':>9} {'acts/game':>9}"
    )
    for game_id, game in all_games().items():
        for players in range(game.min_players, game.max_players + 1):
            r = measure(game_id, players, games)
            print(
                f"{game_id:<12} {players:>7} {r['games_per_s']:>8.0f} "
                f"{r['median_game_ms']:>9.1f} ms {r['act_p50_us']:>6.0f} us "
                f"{r['act_p99_us']:>6.0f} us {r['actions_per_game']:>9.0f}"
            )


if __name__ == "__main__":
    main()
