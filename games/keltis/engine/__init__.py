"""Keltis, the card game (game id `keltis`). See `game.py`."""

from games.keltis.engine.game import Keltis

GAME = Keltis()
