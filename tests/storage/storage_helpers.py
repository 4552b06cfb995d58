"""Constants and helpers shared by the storage tests (a plain module with a
name no other test folder uses, since conftest modules may clash)."""

from __future__ import annotations

import random
from datetime import UTC, datetime

from rules import Match

GUILD, CHANNEL, THREAD, ALICE, BOB, CAROL = 1001, 2001, 3001, 11, 12, 13
T0 = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC).timestamp()


class FakeClock:
    """Seconds since the epoch; advances only when told to."""

    def __init__(self, now: float = T0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def random_move(match: Match, rnd: random.Random) -> tuple[int, str]:
    """A legal (seat, key) of a seat that owes a decision."""
    seat = rnd.choice(match.to_act())
    return seat, rnd.choice(match.legal(seat)).key()
