"""How the shared end-to-end checks play each game the bot offers: the
players at its table (two people, bots fill the rest), the options of its
match, the clicks an ordinary turn may take from the notification, and the
words of the seeds its Japanese rules must use.

A game's package may say its own in `<package>.tests.profile` (`PROFILE`);
any other game plays at its fewest players with its default options, in at
most three clicks a turn from the notification (the product's promise: two
or three clicks; a game may promise fewer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from typing import Any

from cogs.presenters import presented_games
from rules import get_game
from rules.core.registry import package_of

PEOPLE = 2


@dataclass(frozen=True)
class Profile:
    #: seats at a crawled table (None: the game's fewest)
    players: int | None = None
    #: options that keep a whole match short
    options: dict[str, Any] = field(default_factory=dict)
    #: median clicks an ordinary turn may take, from the notification
    clicks: int = 3
    #: clicks an ordinary turn may take at most, from the notification (a
    #: turn the rules make longer, e.g. an extra turn, counts as one)
    most: int = 4
    #: words of the game's original (Japanese) rules text that its Japanese
    #: words must use: the seeds' own terms
    seed_words: tuple[str, ...] = ()


def profile(game_id: str) -> Profile:
    package = package_of(game_id)
    name = f"{package}.tests.profile"
    if package is None or find_spec(f"{package}.tests") is None or find_spec(name) is None:
        return Profile()
    found = import_module(name).PROFILE
    assert isinstance(found, Profile), f"{name}.PROFILE is not a Profile"
    return found


def seats(game_id: str, crawled: bool = False) -> tuple[int, int]:
    """(players, bots) at a table of two people: the fewest the game allows,
    or the profile's for a crawled match."""
    game = get_game(game_id)
    players = (crawled and profile(game_id).players) or game.min_players
    return players, max(0, players - PEOPLE)


def games() -> list[str]:
    """Every game the bot offers (as the tests' bots are started)."""
    return presented_games()
