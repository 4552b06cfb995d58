"""The rating maths (storage/ratings.py): openskill over contests."""

from __future__ import annotations

from storage.ratings import (
    FRESH,
    FRESH_ORDINAL,
    RatingChange,
    ordinal,
    rate,
    scaled,
    scaled_ordinal,
)
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


def test_players_read_an_elo_like_scale_a_new_player_about_1500():
    assert scaled(FRESH) == 1500 == scaled_ordinal(FRESH_ORDINAL)
    new = rate(Contest(((A,), (B,)), (0, 1)), {})
    assert 20 < scaled(new[A]) - 1500 < 60 and -60 < scaled(new[B]) - 1500 < -10  # a few dozen
    for rating in (FRESH, new[A], new[B], (35.0, 2.0), (12.0, 6.5)):
        # the stored ordinal maps to openskill's own scaled ordinal exactly
        assert abs(scaled_ordinal(ordinal(rating)) - scaled(rating)) < 1e-9


def test_the_scale_keeps_the_order_of_the_ordinal():
    ratings = [(25.0, 25 / 3), (27.6, 8.1), (22.4, 8.1), (35.0, 2.0), (12.0, 6.5), (30.0, 1.0)]
    by_ordinal = sorted(ratings, key=ordinal)
    assert sorted(ratings, key=scaled) == by_ordinal
    assert sorted(ratings, key=lambda r: scaled_ordinal(ordinal(r))) == by_ordinal


def test_a_change_is_shown_as_rounded_figures_that_add_up():
    new = rate(Contest(((A,), (B,)), (0, 1)), {})
    won, lost = RatingChange(A, FRESH, new[A]), RatingChange(B, FRESH, new[B])
    assert won.shown == (round(scaled(new[A])) - 1500, round(scaled(new[A])))
    assert won.shown[0] > 0 > lost.shown[0] and lost.shown[1] == 1500 + lost.shown[0]
