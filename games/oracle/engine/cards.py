"""The Oracle's card set (O-1) as data, and the card codes used in action keys.

110 cards: 5 colours x values 0..10 x 2 copies. Cards are integers (ids) so
that the two copies of a card stay distinguishable where it matters (O-5:
"not a card you discarded this turn"). Ids are in display order: a hand
sorted by id reads colour by colour, low to high.

Codes: `<colour><value>` (`g7`, `u10`), colours as in Keltis: b brown,
y yellow, p pink, g green, u blue. Each card also shows an oracle number
[B]: `(value + 3) // 3`, the most fields the oracle may move for it (O-4A2).
"""

from __future__ import annotations

from typing import NamedTuple

COLOURS = ("b", "y", "p", "g", "u")
COLOUR_NAMES = {"b": "brown", "y": "yellow", "p": "pink", "g": "green", "u": "blue"}
VALUES = tuple(range(11))
COPIES = 2


def oracle_number(value: int) -> int:
    """O-1 [B]: 0-2 -> 1, 3-5 -> 2, 6-8 -> 3, 9-10 -> 4."""
    return (value + 3) // 3


class Card(NamedTuple):
    colour: str
    value: int
    oracle: int
    code: str


def _build() -> tuple[Card, ...]:
    return tuple(
        Card(colour, value, oracle_number(value), f"{colour}{value}")
        for colour in COLOURS
        for value in VALUES
        for _ in range(COPIES)
    )


CARDS: tuple[Card, ...] = _build()
DECK_SIZE = len(CARDS)  # 110
CODES = frozenset(card.code for card in CARDS)
