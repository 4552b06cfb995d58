"""Oracle endgames between two experts: do they end? (issue 43)

Run: `nice -n 10 .venv/bin/python -m bench.oracle_stalls [--games N] [--deck K]
[--opening greedy|expert] [--patience P] [--jobs J]`.

Each game is played by the `--opening` level on both seats until the draw
pile holds at most `--deck` cards (cheap: the greedy level by default), then
by two experts to the end. A game *stalls* when `--patience` actions pass
without progress (the draw pile, a score, a row or a pawn changing), or when
it reaches the engine's `max_actions`. Two experts once passed 15,000
actions: the one behind never drew the last card (that ends the game in its
loss), and the one ahead waited, its rollouts assuming the other would.
Printed: the stalls (seed and the action where progress stopped), the
endgames' length, the experts' decision CPU time, and the wall time.
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor

from bench.bots import percentile
from games.oracle.engine.game import Oracle
from rules import Match
from rules.bots import choose_action


def progress(match: Match) -> tuple:
    """What changes when an Oracle game moves on."""
    s = match.state
    game = match.game
    assert isinstance(game, Oracle)
    return (
        len(s.deck),
        tuple(game.score_seat(s, i)["total"] for i in range(len(s.hands))),
        tuple(sum(len(r) for r in rows.values()) for rows in s.rows),
        tuple(tuple(p) for p in s.pawns),
        s.oracle,
    )


def play(task: tuple[int, int, str, int]) -> dict:
    """One game: `opening` bots until the deck is down to `deck`, then experts."""
    n, deck, opening, patience = task
    seed = f"oracle-stalls-{n}"
    match = Match.new("oracle", 2, seed, {})
    limit = match.game.max_actions
    while match.to_act() and len(match.state.deck) > deck:
        seat = match.to_act()[0]
        match.act(seat, choose_action(match, seat, opening), match.seq)
    start, times = match.seq, []
    last, since = progress(match), match.seq
    stall = None
    while match.to_act():
        if match.seq - since >= patience or match.seq >= limit:
            stall = since
            break
        seat = match.to_act()[0]
        c0 = time.process_time()
        action = choose_action(match, seat, "expert")
        if len(match.legal(seat)) > 1:
            times.append(time.process_time() - c0)
        match.act(seat, action, match.seq)
        now = progress(match)
        if now != last:
            last, since = now, match.seq
    return {
        "seed": seed,
        "start": start,
        "end": match.seq,
        "stall": stall,
        "deck": len(match.state.deck),
        "times": times,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--deck", type=int, default=4, help="experts from this deck size on")
    parser.add_argument("--opening", choices=("random", "greedy", "expert"), default="greedy")
    parser.add_argument("--patience", type=int, default=200, help="actions without progress")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    began = time.perf_counter()
    tasks = [(n, args.deck, args.opening, args.patience) for n in range(args.games)]
    with ProcessPoolExecutor(max_workers=max(1, min(2, args.jobs))) as pool:
        results = []
        for r in pool.map(play, tasks):
            results.append(r)
            if r["stall"] is not None:
                print(
                    f"  stall: {r['seed']}, no progress from action {r['stall']} (deck {r['deck']})"
                )
            if len(results) % 20 == 0:
                print(f"  {len(results)} endgames, {time.perf_counter() - began:.0f} s", flush=True)
    stalls = [r for r in results if r["stall"] is not None]
    lengths = [r["end"] - r["start"] for r in results if r["stall"] is None]
    times = [t for r in results for t in r["times"]]
    print(
        f"{len(results)} endgames (experts from {args.deck} cards in the deck on):"
        f" {len(stalls)} stalls ({len(stalls) / len(results):.1%})"
    )
    if lengths:
        print(
            f"endgame length (actions): p50 {percentile(lengths, 0.5)}"
            f"  p99 {percentile(lengths, 0.99)}  max {max(lengths)}"
        )
    if times:
        print(
            f"expert decision CPU (ms): p50 {percentile(times, 0.5) * 1e3:.1f}"
            f"  p99 {percentile(times, 0.99) * 1e3:.1f}  n={len(times)}"
        )
    print(f"wall {time.perf_counter() - began:.0f} s with {args.jobs} jobs")


if __name__ == "__main__":
    main()
