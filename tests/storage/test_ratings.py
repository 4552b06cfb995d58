"""The rating maths (storage/ratings.py): openskill over contests."""

from __future__ import annotations

from storage.ratings import FRESH, FRESH_ORDINAL, ordinal, rate
from storage.standings import Contest

A, B, C, D = 11, 12, 13, 14


def test_the_winner_rises_the_loser_falls_everyone_grows_surer():
    new = rate(Contest(((A,), (B,)), (0, 1)), {})
    assert ordinal(new[A]) > FRESH_ORDINAL > ordinal(new[B])
    assert new[A][1] < FRESH[1] and new[B][1] < FRESH[1]


def test_by_rank_among_four_and_ties_between_equals_change_little():
    new = rate(Contest(((A,), (B,), (C,), (D,)), (0, 1, 2, 3)), {})
    assert [ordinal(new[u]) for u in (A, B, C, D)] == sorted(
        (ordinal(new[u]) for u in (A, B, C, D)), reverse=True
    )
    tied = rate(Contest(((A,), (B,)), (0, 0)), {})
    assert abs(tied[A][0] - FRESH[0]) < 1e-9 and tied[A] == tied[B]


def test_teams_share_the_result_and_an_upset_moves_more():
    strong = {A: (35.0, 3.0)}
    new = rate(Contest(((B, C), (A,)), (0, 1)), strong)
    assert new[B] == new[C] and new[B][0] > FRESH[0] and new[A][0] < 35.0
    expected = rate(Contest(((A,), (B, C)), (0, 1)), strong)
    assert new[A][0] - 35.0 < expected[A][0] - 35.0  # losing when favoured costs more


def test_the_same_contests_give_the_same_floats():
    current = {A: (27.5, 6.1), C: (22.0, 7.7)}
    contest = Contest(((A,), (B, C), (D,)), (1, 0, 1))
    assert rate(contest, current) == rate(contest, dict(current))
