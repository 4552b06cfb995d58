"""Keltis scoring tables (K-7) as data, and the score of one player."""

from __future__ import annotations

from typing import Any

# Cards in a colour row -> points; index 9 stands for "9 or more".
ROW_POINTS = (0, -4, -3, -2, 1, 2, 3, 6, 7, 10)
# Wishing stones taken -> points; index 5 stands for "5 or more".
STONE_POINTS = (-4, -1, 0, 4, 6, 10)


def row_points(cards: int) -> int:
    return ROW_POINTS[min(cards, len(ROW_POINTS) - 1)]


def stone_points(stones: int) -> int:
    return STONE_POINTS[min(stones, len(STONE_POINTS) - 1)]


def score(row_lengths: dict[str, int], point_row: int, stones: int) -> dict[str, Any]:
    """Breakdown and total for one player. A colour with no row scores 0."""
    rows = {colour: row_points(n) for colour, n in row_lengths.items() if n}
    stone_pts = stone_points(stones)
    total = sum(rows.values()) + point_row + stone_pts
    return {"rows": rows, "point_row": point_row, "stones": stone_pts, "total": total}
