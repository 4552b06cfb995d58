"""One presenter per game; games without one get the plain fallback."""
from cogs.presenters.base import Presenter
from cogs.presenters.keltis import KeltisPresenter
from rules import all_games

_PRESENTERS: dict[str, Presenter] = {p.game_id: p for p in (KeltisPresenter(),)}
_FALLBACK = Presenter()


def presenter_for(game_id: str) -> Presenter:
    return _PRESENTERS.get(game_id, _FALLBACK)


def presented_games() -> list[str]:
    """Games offered in Discord: those with a presenter of their own (an engine
    without one would show players raw action keys)."""
    return [game_id for game_id in all_games() if game_id in _PRESENTERS]


__all__ = ["Presenter", "presenter_for", "presented_games"]
