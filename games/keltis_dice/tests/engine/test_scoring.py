"""Scoring tables and the seed's worked example (D-6)."""

from games.keltis_dice.engine.scoring import chip_points, field_points, score


def test_D6_field_points_table():
    table = {1: -4, 2: -3, 3: -2, 4: 1, 5: 2, 6: 3, 7: 6, 8: 7, 9: 10}
    assert {f: field_points(f) for f in table} == table


def test_D6_chip_points_table_nine_or_more_is_10():
    table = {0: -10, 1: -4, 2: -3, 3: -2, 4: 1, 5: 2, 6: 3, 7: 6, 8: 7, 9: 10, 10: 10, 40: 10}
    assert {n: chip_points(n) for n in table} == table


def test_D6_rows_without_a_stone_score_zero_no_chips_minus_10():
    assert score({}, 0) == {"stones": {}, "rows": {}, "chips": 0, "chip_points": -10, "total": -10}


def test_D6_seed_example_white_20_black_19_grey_14_brown_17():
    white = score({"b": 5, "y": 9, "p": 7}, 5)
    assert white["rows"] == {"b": 2, "y": 10, "p": 6}
    assert white["chip_points"] == 2 and white["total"] == 20
    black = score({"b": 7, "g": 7, "u": 7}, 4)
    assert black["rows"] == {"b": 6, "g": 6, "u": 6} and black["total"] == 19
    grey = score({"b": 8, "y": 5, "p": 8}, 3)
    assert grey["rows"] == {"b": 7, "y": 2, "p": 7} and grey["total"] == 14
    brown = score({"b": 9, "y": 2, "p": 5, "g": 5}, 7)
    assert brown["rows"] == {"b": 10, "y": -3, "p": 2, "g": 2} and brown["total"] == 17
