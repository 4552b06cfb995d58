"""Points from results, and the standings table with its tie-breaks.

Points are exact fractions inside (a 4-player table gives thirds): sums of
floats could make two equal totals differ in the last bit and break a tie the
wrong way. `Standing` hands them out as floats for display and storage.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from tournaments.model import Entrant, PlayedRound, TableResult

#: a bye scores as a win, so sitting out never costs a player points
BYE_POINTS = Fraction(1)


def table_points(result: TableResult) -> dict[int, Fraction]:
    """Each player's points from a finished table: (k - position) / (k - 1)
    for k players, 1 for first and 0 for last, so a 2-player game is win 1,
    draw 1/2, loss 0 and a bigger table spreads the same range over its places.
    Tied players share the average of the positions they cover together."""
    k = len(result.players)
    by_place: dict[int, list[int]] = defaultdict(list)
    for player, place in zip(result.players, result.places, strict=True):
        by_place[place].append(player)
    points: dict[int, Fraction] = {}
    position = 0  # 0 = first
    for place in sorted(by_place):
        tied = by_place[place]
        middle = Fraction(2 * position + len(tied) - 1, 2)  # mean of the positions they cover
        for player in tied:
            points[player] = (k - 1 - middle) / (k - 1)
        position += len(tied)
    return points


def finished_tables(history: Iterable[PlayedRound]) -> Iterable[TableResult]:
    """Every result recorded, round after round."""
    for played in history:
        yield from played.results


def scores(history: Iterable[PlayedRound]) -> dict[int, Fraction]:
    """Points so far of everyone who has played or had a bye."""
    total: dict[int, Fraction] = defaultdict(Fraction)
    for played in history:
        for player in played.round.byes:
            total[player] += BYE_POINTS
        for result in played.results:
            for player, points in table_points(result).items():
                total[player] += points
    return dict(total)


@dataclass(frozen=True)
class Standing:
    """One line of the standings table. `rank` is strict (1, 2, 3, …): players
    equal on every tie-break are still told apart by seed, then user id."""

    rank: int
    user_id: int
    points: float
    buchholz: float
    head_to_head: float
    wins: int  # tables won outright (first place, not shared); byes not included
    played: int  # tables with a result
    byes: int
    dropped: bool


def standings(
    entrants: Sequence[Entrant],
    history: Sequence[PlayedRound],
    dropped: Collection[int] = (),
) -> list[Standing]:
    """The table, best first: points, then Buchholz (the sum of the final
    points of every opponent met at a finished table, once per meeting; byes
    add nothing), then head-to-head (among the players still tied, the points
    each took from the others: 1 for every one of them placed below at a
    shared table, 1/2 for every one placed level), then seed, then user id.
    Dropped players keep their results but come after everyone still in, so
    rank 1 is always a player who could be declared the winner."""
    points = scores(history)
    zero = Fraction(0)
    buchholz: dict[int, Fraction] = defaultdict(Fraction)
    wins: dict[int, int] = defaultdict(int)
    played: dict[int, int] = defaultdict(int)
    byes: dict[int, int] = defaultdict(int)
    for one in history:
        for player in one.round.byes:
            byes[player] += 1
    results = list(finished_tables(history))
    for result in results:
        best = min(result.places)
        for player, place in zip(result.players, result.places, strict=True):
            played[player] += 1
            if place == best and result.places.count(best) == 1:
                wins[player] += 1
            buchholz[player] += sum(
                (points.get(o, zero) for o in result.players if o != player), zero
            )

    def level(e: Entrant) -> tuple[bool, Fraction, Fraction]:
        return (e.user_id in dropped, points.get(e.user_id, zero), buchholz[e.user_id])

    groups: dict[tuple[bool, Fraction, Fraction], set[int]] = defaultdict(set)
    for e in entrants:
        groups[level(e)].add(e.user_id)
    h2h: dict[int, Fraction] = defaultdict(Fraction)
    for group in groups.values():
        if len(group) > 1:
            for player, taken in head_to_head(group, results).items():
                h2h[player] = taken

    order = sorted(
        entrants,
        key=lambda e: (
            e.user_id in dropped,
            -points.get(e.user_id, zero),
            -buchholz[e.user_id],
            -h2h[e.user_id],
            -e.seed,
            e.user_id,
        ),
    )
    return [
        Standing(
            rank=rank,
            user_id=e.user_id,
            points=float(points.get(e.user_id, zero)),
            buchholz=float(buchholz[e.user_id]),
            head_to_head=float(h2h[e.user_id]),
            wins=wins[e.user_id],
            played=played[e.user_id],
            byes=byes[e.user_id],
            dropped=e.user_id in dropped,
        )
        for rank, e in enumerate(order, start=1)
    ]


def head_to_head(group: Collection[int], results: Iterable[TableResult]) -> dict[int, Fraction]:
    """The points each player of `group` took from the others of `group` at
    the tables they shared, counted pair by pair (so a 4-player table where two
    of them met counts as a game between those two)."""
    taken: dict[int, Fraction] = {player: Fraction(0) for player in group}
    for result in results:
        inside = [
            (p, pl) for p, pl in zip(result.players, result.places, strict=True) if p in taken
        ]
        for (a, place_a), (b, place_b) in combinations(inside, 2):
            if place_a < place_b:
                taken[a] += 1
            elif place_b < place_a:
                taken[b] += 1
            else:
                taken[a] += Fraction(1, 2)
                taken[b] += Fraction(1, 2)
    return taken
