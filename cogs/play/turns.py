"""Who owes a decision in a loaded match, by seat and by person.

Plain functions of what the store loaded: the table, the deadlines, the
hosts' commands and the seat service all ask the same questions.
"""

from __future__ import annotations

from storage import LoadedMatch, Status


def seat_of(loaded: LoadedMatch, user_id: int) -> int | None:
    return next((s.seat for s in loaded.seats if s.user_id == user_id), None)


def bot_seats(loaded: LoadedMatch) -> set[int]:
    return {s.seat for s in loaded.seats if s.user_id is None}


def bots_owing(loaded: LoadedMatch) -> list[int]:
    """The bot seats owing a decision now, in the engine's order (none while
    paused, over or not active)."""
    if loaded.status != Status.ACTIVE or loaded.match is None or loaded.paused:
        return []
    if loaded.match.is_over():
        return []
    bots = bot_seats(loaded)
    return [s for s in loaded.match.to_act() if s in bots]


def bots_move_next(loaded: LoadedMatch) -> bool:
    """Will a bot seat move next, by itself (so the table may wait for it)?"""
    return bool(bots_owing(loaded))


def humans_owing(loaded: LoadedMatch) -> frozenset[int]:
    """User ids owing a decision now (the loaded match may hold moves not
    yet committed: it is over once its engine says so)."""
    if loaded.match is None or loaded.status != Status.ACTIVE or loaded.match.is_over():
        return frozenset()
    owed = set(loaded.match.to_act())
    return frozenset(s.user_id for s in loaded.seats if s.seat in owed and s.user_id)
