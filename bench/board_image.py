"""Board image rendering for every game: time and size of a PNG over many
random positions (from random playouts, every player count; wall clock and
this process's CPU time, which a busy machine inflates less), and what a
cache hit costs (`Presenter.table_image` on an unchanged view).
Targets: ≤ 100 ms per image, PNG < 200 KB.

Run: `.venv/bin/python -m bench.board_image [positions per game]`
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from cogs.presenters import presenter_for
from cogs.presenters.image_cache import BOARDS
from games.oracle.board import _base_image
from rules import Match, all_games

NAMES = ["Alice", "Bob", "Zoë", "🤖 Bot 4", "Eve"]


def positions(game_id: str, count: int) -> list[tuple[dict, list[str]]]:
    """Public views from random playouts of every player count, spread over
    whole games."""
    game = all_games()[game_id]
    counts = range(game.min_players, game.max_players + 1)
    out: list[tuple[dict, list[str]]] = []
    n = 0
    while len(out) < count:
        players = counts[n % len(counts)]
        rnd = random.Random(n)
        match = Match.new(game_id, players, f"bench-image-{n}")
        every = rnd.randint(2, 12)
        while match.to_act() and len(out) < count:
            seat = rnd.choice(match.to_act())
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
            if match.seq % every == 0 or not match.to_act():
                out.append((match.view(None), NAMES[:players]))
        n += 1
    return out


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p))]


def measure(game_id: str, count: int) -> dict:
    presenter = presenter_for(game_id)
    views = positions(game_id, count)
    # the cold run draws the static board again (`base_image.cache_clear` is this
    # same function, attached at run time where mypy cannot see it)
    _base_image.cache_clear()
    start = time.perf_counter()
    presenter.render_board(*views[0])
    cold = time.perf_counter() - start
    times, cpu, sizes = [], [], []
    for view, names in views:
        t0, c0 = time.perf_counter(), time.process_time()
        png = presenter.render_board(view, names)
        assert png is not None  # every game has a board picture
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        sizes.append(len(png))
    hits = []
    for view, names in views[:100]:
        presenter.table_image(view, names)  # drawn once, then cached
        t0 = time.perf_counter()
        presenter.table_image(view, names)
        hits.append(time.perf_counter() - t0)
    BOARDS.clear()
    return {
        "game": game_id,
        "n": len(times),
        "p50": statistics.median(times),
        "p99": percentile(times, 0.99),
        "cpu50": statistics.median(cpu),
        "cold": cold,
        "size50": statistics.median(sizes),
        "size_max": max(sizes),
        "hit50": statistics.median(hits),
        "hit99": percentile(hits, 0.99),
    }


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"board images, {count} random positions per game (800 px wide, 64 colours):")
    print(
        "| game | render p50 | render p99 | CPU p50 | first image | PNG p50 | PNG max "
        "| cache hit p50 | cache hit p99 |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for game_id in all_games():
        r = measure(game_id, count)
        print(
            f"| {game_id} | {r['p50'] * 1e3:.1f} ms | {r['p99'] * 1e3:.1f} ms | "
            f"{r['cpu50'] * 1e3:.1f} ms | "
            f"{r['cold'] * 1e3:.1f} ms | {r['size50'] / 1024:.1f} KB | "
            f"{r['size_max'] / 1024:.1f} KB | {r['hit50'] * 1e6:.0f} µs | "
            f"{r['hit99'] * 1e6:.0f} µs |"
        )


if __name__ == "__main__":
    main()
