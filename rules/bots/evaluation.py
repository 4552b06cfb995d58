"""Shared pieces of the per-game evaluations: a final result in points, and
a standing relative to the best opponent."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.game import Outcome

#: what winning the match is worth, in the evaluations' units (about points)
WIN_BONUS = 30.0


def final_value(outcome: Outcome | None, seat: int) -> float:
    """A finished match: a win bonus (shared between tied winners) plus the
    margin over the best opponent."""
    assert outcome is not None, "the match is not finished"
    scores = outcome["scores"]
    winners = outcome["winners"]
    bonus = WIN_BONUS / len(winners) if seat in winners else 0.0
    return bonus + relative(scores, seat)


def relative(estimates: Sequence[float], seat: int) -> float:
    """How far `seat` is ahead of the best other seat."""
    return estimates[seat] - max(v for i, v in enumerate(estimates) if i != seat)
