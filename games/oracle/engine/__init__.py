"""Keltis: the Oracle, the spiral board game (game id `oracle`). See `game.py`."""

from games.oracle.engine.game import Oracle

GAME = Oracle()
