"""The seat rules every backend enforces the same way, in Python: who may
take the next lobby seat, and who may take over a seat in a live match.

Each function gets what the backend read inside its transaction (with the
match's row locked) and raises before anything is written.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import get_game
from storage.errors import SeatError
from storage.records import HAND_OVERS, Seat

#: the bot kind of a bot seat when the caller names none
DEFAULT_BOT = "bot"


def check_bot_kind(bot: str) -> None:
    if not bot:
        raise ValueError("a bot seat needs a non-empty bot kind")


def next_seat(match_id: int, game: str, seated: Sequence[int | None], user_id: int | None) -> int:
    """The seat number a newcomer gets in a lobby of `game` whose seats are
    held by `seated` (user ids, None for bots, in seat order): SeatError if
    the user already has one or the lobby is full."""
    if user_id is not None and user_id in seated:
        raise SeatError(match_id, SeatError.ALREADY_SEATED, user_id=user_id)
    capacity = get_game(game).max_players
    if len(seated) >= capacity:
        raise SeatError(match_id, SeatError.LOBBY_FULL, seats=capacity)
    return len(seated)


def check_hand_over(user_id: int | None, bot: str | None, how: str) -> None:
    """A seat goes to exactly one new holder, after a known kind of leaving."""
    if (user_id is None) == (bot is None):
        raise ValueError("a seat goes to exactly one of a user or a bot")
    if how not in HAND_OVERS:
        raise ValueError(f"unknown hand-over {how!r} (one of {', '.join(HAND_OVERS)})")


def handed_over(match_id: int, seats: Sequence[Seat], seat: int, user_id: int | None) -> Seat:
    """The seat about to change hands (as it is): SeatError if it does not
    exist or the new user already holds a seat of the match."""
    by_number = {s.seat: s for s in seats}
    if seat not in by_number:
        raise SeatError(match_id, SeatError.NO_SEAT, seat=seat)
    if user_id is not None and any(s.user_id == user_id for s in seats):
        raise SeatError(match_id, SeatError.ALREADY_SEATED, user_id=user_id)
    return by_number[seat]
