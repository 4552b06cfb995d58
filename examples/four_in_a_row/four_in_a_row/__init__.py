"""Four in a row (Connect Four), a game in a package of its own: the engine
(engine.py, pure rules), the presenter (presenter.py) with its board picture
(board.py), its Japanese (locales/ja.po) and its rules page (rules.md).
Registered by naming this package in GAMEHOST_GAMES; it has no bot policy
of its own (the bots play it with the default one)."""

from four_in_a_row.engine import GAME
from four_in_a_row.presenter import PRESENTER

__all__ = ["GAME", "PRESENTER"]
