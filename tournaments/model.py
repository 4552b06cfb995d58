"""The plain data a tournament is made of: who entered, how each round was
seated and how each table finished.

Everything here is frozen and turns into JSON-ready lists and dicts and back
(`to_data`/`from_data`), so the caller can store the record as it happens and
rebuild any later state from it. Nothing is ever rewritten: a drop or a
forfeit is a new input (a dropped id, a last place), never an edit of the past.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SWISS = "swiss"
ROUND_ROBIN = "round_robin"
SINGLE_ELIMINATION = "single_elimination"
FORMATS = (SWISS, ROUND_ROBIN, SINGLE_ELIMINATION)


@dataclass(frozen=True)
class Entrant:
    """A player in the tournament; `seed` is their rating (higher is stronger),
    used for round 1 and to order players otherwise equal."""

    user_id: int
    seed: float


@dataclass(frozen=True)
class Table:
    """One match of a round; `players` in seat order."""

    players: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.players) < 2 or len(set(self.players)) != len(self.players):
            raise ValueError(f"a table needs two or more distinct players: {self.players}")


@dataclass(frozen=True)
class Round:
    """How one round was seated: its tables and the players given a bye."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        """Everyone in the round, seated or on a bye."""
        return tuple(p for t in self.tables for p in t.players) + self.byes

    def to_data(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "tables": [list(t.players) for t in self.tables],
            "byes": list(self.byes),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Round:
        return cls(
            number=int(data["number"]),
            tables=tuple(Table(tuple(int(p) for p in t)) for t in data["tables"]),
            byes=tuple(int(p) for p in data.get("byes", ())),
        )


@dataclass(frozen=True)
class TableResult:
    """How a table finished: `places[i]` is the place of `players[i]`, 1 the
    best; equal places are a tie. The caller writes a forfeit or a drop as a
    last place, so the record needs no special cases."""

    players: tuple[int, ...]
    places: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.players) != len(self.places):
            raise ValueError("one place per player")
        if len(self.players) < 2 or len(set(self.players)) != len(self.players):
            raise ValueError(f"a result needs two or more distinct players: {self.players}")
        if any(place < 1 for place in self.places):
            raise ValueError(f"places start at 1: {self.places}")

    @classmethod
    def ranking(cls, *order: int) -> TableResult:
        """A result with no ties, best first: `TableResult.ranking(winner, loser)`."""
        return cls(tuple(order), tuple(range(1, len(order) + 1)))

    def place_of(self, user_id: int) -> int:
        return self.places[self.players.index(user_id)]

    def to_data(self) -> dict[str, Any]:
        return {"players": list(self.players), "places": list(self.places)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TableResult:
        return cls(tuple(int(p) for p in data["players"]), tuple(int(p) for p in data["places"]))


@dataclass(frozen=True)
class PlayedRound:
    """A round and the results known so far, one per finished table (matched
    to its table by its players, in any order). A table without a result is
    still being played: it scores nothing yet."""

    round: Round
    results: tuple[TableResult, ...] = ()

    def result_for(self, table: Table) -> TableResult | None:
        seated = frozenset(table.players)
        return next((r for r in self.results if frozenset(r.players) == seated), None)

    @property
    def is_over(self) -> bool:
        """Every table has a result (what starts the next round)."""
        return all(self.result_for(t) is not None for t in self.round.tables)

    def to_data(self) -> dict[str, Any]:
        return {**self.round.to_data(), "results": [r.to_data() for r in self.results]}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> PlayedRound:
        return cls(
            Round.from_data(data),
            tuple(TableResult.from_data(r) for r in data.get("results", ())),
        )


def ranked(entrants: Sequence[Entrant]) -> list[Entrant]:
    """Strongest first: by seed, then by user id so equal seeds still give one
    order (the tie-break of last resort everywhere)."""
    return sorted(entrants, key=lambda e: (-e.seed, e.user_id))
