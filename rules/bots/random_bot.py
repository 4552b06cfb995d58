"""A bot that plays a uniformly random legal action.

It can take any seat of any registered game because it only uses the Match
API. Its choice is derived from the match seed, the seq and the seat, so a
bot's moves are reproducible (a restart mid-turn picks the same move) and it
never touches the match's own generator, which belongs to the game.
"""
from __future__ import annotations

from rules.core.actions import Action
from rules.core.match import Match
from rules.core.rng import Rng


def choose_action(match: Match, seat: int) -> Action:
    legal = match.legal(seat)
    if not legal:
        raise ValueError(f"seat {seat} owes no decision")
    rng = Rng.from_seed(f"bot|{match.seed}|{match.seq}|{seat}")
    return legal[rng.below(len(legal))]
