"""Registry of games, discovered from the packages under `rules/`.

A game package exposes `GAME = SomeGame()` in its `__init__`; adding a
game is adding a folder, with no central list to edit. A game living
elsewhere (a package named by the host's settings, see
cogs/presenters/__init__.py) is added with `register`.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

import rules
from rules.core.errors import UnknownGame
from rules.core.game import Game

_NOT_GAMES = {"core", "bots"}
_games: dict[str, Game[Any]] | None = None
#: packages that failed to import, with the error: one broken game must not
#: make every stored match of the other games unloadable (a test asserts
#: this stays empty)
load_errors: dict[str, str] = {}


def _discover() -> dict[str, Game[Any]]:
    found: dict[str, Game[Any]] = {}
    for info in pkgutil.iter_modules(rules.__path__):
        if not info.ispkg or info.name in _NOT_GAMES:
            continue
        try:
            module = importlib.import_module(f"rules.{info.name}")
        except Exception as exc:  # noqa: BLE001 - reported through load_errors
            load_errors[info.name] = repr(exc)
            continue
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    return dict(sorted(found.items()))


def all_games() -> dict[str, Game[Any]]:
    global _games
    if _games is None:
        _games = _discover()
    return _games


def register(game: Game[Any]) -> None:
    """Add a game from outside rules/; its id must be its own."""
    games = all_games()
    known = games.get(game.id)
    if known is not None and known is not game:
        raise ValueError(f"two games have the id {game.id!r}")
    games[game.id] = game


def get_game(game_id: str) -> Game[Any]:
    try:
        return all_games()[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r}") from None
