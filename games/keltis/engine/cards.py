"""The Keltis card set (K-1) as data, and the card codes used in action keys.

Cards are integers (ids) so that two identical cards stay distinguishable
where it matters (K-5a: "not a card you discarded this turn"). Ids are given
in display order, so a hand sorted by id reads colour by colour, low to high.

Codes: number card `<colour><value>` (`y7`, `b10`), end card `<colour>e`
(`ye`), point card `x<value>` (`x7`). Colours: b brown, y yellow, p pink,
g green, u blue; `x` is grey (point cards, their pile and the point row).
"""

from __future__ import annotations

from typing import NamedTuple

COLOURS = ("b", "y", "p", "g", "u")
GREY = "x"
COLOUR_NAMES = {"b": "brown", "y": "yellow", "p": "pink", "g": "green", "u": "blue", "x": "grey"}

# K-1: copies of each number value per colour; end cards per colour; point
# card values; wishing-stone values.
NUMBER_COPIES = {0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 1, 9: 1, 10: 1}
END_CARDS_PER_COLOUR = 2
POINT_VALUES = tuple(range(0, 11))
WISHING_STONES = tuple(range(1, 10))

NUMBER, END, POINT = "number", "end", "point"


class Card(NamedTuple):
    kind: str
    colour: str  # a colour letter, or GREY for point cards
    value: int | None  # None for end cards
    code: str


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for colour in COLOURS:
        for value, copies in NUMBER_COPIES.items():
            cards += [Card(NUMBER, colour, value, f"{colour}{value}")] * copies
        cards += [Card(END, colour, None, f"{colour}e")] * END_CARDS_PER_COLOUR
    cards += [Card(POINT, GREY, v, f"{GREY}{v}") for v in POINT_VALUES]
    return tuple(cards)


CARDS: tuple[Card, ...] = _build()
DECK_SIZE = len(CARDS)  # 101: every card but the wishing stones
CODES = frozenset(card.code for card in CARDS)
