"""The interface every game engine implements.

A game is a stateless object of rules operating on a state it creates; the
`Match` wraps one game with one state, the seeded generator and the action
log. Games see only what they need: no clock, no I/O, no Discord.

A game writes six methods (setup, to_act, legal, apply, view, outcome) and
declares the rest as data: its properties (`kind`, a `GameType`), its
state's dataclass (`state_type`, from whose field types the snapshot and
copies are generated), its options (`options_schema`) and its hidden cards
(`hidden`). `concede` has a default
for states with `phase`, `end_reason` and `conceded` fields; a game whose
rule differs overrides it, as it may `redeal_hidden`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from rules.core.actions import Action
from rules.core.events import Event
from rules.core.hidden import Hidden, redeal
from rules.core.options import Option, check_options
from rules.core.rng import Rng
from rules.core.state_codec import state_codec

#: the phase of a finished match, for the default `concede`
OVER = "over"
#: the end reason the default `concede` records
CONCEDED = "concede"

#: what `view` returns: JSON-safe, its keys are the game's own
View = dict[str, Any]
#: what `outcome` returns: {"scores", "breakdown", "winners", ...} (JSON-safe)
Outcome = dict[str, Any]
#: a state as stored (`dump`): JSON-safe, its shape follows the state's dataclass
Snapshot = dict[str, Any]

#: a game's state: the dataclass its `setup` returns (`state_type`)
S = TypeVar("S")


@runtime_checkable
class Concedable(Protocol):
    """The fields the default `concede` sets."""

    phase: str
    end_reason: str | None
    conceded: int | None


@dataclass(frozen=True, slots=True)
class GameType:
    """A game's properties, declared beside it as OpenSpiel's `GameType` is:
    generic code and tests branch on these, never on a game's id (a test
    checks each against the game's code and playouts)."""

    min_players: int
    max_players: int
    #: the phases its decisions are owed in (the view's "phase"), in play
    #: order; () for a game whose view has none
    phases: tuple[str, ...] = ()
    #: several seats may owe a decision at once (sealed bids, final placements)
    simultaneous: bool = False
    #: some seat cannot see something: its `hidden`, re-dealt for the bots
    hidden_information: bool = False
    #: chance decides something (a shuffled deal, dice): seeds deal differently
    chance: bool = False
    #: its `redeal_hidden` is its own: the shared one does not fit its rule
    own_redeal: bool = False
    #: its `concede` is its own: the shared one does not fit its rule
    own_concede: bool = False


class Game(ABC, Generic[S]):
    id: ClassVar[str]
    name: ClassVar[str]
    rules_version: ClassVar[int] = 1
    #: its properties: player counts, phases, simultaneous moves, hidden
    #: information, chance
    kind: ClassVar[GameType]
    verbs: ClassVar[frozenset[str]]
    #: an upper bound on the actions of any complete match (the contract test
    #: fails a playout that goes past it, so a rules loop cannot hide)
    max_actions: ClassVar[int]
    #: the options a match of this game takes (rules/core/options.py)
    options_schema: ClassVar[tuple[Option, ...]] = ()
    #: the dataclass of the state `setup` returns; its field types define the
    #: snapshot (rules/core/state_codec.py). (Not a ClassVar only because a
    #: ClassVar's type may not name the type variable.)
    state_type: type[S]
    #: the card fields some seat cannot see, re-dealt by `redeal_hidden`
    #: (rules/core/hidden.py); empty when nothing is hidden
    hidden: ClassVar[tuple[Hidden, ...]] = ()
    #: verbs whose result the seat making them cannot know beforehand (a
    #: roll, a draw from the deck): a preview of several decisions in a row
    #: (`Match.preview`) stops after one, so it never shows what comes next.
    #: A verb that reveals only in some states is decided by `reveals`
    revealing_verbs: ClassVar[frozenset[str]] = frozenset()
    #: verbs that may be made for a seat without asking when they are its
    #: only legal action: nothing to choose, and making it at once gives
    #: nothing away (`Match.forced`). Not "let it resolve" in Cuttle, whose
    #: being the only choice tells that no 2 is held.
    forced_verbs: ClassVar[frozenset[str]] = frozenset()
    #: every kind of decision a player of this game meets (e.g. Keltis's
    #: "play" and "draw"): a learn match explains each the first time it
    #: comes (each game's presenter has a lesson per kind). Empty: the game
    #: names none, and a learn match explains nothing
    decision_kinds: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        # The generated snapshot functions are bound here, once, rather than
        # looked up per call: bots copy states thousands of times a decision.
        codec = state_codec(self.state_type)
        for name in ("dump", "load", "copy"):
            if getattr(type(self), name) is getattr(Game, name):
                setattr(self, name, getattr(codec, name))

    @property
    def min_players(self) -> int:
        return self.kind.min_players

    @property
    def max_players(self) -> int:
        return self.kind.max_players

    def check_options(self, n_players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Validate and normalise options against `options_schema` (raise
        BadOptions)."""
        return check_options(self.name, self.options_schema, n_players, options)

    @abstractmethod
    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> S: ...

    def decision_kind(self, state: S, seat: int) -> str | None:
        """The kind of decision `seat` faces now (one of `decision_kinds`);
        None when it has none to make or the game names no kinds."""
        return None

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats owing a decision now; empty exactly when the game is over."""

    @abstractmethod
    def legal(self, state: S, seat: int) -> list[Action]:
        """Legal actions of a seat that owes a decision (duplicate-free)."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: Action, rng: Rng) -> list[Event]:
        """Apply a legal action in place; return public events describing it."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> View:
        """JSON-safe dict of what `seat` (None: a spectator) may see."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while running; then {"scores", "breakdown", "winners", ...}."""

    # -- declared, with shared defaults -------------------------------------
    def dump(self, state: S) -> Snapshot:
        """The state as a JSON-safe dict (the snapshot)."""
        return state_codec(self.state_type).dump(state)

    def load(self, data: Snapshot) -> S:
        """Inverse of dump; the state shares nothing with `data`."""
        return state_codec(self.state_type).load(data)

    def copy(self, state: S) -> S:
        """A copy sharing nothing with `state`: `load(dump(state))`, faster."""
        return state_codec(self.state_type).copy(state)

    def concede(self, state: S, seat: int) -> list[Event]:
        """End the game at once because `seat` gives up (any time, owed or not).
        The conceding seat is never among the winners (`outcome` reads
        `conceded`); the others are ranked by their standing now. Returns
        public events."""
        if not isinstance(state, Concedable):
            raise TypeError(f"{type(state).__name__} lacks the fields of the default concede")
        state.conceded = seat
        state.end_reason = CONCEDED
        state.phase = OVER
        return [{"type": "concede", "seat": seat}, {"type": "over"}]

    def reveals(self, state: S, seat: int, action: Action) -> bool:
        """Would `action`, made by `seat` now, show `seat` something it could
        not know before (a draw, a roll, the next deal's hand)? By default,
        whether its verb is one of `revealing_verbs`; a game whose move
        reveals only in some states (the last card of a deal deals the next)
        decides here. True where nothing shows only ends a preview early;
        False where something shows lets a preview show it, which the
        contract test catches (tests/rules/reveal_checks.py)."""
        return action.verb in self.revealing_verbs

    def redeal_hidden(self, state: S, seat: int, rng: Rng) -> None:
        """Re-deal, in place, everything `seat` cannot see (other hands, the
        deck, removed cards: `hidden`), keeping sizes. The contract test checks
        both halves: afterwards `seat`'s view and legal actions are unchanged
        (non-interference), and no change `seat` cannot see survives it (as
        far as a state tells: tests/rules/hidden_checks.py). The pool is
        sorted before the shuffle, so the deal depends only on `seat`'s view
        and `rng` (bots sample the hidden cards with it and must not learn
        where the true cards lie from the sample)."""
        redeal(state, seat, rng, self.hidden)
