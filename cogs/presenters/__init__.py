"""The presenters of the registered games, and the games' words.

Every game is a package (rules/core/registry.py) exposing `GAME`, its
`PRESENTER` (whose `render_board` draws its board picture, if it has one)
and maybe `POLICY`, with its words in `locales/<lang>.po` beside its
`__init__.py`. `enable_games` picks the games a bot offers (GAMEHOST_GAMES)
and sets each up here: presenter checked, catalogues read. A game
registered bare (an engine alone, in tests) gets the plain fallback and is
not offered in Discord (players would see raw action keys).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from pathlib import Path

from cogs.i18n import add_catalogue
from cogs.presenters.base import Presenter
from rules import Game, all_games
from rules.bots.policy import Policy
from rules.core import registry

_FALLBACK = Presenter()
#: game id -> presenter of the packages set up so far
_presenters: dict[str, Presenter] = {}


def _checked(package: str):
    """A game package's module, once its exposed parts are checked."""
    module = importlib.import_module(package)
    game, presenter = getattr(module, "GAME", None), getattr(module, "PRESENTER", None)
    if not isinstance(game, Game) or not isinstance(presenter, Presenter):
        raise TypeError(f"{package} must expose GAME (a Game) and PRESENTER (a Presenter)")
    if presenter.game_id != game.id:
        raise TypeError(f"{package}: PRESENTER.game_id is not GAME.id {game.id!r}")
    policy = getattr(module, "POLICY", None)
    if policy is not None and not isinstance(policy, Policy):
        raise TypeError(f"{package}.POLICY is not a Policy")
    return module


def _set_up(package: str) -> None:
    """Check a game package's presenter and policy, and read its catalogues."""
    module = _checked(package)
    assert module.__file__ is not None  # a package on disk
    for po in sorted((Path(module.__file__).parent / "locales").glob("*.po")):
        add_catalogue(po.stem, po)
    _presenters[module.GAME.id] = module.PRESENTER


def _all() -> dict[str, Presenter]:
    """The presenters of every registered game package (set up on first use)."""
    for game_id in all_games():
        package = registry.package_of(game_id)
        if package is not None and game_id not in _presenters:
            _set_up(package)
    return _presenters


def enable_games(names: Iterable[str]) -> list[str]:
    """Offer exactly these games (GAMEHOST_GAMES; none: every installed one)
    and set each up. Returns their packages. Raises ImportError or TypeError
    naming the package at fault."""
    _presenters.clear()
    packages = registry.enable(names)
    _all()
    return packages


def load_games(packages: Iterable[str]) -> None:
    """Add these game packages to the registered ones (a package that is not
    installed; loading one twice does nothing)."""
    for package in packages:
        _checked(package)
        registry.load_package(package)
        _set_up(package)


def loaded_packages() -> list[str]:
    """The packages of the registered games (the workers load the same)."""
    _all()
    return registry.packages()


def presenter_for(game_id: str) -> Presenter:
    return _all().get(game_id, _FALLBACK)


def presented_games() -> list[str]:
    """Games offered in Discord: those with a presenter of their own."""
    presenters = _all()
    return [game_id for game_id in all_games() if game_id in presenters]


__all__ = [
    "Presenter",
    "enable_games",
    "load_games",
    "loaded_packages",
    "presenter_for",
    "presented_games",
]
