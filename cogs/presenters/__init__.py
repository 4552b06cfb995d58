"""One presenter per game, discovered like the engines: a module
`cogs/presenters/<game_id>.py` exposing `PRESENTER`. Games without one get
the plain fallback (and are not offered in Discord).

A game may also live in a package of its own, anywhere importable, named in
the host's settings (`GAMEHOST_GAMES`, cogs/config.py) and registered with
one call, `load_games`: the package exposes `GAME` (its engine) and
`PRESENTER` (whose `render_board` draws its board picture, if it has one),
may expose `POLICY` (its bots' policy; else the default) and may ship its
words in `locales/<lang>.po` beside its `__init__.py`. Nothing in rules/,
cogs/ or locales/ names it.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from pathlib import Path

from cogs.i18n import add_catalogue
from cogs.presenters.base import Presenter
from rules import Game, all_games, register
from rules.bots.policy import Policy, register_policy

_FALLBACK = Presenter()
_presenters: dict[str, Presenter] | None = None
#: game id -> presenter of the games registered by `load_games`
_loaded: dict[str, Presenter] = {}
#: the packages `load_games` registered, in order (the board worker loads them too)
_packages: list[str] = []


def _discover() -> dict[str, Presenter]:
    found = {}
    for info in pkgutil.iter_modules(__path__):
        if info.name == "base" or info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        presenter = getattr(module, "PRESENTER", None)
        if isinstance(presenter, Presenter) and presenter.game_id:
            found[presenter.game_id] = presenter
    return found


def _all() -> dict[str, Presenter]:
    global _presenters
    if _presenters is None:
        _presenters = _discover()
    return _presenters


def load_games(packages: Iterable[str]) -> None:
    """Register the games of these packages: engine, presenter, bot policy
    and catalogues (see the module's docstring). Loading one twice does
    nothing; a package lacking `GAME` or `PRESENTER` fails at once."""
    for name in packages:
        if name in _packages:
            continue
        module = importlib.import_module(name)
        game, presenter = getattr(module, "GAME", None), getattr(module, "PRESENTER", None)
        if not isinstance(game, Game) or not isinstance(presenter, Presenter):
            raise TypeError(f"{name} must expose GAME (a Game) and PRESENTER (a Presenter)")
        if presenter.game_id != game.id:
            raise TypeError(f"{name}: PRESENTER.game_id is not GAME.id {game.id!r}")
        policy = getattr(module, "POLICY", None)
        if policy is not None and not isinstance(policy, Policy):
            raise TypeError(f"{name}.POLICY is not a Policy")
        register(game)
        _loaded[game.id] = presenter
        if policy is not None:
            register_policy(game.id, policy)
        assert module.__file__ is not None  # a package on disk
        for po in sorted((Path(module.__file__).parent / "locales").glob("*.po")):
            add_catalogue(po.stem, po)
        _packages.append(name)


def loaded_packages() -> list[str]:
    """The packages `load_games` registered, in order."""
    return list(_packages)


def presenter_for(game_id: str) -> Presenter:
    return _loaded.get(game_id) or _all().get(game_id, _FALLBACK)


def presented_games() -> list[str]:
    """Games offered in Discord: those with a presenter of their own (an engine
    without one would show players raw action keys)."""
    return [game_id for game_id in all_games() if game_id in _all() or game_id in _loaded]


__all__ = ["Presenter", "load_games", "loaded_packages", "presenter_for", "presented_games"]
