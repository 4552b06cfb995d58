from games.keltis.engine.scoring import row_points, score, stone_points


def test_K7_row_points_by_number_of_cards():
    table = {1: -4, 2: -3, 3: -2, 4: 1, 5: 2, 6: 3, 7: 6, 8: 7, 9: 10, 12: 10}
    assert {n: row_points(n) for n in table} == table


def test_K7_wishing_stone_points():
    table = {0: -4, 1: -1, 2: 0, 3: 4, 4: 6, 5: 10, 7: 10}
    assert {n: stone_points(n) for n in table} == table


def test_K7_colour_without_a_row_scores_zero():
    result = score({"b": 0, "y": 0, "p": 0, "g": 0, "u": 0}, point_row=0, stones=2)
    assert result == {"rows": {}, "point_row": 0, "stones": 0, "total": 0}


def test_K9_worked_check_scores_13():
    result = score({"b": 9, "y": 4, "p": 1, "g": 0, "u": 0}, point_row=2, stones=3)
    assert result["rows"] == {"b": 10, "y": 1, "p": -4}
    assert result["total"] == 13
