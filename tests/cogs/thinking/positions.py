"""Seeded positions of every registered game where a seat has a real
decision to make (more than one legal move), reached by random legal play."""

from __future__ import annotations

import random

from rules import Match, all_games, get_game
from tests.rules.playout import random_step

#: other deals tried for a match that ends before the depth asked
DEALS = 5


def position(game_id: str, seed: str, depth: int) -> tuple[Match, int]:
    """The match after about `depth` random moves (on, until a seat owes a
    choice of two or more), and that seat. A match that ends first is dealt
    again; a game whose matches are all shorter gives its latest choice."""
    latest = None
    for deal in range(DEALS):
        found, last = _played(game_id, seed + "'" * deal, depth)
        if found is not None:
            return found
        latest = latest or last
    assert latest is not None, "no seat ever had a choice"
    found, _last = _played(game_id, latest[0], latest[1])
    assert found is not None
    return found


def _played(game_id: str, seed: str, depth: int):
    """(the position at `depth`, None) or, when the match ends first, (None,
    (seed, depth) of its last choice)."""
    game = get_game(game_id)
    rnd = random.Random(seed)
    match = Match.new(game_id, rnd.randint(game.min_players, game.max_players), seed)
    last = None
    while True:
        choosing = [s for s in match.to_act() if len(match.legal(s)) > 1]
        if choosing:
            last = (seed, match.seq)
            if match.seq >= depth:
                return (match, choosing[0]), last
        if match.is_over():
            return None, last
        random_step(match, rnd)


def positions(per_game: int) -> list[tuple[str, str, int]]:
    """(game, seed, depth) for each registered game: early and later on."""
    return [
        (game_id, f"thinking-{game_id}-{n}", 2 + 9 * n)
        for game_id in sorted(all_games())
        for n in range(per_game)
    ]
