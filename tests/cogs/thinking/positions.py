"""Seeded positions of every registered game where a seat has a real
decision to make (more than one legal move), reached by random legal play."""

from __future__ import annotations

import random

from rules import Match, all_games, get_game
from tests.rules.playout import random_step


def position(game_id: str, seed: str, depth: int) -> tuple[Match, int]:
    """The match after about `depth` random moves (on, until a seat owes a
    choice of two or more), and that seat."""
    game = get_game(game_id)
    rnd = random.Random(seed)
    match = Match.new(game_id, rnd.randint(game.min_players, game.max_players), seed)
    while True:
        choosing = [s for s in match.to_act() if len(match.legal(s)) > 1]
        if match.seq >= depth and choosing:
            return match, choosing[0]
        if match.is_over():  # ended early: again, from another deal
            return position(game_id, seed + "'", depth)
        random_step(match, rnd)


def positions(per_game: int) -> list[tuple[str, str, int]]:
    """(game, seed, depth) for each registered game: early and later on."""
    return [
        (game_id, f"thinking-{game_id}-{n}", 2 + 9 * n)
        for game_id in sorted(all_games())
        for n in range(per_game)
    ]
