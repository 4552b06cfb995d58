"""Registry of games: every game is a package, found the way Python finds
plugins, by an entry point.

A game package exposes `GAME` (its engine, a `Game`), and for the bot its
`PRESENTER` and optionally its `POLICY`. It declares itself in the
`gamehost.games` entry point group of its distribution: the project's own
five do so in pyproject.toml exactly as an installed add-on game does in its
own (docs/adding-a-game.md). Which of the installed games a bot offers is the
host's choice (`enable`, from GAMEHOST_GAMES); a package that is not
installed may be named there too, and tests register theirs with
`load_package` or `register`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from importlib.metadata import entry_points
from typing import Any

from rules.core.errors import UnknownGame
from rules.core.game import Game

#: the entry point group game packages declare themselves in
GROUP = "gamehost.games"
#: GAMEHOST_GAMES's word for every installed game
ALL = "all"

_games: dict[str, Game[Any]] | None = None
#: game id -> the package it came from (engines registered bare have none)
_packages: dict[str, str] = {}
#: installed games that failed to import, with the error: one broken game
#: must not make every stored match of the other games unloadable (a test
#: asserts this stays empty)
load_errors: dict[str, str] = {}


def installed() -> dict[str, str]:
    """Every installed game: entry point name (its id) -> its package."""
    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


def load_package(package: str) -> Game[Any]:
    """Import a game package and register its `GAME`; loading it twice does
    nothing. Raises ImportError or TypeError for a package that is not one."""
    module = importlib.import_module(package)
    game = getattr(module, "GAME", None)
    if not isinstance(game, Game):
        raise TypeError(f"{package} must expose GAME (a Game)")
    register(game, package)
    return game


def _load_installed(chosen: Iterable[str] | None = None) -> None:
    wanted = None if chosen is None else set(chosen)
    for name, package in installed().items():
        if wanted is not None and name not in wanted:
            continue
        try:
            load_package(package)
        except Exception as exc:  # noqa: BLE001 - reported through load_errors
            load_errors[name] = repr(exc)


def all_games() -> dict[str, Game[Any]]:
    """The registered games by id; on first use, every installed one."""
    global _games
    if _games is None:
        _games = {}
        _load_installed()
    return _games


def enable(names: Iterable[str]) -> list[str]:
    """Offer exactly these games (GAMEHOST_GAMES): installed games by id,
    `all` for every installed one, other packages by their import name; no
    names means every installed game. Returns the packages loaded. A game
    named that cannot be loaded raises ImportError (or TypeError) naming it;
    under `all`, a broken installed game is left out and told in
    `load_errors`, so it does not keep the others from being played."""
    global _games
    names = list(names) or [ALL]
    _games = {}
    _packages.clear()
    load_errors.clear()
    known = installed()
    named = [n for n in names if n in known]
    _load_installed(sorted(known) if ALL in names else named)
    for name in named:
        if name in load_errors:
            raise ImportError(
                f"the game {name!r} ({known[name]}) cannot be loaded: {load_errors[name]}"
            )
    for name in names:
        if name != ALL and name not in known:
            load_package(name)
    return packages()


def packages() -> list[str]:
    """The packages of the registered games, in the order of their ids."""
    return [_packages[game_id] for game_id in all_games() if game_id in _packages]


def package_of(game_id: str) -> str | None:
    """The package a registered game came from (None for a bare engine).
    Loads the installed games first, as `all_games` does: asked before
    anything else, a game's package was not known yet, and its bots fell
    back to the default policy."""
    all_games()
    return _packages.get(game_id)


def register(game: Game[Any], package: str | None = None) -> None:
    """Add a game; its id must be its own."""
    global _games
    if _games is None:
        all_games()
    assert _games is not None
    known = _games.get(game.id)
    if known is not None and known is not game:
        raise ValueError(f"two games have the id {game.id!r}")
    _games = dict(sorted({**_games, game.id: game}.items()))  # listed by id
    if package is not None:
        _packages[game.id] = package


def get_game(game_id: str) -> Game[Any]:
    try:
        return all_games()[game_id]
    except KeyError:
        raise UnknownGame(f"unknown game {game_id!r}") from None
