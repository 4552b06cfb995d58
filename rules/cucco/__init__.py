"""Cucco for five, the called-partner trick game (game id `cucco`). See `rules/cucco/game.py`."""

from rules.cucco.game import PLAYERS, TRICKS, Cucco

GAME = Cucco()

__all__ = ["GAME", "PLAYERS", "TRICKS"]
