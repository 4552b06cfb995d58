"""Keltis: the Oracle, the spiral board game (game id `oracle`): its engine (`engine/`, rules page
`rules.md`), its presenter and board picture, its bots' policy and its
words (`locales/`), in one package like every game."""

from games.oracle.engine import GAME
from games.oracle.policy import POLICY
from games.oracle.presenter import PRESENTER

__all__ = ["GAME", "POLICY", "PRESENTER"]
