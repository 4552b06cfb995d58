"""Counting (Z-6) and chips (Z-7) tables."""

import pytest

from games.cucco.engine.cards import DECK_SIZE, KIND_BY_CODE, copies
from games.cucco.engine.scoring import (
    CARD_HALF_POINTS,
    CARD_RECOUNT,
    DRAW,
    LOSS,
    WIN,
    chips,
    half_points,
    recount,
    settle,
)


def ids(*codes):
    """One copy of each code (the first copy, or the second when repeated)."""
    out = []
    for code in codes:
        a, b = copies(KIND_BY_CODE[code])
        out.append(b if a in out else a)
    return out


def one_of_each(copy: int) -> list[int]:
    return [copies(k)[copy] for k in range(20)]


def test_Z6_card_points_in_half_points_total_19_points():
    assert half_points(ids("n5", "n6", "n7", "n8", "n9")) == 5  # 1/2 each
    assert half_points(ids("n10", "p11", "p12", "p13", "p14", "p15", "lion")) == 14  # 1 each
    assert half_points(ids("n1", "n2", "n3", "n4", "mask", "bucket", "zero", "mat")) == 0
    assert sum(CARD_HALF_POINTS) == 38 and len(CARD_HALF_POINTS) == DECK_SIZE


def test_Z6_recount_table_total_82():
    assert recount(ids("n1", "n6", "p11")) == 3
    assert recount(ids("n2", "n7", "p12")) == 6
    assert recount(ids("n3", "n8", "p13")) == 9
    assert recount(ids("n4", "n9", "p14")) == 12
    assert recount(ids("p15")) == 5 and recount(ids("lion")) == 6
    assert recount(ids("n5", "n10", "mat", "mask", "bucket", "zero")) == 0
    assert sum(CARD_RECOUNT) == 82


def test_Z6_ten_points_or_more_win():
    everything = list(range(DECK_SIZE))
    ours = ids("n10", "p11", "p12", "p13", "p14", "p15", "lion", "n10", "p11", "p12")  # 10 points
    theirs = [c for c in everything if c not in ours]
    assert settle(ours, theirs) == {"half_points": [20, 18], "recount": None, "result": WIN}
    assert settle(theirs, ours) == {"half_points": [18, 20], "recount": None, "result": LOSS}


def test_Z6_nine_and_a_half_each_goes_to_the_recount_41_41_is_drawn():
    ours, theirs = one_of_each(0), one_of_each(1)
    assert settle(ours, theirs) == {"half_points": [19, 19], "recount": [41, 41], "result": DRAW}


def test_Z6_recount_42_or_more_wins():
    ours, theirs = one_of_each(0), one_of_each(1)
    # swap our III for their IIII: still 9 1/2 each, recount 42-40
    n3, n4 = copies(KIND_BY_CODE["n3"])[0], copies(KIND_BY_CODE["n4"])[1]
    ours = [c for c in ours if c != n3] + [n4]
    theirs = [c for c in theirs if c != n4] + [n3]
    assert settle(ours, theirs) == {"half_points": [19, 19], "recount": [42, 40], "result": WIN}
    assert settle(theirs, ours) == {"half_points": [19, 19], "recount": [40, 42], "result": LOSS}


@pytest.mark.parametrize(
    "result,expected",
    [
        (WIN, [2, -1, -1, 1, -1]),
        (LOSS, [-2, 1, 1, -1, 1]),
        (DRAW, [0, 0, 0, 0, 0]),
    ],
)
def test_Z7_chips_with_a_partner(result, expected):
    assert chips(result, 0, 3, 5) == expected
    assert sum(expected) == 0


@pytest.mark.parametrize(
    "result,expected",
    [
        (WIN, [-2, -2, 8, -2, -2]),
        (LOSS, [2, 2, -8, 2, 2]),
        (DRAW, [0, 0, 0, 0, 0]),
    ],
)
def test_Z7_chips_declarer_alone(result, expected):
    assert chips(result, 2, None, 5) == expected
