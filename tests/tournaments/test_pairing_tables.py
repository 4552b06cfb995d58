"""Swiss rounds for 3- to 5-player games: tables cut from the score order,
sizes k and k - 1, byes only for who cannot be seated, fewer meetings again."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tests.tournaments.play import field, lowest_id_wins, play
from tournaments import PlayedRound, Round, TableResult, swiss_round, table_sizes
from tournaments.pairing import meetings


def met_again(round_: Round, history: list[PlayedRound]) -> int:
    met = meetings(history)
    return sum(met[frozenset(p)] for t in round_.tables for p in combinations(t.players, 2))


@pytest.mark.parametrize(
    "n, k, expected",
    [
        (10, 4, ((4, 3, 3), 0)),
        (12, 3, ((3, 3, 3, 3), 0)),
        (8, 4, ((4, 4), 0)),
        (7, 4, ((4, 3), 0)),
        (5, 4, ((4,), 1)),  # 3 + 2 would seat a table too small: one bye
        (7, 5, ((5,), 2)),
        (11, 5, ((5, 5), 1)),  # (4, 4, 3) would need a table of 3
        (3, 4, ((3,), 0)),
        (2, 3, ((2,), 0)),
        (2, 4, ((), 2)),  # too few to seat a table at all
    ],
)
def test_table_sizes_are_k_and_k_minus_one_and_as_even_as_possible(n, k, expected):
    assert table_sizes(n, k) == expected


def test_a_smaller_least_table_seats_everyone():
    assert table_sizes(5, 4, smallest=2) == ((3, 2), 0)
    assert table_sizes(7, 5, smallest=3) == ((4, 3), 0)
    assert table_sizes(11, 5, smallest=3) == ((4, 4, 3), 0)
    assert table_sizes(4, 3, smallest=3) == ((3,), 1)
    with pytest.raises(ValueError):
        table_sizes(7, 5, smallest=1)


def test_ten_players_at_four_sit_four_three_three_by_seed():
    first = swiss_round(field(10), players_per_match=4)
    assert [t.players for t in first.tables] == [(1, 2, 3, 4), (5, 6, 7), (8, 9, 10)]
    assert first.byes == ()


def test_twelve_players_at_three_sit_by_score_groups():
    entrants = field(12)
    history = [play(swiss_round(entrants, players_per_match=3), lowest_id_wins)]
    # winners 1, 4, 7, 10 (1 point), seconds 2, 5, 8, 11 (1/2), thirds 3, 6, 9, 12 (0)
    second = swiss_round(entrants, history, players_per_match=3)
    assert [t.players for t in second.tables] == [
        (1, 4, 7),
        (10, 2, 5),
        (8, 11, 3),
        (6, 9, 12),
    ]
    assert met_again(second, history) == 0


def test_meeting_again_is_avoided_when_the_score_order_alone_would_repeat():
    entrants = field(9)
    first = swiss_round(entrants, players_per_match=3)
    assert [t.players for t in first.tables] == [(1, 2, 3), (4, 5, 6), (7, 8, 9)]
    results = (
        TableResult((1, 2, 3), (1, 1, 3)),  # 1 and 2: 3/4 each, 3: 0
        TableResult((4, 5, 6), (1, 2, 2)),  # 4: 1, 5 and 6: 1/4 each
        TableResult((7, 8, 9), (1, 1, 1)),  # 1/2 each
    )
    history = [PlayedRound(first, results)]
    # by score alone: (4, 1, 2), (7, 8, 9), (5, 6, 3): five pairs again
    second = swiss_round(entrants, history, players_per_match=3)
    assert met_again(second, history) == 0
    assert sorted(len(t.players) for t in second.tables) == [3, 3, 3]
    assert 4 in second.tables[0].players, "the leader keeps the top table"


def test_byes_go_to_the_lowest_ranked_and_then_to_someone_else():
    entrants, history = field(5), []
    for _ in range(3):
        round_ = swiss_round(entrants, history, players_per_match=4)
        assert len(round_.byes) == 1 and [len(t.players) for t in round_.tables] == [4]
        history.append(play(round_, lowest_id_wins))
    byes = [r.round.byes[0] for r in history]
    assert byes[0] == 5 and len(set(byes)) == 3


def test_dropped_players_are_not_seated():
    entrants = field(10)
    history = [play(swiss_round(entrants, players_per_match=4), lowest_id_wins)]
    second = swiss_round(entrants, history, dropped={1, 2}, players_per_match=4)
    assert Counter(second.players) == Counter(range(3, 11))
    assert [len(t.players) for t in second.tables] == [4, 4]


def test_the_least_table_the_game_allows_is_kept():
    first = swiss_round(field(4), players_per_match=3, smallest_table=3)
    assert [t.players for t in first.tables] == [(1, 2, 3)] and first.byes == (4,)
