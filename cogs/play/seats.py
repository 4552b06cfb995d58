"""Seats nobody clicks for: the one service that moves for bots and hands
seats over.

- Bot seats move by themselves, one decision at a time, after a pause
  people can follow (`schedule`). A player's quick pass (their only
  choice, which they chose to have made for them: cogs/play/quick_pass.py)
  is made the same way, after the same pause, as their own move. A bot thinks in a worker process
  (cogs/thinking/), outside the match's lock and off the event loop, so
  nobody waits for it; if the table moved on while it thought, it thinks
  again.
- A player who ran out of time under the timeout policy "bot" gets one
  decision made for them by STAND_IN (`move_for`).
- A table of bots only that reaches its game's `max_actions` is stopped
  before its next bot move (cogs/play/endless.py).
- A person who leaves a running match (concedes with more than two
  players, forfeits on timeout, is kicked) hands their seat to STAND_IN;
  a host's substitute takes it instead (`to_bot`, `to_member`). The seat's
  history records how.

Processes sharing one database (shards, cogs/shards.py) split the guilds:
`owns(guild_id)` says which are this process's. What happens by itself —
bot seats resumed after a start (Tables.resume), a timeout's move — happens
only in the owner. The bot moves that answer a click are made by the process
that took the click, which is the owner but for clicks in DMs (those reach
shard 0); the database decides any race (a move commits only on its seq).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol

from cogs.play.endless import EndlessGuard, endless
from cogs.play.moves import Mover, Moves, Refusal, Refused
from cogs.play.quick_pass import passable, quick_passes
from cogs.play.turns import bots_owing
from cogs.thinking import Thinking, ThinkingFailed
from rules import Action, Match, RulesError
from rules.bots import LEVELS, level_of_seat_kind
from storage import CorruptMatch, LoadedMatch, Seat, StaleCommit, UnknownMatch, WrongStatus

log = logging.getLogger(__name__)

#: the bot that takes over a seat a person left (conceded, kicked, forfeited)
#: and that moves for a player who ran out of time, unless the server's
#: hosts chose another level (`/game config stand_in:`, setting STAND_IN_KEY)
STAND_IN = "expert"
STAND_IN_KEY = "stand_in"


class AfterMove(Protocol):
    """What shows a move (Tables.after_move)."""

    def __call__(
        self,
        loaded: LoadedMatch,
        owed_before: frozenset[int],
        *,
        planned: bool = ...,
        burst: bool = ...,
    ) -> Awaitable[None]: ...


def every_guild(guild_id: int) -> bool:
    """One process hosts every guild (the SQLite store's only mode)."""
    return True


class SeatService:
    def __init__(
        self,
        moves: Moves,
        shown: AfterMove,
        *,
        move_delay: float,
        thinking: Thinking,
        owns: Callable[[int], bool] = every_guild,
        guard: EndlessGuard | None = None,
    ):
        self.moves = moves  # the match's lock, its one load and its one commit
        self.store = moves.store
        self.shown = shown  # what follows a move (Tables.after_move, through a Relay)
        self.move_delay = move_delay
        self._owns = owns
        #: where bots think (worker processes)
        self.thinking = thinking
        self._tasks: dict[int, asyncio.Task[None]] = {}
        #: match -> the newest state known of it (a bot thinks from it)
        self._known: dict[int, LoadedMatch] = {}
        #: stops a table of bots past its game's max_actions (cogs/play/endless.py)
        self.guard = guard

    def owns(self, guild_id: int) -> bool:
        """Are this guild's bot seats and timeouts this process's to play?"""
        return self._owns(guild_id)

    # -- bot seats ----------------------------------------------------------------
    def schedule(self, loaded: LoadedMatch) -> None:
        """Let the match's bot seats move, if one owes a decision now (one
        task per match: a running one carries on, from this state)."""
        task = self._tasks.get(loaded.id)
        running = task is not None and not task.done()
        owing = bool(bots_owing(loaded) or passable(loaded))
        if running or owing:
            self._know(loaded)
        if owing and not running:
            self._tasks[loaded.id] = asyncio.create_task(
                self._play(loaded.id), name=f"bots-{loaded.id}"
            )

    async def _play(self, match_id: int) -> None:
        """Bot seats move one decision at a time, with a pause people can
        follow. A bot thinks from the newest state known (the last move's
        committed match); its move loads the match once, under the lock,
        and is made only if the table has not moved on meanwhile."""
        try:
            while True:
                await asyncio.sleep(self.move_delay)
                loaded = self._known.get(match_id)
                if loaded is None:
                    return
                if self.guard is not None and endless(loaded):
                    await self.guard.stop(match_id)  # bots only, and no end in sight
                    return
                owing = bots_owing(loaded)
                if not owing:
                    if await self._quick_pass(loaded):
                        continue
                    return
                seat = owing[0]
                assert loaded.match is not None  # bots owe a decision only in a started match
                level = level_of_seat_kind(next(s.bot for s in loaded.seats if s.seat == seat))
                action = await self.think(loaded.match.copy(), seat, level)  # outside the lock
                try:
                    async with self.moves.lock(match_id):
                        moved = await self.moves.play_for(match_id, seat, action, loaded.seq)
                except Refused as refused:
                    if refused.why is Refusal.STALE and refused.loaded is not None:
                        self._know(refused.loaded)  # the table moved on: think again
                        continue
                    if refused.why in (Refusal.UNKNOWN_MATCH, Refusal.CORRUPT):
                        log.error("bot seats of match %s stopped: %s", match_id, refused)
                    return  # paused or over: a resume schedules the bots again
                self._know(moved.committed)
                await self.shown(moved.committed, moved.owed_before, planned=True, burst=True)
        except StaleCommit:  # another process moved first
            self._tasks.pop(match_id, None)
            self.schedule(await self.store.load(match_id))
        except (UnknownMatch, CorruptMatch, RulesError, WrongStatus, ThinkingFailed) as exc:
            log.error("bot seats of match %s stopped: %s", match_id, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot seats of match %s stopped", match_id)
        finally:
            if self._tasks.get(match_id) in (None, asyncio.current_task()):
                self._known.pop(match_id, None)

    async def _quick_pass(self, loaded: LoadedMatch) -> bool:
        """Make the quick pass a player owes (cogs/play/quick_pass.py)
        through the click's move path, as their own move; False when there
        is none to make (any more)."""
        passes = await quick_passes(self.store, loaded)
        if not passes or loaded.match is None:
            return False
        user_id, (_, key) = next(iter(passes.items()))
        try:
            async with self.moves.lock(loaded.id):
                moved, _ = await self.moves.play(
                    loaded.id, Mover(user_id, None), loaded.match.seq, [key]
                )
        except Refused as refused:
            if refused.why is Refusal.STALE and refused.loaded is not None:
                self._know(refused.loaded)  # the table moved on: look again
                return True
            return False  # paused, over, or no longer theirs
        self._know(moved.committed)
        # never told it was their move (Tables.after_move): told now if it still is
        await self.shown(moved.committed, moved.owed_before - {user_id}, planned=True, burst=True)
        return True

    def _know(self, loaded: LoadedMatch) -> None:
        known = self._known.get(loaded.id)
        if known is None or known.seq <= loaded.seq:
            self._known[loaded.id] = loaded

    async def think(self, match: Match, seat: int, level: str) -> Action:
        """A bot's decision, thought out in a worker process: the event loop
        (clicks, other tables) never waits for it. When the workers are busy
        the bot waits its turn (people's hints go first)."""
        return await self.thinking.decide(match, seat, level)

    async def stop_matches(self, match_ids: Iterable[int]) -> None:
        """Bot seats of these matches stop moving (their server left, or
        asked to be forgotten); `schedule` starts them again."""
        tasks = [t for t in (self._tasks.pop(m, None) for m in match_ids) if t is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self) -> None:
        """Wait until no bot seat is moving (tests)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def stop(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.thinking.stop()

    # -- a player out of time ---------------------------------------------------
    async def move_for(self, loaded: LoadedMatch, seat: int) -> LoadedMatch | None:
        """STAND_IN makes the decision `seat` owes (its player ran out of
        time), committed at once: returns the match as committed (None when
        there is nothing to do here: the seat owes nothing now, or the guild
        is not ours). The caller holds the match's lock. StaleCommit when
        the table moved on (`loaded.match` then holds a move that was not
        stored: reload)."""
        match = loaded.match
        if match is None or seat not in match.to_act() or not self.owns(loaded.guild_id):
            return None
        action = await self.think(match, seat, await self.stand_in(loaded.guild_id))
        events = match.act(seat, action, match.seq)
        return await self.moves.commit(loaded, [events])

    # -- handing seats over -----------------------------------------------------
    async def stand_in(self, guild_id: int) -> str:
        """The bot level that stands in for people on this server."""
        level = await self.store.get_setting(guild_id, STAND_IN_KEY, STAND_IN)
        return level if level in LEVELS else STAND_IN

    async def to_bot(self, match_id: int, seat: int, how: str) -> Seat:
        """The server's stand-in takes the seat (`how` its holder left:
        conceded, kicked, forfeited). The caller holds the match's lock and
        then shows the change (`Tables.show_change`), which lets the new bot
        move."""
        level = await self.stand_in((await self.store.info(match_id)).guild_id)
        return await self.store.replace_seat(match_id, seat, bot=level, how=how)

    async def to_member(self, match_id: int, seat: int, user_id: int, name: str) -> Seat:
        """Another member takes the seat, hand and all (a host's substitute)."""
        return await self.store.replace_seat(
            match_id, seat, user_id=user_id, how="replaced", name=name
        )
