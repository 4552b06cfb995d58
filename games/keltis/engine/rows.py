"""Rows of cards that run ascending or descending (K-4c), shared with the
Oracle (O-4A), whose rows follow the same rule.

A row is described by the values of its cards in order. Equal values never
fix the direction; the first strictly higher or lower value does.
"""

from __future__ import annotations

from collections.abc import Iterable

UP, DOWN = "up", "down"


def direction(values: Iterable[int]) -> str | None:
    prev = None
    for v in values:
        if prev is not None and v != prev:
            return UP if v > prev else DOWN
        prev = v
    return None


def accepts(values: list[int], value: int) -> bool:
    """May a card of `value` follow a row holding `values`?"""
    if not values:
        return True
    last = values[-1]
    d = direction(values)
    if d is None:
        return True
    return value >= last if d == UP else value <= last
