"""The Keltis dice game's components and board as data (D-1, D-2, D-5).

Codes used in keys and views: colours b brown, y yellow, p pink, g green,
u blue (as in the Keltis card game); `w` is the wishing-stone die face.
Fields are numbered 1..9; 0 stands for "before field 1" (no stone yet).
"""

from __future__ import annotations

from rules.core.words import N_

COLOURS = ("b", "y", "p", "g", "u")
COLOUR_NAMES = {"b": "brown", "y": "yellow", "p": "pink", "g": "green", "u": "blue"}
WISH = "w"
#: the six faces of every die (D-1), in the canonical order used by keys
FACES = (*COLOURS, WISH)
FACE_NAMES = {**COLOUR_NAMES, WISH: "wishing stone"}

DICE = 5  # D-1
STONES_PER_PLAYER = 4  # D-1
CHIP_SUPPLY = 40  # D-1
WISH_DICE_FOR_CHIP = 2  # D-4 step 3: two or more wishing-stone faces

FIELDS = 9  # D-2: fields 1..9 in every row
GOAL_FIELDS = frozenset({7, 8, 9})  # D-2: the goal area

SIDES = ("A", "B")
BOTH = N_("both")  # an option's choice, which people read: a word to translate

# Special symbols (D-2 table, both sides).
CLOVER, WISHING, KOBOLD = "clover", "wish", "kobold"
SYMBOLS: dict[str, dict[int, str]] = {
    "b": {2: WISHING, 5: CLOVER, 8: KOBOLD},
    "y": {4: WISHING, 2: CLOVER, 6: KOBOLD},
    "p": {3: WISHING, 6: CLOVER, 5: KOBOLD},
    "g": {5: WISHING, 3: CLOVER, 7: KOBOLD},
    "u": {6: WISHING, 4: CLOVER, 2: KOBOLD},
}

# Forbidden fields (D-2 table): none on side A.
FORBIDDEN: dict[str, dict[str, frozenset[int]]] = {
    "A": {c: frozenset() for c in COLOURS},
    "B": {
        "b": frozenset({3, 6}),
        "y": frozenset({3, 5}),
        "p": frozenset({2, 4}),
        "g": frozenset({4, 6}),
        "u": frozenset({3, 5}),
    },
}

# D-6 score tables. Field (1..9) -> points; index 0 is unused (no stone scores 0).
FIELD_POINTS = (0, -4, -3, -2, 1, 2, 3, 6, 7, 10)
# Wishing-stone chips -> points; the last entry stands for "9 or more".
CHIP_POINTS = (-10, -4, -3, -2, 1, 2, 3, 6, 7, 10)

#: D-5: stones in goal areas (all players, all rows) that end the game
GOAL_STONES_TO_END = {2: 5, 3: 7, 4: 8}


def symbol_at(colour: str, field: int) -> str | None:
    return SYMBOLS[colour].get(field)


def forbidden(side: str, colour: str, field: int) -> bool:
    return field in FORBIDDEN[side][colour]
