from collections import Counter

from games.keltis.engine.cards import (
    CARDS,
    COLOURS,
    DECK_SIZE,
    END,
    NUMBER,
    POINT,
    WISHING_STONES,
)


def test_K1_card_set_has_101_shuffled_cards_and_9_wishing_stones():
    assert DECK_SIZE == 101 and len(WISHING_STONES) == 9
    assert DECK_SIZE + len(WISHING_STONES) == 110
    kinds = Counter(card.kind for card in CARDS)
    assert kinds == {NUMBER: 80, END: 10, POINT: 11}


def test_K1_each_colour_has_16_number_cards_and_2_end_cards():
    for colour in COLOURS:
        values = Counter(c.value for c in CARDS if c.colour == colour and c.kind == NUMBER)
        assert values == {0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 1, 9: 1, 10: 1}
        assert sum(1 for c in CARDS if c.colour == colour and c.kind == END) == 2


def test_K1_point_cards_are_grey_0_to_10_and_stones_1_to_9():
    assert sorted(c.value for c in CARDS if c.kind == POINT) == list(range(11))
    assert all(c.colour == "x" for c in CARDS if c.kind == POINT)
    assert tuple(range(1, 10)) == WISHING_STONES


def test_card_ids_are_in_display_order():
    order = [(COLOURS + ("x",)).index(c.colour) for c in CARDS]
    assert order == sorted(order)
