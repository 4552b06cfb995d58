"""Game options, declared once as data.

Each game lists its options as `Option`s. The engine validates and
normalises a match's options against them (`check_options`), and the
Discord layer reads the same list to offer typed slash-command options with
choices and ranges, so the two can never disagree.

A *seat* option names a seat: the engine counts seats from 0; people count
from 1, as the lobby does, and the Discord layer converts at the edge. People
know an option by its `label` (`public_name`), which several games may share,
and read its `description` and `help`; all three are marked for translation
here (rules/core/words.py), so a game's options need no entry anywhere else.
What values an option takes is said in words by the Discord layer
(cogs/hosting/game_options.py, `allowed`): rules/ declares only kinds and
bounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.errors import BadOptions
from rules.core.words import N_, P_

SEAT, BOOL, INT, CHOICE = "seat", "bool", "int", "choice"


@dataclass(frozen=True, slots=True)
class Option:
    name: str
    kind: str  # SEAT, BOOL, INT or CHOICE
    help: str  # what it does, for people, marked `N_(...)` (translated where shown)
    default: Any = None  # None: unset (the engine decides, e.g. by lot)
    low: int | None = None  # INT: inclusive range
    high: int | None = None
    #: CHOICE: accepted values (any case); one that is a word people read is
    #: marked `N_(...)`, and is shown translated
    choices: tuple[str, ...] = ()
    keep_default: bool = False  # store the default in the match's options
    #: the name people give it in commands, marked `P_("option", ...)`
    #: (default: `name`, unmarked); games whose options mean the same give
    #: them the same label (the seat that plays or deals first is
    #: `first_player` in every game: `first_player()`), so `/game new` offers
    #: one; games may give one label different meanings too, but not values
    #: of different types (cogs/hosting/game_options.py, `option_problems`)
    label: str | None = None
    #: what the slash option says (Discord allows 100 characters), marked
    #: `N_(...)` (None: made from `help`); options sharing a label show it
    #: when they all give the same, else a description saying it depends on
    #: the game
    description: str | None = None

    @property
    def public_name(self) -> str:
        return self.label or self.name

    def check(self, value: Any, n_players: int) -> Any:
        """The normalised value (engine form), or BadOptions."""
        if self.kind == SEAT:
            if type(value) is not int or not 0 <= value < n_players:
                raise BadOptions(f"{self.name} must be a seat from 0 to {n_players - 1}")
            return value
        if self.kind == BOOL:
            if type(value) is not bool:
                raise BadOptions(f"{self.name} must be true or false")
            return value
        if self.kind == INT:
            assert self.low is not None and self.high is not None, f"{self.name}: no range"
            if type(value) is not int or not self.low <= value <= self.high:
                raise BadOptions(
                    f"{self.name} must be a whole number from {self.low} to {self.high}"
                )
            return value
        if isinstance(value, str):
            for choice in self.choices:
                if value.strip().lower() == choice.lower():
                    return choice
        raise BadOptions(f"{self.name} must be {' or '.join(map(repr, self.choices))}")


def first_player(
    name: str = "first_player", help: str = N_("who plays first (otherwise drawn by lot)")
) -> Option:
    """The seat that plays (or deals) first: one option, one label and one
    description for every game that has it."""
    return Option(
        name,
        SEAT,
        help,
        label=P_("option", "first_player"),
        description=N_(
            "Seat number from 1, as the lobby shows, that plays first (Cuttle, Cucco: deals first)"
        ),
    )


def check_options(
    game_name: str, schema: Sequence[Option], n_players: int, options: dict[str, Any]
) -> dict[str, Any]:
    """Validate `options` against `schema`: unknown names and bad values
    raise BadOptions; unset options with `keep_default` get their default;
    values equal to a default that is not kept are left out."""
    known = {o.name: o for o in schema}
    unknown = set(options) - set(known)
    if unknown:
        raise BadOptions(f"unknown {game_name} options: {sorted(unknown)}")
    out: dict[str, Any] = {}
    for option in schema:
        value = options.get(option.name)
        if value is None:
            if option.keep_default and option.default is not None:
                out[option.name] = option.default
            continue
        value = option.check(value, n_players)
        if value != option.default or option.keep_default:
            out[option.name] = value
    return out
