"""Hidden bids, a whole game in one folder: the engine (game.py), the
presenter (presenter.py) and its Japanese (locales/ja.po). Registered by
naming this package in GAMEHOST_GAMES; it has no bot policy (the bots play
it with the default) and no board picture (its table is text)."""

from tests.games.hidden_bid.engine import GAME
from tests.games.hidden_bid.presenter import PRESENTER

__all__ = ["GAME", "PRESENTER"]
