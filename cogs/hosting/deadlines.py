"""Reminders and timeouts for the decision a match waits on.

Deadlines live in the database (one per match, tied to the match's seq), so a
restart loses none: the loop looks for due deadlines at start-up (overdue ones
fire at once) and then every `poll` seconds, or sooner when a new deadline is
set. A move makes the previous deadline stale; the new decision gets its own.
The same loop purges the data of servers the bot left longer ago than the
retention (their purge dates are stored too).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from cogs.hosting.deadline_plans import DeadlinePlans
from cogs.hosting.settings import match_settings
from cogs.i18n import N_
from cogs.play.turns import humans_owing
from storage import (
    CorruptMatch,
    Deadline,
    StaleCommit,
    Status,
    UnknownMatch,
    WrongStatus,
)

log = logging.getLogger(__name__)


class Deadlines:
    """The timer: reminds and times out what fell due (deadline_plans.py sets them)."""

    def __init__(self, store, tables, clock, poll: float, plans: DeadlinePlans):
        self.store = store
        self.tables = tables
        self.clock = clock
        self.poll = poll
        self.plans = plans  # its `due` wakes the timer
        self._task: asyncio.Task | None = None
        #: `fire_due` passes made, their wall time and the longest, in ms
        #: (for bench/live through the stats file: the loop's cost per poll)
        self.polls = 0
        self.poll_ms = 0.0
        self.poll_max_ms = 0.0

    def wake(self) -> None:
        """Look for due deadlines now (e.g. those of a server that came back)."""
        self.plans.wake()

    # -- firing -------------------------------------------------------------------
    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="deadlines")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _run(self) -> None:
        while True:
            for check in (self.fire_due, self.purge_departed):
                try:
                    started = time.perf_counter()
                    await check()
                    if check == self.fire_due:
                        self._polled((time.perf_counter() - started) * 1000)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("checking deadlines failed")
            self.plans.due.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.plans.due.wait(), self.poll)

    def _polled(self, ms: float) -> None:
        self.polls += 1
        self.poll_ms += ms
        self.poll_max_ms = max(self.poll_max_ms, ms)

    async def fire_due(self) -> None:
        """Remind or time out what fell due, in the guilds this process owns
        (each deadline fires in one process only)."""
        for deadline in await self.store.due_deadlines(self.clock.now()):
            try:
                info = await self.store.info(deadline.match_id)
                if not self.tables.seats.owns(info.guild_id):
                    continue
                if deadline.timeout_at and deadline.timeout_at <= self.clock.now():
                    await self.time_out(deadline)
                else:
                    await self.remind(deadline)
            except (UnknownMatch, CorruptMatch, WrongStatus) as exc:
                log.warning("deadline of match %s dropped: %s", deadline.match_id, exc)
                await self.store.clear_deadline(deadline.match_id)

    async def purge_departed(self) -> None:
        """Delete the data of servers whose retention after the bot left has ended."""
        for guild_id, removed in await self.store.purge_departed_guilds(self.clock.now()):
            log.info(
                "purged the data of server %s, which the bot left: %d match(es) and its settings",
                guild_id,
                removed,
            )

    async def _current(self, deadline: Deadline):
        """The match, if it still waits on the decision the deadline is for."""
        loaded = await self.store.load(deadline.match_id)
        if (
            loaded.status != Status.ACTIVE
            or loaded.paused
            or loaded.match is None
            or loaded.match.seq != deadline.seq
        ):
            return None
        return loaded

    async def remind(self, deadline: Deadline) -> None:
        loaded = await self._current(deadline)
        await self.store.clear_deadline(deadline.match_id, reminder_only=True)
        if loaded is None:
            return
        users = humans_owing(loaded)
        if users:
            await self.tables.pings.notify(loaded, users, reminder=True)

    async def time_out(self, deadline: Deadline) -> None:
        """Apply the timeout policy to every human seat the match waits on."""
        async with self.tables.lock(deadline.match_id):
            loaded = await self._current(deadline)
            if loaded is None:
                await self.store.clear_deadline(deadline.match_id)
                return
            settings = await match_settings(self.store, loaded)
            before = humans_owing(loaded)
            late = [
                s for s in loaded.seats if s.user_id is not None and s.seat in loaded.match.to_act()
            ]
            names = await self.tables.names.names_for(loaded)
            shown = None  # the match as the last stand-in move committed it
            handed_over = False
            for seat in late:
                if settings["policy"] == "forfeit":
                    await self.tables.seats.to_bot(loaded.id, seat.seat, how="forfeited")
                    handed_over = True
                    text, who = (
                        N_("⏰ {who} ran out of time in match #{match}; a bot takes their seat."),
                        f"<@{seat.user_id}>",
                    )
                else:
                    try:
                        committed = await self.tables.seats.move_for(loaded, seat.seat)
                    except StaleCommit:
                        return
                    if committed is None:
                        continue
                    shown = loaded = committed
                    text, who = (
                        N_(
                            "⏰ Time ran out for {who} in match #{match}; a bot made "
                            "that move for them."
                        ),
                        f"**{names[seat.seat]}**",
                    )
                await self.tables.pings.announce(loaded, text, who=who, match=loaded.id)
            await self.store.clear_deadline(deadline.match_id)
        if shown is not None and not handed_over:  # moves: shown as committed
            await self.tables.after_move(shown, before)
        else:
            await self.tables.show_change(loaded.id, before)
