"""Keltis: the dice game (game id `keltis_dice`). See `rules/keltis_dice/game.py`."""

from rules.keltis_dice.game import KeltisDice

GAME = KeltisDice()
