"""Actions as compact text keys.

A key is `verb[:arg[:arg...]]`, e.g. `play:y7:y`, `draw:deck`, `done`. Keys go
into Discord custom_ids (100 chars with the match id and seq), logs and
replays, so they are short, ASCII and parse back to the same action.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules.core.errors import UnknownAction

MAX_KEY_LENGTH = 60
_KEY_RE = re.compile(r"[a-z][a-z0-9_]*(?::[A-Za-z0-9_.+-]+)*")


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    args: tuple[str, ...] = ()

    def key(self) -> str:
        return ":".join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.key()

    @classmethod
    def of(cls, verb: str, *args: object) -> Action:
        return cls(verb, tuple(str(a) for a in args))

    @classmethod
    def parse(cls, key: str) -> Action:
        if not isinstance(key, str) or len(key) > MAX_KEY_LENGTH or not _KEY_RE.fullmatch(key):
            raise UnknownAction(f"malformed action key: {key!r}")
        verb, *args = key.split(":")
        return cls(verb, tuple(args))
