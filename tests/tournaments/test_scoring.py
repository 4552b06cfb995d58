"""Points from places and the standings table's tie-breaks, against
expectations worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from tournaments import Entrant, PlayedRound, Round, Table, TableResult, standings, table_points


def game(winner: int, loser: int) -> TableResult:
    return TableResult.ranking(winner, loser)


def played(number: int, results: list[TableResult], byes: tuple[int, ...] = ()) -> PlayedRound:
    tables = tuple(Table(r.players) for r in results)
    return PlayedRound(Round(number, tables, byes), tuple(results))


@pytest.mark.parametrize(
    "players, places, expected",
    [
        ((1, 2), (1, 2), [1, 0]),
        ((1, 2), (2, 1), [0, 1]),
        ((1, 2), (1, 1), [F(1, 2), F(1, 2)]),
        ((1, 2, 3, 4), (1, 2, 3, 4), [1, F(2, 3), F(1, 3), 0]),
        ((1, 2, 3, 4), (1, 1, 3, 4), [F(5, 6), F(5, 6), F(1, 3), 0]),
        ((1, 2, 3), (2, 2, 1), [F(1, 4), F(1, 4), 1]),
        ((1, 2, 3), (1, 1, 1), [F(1, 2)] * 3),
        ((1, 2, 3, 4, 5), (3, 1, 5, 2, 4), [F(1, 2), 1, 0, F(3, 4), F(1, 4)]),
    ],
)
def test_points_run_from_one_for_first_to_nothing_for_last(players, places, expected):
    points = table_points(TableResult(players, places))
    assert [points[p] for p in players] == expected


def test_points_then_buchholz_with_byes_worth_a_point_and_no_buchholz():
    entrants = [Entrant(1, 1000), Entrant(2, 1000), Entrant(3, 1000), Entrant(4, 1100),
                Entrant(5, 1200)]  # fmt: skip
    history = [
        played(1, [game(1, 2), game(3, 4)], byes=(5,)),
        played(2, [game(3, 1), game(5, 2)], byes=(4,)),
    ]
    table = standings(entrants, history)
    # points: 3 and 5: 2; 1 and 4: 1 (4's from the bye); 2: 0
    # Buchholz: 3: 4 (1) + 1 (1) = 2; 5: 2 (0) = 0, the bye adds nothing;
    # 1: 2 (0) + 3 (2) = 2; 4: 3 (2) = 2; 2: 1 (1) + 5 (2) = 3
    # 1 and 4 never met: the seed puts 4 first
    assert [s.user_id for s in table] == [3, 5, 4, 1, 2]
    assert [s.rank for s in table] == [1, 2, 3, 4, 5]
    assert [s.points for s in table] == [2, 2, 1, 1, 0]
    assert [s.buchholz for s in table] == [2, 0, 2, 2, 3]
    five = table[1]
    assert (five.wins, five.played, five.byes) == (1, 1, 1)


def test_head_to_head_splits_players_equal_on_points_and_buchholz():
    # seeds would put 1 before 2 and 4 before 3: head-to-head says otherwise
    entrants = [Entrant(1, 2000), Entrant(2, 1500), Entrant(3, 1000), Entrant(4, 1800)]
    history = [
        played(1, [game(2, 1), game(3, 4)]),
        played(2, [game(1, 3), game(4, 2)]),
        played(3, [game(1, 4), game(2, 3)]),
    ]
    table = standings(entrants, history)
    # points 1: 2, 2: 2, 3: 1, 4: 1; Buchholz 1: 2+1+1 = 4, 2: 2+1+1 = 4,
    # 3: 1+2+2 = 5, 4: 1+2+2 = 5; 2 beat 1, 3 beat 4
    assert [(s.user_id, s.points, s.buchholz) for s in table] == [
        (2, 2, 4),
        (1, 2, 4),
        (3, 1, 5),
        (4, 1, 5),
    ]
    assert [s.head_to_head for s in table] == [1, 0, 1, 0]


def test_head_to_head_at_bigger_tables_counts_pair_by_pair():
    entrants = [Entrant(p, 1000) for p in (1, 2, 3, 4)]
    history = [
        played(1, [TableResult((1, 2, 3, 4), (1, 2, 3, 4))]),
        played(2, [TableResult((1, 2, 3, 4), (4, 3, 2, 1))]),
    ]
    table = standings(entrants, history)
    # everyone has 1 point and met the three others twice (Buchholz 6);
    # among them each won 3 of their 6 pairings
    assert {(s.points, s.buchholz, s.head_to_head) for s in table} == {(1, 6, 3)}
    assert [s.user_id for s in table] == [1, 2, 3, 4], "equal on everything: by user id"


def test_dropped_players_come_last_and_still_count_for_their_opponents():
    entrants = [Entrant(p, 1000) for p in (1, 2, 3, 4)]
    history = [played(1, [game(1, 2), game(3, 4)]), played(2, [game(1, 3)], byes=(4,))]
    table = standings(entrants, history, dropped={1})
    assert [s.user_id for s in table] == [3, 4, 2, 1]
    assert table[-1].dropped and table[-1].points == 2
    assert table[0].buchholz == 3  # 4 (1 point, from the bye) + 1 (2 points, dropped)


def test_unfinished_tables_score_nothing_yet():
    entrants = [Entrant(p, 1000) for p in (1, 2, 3, 4)]
    round_ = Round(1, (Table((1, 2)), Table((3, 4))))
    history = [PlayedRound(round_, (game(4, 3),))]
    assert not history[0].is_over
    table = standings(entrants, history)
    # 3 lost to 4 (Buchholz 1); 1 and 2 have not finished
    assert [(s.user_id, s.points, s.played) for s in table] == [
        (4, 1, 1),
        (3, 0, 1),
        (1, 0, 0),
        (2, 0, 0),
    ]
