"""Keltis, the card game (game id `keltis`). See `rules/keltis/game.py`."""

from rules.keltis.game import Keltis

GAME = Keltis()
