"""One presenter per game, discovered like the engines: a module
`cogs/presenters/<game_id>.py` exposing `PRESENTER`. Games without one get
the plain fallback (and are not offered in Discord)."""

from __future__ import annotations

import importlib
import pkgutil

from cogs.presenters.base import Presenter
from rules import all_games

_FALLBACK = Presenter()
_presenters: dict[str, Presenter] | None = None


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


def presenter_for(game_id: str) -> Presenter:
    return _all().get(game_id, _FALLBACK)


def presented_games() -> list[str]:
    """Games offered in Discord: those with a presenter of their own (an engine
    without one would show players raw action keys)."""
    return [game_id for game_id in all_games() if game_id in _all()]


__all__ = ["Presenter", "presenter_for", "presented_games"]
