"""Cuttle, the two-player combat card game (game id `cuttle`). See `game.py`."""

from games.cuttle.engine.game import Cuttle

GAME = Cuttle()
