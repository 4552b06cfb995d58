"""Round robin by the circle method: every pair exactly once, one bye a round
for an odd field, drops turn the dropped player's games into byes."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tests.tournaments.play import field
from tournaments import round_robin_round, round_robin_schedule, rounds_needed


@pytest.mark.parametrize("n", [2, 4, 6, 8, 3, 5, 7, 9])
def test_every_pair_meets_exactly_once(n):
    schedule = round_robin_schedule(field(n))
    assert len(schedule) == rounds_needed("round_robin", n)
    assert [r.number for r in schedule] == list(range(1, len(schedule) + 1))
    met = Counter(frozenset(t.players) for r in schedule for t in r.tables)
    assert set(met) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(met.values()) == {1}
    for round_ in schedule:
        assert sorted(round_.players) == list(range(1, n + 1))
        assert len(round_.byes) == n % 2
    if n % 2:
        assert sorted(p for r in schedule for p in r.byes) == list(range(1, n + 1))


def test_a_drop_gives_the_opponents_a_bye_and_changes_no_other_table():
    entrants = field(6)
    for number, planned in enumerate(round_robin_schedule(entrants), start=1):
        played = round_robin_round(entrants, number, dropped={3})
        [opponent] = [p for t in planned.tables if 3 in t.players for p in t.players if p != 3]
        assert played.byes == (opponent,)
        assert set(played.tables) == {t for t in planned.tables if 3 not in t.players}


def test_bigger_tables_are_refused():
    with pytest.raises(ValueError, match="two-player"):
        round_robin_schedule(field(6), players_per_match=3)
