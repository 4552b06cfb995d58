"""Cucco for five, the called-partner trick game (game id `cucco`). See `rules/cucco/game.py`."""

from rules.cucco.game import Cucco

GAME = Cucco()
