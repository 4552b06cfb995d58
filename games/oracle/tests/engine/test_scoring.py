from games.oracle.engine.scoring import score, stone_points

NO_EARNINGS = {"tiles": 0, "oracle": 0, "goblin": 0}


def test_O8_wishing_stone_points():
    table = {0: -4, 1: -3, 2: 2, 3: 3, 4: 6, 5: 10, 9: 10}
    assert {n: stone_points(n) for n in table} == table


def test_O8_seed_example_scores_22_5_17_12():
    # white 10+6-3, 3 stones, 2 mirrors; black 6+5+0, 1 stone, 1 mirror;
    # brown 7+5+3, 2 stones; grey 7+5-2, 2 stones
    white = score([35, 30, 6], 3, 2, NO_EARNINGS)
    black = score([29, 25, 0], 1, 1, NO_EARNINGS)
    brown = score([32, 26, 19], 2, 0, NO_EARNINGS)
    grey = score([33, 27, 8], 2, 0, NO_EARNINGS)
    assert [white["total"], black["total"], brown["total"], grey["total"]] == [22, 5, 17, 12]
    assert white == {
        "in_game": 0,
        "earned": NO_EARNINGS,
        "pawns": [10, 6, -3],
        "pawn_points": 13,
        "stones": 3,
        "stone_points": 3,
        "mirrors": 2,
        "mirror_points": 6,
        "total": 22,
    }
    assert (black["stone_points"], black["mirror_points"]) == (-3, -3)


def test_O8_in_game_points_are_added_and_mirrors_repeat_negative_stones():
    result = score([0, 0, 0], 0, 2, {"tiles": 7, "oracle": 5, "goblin": 10})
    assert result["in_game"] == 22
    assert result["stone_points"] == -4 and result["mirror_points"] == -8
    assert result["total"] == 22 - 12
