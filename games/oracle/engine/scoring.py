"""The Oracle's scoring tables (O-4A2, O-6g, O-8) as data, and one player's final score."""

from __future__ import annotations

from typing import Any

from games.oracle.engine.board import FIELDS

ORACLE_BONUS = 5  # O-4A2
# O-6g: number of different goblin fields the three pawns stand on -> points
GOBLIN_BONUS = {3: 15, 2: 10, 1: 5}
# O-8: wishing stones held -> points; the last entry stands for "5 or more"
STONE_POINTS = (-4, -3, 2, 3, 6, 10)


def stone_points(stones: int) -> int:
    return STONE_POINTS[min(stones, len(STONE_POINTS) - 1)]


def score(
    pawn_fields: list[int], stones: int, mirrors: int, earned: dict[str, int]
) -> dict[str, Any]:
    """O-8: points earned in the game + the printed points under each pawn
    + stone points x (1 + mirrors). `earned` maps a source to points."""
    pawns = [FIELDS[f].points for f in pawn_fields]
    stone_pts = stone_points(stones)
    mirror_pts = stone_pts * mirrors
    in_game = sum(earned.values())
    total = in_game + sum(pawns) + stone_pts + mirror_pts
    return {
        "in_game": in_game,
        "earned": dict(earned),
        "pawns": pawns,
        "pawn_points": sum(pawns),
        "stones": stones,
        "stone_points": stone_pts,
        "mirrors": mirrors,
        "mirror_points": mirror_pts,
        "total": total,
    }
