"""Keltis whose matches may make SHORT actions at most: the end-to-end
tests' stand-in for a game whose bots never end a match (the live guard,
cogs/play/endless.py). Named in the bot's GAMEHOST_GAMES after keltis, it
is Keltis itself (engine, presenter, policy) with its `max_actions`
lowered in the processes that import it: the bot and its thinking
workers. The tests' own process never imports it (its checks of every
game hold Keltis to its real bound)."""

from games.keltis import GAME, POLICY, PRESENTER

#: the actions a Keltis match may make here (a real one makes dozens)
SHORT = 12

type(GAME).max_actions = SHORT

__all__ = ["GAME", "POLICY", "PRESENTER", "SHORT"]
