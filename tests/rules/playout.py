"""Random legal play, shared by the contract test and the benchmarks."""

from __future__ import annotations

import random

from rules import Match


def random_step(match: Match, rnd: random.Random) -> tuple[int, str]:
    seat = rnd.choice(match.to_act())
    action = rnd.choice(match.legal(seat))
    match.act(seat, action, match.seq)
    return seat, action.key()


def play_out(
    game_id: str, players: int, seed: str, rnd_seed: int = 0, options: dict | None = None
) -> Match:
    match = Match.new(game_id, players, seed, options)
    rnd = random.Random(rnd_seed)
    limit = match.game.max_actions
    while not match.is_over():
        if match.seq >= limit:
            raise AssertionError(f"{game_id} seed {seed!r} did not end within {limit} actions")
        random_step(match, rnd)
    return match
