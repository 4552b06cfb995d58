"""Four in a row (Connect Four), the rules: two players, a standing board
of 7 columns and 6 rows. In turn each drops one disc of their colour into a
column that is not full; it falls to the lowest empty cell. Four discs of
one colour in a line (across, up and down, or either diagonal) win at once;
a full board with no line is a draw. Its rules page is `rules.md` beside
this module (rule ids F-1, F-2a, ...).

Columns and rows are counted from 0, as seats are (people read them from 1:
the presenter adds one); row 0 is the bottom. A cell is `[column, row]`.

Action keys: `drop:<column>` (0 to 6), a column that is not full.

Events: `drop` (seat, column, row: where the disc came to rest); `line`
(seat, cells: every disc of the lines of four or more the drop made, sorted)
when it wins; `full` when the board fills without a line (a draw); then
`over`.

What the rules leave open, decided here: the first seat drops first unless
the `first_player` option names the other (no lot, so the game has no
chance at all); a drop that makes several lines, or a line longer than four,
wins once and marks all their discs; a disc that fills the board and makes a
line wins (the line comes first). Nothing is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.actions import Action
from rules.core.events import Event
from rules.core.game import OVER, Game, GameType, Outcome, View
from rules.core.options import first_player
from rules.core.rng import Rng
from rules.core.words import N_

PLAYERS = 2
COLUMNS, ROWS = 7, 6
#: discs in a line that win
LINE = 4
DROP = "drop"
#: why a match ended (`end_reason`; a concession is the shared "concede")
WON, FULL = "line", "full"
#: the four directions a line runs in: across, up, and the two diagonals
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
#: the actions, made once: bots list them thousands of times a decision
DROPS = tuple(Action(DROP, (str(c),)) for c in range(COLUMNS))


@dataclass(slots=True)
class FourState:
    current: int  # the seat to drop next
    #: per column, the seats whose discs lie in it, from the bottom up
    columns: list[list[int]]
    #: [] or the cell [column, row] of the latest disc
    last: list[int]
    #: the winning discs' cells (sorted), [] while nobody has won
    line: list[list[int]]
    phase: str = DROP
    end_reason: str | None = None
    conceded: int | None = None


def line_through(columns: list[list[int]], column: int, row: int) -> list[list[int]]:
    """The cells of every line of `LINE` or more of one colour through the
    disc at (column, row), sorted; [] when it makes none."""
    seat = columns[column][row]
    found: set[tuple[int, int]] = set()
    for dc, dr in DIRECTIONS:
        run = [(column, row)]
        for sign in (1, -1):
            c, r = column + sign * dc, row + sign * dr
            while 0 <= c < COLUMNS and 0 <= r < len(columns[c]) and columns[c][r] == seat:
                run.append((c, r))
                c, r = c + sign * dc, r + sign * dr
        if len(run) >= LINE:
            found.update(run)
    return [[c, r] for c, r in sorted(found)]


class FourInARow(Game[FourState]):
    id, name = "four_in_a_row", "Four in a row"
    kind = GameType(min_players=PLAYERS, max_players=PLAYERS, phases=(DROP,))
    verbs = frozenset({DROP})
    max_actions = COLUMNS * ROWS
    state_type = FourState
    options_schema = (first_player(help=N_("who drops the first disc (otherwise the first seat)")),)

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> FourState:
        first = options.get("first_player")
        return FourState(
            current=0 if first is None else first,
            columns=[[] for _ in range(COLUMNS)],
            last=[],
            line=[],
        )

    def to_act(self, s: FourState) -> tuple[int, ...]:
        return () if s.phase == OVER else (s.current,)

    def legal(self, s: FourState, seat: int) -> list[Action]:
        return [DROPS[c] for c in range(COLUMNS) if len(s.columns[c]) < ROWS]

    def apply(self, s: FourState, seat: int, action: Action, rng: Rng) -> list[Event]:
        column = int(action.args[0])
        row = len(s.columns[column])
        s.columns[column].append(seat)
        s.last = [column, row]
        events: list[Event] = [{"type": DROP, "seat": seat, "column": column, "row": row}]
        line = line_through(s.columns, column, row)
        if line:
            s.line = line
            s.phase, s.end_reason = OVER, WON
            events += [{"type": "line", "seat": seat, "cells": line}, {"type": "over"}]
        elif all(len(c) == ROWS for c in s.columns):
            s.phase, s.end_reason = OVER, FULL
            events += [{"type": FULL}, {"type": "over"}]
        else:
            s.current = 1 - seat
        return events

    def view(self, s: FourState, seat: int | None) -> View:
        return {
            "game": self.id,
            "phase": s.phase,
            "to_act": list(self.to_act(s)),
            "current": s.current,
            "columns": COLUMNS,
            "rows": ROWS,
            "board": [list(c) for c in s.columns],
            "last": list(s.last) or None,
            "line": [list(cell) for cell in s.line],
            "discs": [sum(c.count(i) for c in s.columns) for i in range(PLAYERS)],
            "end_reason": s.end_reason,
            "conceded": s.conceded,
            "seat": seat,
        }

    def outcome(self, s: FourState) -> Outcome | None:
        if s.phase != OVER:
            return None
        if s.conceded is not None:
            winners = [1 - s.conceded]
        elif s.end_reason == WON:
            winners = [s.current]  # the seat whose drop made the line
        else:
            winners = []  # a full board: a draw
        return {
            "scores": [int(i in winners) for i in range(PLAYERS)],
            "breakdown": [{"discs": sum(c.count(i) for c in s.columns)} for i in range(PLAYERS)],
            "winners": winners,
            "reason": s.end_reason,
        }


GAME = FourInARow()
