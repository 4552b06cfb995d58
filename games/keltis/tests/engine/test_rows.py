from games.keltis.engine.rows import DOWN, UP, accepts, direction


def test_K4c_equal_values_do_not_fix_the_direction():
    assert direction([9, 9]) is None
    assert accepts([9, 9], 10) and accepts([9, 9], 2)


def test_K4c_first_strict_change_fixes_the_direction_example_9_8_8_5_3():
    row = [9, 8, 8, 5]
    assert direction(row) == DOWN
    assert accepts(row, 3) and accepts(row, 5)
    assert not accepts(row, 6)
    assert direction([2, 2, 4]) == UP and not accepts([2, 2, 4], 3)


def test_K4c_first_card_of_a_row_is_free():
    assert all(accepts([], v) for v in range(11))
