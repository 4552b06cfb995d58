"""Keltis: the dice game (game id `keltis_dice`): its engine (`engine/`, rules page
`rules.md`), its presenter and board picture, its bots' policy and its
words (`locales/`), in one package like every game."""

from games.keltis_dice.engine import GAME
from games.keltis_dice.policy import POLICY
from games.keltis_dice.presenter import PRESENTER

__all__ = ["GAME", "POLICY", "PRESENTER"]
