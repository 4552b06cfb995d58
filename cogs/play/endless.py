"""No table of bots plays for ever: the live guard of a game's `max_actions`.

Every game declares an upper bound on the actions of a complete match
(`Game.max_actions`). Two bots may still never end one (two experts that
each wait for the other), and nobody is there to give up: such a match
would hold a worker and, in a tournament, its round, for ever.

The design:

- Who is stopped: an active match with no person left in it (every seat a
  bot: bots from the start, or stand-ins in the seats of people who left)
  that has made at least its game's `max_actions` moves (`endless`). A
  match with a person still seated is never stopped so: a person can give
  up, and their game is not taken from them.
- Where: the one loop that makes bot moves (SeatService._play, through
  `EndlessGuard.stop`), before a bot thinks. Every bot move goes through
  it, and so does a table resumed after a restart (Tables.resume schedules
  its bots): a table past the limit then is stopped at its next bot turn
  (a paused one once a host resumes it).
- How: under the match's lock, only if no move was committed meanwhile,
  the match is cancelled keeping why (Store.stop_endless: its outcome
  says it was stopped, after how many moves; it has no winners, so nothing
  is rated). Its seats are free: the match is no longer live. Its table
  says so, a notice is posted in its thread, and whoever waits for its end
  is told (a tournament, whose round counts the table a draw:
  Store.seat_places, cogs/tournaments/record.py).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Protocol

from cogs.i18n import ngettext
from cogs.play.moves import Moves, Refused
from cogs.play.turns import bot_seats
from storage import (
    LoadedMatch,
    MatchInfo,
    StaleCommit,
    Status,
    WrongStatus,
    endless_outcome,
)

log = logging.getLogger(__name__)


def notice(moves: int) -> str:
    """Posted in the table's thread when it is stopped (in the language spoken)."""
    return ngettext(
        "This table of bots passed {n} move without an end, so it was stopped.",
        "This table of bots passed {n} moves without an end, so it was stopped.",
        moves,
    )


def endless(loaded: LoadedMatch) -> bool:
    """Is this a running match of bots only that has reached its game's
    `max_actions` without an end (so it is to be stopped)?"""
    match = loaded.match
    if loaded.status != Status.ACTIVE or match is None or match.is_over():
        return False
    if bot_seats(loaded) != {s.seat for s in loaded.seats}:
        return False  # a person is seated: they can give up
    return match.seq >= match.game.max_actions


class Announce(Protocol):
    """A public line in the match's thread (Pings.announce_words)."""

    def __call__(self, loaded: MatchInfo, words: Callable[[], str]) -> Awaitable[None]: ...


class Shown(Protocol):
    """What shows a change of the match (Tables.after_move)."""

    def __call__(self, loaded: LoadedMatch, owed_before: frozenset[int]) -> Awaitable[None]: ...


class EndlessGuard:
    """Stops a table of bots past its game's `max_actions` (see the module)."""

    def __init__(
        self,
        moves: Moves,
        announce: Announce,
        shown: Shown,
        finished: Callable[[int], Awaitable[None]] | None = None,
    ):
        self.moves = moves  # the match's lock and its load
        self.announce = announce
        self.shown = shown  # the table redrawn, stopped
        self.finished = finished  # told the match is over (a tournament moves on)
        self.stopped = 0  # matches stopped by this process

    async def stop(self, match_id: int) -> bool:
        """Stop the match if it is (still) `endless`: True when it was
        stopped here."""
        async with self.moves.lock(match_id):
            try:
                loaded = await self.moves.load(match_id)
            except Refused:
                return False
            if not endless(loaded):
                return False
            try:
                await self.moves.store.stop_endless(match_id, expected_seq=loaded.seq)
            except (StaleCommit, WrongStatus):  # moved or ended meanwhile (another process)
                return False
        self.stopped += 1
        log.info("match %s stopped: bots only, no end after %s moves", match_id, loaded.seq)
        stopped = as_stopped(loaded, self.moves.now())
        await self.announce(stopped, lambda: notice(loaded.seq))
        await self.shown(stopped, frozenset())
        if self.finished is not None:
            await self.finished(match_id)
        return True


def as_stopped(loaded: LoadedMatch, now: datetime) -> LoadedMatch:
    """`loaded` as the store holds it once stopped (Store.stop_endless)."""
    return dataclasses.replace(
        loaded,
        status=Status.CANCELLED,
        outcome=endless_outcome(loaded.seq),
        ended_at=now,
        updated_at=now,
    )
