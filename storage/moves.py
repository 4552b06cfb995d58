"""What every backend checks and derives in Python around a match's writes.

Both stores (SQLite, PostgreSQL) must refuse the same bad calls with the same
errors, and store the same rows for the same move; whatever of that involves
no SQL lives here, once, so that the two cannot drift apart: the steps of a
move checked and encoded before anything is written, the move that
`commit_move` derives from a `Match`, the checks before a start, and the
outcome read back from the database when a finished match is rated.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules import Action, Match, UnknownAction
from storage.errors import SeatError
from storage.records import DeadlinePlan, Unchanged, dumps

log = logging.getLogger(__name__)

#: (seat, action key, the engine's events for it): one action of a move
Step = tuple[int, str, list[dict[str, Any]]]
#: (seat, action key, events as JSON): a step as the log stores it
StepRow = tuple[int, str, str]


@dataclass(frozen=True, slots=True)
class Move:
    """The last actions applied to a `Match`, as `commit_move` stores them."""

    expected_seq: int  # the seq the move was computed from
    steps: list[Step]
    snapshot: dict[str, Any]  # the state after the move
    outcome: dict[str, Any] | None  # set when the move ends the match


def last_move(match: Match, steps: Sequence[list[dict[str, Any]]]) -> Move:
    """The move made of the last `len(steps)` actions applied to `match`,
    `steps[i]` being the events `match.act` returned for each. Ends the
    match (an outcome, `{}` if the engine gives none) when it is over."""
    if not 1 <= len(steps) <= len(match.log):
        raise ValueError(f"{len(steps)} step(s) to commit, {len(match.log)} logged")
    done = [
        (seat, key, events)
        for (seat, key), events in zip(match.log[-len(steps) :], steps, strict=True)
    ]
    outcome = (match.outcome() or {}) if match.is_over() else None
    return Move(match.seq - len(steps), done, match.snapshot(), outcome)


def checked_steps(expected_seq: int, steps: list[Step], snapshot: dict[str, Any]) -> list[StepRow]:
    """The steps as log rows, refusing (ValueError, TypeError) what the
    engine could not have produced, before anything is written: the caller
    may be `commit_action`, whose arguments come from outside the engine."""
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or expected_seq < 0:
        raise ValueError(f"bad expected_seq {expected_seq!r}")
    rows = []
    for seat, key, events in steps:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise ValueError(f"bad seat {seat!r}")
        try:
            if Action.parse(key).key() != key:
                raise UnknownAction(key)
        except UnknownAction:
            raise ValueError(f"bad action key {key!r}") from None
        if not isinstance(events, list):
            raise TypeError(f"events must be a list, not {type(events).__name__}")
        rows.append((seat, key, dumps(events)))
    if not isinstance(snapshot, dict):
        raise TypeError(f"the snapshot must be a dict, not {type(snapshot).__name__}")
    return rows


def check_deadline(deadline: DeadlinePlan | None | Unchanged) -> None:
    """A move's deadline is a DeadlinePlan, None (clear it) or UNCHANGED."""
    if not (deadline is None or isinstance(deadline, DeadlinePlan | Unchanged)):
        raise TypeError(f"deadline must be a DeadlinePlan, None or UNCHANGED, not {deadline!r}")


def check_fresh(match: Match) -> None:
    """`start_match` takes a match no action was applied to."""
    if match.seq != 0:
        raise ValueError(f"start_match needs a fresh match, this one is at seq {match.seq}")


def check_start(match_id: int, stored_game: str, seats: int, match: Match) -> None:
    """The lobby (its game, its number of seats) fits the match starting in it."""
    if stored_game != match.game_id:
        raise ValueError(f"match {match_id} is {stored_game}, not {match.game_id}")
    if seats != match.players:
        raise SeatError(match_id, SeatError.SEAT_COUNT, seats=seats, players=match.players)


def stored_outcome(match_id: int, raw: str | None) -> dict[str, Any]:
    """A finished match's outcome as stored (JSON text, None for a match
    ended without one): an unreadable one rates the match as result-less
    rather than failing the transaction that finishes it."""
    try:
        outcome = json.loads(raw) if raw is not None else {}
    except ValueError:
        outcome = None
    if not isinstance(outcome, dict):
        log.warning("match %s: unreadable outcome, rated as a result-less match", match_id)
        return {}
    return outcome
