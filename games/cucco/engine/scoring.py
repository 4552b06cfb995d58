"""Counting (Z-6) and chips (Z-7) as tables.

Card points are kept as integers with half points doubled ("half points"):
V..VIIII are worth 1, X and XI..Lion 2, all others 0; the deck holds 38.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.cucco.engine.cards import CARD_CODE, DECK_SIZE

# Z-6, in half points (a half point is 1, a whole point 2).
HALF_POINTS_BY_CODE = {
    "n5": 1,
    "n6": 1,
    "n7": 1,
    "n8": 1,
    "n9": 1,
    "n10": 2,
    "p11": 2,
    "p12": 2,
    "p13": 2,
    "p14": 2,
    "p15": 2,
    "lion": 2,
}
HALF_POINTS_TOTAL = 38
HALF_POINTS_TO_WIN = 20  # 10 points
# Z-6 recount when both sides have 9 1/2 (19 half points).
RECOUNT_BY_CODE = {
    "n1": 1,
    "n6": 1,
    "p11": 1,
    "n2": 2,
    "n7": 2,
    "p12": 2,
    "n3": 3,
    "n8": 3,
    "p13": 3,
    "n4": 4,
    "n9": 4,
    "p14": 4,
    "p15": 5,
    "lion": 6,
}
RECOUNT_TOTAL = 82
RECOUNT_TO_WIN = 42

CARD_HALF_POINTS: tuple[int, ...] = tuple(
    HALF_POINTS_BY_CODE.get(CARD_CODE[c], 0) for c in range(DECK_SIZE)
)
CARD_RECOUNT: tuple[int, ...] = tuple(
    RECOUNT_BY_CODE.get(CARD_CODE[c], 0) for c in range(DECK_SIZE)
)

WIN, LOSS, DRAW = "win", "loss", "draw"

# Z-7: chips per role for the declarer's result, with a partner and alone.
CHIPS_WITH_PARTNER = {
    WIN: {"declarer": 2, "partner": 1, "opponent": -1},
    LOSS: {"declarer": -2, "partner": -1, "opponent": 1},
    DRAW: {"declarer": 0, "partner": 0, "opponent": 0},
}
CHIPS_ALONE = {
    WIN: {"declarer": 8, "opponent": -2},
    LOSS: {"declarer": -8, "opponent": 2},
    DRAW: {"declarer": 0, "opponent": 0},
}


def half_points(cards: Iterable[int]) -> int:
    return sum(CARD_HALF_POINTS[c] for c in cards)


def recount(cards: Iterable[int]) -> int:
    return sum(CARD_RECOUNT[c] for c in cards)


def settle(declarer_side: list[int], opponents: list[int]) -> dict[str, Any]:
    """Z-6: who wins the deal, from the cards each side took."""
    ours, theirs = half_points(declarer_side), half_points(opponents)
    result: dict[str, Any] = {"half_points": [ours, theirs], "recount": None}
    if ours >= HALF_POINTS_TO_WIN:
        result["result"] = WIN
    elif theirs >= HALF_POINTS_TO_WIN:
        result["result"] = LOSS
    else:  # 19-19 half points: 9 1/2 each
        ours, theirs = recount(declarer_side), recount(opponents)
        result["recount"] = [ours, theirs]
        result["result"] = (
            WIN if ours >= RECOUNT_TO_WIN else LOSS if theirs >= RECOUNT_TO_WIN else DRAW
        )
    return result


def chips(result: str, declarer: int, partner: int | None, players: int) -> list[int]:
    """Z-7: each seat's chip change for one deal."""
    if partner is None:
        table = CHIPS_ALONE[result]
        return [table["declarer"] if i == declarer else table["opponent"] for i in range(players)]
    table = CHIPS_WITH_PARTNER[result]
    return [
        table["declarer"]
        if i == declarer
        else table["partner"]
        if i == partner
        else table["opponent"]
        for i in range(players)
    ]
