"""Keltis dice game scoring (D-6): the tables as data, and one seat's score."""

from __future__ import annotations

from typing import Any

from games.keltis_dice.engine.board import CHIP_POINTS, COLOURS, FIELD_POINTS


def field_points(field: int) -> int:
    return FIELD_POINTS[field]


def chip_points(chips: int) -> int:
    return CHIP_POINTS[min(chips, len(CHIP_POINTS) - 1)]


def score(stones: dict[str, int], chips: int) -> dict[str, Any]:
    """One game's breakdown for one seat: stones (colour -> field), row points
    (rows without a stone are left out: they score 0), chips and their points."""
    rows = {c: field_points(stones[c]) for c in COLOURS if c in stones}
    chip_pts = chip_points(chips)
    return {
        "stones": {c: stones[c] for c in COLOURS if c in stones},
        "rows": rows,
        "chips": chips,
        "chip_points": chip_pts,
        "total": sum(rows.values()) + chip_pts,
    }
