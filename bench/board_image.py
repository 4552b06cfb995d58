"""Board image rendering (the Oracle): time and size of a PNG over many random
game positions; target ≤ 100 ms per image, PNG < 200 KB.

Run: `.venv/bin/python -m bench.board_image [positions]`
"""
from __future__ import annotations

import random
import statistics
import sys
import time

from cogs.presenters import oracle_board
from rules import Match

NAMES = ["Alice", "Bob", "Zoë", "🤖 Bot 4"]


def positions(count: int) -> list[tuple[dict, list[str]]]:
    """Public views from random playouts of 2-4 players, spread over whole games."""
    out = []
    game = 0
    while len(out) < count:
        players = 2 + game % 3
        rnd = random.Random(game)
        match = Match.new("oracle", players, f"bench-image-{game}")
        every = rnd.randint(5, 15)
        while match.to_act() and len(out) < count:
            seat = match.to_act()[0]
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
            if match.seq % every == 0 or not match.to_act():
                out.append((match.view(None), NAMES[:players]))
        game += 1
    return out


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    views = positions(count)
    start = time.perf_counter()
    oracle_board.render(*views[0])
    cold = time.perf_counter() - start
    times, sizes = [], []
    for view, names in views:
        t0 = time.perf_counter()
        png = oracle_board.render(view, names)
        times.append(time.perf_counter() - t0)
        sizes.append(len(png))
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"oracle board image, {len(times)} positions ({oracle_board.WIDTH}x"
          f"{oracle_board.HEIGHT}, {oracle_board.PALETTE_COLOURS} colours):")
    print(f"  render median {statistics.median(times) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms; first image (with the base) {cold * 1000:.1f} ms")
    print(f"  PNG median {statistics.median(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB")


if __name__ == "__main__":
    main()
