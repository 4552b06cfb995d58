"""Cucco's cards in words, for the text (cucco.py) and the board image
(cucco_board.py) alike: Roman numerals for the numbers suit, names for the
pictures, with a suit marker."""

from __future__ import annotations

from cogs.i18n import N_, _, speaking
from cogs.presenters.drawing import board_language
from games.cucco.engine.cards import KIND_BY_CODE, KINDS

SUIT_ICON = {"n": "🔢", "p": "🖼️"}
PICTURE_NAME = {
    "mask": N_("Mask"),
    "bucket": N_("Bucket"),
    "zero": N_("Zero"),
    "mat": N_("Mat"),
    "p11": N_("House"),
    "p12": N_("Cat"),
    "p13": N_("Horse"),
    "p14": N_("Man"),
    "p15": N_("Cuckoo"),
    "lion": N_("Lion"),
}
ROMAN = ("I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "VIIII", "X")


def suit(code: str) -> str:
    return KINDS[KIND_BY_CODE[code]].suit


def board_face(code: str) -> str:
    """A card as the board image prints it, in the board's language (English
    when no font here has the current language's letters)."""
    with speaking(board_language()):
        return face(code)


def face(code: str) -> str:
    """A card without its suit marker, in words: `n7` -> VII, `p13` -> Horse."""
    if code in PICTURE_NAME:
        return _(PICTURE_NAME[code])
    return ROMAN[int(code[1:]) - 1]


def card(code: str) -> str:
    """`n7` -> 🔢VII, `p13` -> 🖼️Horse."""
    return f"{SUIT_ICON[suit(code)]}{face(code)}"
