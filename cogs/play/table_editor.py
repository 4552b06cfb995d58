"""Table edits, coalesced per match.

Every move used to edit its match's table at once, so a burst of bot moves
cost one REST call (and one board image) per move, and two edits of one
match in flight could land in either order. Here each match has at most one
editor task and one "latest wanted render": a request only marks the table
as wanted (now, or by a deadline for a lazy one), and the task draws it from
the newest state of the match when it is due. Requests arriving while an
edit is under way are served by one more edit, which shows all of them.

A move's request carries the match as the move committed it (`shows`), so
the edit needs no load of its own. Any other request (a pause, a name
learnt, a start-up) carries nothing: the next edit loads the match afresh,
whatever the other requests carried, and so does an edit whose carried
state is no newer than the table (a change without a move may have been
shown since). Since one task per match does every edit, each from the
newest state, an older table can never land over a newer one.

That holds within one process. With several (SHARD_COUNT), another one may
move a match and edit its table too (a click made in a DM reaches shard 0's
process, whatever the match's server), and two processes' edits are not
ordered: an older table could land last. So there, once an edit has landed,
the editor asks the store how far the match has got (`latest`) and, when
it has moved on since the load that edit showed and no request of this
process's own is pending, edits again. Whichever process edits last then
shows the newest move: a move committed after that look is edited, by its
own process, after this process's edit has landed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from storage import LoadedMatch, UnknownMatch

log = logging.getLogger(__name__)

#: draws and edits a match's table, from the state given (None: from a fresh
#: load); returns the seq shown (None: nothing shown). `shown` is the seq the
#: table showed before. Raises UnknownMatch when the match is gone (deleted:
#: its server forgotten or purged), which the editor then forgets.
Show = Callable[[int, "int | None", "LoadedMatch | None"], Awaitable["int | None"]]
#: the seq a match has got to, as stored now (None: it is gone)
Latest = Callable[[int], Awaitable["int | None"]]


class TableEditor:
    def __init__(
        self,
        show: Show,
        latest: Latest | None = None,
        on_shown: Callable[[float], None] | None = None,
    ):
        """`latest`: only when other processes may edit the same tables."""
        self._show = show
        self._latest = latest
        self._due: dict[int, float] = {}  # match -> loop time its next edit is due
        self._wanted: dict[int, int] = {}  # match -> generation of the latest request
        self._done: dict[int, int] = {}  # match -> generation the last edit served
        self._tasks: dict[int, asyncio.Task] = {}
        self._wake: dict[int, asyncio.Event] = {}
        self._waiters: dict[int, list[tuple[int, asyncio.Future]]] = {}
        #: match -> the committed state its pending requests carry (None: load it)
        self._given: dict[int, LoadedMatch | None] = {}
        self.shown: dict[int, int] = {}  # match -> seq its table shows
        self.edits = 0  # edits made (each is one REST call or so)
        #: match -> loop times of the moves asked for since its last edit began
        self._moved: dict[int, list[float]] = {}
        #: told how long each move waited to be on its table, once its edit
        #: has landed (bench/load measures the tables' lag with it)
        self.on_shown = on_shown
        self._stopped = False

    def want(self, match_id: int, *, delay: float = 0.0, shows: LoadedMatch | None = None) -> int:
        """The table of `match_id` should show the match as it is now, at the
        latest `delay` seconds from now (a lazy request: a newer one may serve
        it); `shows`: the match as a move just committed it. Returns the
        request's generation."""
        loop = asyncio.get_running_loop()
        if self._stopped:  # shutting down: the next start shows every table
            return 0
        self._carry(match_id, shows)
        if shows is not None and self.on_shown is not None:
            self._moved.setdefault(match_id, []).append(loop.time())
        due = loop.time() + delay
        self._due[match_id] = min(due, self._due.get(match_id, due))
        generation = self._wanted[match_id] = self._wanted.get(match_id, 0) + 1
        self._wake.setdefault(match_id, asyncio.Event()).set()
        task = self._tasks.get(match_id)
        if task is None or task.done():
            self._tasks[match_id] = asyncio.create_task(
                self._run(match_id), name=f"table-{match_id}"
            )
        return generation

    def _carry(self, match_id: int, shows: LoadedMatch | None) -> None:
        """Keep the newest committed state the pending requests carry; a
        request carrying none makes the next edit load afresh."""
        if shows is None:
            self._given[match_id] = None
        elif match_id not in self._given:
            self._given[match_id] = shows
        else:
            given = self._given[match_id]
            if given is not None and given.seq < shows.seq:
                self._given[match_id] = shows

    def latest(self, match_id: int, given: LoadedMatch | None) -> LoadedMatch | None:
        """What an edit may show without loading: the state its requests
        carried, when newer than the table (else None: load)."""
        shown = self.shown.get(match_id)
        if given is None or (shown is not None and given.seq <= shown):
            return None
        return given

    async def show(self, match_id: int, *, shows: LoadedMatch | None = None) -> None:
        """Request an edit now and wait until the table shows the match as it
        is at least as of this call (`shows`: as in `want`)."""
        generation = self.want(match_id, shows=shows)
        if self._stopped or self._done.get(match_id, 0) >= generation:
            return
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.setdefault(match_id, []).append((generation, waiter))
        await asyncio.shield(waiter)

    def pending(self, match_id: int) -> bool:
        return match_id in self._due

    async def idle(self) -> None:
        """Wait until no edit is wanted or under way (tests, shutdown)."""
        while any(not t.done() for t in self._tasks.values()):
            await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def _run(self, match_id: int) -> None:
        loop = asyncio.get_running_loop()
        wake = self._wake.setdefault(match_id, asyncio.Event())
        try:
            while True:
                due = self._due.get(match_id)
                if due is None:
                    return
                if due > loop.time():  # a lazy request: sleep unless an earlier one comes
                    wake.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(wake.wait(), due - loop.time())
                    continue
                del self._due[match_id]
                generation = self._wanted.get(match_id, 0)
                given = self.latest(match_id, self._given.pop(match_id, None))
                moved = self._moved.pop(match_id, [])
                try:
                    seq = await self._show(match_id, self.shown.get(match_id), given)
                    self.edits += 1
                    if seq is not None:
                        self.shown[match_id] = max(seq, self.shown.get(match_id, seq))
                        self._tell_shown(moved)
                        await self._moved_elsewhere(match_id, seq)
                except asyncio.CancelledError:
                    raise
                except UnknownMatch:  # deleted: nothing more of it to show
                    self.forget(match_id)
                except Exception:
                    log.exception("showing the table of match %s failed", match_id)
                self._served(match_id, generation)
        finally:
            if self._tasks.get(match_id) is asyncio.current_task():
                del self._tasks[match_id]
            if match_id not in self._due:  # else a request came while it was being cancelled
                self._wake.pop(match_id, None)

    def _tell_shown(self, moved: list[float]) -> None:
        if self.on_shown is not None:
            now = asyncio.get_running_loop().time()
            for asked in moved:
                self.on_shown(now - asked)

    async def _moved_elsewhere(self, match_id: int, seq: int) -> None:
        """After an edit showing `seq` has landed: edit again if the match has
        moved on meanwhile and this process has no request pending (the
        move was another process's)."""
        if self._latest is None or match_id in self._due:
            return
        now = await self._latest(match_id)
        if now is not None and now > seq and match_id not in self._due:
            self._due[match_id] = asyncio.get_running_loop().time()
            self._wanted[match_id] = self._wanted.get(match_id, 0) + 1

    def _served(self, match_id: int, generation: int) -> None:
        self._done[match_id] = generation
        waiting = self._waiters.get(match_id, [])
        still = []
        for wanted, waiter in waiting:
            if wanted <= generation:
                if not waiter.done():
                    waiter.set_result(None)
            else:
                still.append((wanted, waiter))
        if still:
            self._waiters[match_id] = still
        else:
            self._waiters.pop(match_id, None)

    def forget(self, match_id: int) -> None:
        """A match deleted (its server forgotten): drop what is known of it."""
        for table in (self._due, self._wanted, self._done, self.shown, self._given, self._moved):
            table.pop(match_id, None)

    async def stop(self) -> None:
        self._stopped = True
        tasks = list(self._tasks.values())
        self._due.clear()
        self._given.clear()
        self._moved.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for waiting in self._waiters.values():
            for _, waiter in waiting:
                if not waiter.done():
                    waiter.cancel()
        self._waiters.clear()
