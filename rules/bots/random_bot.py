"""The random level: a uniformly random legal action.

It only uses the Match API, so it can take any seat of any game. Its choice
is derived from the match seed, the seq and the seat, so a restart mid-turn
picks the same move, and it never touches the match's own generator.
"""

from __future__ import annotations

from rules.bots.sampling import bot_rng
from rules.core.actions import Action
from rules.core.match import Match


def choose(match: Match, seat: int, legal: list[Action]) -> Action:
    return legal[bot_rng(match, seat, "random").below(len(legal))]
