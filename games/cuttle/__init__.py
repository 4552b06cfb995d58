"""Cuttle, the two-player combat card game (game id `cuttle`): its engine (`engine/`, rules page
`rules.md`), its presenter and board picture, its bots' policy and its
words (`locales/`), in one package like every game."""

from games.cuttle.engine import GAME
from games.cuttle.policy import POLICY
from games.cuttle.presenter import PRESENTER

__all__ = ["GAME", "POLICY", "PRESENTER"]
