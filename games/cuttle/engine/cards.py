"""The Cuttle card set (C-1) and the tables of the rules, as data.

Cards are integers 0..51: `id = (rank - 1) * 4 + suit`, with ranks A=1 ..
K=13 and suits in scuttling order (clubs < diamonds < hearts < spades). So
the ids are in scuttling strength order: among point cards, card `a` beats
card `b` (C-2c: higher rank, or equal rank and higher suit) iff `a > b`, and
a hand sorted by id reads low to high.

Codes (used in action keys and views): rank `a 2 .. 10 j q k` followed by
suit `c d h s`, e.g. `as`, `7h`, `10d`, `qs`.
"""

from __future__ import annotations

from typing import NamedTuple

RANK_CODES = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")
SUITS = ("c", "d", "h", "s")  # C-1: scuttling order, lowest first
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}

ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN = range(1, 11)
JACK, QUEEN, KING = 11, 12, 13

#: C-2b: ranks that may be played as points (worth their rank, A = 1)
POINT_RANKS = frozenset(range(ACE, TEN + 1))
#: C-2d: ranks with a one-off effect (8 and 10 have none; 2 also counters)
ONE_OFF_RANKS = frozenset({ACE, TWO, THREE, FOUR, FIVE, SIX, SEVEN, NINE})
#: C-2e / C-5: ranks played as permanents (the jack onto a point card)
PERMANENT_RANKS = frozenset({JACK, QUEEN, KING})
#: C-5d: the rank that may be played sideways as glasses
GLASSES_RANK = EIGHT
#: C-4: the rank that counters a one-off
COUNTER_RANK = TWO

#: C-5c: winning target by the number of kings a player controls
KING_TARGETS = (21, 14, 10, 7, 5)
#: C-1: hand sizes of the deal
DEALER_HAND = 6
OTHER_HAND = 5
#: C-2a: consecutive passes that end the game in a draw
PASSES_TO_DRAW = 3
#: C-3 (4): cards the victim of a 4 discards
FOUR_DISCARDS = 2
#: C-3 (5): cards a 5 draws
FIVE_DRAWS = 2
#: C-5d: glasses a player may have in front of them
MAX_GLASSES = 1


class Card(NamedTuple):
    id: int
    rank: int  # 1 (A) .. 13 (K)
    suit: str  # c d h s
    code: str


def _build() -> tuple[Card, ...]:
    return tuple(
        Card((rank - 1) * 4 + i, rank, suit, RANK_CODES[rank - 1] + suit)
        for rank in range(ACE, KING + 1)
        for i, suit in enumerate(SUITS)
    )


CARDS: tuple[Card, ...] = _build()
DECK_SIZE = len(CARDS)  # 52
BY_CODE: dict[str, int] = {card.code: card.id for card in CARDS}
RANK = tuple(card.rank for card in CARDS)
CODE = tuple(card.code for card in CARDS)


def target_for(kings: int) -> int:
    """C-5c: the points a player needs with `kings` kings."""
    return KING_TARGETS[min(kings, len(KING_TARGETS) - 1)]


def beats(attacker: int, target: int) -> bool:
    """C-2c: a point card beats another by higher rank, or equal rank and higher suit."""
    return attacker > target
