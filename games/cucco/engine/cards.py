"""The Cucco card set (Z-1) as data, and the card codes used in action keys.

40 cards: 20 kinds in two suits, two identical copies of each kind. A card is
an integer id 0..39; the kind of card `c` is `c // 2`, so the two copies of a
kind are `2k` and `2k + 1`. Kinds are numbered suit by suit, weakest first:
kind 0..9 is the numbers suit (I..X), kind 10..19 the pictures suit (Mask ..
Lion). A hand sorted by id therefore reads suit by suit, weakest first.

Codes (both copies of a kind share one code):
  numbers suit  `n1` .. `n10`                  (I, II, ..., VIIII, X)
  pictures suit `mask`, `bucket`, `zero`, `mat`,
                `p11` (XI House), `p12` (XII Cat), `p13` (XIII Horse),
                `p14` (XIIII Man), `p15` (XV Cuckoo), `lion`
"""

from __future__ import annotations

from typing import NamedTuple

NUMBERS, PICTURES = "n", "p"
SUITS = (NUMBERS, PICTURES)
SUIT_NAMES = {NUMBERS: "numbers", PICTURES: "pictures"}
COPIES = 2
KINDS_PER_SUIT = 10

# Z-1, weakest to strongest within each suit: (code, display name).
_SUIT_KINDS = {
    NUMBERS: (
        ("n1", "I"),
        ("n2", "II"),
        ("n3", "III"),
        ("n4", "IIII"),
        ("n5", "V"),
        ("n6", "VI"),
        ("n7", "VII"),
        ("n8", "VIII"),
        ("n9", "VIIII"),
        ("n10", "X"),
    ),
    PICTURES: (
        ("mask", "Mask"),
        ("bucket", "Bucket"),
        ("zero", "Zero (0)"),
        ("mat", "Mat (the fool)"),
        ("p11", "XI House"),
        ("p12", "XII Cat"),
        ("p13", "XIII Horse"),
        ("p14", "XIIII Man"),
        ("p15", "XV Cuckoo"),
        ("lion", "Lion"),
    ),
}


class Kind(NamedTuple):
    code: str
    suit: str
    rank: int  # 0 = weakest of its suit, 9 = strongest
    name: str


def _build() -> tuple[Kind, ...]:
    kinds = []
    for suit in SUITS:
        for rank, (code, name) in enumerate(_SUIT_KINDS[suit]):
            kinds.append(Kind(code, suit, rank, name))
    return tuple(kinds)


KINDS: tuple[Kind, ...] = _build()
DECK_SIZE = len(KINDS) * COPIES  # 40
KIND_BY_CODE: dict[str, int] = {k.code: i for i, k in enumerate(KINDS)}
CODES = frozenset(KIND_BY_CODE)

# Per card id, for speed in the trick loop.
CARD_KIND: tuple[int, ...] = tuple(c // COPIES for c in range(DECK_SIZE))
CARD_SUIT: tuple[str, ...] = tuple(KINDS[k].suit for k in CARD_KIND)
CARD_RANK: tuple[int, ...] = tuple(KINDS[k].rank for k in CARD_KIND)
CARD_CODE: tuple[str, ...] = tuple(KINDS[k].code for k in CARD_KIND)


def copies(kind: int) -> tuple[int, int]:
    """The two card ids of a kind."""
    return (kind * COPIES, kind * COPIES + 1)
