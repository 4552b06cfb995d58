"""Setting a match's deadlines, apart from firing them (cogs/hosting/deadlines.py).

A move plans the deadlines of the decision it leaves owed and commits them
with itself, so the move service needs this before anything that fires a
deadline exists (a timeout makes a move). Both share `due`: set, the timer
looks for due deadlines now.
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from cogs.clock import Clock
from cogs.hosting.settings import match_settings
from cogs.play.turns import humans_owing
from storage import DeadlinePlan, LoadedMatch, Status, Store


class DeadlinePlans:
    def __init__(self, store: Store, clock: Clock):
        self.store = store
        self.clock = clock
        self.due = asyncio.Event()  # set: the timer looks for due deadlines now

    async def plan(self, loaded: LoadedMatch) -> DeadlinePlan | None:
        """The deadlines of the decision the match waits on, as its engine
        stands (moves applied, maybe not yet committed): None when it waits
        on nobody human, is paused or over. A move commits them with itself
        (Store.commit_move), then `wake()`s the timer."""
        waiting = (
            loaded.status == Status.ACTIVE
            and not loaded.paused
            and loaded.match is not None
            and humans_owing(loaded)
        )
        if not waiting:
            return None
        settings = await match_settings(self.store, loaded)
        now = self.clock.now()
        remind = now + timedelta(seconds=settings["reminder"]) if settings["reminder"] else None
        timeout = (
            now + timedelta(seconds=settings["timeout"])
            if settings["timeout"] and settings["policy"] != "wait"
            else None
        )
        return DeadlinePlan(remind, timeout)

    async def schedule(self, loaded: LoadedMatch) -> None:
        """Deadlines for the decision the match now waits on (none when it
        waits on nobody human, is paused or over), on their own: for what
        is not a move (a pause, a seat handed over, a start)."""
        plan = await self.plan(loaded)
        if plan is None:
            await self.store.clear_deadline(loaded.id)
            return
        assert loaded.match is not None  # planned: a started match
        await self.store.set_deadline(
            loaded.id, loaded.match.seq, remind_at=plan.remind_at, timeout_at=plan.timeout_at
        )
        self.due.set()

    def wake(self) -> None:
        """Look for due deadlines now (e.g. those of a server that came back)."""
        self.due.set()
