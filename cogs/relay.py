"""A call to a service built after its caller.

What calls what has cycles that no order of construction can follow: a
bot's move is shown, and showing a move lets the next bot move; a match's
table is drawn with its seats' names, and a name learnt redraws the table;
a tournament's match over starts its next round's matches. The composition
root (cogs/services.py) makes a Relay, hands it to the caller's
constructor, builds the callee, and connects the relay to it, once. Nothing
is patched afterwards, and a relay called before it is connected fails
loudly instead of doing nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


class Relay(Generic[P, R]):
    def __init__(self, what: str):
        self.what = what  # what the call is for, in errors
        self._to: Callable[P, R] | None = None

    def connect(self, to: Callable[P, R]) -> None:
        """Where the calls go from now on (once: a second target is a wiring bug)."""
        if self._to is not None:
            raise RuntimeError(f"relay {self.what!r} is connected already")
        self._to = to

    @property
    def target(self) -> Callable[P, R] | None:
        """Where the calls go (None: not connected yet)."""
        return self._to

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if self._to is None:
            raise RuntimeError(f"relay {self.what!r} called before it was connected")
        return self._to(*args, **kwargs)
