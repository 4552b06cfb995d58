"""One presenter per game; games without one get the plain fallback."""
from cogs.presenters.base import Presenter
from cogs.presenters.keltis import KeltisPresenter

_PRESENTERS: dict[str, Presenter] = {p.game_id: p for p in (KeltisPresenter(),)}
_FALLBACK = Presenter()


def presenter_for(game_id: str) -> Presenter:
    return _PRESENTERS.get(game_id, _FALLBACK)


__all__ = ["Presenter", "presenter_for"]
