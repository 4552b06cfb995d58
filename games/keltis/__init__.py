"""Keltis, the card game (game id `keltis`): its engine (`engine/`, rules page
`rules.md`), its presenter and board picture, its bots' policy and its
words (`locales/`), in one package like every game."""

from games.keltis.engine import GAME
from games.keltis.policy import POLICY
from games.keltis.presenter import PRESENTER

__all__ = ["GAME", "POLICY", "PRESENTER"]
