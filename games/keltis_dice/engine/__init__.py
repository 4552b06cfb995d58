"""Keltis: the dice game (game id `keltis_dice`). See `game.py`."""

from games.keltis_dice.engine.game import KeltisDice

GAME = KeltisDice()
