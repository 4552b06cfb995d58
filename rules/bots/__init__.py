"""Bot players: pure functions from a match to the action a bot seat takes."""
from rules.bots.random_bot import choose_action

__all__ = ["choose_action"]
