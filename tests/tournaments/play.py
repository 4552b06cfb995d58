"""Small builders for the tournament tests: entrants, and a round played out
by a rule of the test's choosing."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tournaments import Entrant, PlayedRound, Round, TableResult


def field(n: int, top: float = 2000.0, step: float = 10.0) -> list[Entrant]:
    """Players 1..n with seeds falling with their id: 1 is the top seed."""
    return [Entrant(i, top - step * i) for i in range(1, n + 1)]


def play(round_: Round, winner: Callable[[tuple[int, ...]], Sequence[int]]) -> PlayedRound:
    """Every table finished; `winner(players)` gives the table's order, best first."""
    return PlayedRound(
        round_, tuple(TableResult.ranking(*winner(t.players)) for t in round_.tables)
    )


def lowest_id_wins(players: tuple[int, ...]) -> Sequence[int]:
    """With `field`, the better seed wins."""
    return sorted(players)


def pairs(round_: Round) -> set[frozenset[int]]:
    return {frozenset(t.players) for t in round_.tables}
