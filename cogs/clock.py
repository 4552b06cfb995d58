"""The bot's clock. Deadlines are stored as times, so tests need to move time
forward across a restart: with GAMEHOST_TEST_CLOCK pointing at a file, the
clock is the real one plus the number of seconds written in that file."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path


class Clock:
    def time(self) -> float:
        """Seconds since the epoch (the store's clock)."""
        return time.time()

    def now(self) -> datetime:
        return datetime.fromtimestamp(self.time(), tz=UTC)


class OffsetClock(Clock):
    """Real time plus an offset read from a file at every call (tests only)."""

    def __init__(self, path: Path):
        self.path = Path(path)

    def time(self) -> float:
        try:
            offset = float(self.path.read_text().strip() or 0)
        except (FileNotFoundError, ValueError):
            offset = 0.0
        return time.time() + offset
