"""Cuttle, the two-player combat card game (game id `cuttle`). See `rules/cuttle/game.py`."""

from rules.cuttle.game import Cuttle

GAME = Cuttle()
