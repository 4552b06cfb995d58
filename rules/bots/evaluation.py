"""Shared pieces of the per-game evaluations: a final result in points, and
a standing relative to the best opponent."""

from __future__ import annotations

#: what winning the match is worth, in the evaluations' units (about points)
WIN_BONUS = 30.0


def final_value(outcome: dict, seat: int) -> float:
    """A finished match: a win bonus (shared between tied winners) plus the
    margin over the best opponent."""
    scores = outcome["scores"]
    winners = outcome["winners"]
    bonus = WIN_BONUS / len(winners) if seat in winners else 0.0
    return bonus + relative(scores, seat)


def relative(estimates, seat: int) -> float:
    """How far `seat` is ahead of the best other seat."""
    return estimates[seat] - max(v for i, v in enumerate(estimates) if i != seat)
