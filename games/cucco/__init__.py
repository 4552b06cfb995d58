"""Cucco for five, the called-partner trick game (game id `cucco`): its
engine (`engine/`, rules page `rules.md`), its presenter and board picture,
its bots' policy and its words (`locales/`), in one package like every game."""

from games.cucco.engine import GAME
from games.cucco.policy import POLICY
from games.cucco.presenter import PRESENTER

__all__ = ["GAME", "POLICY", "PRESENTER"]
