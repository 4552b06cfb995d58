"""The record's plain data: checked on the way in, and through JSON and back."""

from __future__ import annotations

import json

import pytest

from tournaments import PlayedRound, Round, Table, TableResult, rounds_needed


def test_a_played_round_goes_through_json_unchanged():
    played = PlayedRound(
        Round(3, (Table((5, 2)), Table((7, 1, 4))), byes=(9,)),
        (TableResult((5, 2), (1, 1)), TableResult.ranking(4, 7, 1)),
    )
    again = PlayedRound.from_data(json.loads(json.dumps(played.to_data())))
    assert again == played and again.is_over
    assert again.result_for(Table((1, 4, 7))) == TableResult((4, 7, 1), (1, 2, 3))


@pytest.mark.parametrize(
    "make",
    [
        lambda: Table((1,)),
        lambda: Table((1, 1)),
        lambda: TableResult((1, 2), (1,)),
        lambda: TableResult((1, 2), (0, 1)),
        lambda: TableResult((3, 3), (1, 2)),
    ],
)
def test_malformed_tables_and_results_are_refused(make):
    with pytest.raises(ValueError):
        make()


@pytest.mark.parametrize(
    "format, n, requested, expected",
    [
        ("swiss", 8, None, 3),
        ("swiss", 9, None, 4),
        ("swiss", 8, 5, 5),
        ("swiss", 4, 10, 3),  # never more than everyone against everyone
        ("round_robin", 6, None, 5),
        ("round_robin", 7, 3, 7),
        ("single_elimination", 8, None, 3),
        ("single_elimination", 6, None, 3),
        ("swiss", 1, None, 0),
    ],
)
def test_rounds_needed(format, n, requested, expected):
    assert rounds_needed(format, n, requested) == expected


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match="unknown"):
        rounds_needed("ladder", 8)
