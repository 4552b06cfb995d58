"""Typed refusals. Every way an action can be rejected has its own class so
callers (cogs, storage, tests) can answer precisely instead of crashing."""


class RulesError(Exception):
    """Base of every refusal raised by the engine. Refusals change nothing."""


class UnknownGame(RulesError):
    """No game is registered under that id."""


class BadOptions(RulesError):
    """Player count or options do not fit the game."""


class GameOver(RulesError):
    """The match is finished; no more actions are accepted."""


class StaleSeq(RulesError):
    """The caller's view of the match is out of date (someone moved first)."""

    def __init__(self, expected: int, actual: int):
        super().__init__(f"stale action: expected seq {expected}, match is at {actual}")
        self.expected = expected
        self.actual = actual


class NotYourDecision(RulesError):
    """The seat owes no decision right now."""


class UnknownAction(RulesError):
    """The action key is malformed or names no action of this game."""


class IllegalAction(RulesError):
    """A well-formed action that is not legal for this seat now."""


class RecordError(RulesError):
    """A stored record cannot be loaded (unknown game, newer rules, corrupt data)."""
