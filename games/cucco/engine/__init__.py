"""Cucco for five, the called-partner trick game (game id `cucco`). See `game.py`."""

from games.cucco.engine.game import PLAYERS, TRICKS, Cucco

GAME = Cucco()

__all__ = ["GAME", "PLAYERS", "TRICKS"]
