"""What follows a move, decided: when the table is redrawn and who is pinged.

A table edit is a REST call (and maybe a board image), so a move need not
be shown at once when another is sure to follow soon:

- while a bot seat moves next, the table waits for it (at most the lazy
  delay), so a burst of bot moves ends in one edit showing all of them;
- while every player owing a decision is playing (clicked in the match
  lately) and sees it in their open panel, the table waits for their
  answer (at most the watched delay): a quick exchange is one edit.

Otherwise it is redrawn now. A player whose open panel now tells them it is
their move, and who is playing, is not pinged either.
"""

from __future__ import annotations

from dataclasses import dataclass

NOW = 0.0


@dataclass(frozen=True, slots=True)
class Delays:
    """Seconds the table may wait: for the bots' moves, for a watching player."""

    bots: float
    watched: float


def table_delay(
    *, burst: bool, bots_next: bool, owing: frozenset[int], told: set[int], delays: Delays
) -> float:
    """How long the table may wait before showing a move (NOW: at once).
    `burst`: the move may be followed at once by others (a move, not a
    start, a pause or a hand-over); `owing`: the people owing a decision
    now; `told`: those of them whose own open panel shows it, and who look."""
    if burst and bots_next:
        return delays.bots
    if burst and owing and owing <= told:
        return delays.watched
    return NOW


def to_ping(
    *, owing: frozenset[int], owed_before: frozenset[int], told: set[int], paused: bool
) -> frozenset[int]:
    """Who is told it is their move: those owing one now, when that changed
    with the move, except those their open panel tells (and a paused match
    pings nobody)."""
    if not owing or owing == owed_before or paused:
        return frozenset()
    return owing - told
