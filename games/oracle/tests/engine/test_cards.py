from collections import Counter

from games.oracle.engine.board import (
    CLOVER,
    GOBLIN,
    MIRROR,
    POINTS,
    SPIRAL,
    TILES,
    WISHING_STONES,
)
from games.oracle.engine.cards import CARDS, CODES, COLOURS, DECK_SIZE, oracle_number


def test_O1_110_cards_five_colours_values_0_to_10_twice():
    assert DECK_SIZE == 110
    assert Counter((c.colour, c.value) for c in CARDS) == {
        (colour, v): 2 for colour in COLOURS for v in range(11)
    }
    assert COLOURS == ("b", "y", "p", "g", "u")
    assert "g7" in CODES and "u10" in CODES and len(CODES) == 55


def test_O1_oracle_number_is_value_plus_3_div_3():
    assert {v: oracle_number(v) for v in range(11)} == {
        0: 1,
        1: 1,
        2: 1,
        3: 2,
        4: 2,
        5: 2,
        6: 3,
        7: 3,
        8: 3,
        9: 4,
        10: 4,
    }
    assert all(c.oracle == oracle_number(c.value) for c in CARDS)


def test_card_ids_are_in_display_order():
    keys = [(COLOURS.index(c.colour), c.value) for c in CARDS]
    assert keys == sorted(keys)


def test_O1_39_path_tiles():
    kinds = Counter(t.kind for t in TILES)
    assert kinds == {POINTS: 16, CLOVER: 5, SPIRAL: 3, GOBLIN: 3, MIRROR: 3}
    assert WISHING_STONES == 9 and len(TILES) + WISHING_STONES == 39
    assert sorted(t.value for t in TILES if t.kind == POINTS) == [
        1,
        1,
        1,
        1,
        2,
        2,
        2,
        2,
        3,
        3,
        3,
        3,
        4,
        4,
        5,
        5,
    ]
    assert sorted(t.colour for t in TILES if t.kind == CLOVER) == sorted(COLOURS)
