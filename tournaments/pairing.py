"""Who plays whom: Swiss rounds (pairs or bigger tables), the round-robin
schedule and the single-elimination bracket.

Every function reads the record (entrants, the rounds so far with their
results, the dropped ids) and returns the next `Round`; nothing is stored here
and nothing is left to chance: ties fall to seed, then user id, so the same
record always gives the same round.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Collection, Sequence
from fractions import Fraction
from itertools import combinations

from tournaments.model import (
    ROUND_ROBIN,
    SINGLE_ELIMINATION,
    SWISS,
    Entrant,
    PlayedRound,
    Round,
    Table,
    ranked,
)
from tournaments.scoring import scores

#: how many steps the search for a repeat-free Swiss pairing may take before
#: it settles for repeats: a count, not a clock, so the answer never depends
#: on the machine. Real fields (up to ~64 players, a handful of rounds) need a
#: few hundred at most.
SEARCH_BUDGET = 20_000


def rounds_needed(
    format: str, n_players: int, requested: int | None = None, players_per_match: int = 2
) -> int:
    """How many rounds the tournament has: Swiss ceil(log2 n) unless asked
    otherwise (never more than n - 1, when everyone would have met everyone),
    round robin n - 1 for even n and n for odd n (one bye each), single
    elimination ceil(log2 n)."""
    if n_players < 2:
        return 0
    log2 = math.ceil(math.log2(n_players))
    if format == SWISS:
        return max(1, min(requested, n_players - 1)) if requested else log2
    if format == ROUND_ROBIN:
        return n_players - 1 if n_players % 2 == 0 else n_players
    if format == SINGLE_ELIMINATION:
        return log2
    raise ValueError(f"unknown tournament format: {format!r}")


# --- shared reading of the record -------------------------------------------


def meetings(history: Sequence[PlayedRound]) -> Counter[frozenset[int]]:
    """How often each pair of players sat at the same table (finished or not)."""
    met: Counter[frozenset[int]] = Counter()
    for played in history:
        for table in played.round.tables:
            met.update(frozenset(pair) for pair in combinations(table.players, 2))
    return met


def bye_counts(history: Sequence[PlayedRound]) -> Counter[int]:
    return Counter(p for played in history for p in played.round.byes)


def _by_score(
    entrants: Sequence[Entrant], points: dict[int, Fraction], dropped: Collection[int]
) -> list[Entrant]:
    """Active players, leaders first; equal scores by seed, then user id."""
    zero = Fraction(0)
    return sorted(
        (e for e in entrants if e.user_id not in dropped),
        key=lambda e: (-points.get(e.user_id, zero), -e.seed, e.user_id),
    )


# --- Swiss ------------------------------------------------------------------


def swiss_round(
    entrants: Sequence[Entrant],
    history: Sequence[PlayedRound] = (),
    dropped: Collection[int] = (),
    players_per_match: int = 2,
    number: int | None = None,
    smallest_table: int | None = None,
) -> Round:
    """The next Swiss round. Players are ordered by score (then seed, then
    user id); in pairs, each score group plays its top half against its bottom
    half (so round 1 is the classic top half against bottom half by seed), an
    odd player floats down to the next group, and no two players meet again if
    any repeat-free pairing exists. With an odd count one bye goes to the
    lowest-ranked player among those with the fewest byes. Dropped players are
    never seated; their past games still count for everyone else.
    Bigger tables: see `swiss_tables`."""
    number = len(history) + 1 if number is None else number
    points = scores(history)
    order = _by_score(entrants, points, dropped)
    if players_per_match != 2:
        return swiss_tables(order, history, players_per_match, number, smallest_table)
    ids = [e.user_id for e in order]
    score = [points.get(p, Fraction(0)) for p in ids]
    met = meetings(history)
    if len(ids) < 2:
        return Round(number, (), tuple(ids))
    budget = [SEARCH_BUDGET]
    if len(ids) % 2 == 0:
        pairs = _pair_up(ids, score, met, budget)
        return Round(number, tuple(Table(p) for p in pairs), ())
    had = bye_counts(history)
    fewest = min(had[p] for p in ids)
    candidates = [i for i in reversed(range(len(ids))) if had[ids[i]] == fewest]
    for i in candidates:
        rest = ids[:i] + ids[i + 1 :]
        found = _search(rest, score[:i] + score[i + 1 :], met, budget)
        if found is not None:
            return Round(number, tuple(Table(p) for p in found), (ids[i],))
    i = candidates[0]
    pairs = _greedy_with_repeats(ids[:i] + ids[i + 1 :], score[:i] + score[i + 1 :], met)
    return Round(number, tuple(Table(p) for p in pairs), (ids[i],))


def _pair_up(
    ids: list[int], score: list[Fraction], met: Counter[frozenset[int]], budget: list[int]
) -> list[tuple[int, int]]:
    """Pairs for an even list in score order: repeat-free if the search finds
    one within the budget, otherwise with as few repeats as a greedy pass
    manages."""
    found = _search(ids, score, met, budget)
    return _greedy_with_repeats(ids, score, met) if found is None else found


def _preferences(first: int, rest: list[int], score: list[Fraction]) -> list[int]:
    """Whom `first` (the best-placed unpaired player) should meet, best
    choice first: within its score group the player half a group below, then
    the others of that half, then the upper half from the bottom up; then the
    lower groups in order (floating down)."""
    same = [j for j in rest if score[j] == score[first]]
    # a group of m players, `first` included: `first` meets the one at m // 2
    half = max(0, (len(same) + 1) // 2 - 1)
    lower = [j for j in rest if score[j] != score[first]]
    return same[half:] + same[:half][::-1] + lower


def _search(
    ids: list[int], score: list[Fraction], met: Counter[frozenset[int]], budget: list[int]
) -> list[tuple[int, int]] | None:
    """Depth-first search for a repeat-free pairing, trying partners in order
    of preference: the first one found is the one the Swiss order wants most.
    Dead ends are remembered (by the set of players still unpaired) and cut
    early when someone left has nobody new to meet. `budget` is a one-item
    list of steps left, shared by the searches of one round."""
    n = len(ids)
    fresh = [0] * n  # bitmask of the players i has not met yet
    for i, j in combinations(range(n), 2):
        if not met[frozenset((ids[i], ids[j]))]:
            fresh[i] |= 1 << j
            fresh[j] |= 1 << i
    dead: set[int] = set()

    def go(left: int) -> list[tuple[int, int]] | None:
        if not left:
            return []
        if left in dead or budget[0] <= 0:
            return None
        budget[0] -= 1
        first = (left & -left).bit_length() - 1
        rest = [j for j in range(first + 1, n) if left >> j & 1]
        for j in _preferences(first, rest, score):
            if not fresh[first] >> j & 1:
                continue
            after = left & ~(1 << first) & ~(1 << j)
            if any(not fresh[r] & after for r in _bits(after)):
                continue
            found = go(after)
            if found is not None:
                return [(ids[first], ids[j]), *found]
        dead.add(left)
        return None

    return go((1 << n) - 1)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _greedy_with_repeats(
    ids: list[int], score: list[Fraction], met: Counter[frozenset[int]]
) -> list[tuple[int, int]]:
    """When every pairing repeats a game: the best-placed player meets the
    preferred partner among those met least often, and so on down."""
    left = list(range(len(ids)))
    pairs = []
    while left:
        first, rest = left[0], left[1:]
        options = _preferences(first, rest, score)
        j = min(options, key=lambda o: met[frozenset((ids[first], ids[o]))])
        pairs.append((ids[first], ids[j]))
        left = [i for i in rest if i != j]
    return pairs


def table_sizes(n: int, k: int, smallest: int | None = None) -> tuple[tuple[int, ...], int]:
    """How `n` players sit at tables of at most `k` and at least `smallest`
    (default k - 1, never below 2): (sizes biggest first, players left over
    for byes). Everyone is seated whenever the sizes allow, as evenly as
    possible (10 at k=4: 4, 3, 3); otherwise as many full tables as fit and
    the rest have a bye (5 at k=4: 4 and one bye)."""
    smallest = max(2, k - 1) if smallest is None else smallest
    if not 2 <= smallest <= k:
        raise ValueError(f"tables need between 2 and {k} players, not {smallest}")
    if n < smallest:
        return (), n
    count = math.ceil(n / k)
    if count * smallest <= n:
        base, extra = divmod(n, count)
        return tuple([base + 1] * extra + [base] * (count - extra)), 0
    count = min(n // smallest, count - 1)
    return tuple([k] * count), n - count * k


def swiss_tables(
    order: Sequence[Entrant],
    history: Sequence[PlayedRound],
    k: int,
    number: int,
    smallest_table: int | None = None,
) -> Round:
    """A Swiss round of bigger tables (3 to 5 players): the players, already
    in score order, are cut into consecutive tables (`table_sizes`), the
    players left over sitting out with a bye (the lowest-ranked of those with
    the fewest byes); then players swap tables while that lowers the number of
    people meeting again, moving them as little as possible from their place."""
    if k < 2:
        raise ValueError("a table needs at least 2 players")
    ids = [e.user_id for e in order]
    sizes, spare = table_sizes(len(ids), k, smallest_table)
    had = bye_counts(history)
    rank = {p: i for i, p in enumerate(ids)}
    byes = sorted(ids, key=lambda p: (had[p], -rank[p]))[:spare]
    seated = [p for p in ids if p not in byes]
    home: list[int] = []  # the table each seated player would have by score alone
    for t, size in enumerate(sizes):
        home += [t] * size
    at = list(home)
    _reduce_meetings(seated, at, home, meetings(history))
    tables = [[p for p, t in zip(seated, at, strict=True) if t == n] for n in range(len(sizes))]
    return Round(number, tuple(Table(tuple(t)) for t in tables), tuple(byes))


def _reduce_meetings(
    seated: list[int], at: list[int], home: list[int], met: Counter[frozenset[int]]
) -> None:
    """Swap pairs of players between tables (in place, on `at`) while a swap
    lowers (meetings again, distance from their score's table): first-found
    improving swap, in order, so the outcome is fixed by the input."""
    n = len(seated)

    def clashes(i: int, table: int, skip: int) -> int:
        return sum(
            met[frozenset((seated[i], seated[o]))]
            for o in range(n)
            if at[o] == table and o not in (i, skip)
        )

    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(n), 2):
            ti, tj = at[i], at[j]
            if ti == tj:
                continue
            before = clashes(i, ti, j) + clashes(j, tj, i)
            after = clashes(i, tj, j) + clashes(j, ti, i)
            moved_before = abs(ti - home[i]) + abs(tj - home[j])
            moved_after = abs(tj - home[i]) + abs(ti - home[j])
            if (after, moved_after) < (before, moved_before):
                at[i], at[j] = tj, ti
                improved = True


# --- round robin ------------------------------------------------------------


def round_robin_schedule(entrants: Sequence[Entrant], players_per_match: int = 2) -> list[Round]:
    """Every round of a round robin, by the circle method: the top seed stays
    put while the others turn round it, so every pair meets exactly once; with
    an odd count a ghost joins and whoever faces it has the bye."""
    if players_per_match != 2:
        raise ValueError("round robin is for two-player games")
    ids: list[int | None] = [e.user_id for e in ranked(entrants)]
    if len(ids) % 2:
        ids.append(None)
    n = len(ids)
    rounds = []
    for number in range(1, n):
        tables, byes = [], []
        for i in range(n // 2):
            a, b = ids[i], ids[n - 1 - i]
            if a is not None and b is not None:
                tables.append(Table((a, b)))
            else:
                byes += [p for p in (a, b) if p is not None]
        rounds.append(Round(number, tuple(tables), tuple(byes)))
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return rounds


def round_robin_round(
    entrants: Sequence[Entrant], number: int, dropped: Collection[int] = ()
) -> Round:
    """Round `number` of the schedule as it is played: a table with a dropped
    player is not played and the other player has a bye (a walkover). The
    schedule comes from every entrant, so a drop never reshuffles it."""
    scheduled = round_robin_schedule(entrants)[number - 1]
    tables, byes = [], [p for p in scheduled.byes if p not in dropped]
    for table in scheduled.tables:
        staying = [p for p in table.players if p not in dropped]
        if len(staying) == len(table.players):
            tables.append(table)
        else:
            byes += staying
    return Round(number, tuple(tables), tuple(byes))


# --- single elimination -----------------------------------------------------


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1 = top) in bracket slot order for a bracket of `size`
    (a power of two), built so seeds 1 and 2 can only meet in the final:
    8 gives 1, 8, 4, 5, 2, 7, 3, 6."""
    order = [1]
    while len(order) < size:
        order = [s for seed in order for s in (seed, 2 * len(order) + 1 - seed)]
    return order


def _first_slots(entrants: Sequence[Entrant]) -> list[int | None]:
    ids = [e.user_id for e in ranked(entrants)]
    size = 1 << max(1, math.ceil(math.log2(max(len(ids), 2))))
    return [ids[s - 1] if s <= len(ids) else None for s in bracket_order(size)]


def _winner(
    a: int | None,
    b: int | None,
    played: PlayedRound,
    dropped: Collection[int],
    strength: dict[int, int],
) -> int | None:
    """Who of slot pair (a, b) goes on after `played`: the table's winner (a
    tie goes to the better seed), or, with no result, the one who did not drop
    (a walkover); a player on a bye goes on."""
    if a is None or b is None or Table((a, b)) not in played.round.tables:
        on_bye = [p for p in (a, b) if p is not None and p in played.round.byes]
        return on_bye[0] if on_bye else None
    result = played.result_for(Table((a, b)))
    if result is not None:
        best = min(result.places)
        return min((p for p in (a, b) if result.place_of(p) == best), key=strength.__getitem__)
    staying = [p for p in (a, b) if p not in dropped]
    if len(staying) == 2:
        raise ValueError(f"round {played.round.number} is not over")
    return staying[0] if staying else None


def _slots_now(
    entrants: Sequence[Entrant], history: Sequence[PlayedRound], dropped: Collection[int]
) -> list[int | None]:
    """The bracket slots of the next round, dropped players already out.
    Past rounds are read as they were recorded (who sat, who had a bye), so a
    later drop never changes who won before."""
    slots = _first_slots(entrants)
    strength = {e.user_id: i for i, e in enumerate(ranked(entrants))}
    for played in history:
        slots = [
            _winner(slots[i], slots[i + 1], played, dropped, strength)
            for i in range(0, len(slots), 2)
        ]
    return [None if p in dropped else p for p in slots]


def elimination_round(
    entrants: Sequence[Entrant],
    history: Sequence[PlayedRound] = (),
    dropped: Collection[int] = (),
    number: int | None = None,
    players_per_match: int = 2,
) -> Round:
    """The next round of the bracket. Round 1 seeds the players in standard
    bracket order (1 v n, …; top seeds meet last), with byes for the top
    seeds up to a power of two; later rounds pair the winners of neighbouring
    slots. A dropped player's opponent goes through on a bye (a walkover)."""
    if players_per_match != 2:
        raise ValueError("single elimination is for two-player games")
    slots = _slots_now(entrants, history, dropped)
    if sum(p is not None for p in slots) <= 1:
        raise ValueError("the bracket is decided")
    tables: list[Table] = []
    byes: list[int] = []
    for a, b in zip(slots[::2], slots[1::2], strict=True):
        if a is not None and b is not None:
            tables.append(Table((a, b)))
        else:
            byes += [p for p in (a, b) if p is not None]
    return Round(len(history) + 1 if number is None else number, tuple(tables), tuple(byes))


def champion(
    entrants: Sequence[Entrant], history: Sequence[PlayedRound], dropped: Collection[int] = ()
) -> int | None:
    """The winner once the bracket is decided (one player left in it), else
    None: still being played, or everyone left dropped out."""
    if history and not history[-1].is_over and not _walkovers_only(history[-1], dropped):
        return None
    left = [p for p in _slots_now(entrants, history, dropped) if p is not None]
    return left[0] if len(left) == 1 else None


def is_over(
    entrants: Sequence[Entrant], history: Sequence[PlayedRound], dropped: Collection[int] = ()
) -> bool:
    """The bracket needs no more rounds: one player or none is left in it."""
    if history and not history[-1].is_over and not _walkovers_only(history[-1], dropped):
        return False
    return sum(p is not None for p in _slots_now(entrants, history, dropped)) <= 1


def _walkovers_only(played: PlayedRound, dropped: Collection[int]) -> bool:
    """Every table without a result has a dropped player, so it is decided."""
    return all(
        played.result_for(t) is not None or any(p in dropped for p in t.players)
        for t in played.round.tables
    )
