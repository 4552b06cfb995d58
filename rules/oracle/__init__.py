"""Keltis: the Oracle, the spiral board game (game id `oracle`). See `rules/oracle/game.py`."""

from rules.oracle.game import Oracle

GAME = Oracle()
