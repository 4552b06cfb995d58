"""Pure game engines behind one `Match` API.

Nothing under `rules/` touches Discord, storage, asyncio or the wall clock:
the same seed and the same actions always give the same states, which is what
makes replays, restarts and tests trustworthy.
"""

from rules.core.actions import Action
from rules.core.errors import (
    BadOptions,
    GameOver,
    IllegalAction,
    NotYourDecision,
    RecordError,
    RulesError,
    StaleSeq,
    UnknownAction,
    UnknownGame,
)
from rules.core.game import Game, GameType
from rules.core.match import Match
from rules.core.registry import all_games, get_game, register

__all__ = [
    "Action",
    "Match",
    "Game",
    "GameType",
    "all_games",
    "get_game",
    "register",
    "RulesError",
    "BadOptions",
    "GameOver",
    "IllegalAction",
    "NotYourDecision",
    "RecordError",
    "StaleSeq",
    "UnknownAction",
    "UnknownGame",
]
