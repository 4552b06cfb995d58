"""The bot levels by name, and the one entry point that dispatches to them."""

from __future__ import annotations

from rules.bots import expert, greedy, random_bot
from rules.core.actions import Action
from rules.core.match import Match

LEVELS = ("random", "greedy", "expert")
#: a level's name for people (seat labels, lobby choices)
LABELS = {"random": "Random", "greedy": "Greedy", "expert": "Expert"}
#: what `choose_action(match, seat)` plays without a level: cheap enough for
#: any caller, and the level a host gets by default
DEFAULT_LEVEL = "greedy"
#: the bot kind stored before levels existed (`seats.bot == "bot"`)
LEGACY_KIND = "bot"

_CHOOSERS = {"random": random_bot.choose, "greedy": greedy.choose, "expert": expert.choose}


def level_of_seat_kind(kind: str | None) -> str:
    """The level of a stored bot seat kind: a level name, or the legacy
    "bot" (and anything unknown) as the default level."""
    return kind if kind in LEVELS else DEFAULT_LEVEL


def choose_action(match: Match, seat: int, level: str = DEFAULT_LEVEL) -> Action:
    """One of `match.legal(seat)`, chosen at `level`. Pure: the match is not
    changed, and the same (seed, seq, seat, level) gives the same action."""
    if level not in _CHOOSERS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    legal = match.legal(seat)
    if not legal:
        raise ValueError(f"seat {seat} owes no decision")
    if len(legal) == 1:
        return legal[0]
    return _CHOOSERS[level](match, seat, legal)
