"""Snapshot and copy of game states: dump, load, load(dump) and copy, per state.

Bots copy a state thousands of times per decision, so this is the cost that
bounds a decision's time. States come from random playouts (every state of
each game), each operation is timed over all of them (in short chunks, best of a few
rounds per chunk).

Run: `.venv/bin/python -m bench.state_copy [--save FILE] [--baseline FILE]`
(`--save` on one checkout, `--baseline` with that file on another prints the
two side by side with the ratio new/old; a checkout whose games have no
`copy` times `load(dump(s))` under that name, which is how bots copied).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

from rules import Match, all_games

PLAYOUTS = 6
ROUNDS = 9
CHUNK = 16  # states per timing


def states(game_id: str, players: int) -> list:
    out = []
    for n in range(PLAYOUTS):
        match = Match.new(game_id, players, f"copy-bench-{n}")
        rnd = random.Random(n)
        while match.to_act():
            out.append(
                match.game.copy(match.state)
                if hasattr(match.game, "copy")
                else match.game.load(match.game.dump(match.state))
            )
            seat = rnd.choice(match.to_act())
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    return out


def best_ns(ops: dict, items: dict) -> dict[str, float]:
    """Time per item of each operation: the items are timed in short chunks,
    each chunk's best of ROUNDS kept, the operations interleaved round by
    round. Short chunks dodge the other processes' time slices, which would
    otherwise decide the figure on a busy machine."""
    totals = dict.fromkeys(ops, 0.0)
    for name in ops:
        xs = items[name]
        for start in range(0, len(xs), CHUNK):
            chunk = xs[start : start + CHUNK]
            best = float("inf")
            for _ in range(ROUNDS):
                t0 = time.perf_counter()
                for x in chunk:
                    ops[name](x)
                best = min(best, time.perf_counter() - t0)
            totals[name] += best
    return {name: totals[name] / len(items[name]) * 1e9 for name in ops}


def _round_trip(load: Callable[[Any], Any], dump: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """`load(dump(state))`, bound to this game's pair (not to the loop's last)."""
    return lambda s: load(dump(s))


def measure() -> dict[str, dict[str, float]]:
    results = {}
    for game_id, game in all_games().items():
        for players in sorted({game.min_players, game.max_players}):
            items = states(game_id, players)
            dumped = [json.loads(json.dumps(game.dump(s))) for s in items]
            dump, load = game.dump, game.load
            copy = getattr(game, "copy", None) or _round_trip(load, dump)
            ops = {"dump": dump, "load": load, "load(dump)": _round_trip(load, dump), "copy": copy}
            inputs = {name: dumped if name == "load" else items for name in ops}
            results[f"{game_id} {players}p"] = best_ns(ops, inputs)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--save", help="write the figures to this JSON file")
    parser.add_argument("--baseline", help="a file written by --save, shown side by side")
    args = parser.parse_args()
    results = measure()
    if args.save:
        with open(args.save, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)
    base = None
    if args.baseline:
        with open(args.baseline, encoding="utf-8") as f:
            base = json.load(f)
    ops = ["dump", "load", "load(dump)", "copy"]
    if base:
        print("µs per state: this checkout / baseline (ratio; < 1 is faster)")
    print(f"{'game':<15}" + "".join(f"{op:>24}" for op in ops))
    for case, row in results.items():
        cells = []
        for op in ops:
            now = row[op] / 1000
            if base and case in base:
                old = base[case][op] / 1000
                cells.append(f"{now:6.2f}/{old:6.2f} ({now / old:4.2f})")
            else:
                cells.append(f"{now:8.2f}")
        print(f"{case:<15}" + "".join(f"{c:>24}" for c in cells))


if __name__ == "__main__":
    main()
