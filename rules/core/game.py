"""The interface every game engine implements.

A game is a stateless object of rules operating on a state it creates; the
`Match` wraps one game with one state, the seeded generator and the action
log. Games see only what they need: no clock, no I/O, no Discord.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from rules.core.actions import Action
from rules.core.options import Option, check_options
from rules.core.rng import Rng


class Game(ABC):
    id: ClassVar[str]
    name: ClassVar[str]
    rules_version: ClassVar[int] = 1
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    verbs: ClassVar[frozenset[str]]
    #: an upper bound on the actions of any complete match (the contract test
    #: fails a playout that goes past it, so a rules loop cannot hide)
    max_actions: ClassVar[int]
    #: the options a match of this game takes (rules/core/options.py)
    options_schema: ClassVar[tuple[Option, ...]] = ()

    def check_options(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Validate and normalise options against `options_schema` (raise
        BadOptions)."""
        return check_options(self.name, self.options_schema, n_players, options)

    @abstractmethod
    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> Any: ...

    @abstractmethod
    def to_act(self, state: Any) -> tuple[int, ...]:
        """Seats owing a decision now; empty exactly when the game is over."""

    @abstractmethod
    def legal(self, state: Any, seat: int) -> list[Action]:
        """Legal actions of a seat that owes a decision (duplicate-free)."""

    @abstractmethod
    def apply(self, state: Any, seat: int, action: Action, rng: Rng) -> list[dict]:
        """Apply a legal action in place; return public events describing it."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> dict:
        """JSON-safe dict of what `seat` (None: a spectator) may see."""

    @abstractmethod
    def outcome(self, state: Any) -> dict | None:
        """None while running; then {"scores", "breakdown", "winners", ...}."""

    @abstractmethod
    def dump(self, state: Any) -> dict:
        """The state as a JSON-safe dict (the snapshot)."""

    @abstractmethod
    def load(self, data: dict) -> Any:
        """Inverse of dump."""

    @abstractmethod
    def concede(self, state: Any, seat: int) -> list[dict]:
        """End the game at once because `seat` gives up (any time, owed or not).
        The conceding seat is never among the winners; the others are ranked
        by their standing now. Returns public events."""

    @abstractmethod
    def redeal_hidden(self, state: Any, seat: int, rng: Rng) -> None:
        """Re-deal, in place, everything `seat` cannot see (other hands, the
        deck, removed cards), keeping sizes. Used by the non-interference test:
        afterwards `seat`'s view and legal actions must be unchanged. The pool
        is sorted before the shuffle, so the deal depends only on `seat`'s view
        and `rng` (bots sample the hidden cards with it and must not learn
        where the true cards lie from the sample)."""
