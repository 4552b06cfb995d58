"""The board and components as data (D-1, D-2, D-5), pinned to the rules page tables."""

from games.keltis_dice.engine import board
from games.keltis_dice.engine.board import (
    CLOVER,
    FORBIDDEN,
    KOBOLD,
    SYMBOLS,
    WISHING,
    forbidden,
    symbol_at,
)


def test_D1_components_five_six_sided_dice_four_stones_forty_chips():
    assert board.DICE == 5
    assert board.FACES == ("b", "y", "p", "g", "u", "w")
    assert board.STONES_PER_PLAYER == 4
    assert board.CHIP_SUPPLY == 40
    assert board.WISH_DICE_FOR_CHIP == 2


def test_D2_five_rows_of_nine_fields_goal_area_7_to_9():
    assert board.COLOURS == ("b", "y", "p", "g", "u")
    assert board.FIELDS == 9
    assert {7, 8, 9} == board.GOAL_FIELDS


def test_D2_special_symbols_table():
    table = {  # colour: (wishing stone, clover, kobold)
        "b": (2, 5, 8),
        "y": (4, 2, 6),
        "p": (3, 6, 5),
        "g": (5, 3, 7),
        "u": (6, 4, 2),
    }
    for colour, (wish, clover, kobold) in table.items():
        assert SYMBOLS[colour] == {wish: WISHING, clover: CLOVER, kobold: KOBOLD}
        assert symbol_at(colour, wish) == WISHING
        assert symbol_at(colour, clover) == CLOVER
        assert symbol_at(colour, kobold) == KOBOLD
        assert symbol_at(colour, 1) is None and symbol_at(colour, 9) is None


def test_D2_forbidden_fields_on_side_B_only():
    assert FORBIDDEN["B"] == {"b": {3, 6}, "y": {3, 5}, "p": {2, 4}, "g": {4, 6}, "u": {3, 5}}
    assert all(not fields for fields in FORBIDDEN["A"].values())
    assert forbidden("B", "p", 2) and not forbidden("A", "p", 2)
    # field 1 (clover's new stone) and field 9 (overshoot) are never forbidden
    assert not any(forbidden(side, c, f) for side in "AB" for c in board.COLOURS for f in (1, 9))


def test_D5_goal_stones_to_end_by_player_count():
    assert board.GOAL_STONES_TO_END == {2: 5, 3: 7, 4: 8}
