"""Where a move click's time goes, for bench/load only (GAMEHOST_CLICK_TIMES).

With the variable set, every move click appends one line to that file: the
interaction's id, then `time.monotonic()` at each step of its handler (see
STEPS). bench/load's fake Discord stamps the click's dispatch and the
answer's arrival with the same clock (one clock for every process on
Linux), so it can tell the time before the handler and after the answer
from the handler's own. It also gets one line per move shown on its table,
"table" and the seconds the move waited for that edit to land (human and
bot moves alike). Unset (players' bots), nothing is measured.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TextIO

#: the handler's steps, in order, each stamped when over: the match loaded and
#: the move checked and made, the answer's panel drawn, the move committed, answered
STEPS = ("started", "checked", "drawn", "committed", "answered")


class ClickTimings:
    def __init__(self, path: Path | None):
        self._file: TextIO | None = None
        if path is not None:
            self._file = path.open("a", buffering=1, encoding="utf-8")

    def start(self, interaction_id: int) -> Timeline | None:
        """A new click's timeline; None when nothing is measured."""
        if self._file is None:
            return None
        return Timeline(self._file, interaction_id)

    @property
    def on(self) -> bool:
        return self._file is not None

    def table_shown(self, waited: float) -> None:
        """A move is on its table, `waited` seconds after it was committed."""
        if self._file is not None:
            self._file.write(f"table {waited:.6f}\n")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


class Timeline:
    """One click's stamps, written once the last step is over (a click
    refused on the way writes nothing: only moves are measured)."""

    def __init__(self, out: TextIO, interaction_id: int):
        self._out = out
        self._id = interaction_id
        self._stamps = [time.monotonic()]

    def step(self) -> None:
        """The next of STEPS is over."""
        self._stamps.append(time.monotonic())
        if len(self._stamps) == len(STEPS):
            self._out.write(f"{self._id} " + " ".join(f"{t:.6f}" for t in self._stamps) + "\n")
