"""What the bot asks of its thinking workers: a bot seat's decision and a
player's hint (cogs/thinking/pool.py runs them).

People first: a hint goes before every bot seat's decision in the queue.
Bot seats share a bounded part of it (`bot_queue` decisions queued or
being made at once): when it is full, a bot seat waits its turn here, so it
moves later; nothing is dropped, and a bot seat that waited thinks from the
newest state known (cogs/play/seats.py), so a restart loses nothing either.

A hint is deterministic for its match, move and seat, so it is worked out
once: every later press for the same decision is answered from that (while
it is being worked out, by the same answer). A player has one hint being
worked out at a time (`HintBusy` for a second one elsewhere meanwhile).

The random level and a decision with one legal move need no search: they
are made here at once (a draw from the legal moves costs less than sending
the match to a worker).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict

from cogs.thinking import jobs
from cogs.thinking.pool import ThinkingFailed, ThinkingPool
from rules import Action, Match
from rules.bots import choose_action
from rules.bots.hint import Hint

#: bot decisions queued or being made at once, per worker (more wait their turn)
BOT_QUEUE_PER_WORKER = 2
#: hints kept for a later press on the same decision (the newest)
HINTS_KEPT = 1024
#: levels that search (the others are picked at once, in the bot)
SEARCHING = frozenset({"greedy", "expert"})

HintKey = tuple[int, int, int]  # (match, seq, seat)


class HintBusy(Exception):
    """The player has another hint being worked out."""


class Thinking:
    def __init__(self, pool: ThinkingPool | None = None, *, bot_queue: int | None = None):
        self.pool = pool or ThinkingPool()
        self.bot_queue = bot_queue or BOT_QUEUE_PER_WORKER * self.pool.size
        self._bots = asyncio.Semaphore(self.bot_queue)
        self._hints: OrderedDict[HintKey, asyncio.Future[Hint]] = OrderedDict()
        self._asking: dict[int, HintKey] = {}  # player -> the hint being worked out for them
        self._recorded: set[HintKey] = set()  # hints stored in the match's record

    def start(self) -> None:
        """Start the workers (with the bot: the first decision finds them up)."""
        self.pool.start()

    async def stop(self) -> None:
        await self.pool.stop()
        for found in self._hints.values():
            found.cancel()
        self._hints.clear()
        self._asking.clear()
        self._recorded.clear()

    async def decide(self, match: Match, seat: int, level: str) -> Action:
        """A bot seat's decision at `level` (rules.bots.choose_action, made
        in a worker when it searches). The match is not changed."""
        if level not in SEARCHING or len(match.legal(seat)) == 1:
            return choose_action(match, seat, level)
        request = jobs.decide_request(match, seat, level)
        async with self._bots:  # full: this bot seat moves later
            return jobs.action_of(await self.pool.run(request, urgent=False))

    async def hint(self, match_id: int, match: Match, seat: int, player: int) -> Hint:
        """What the expert would do for `seat` now (rules.bots.hint.hint),
        worked out once per decision. HintBusy while the player waits for
        another; ThinkingFailed when it cannot be worked out."""
        key = (match_id, match.seq, seat)
        found = self._hints.get(key)
        if found is None or (found.done() and (found.cancelled() or found.exception())):
            asking = self._asking.get(player)
            if asking is not None and asking != key:
                raise HintBusy
            self._asking[player] = key
            found = asyncio.ensure_future(self._work_out(key, match.copy(), seat, player))
            found.add_done_callback(_retrieved)
            self._hints[key] = found
            while len(self._hints) > HINTS_KEPT:
                self._recorded.discard(self._hints.popitem(last=False)[0])
        self._hints.move_to_end(key)
        return await asyncio.shield(found)  # one press given up on leaves it for the others

    def first_told(self, match_id: int, seq: int, seat: int) -> bool:
        """Is this the first time this hint is told (so it is to be recorded)?
        Later presses on the same decision need no write."""
        key = (match_id, seq, seat)
        if key in self._recorded:
            return False
        self._recorded.add(key)
        return True

    async def _work_out(self, key: HintKey, match: Match, seat: int, player: int) -> Hint:
        try:
            return jobs.hint_of(await self.pool.run(jobs.hint_request(match, seat), urgent=True))
        finally:
            if self._asking.get(player) == key:
                del self._asking[player]


def _retrieved(found: asyncio.Future) -> None:
    """A failure nobody waits for any more is not "never retrieved"."""
    if not found.cancelled():
        found.exception()


__all__ = ["HintBusy", "Thinking", "ThinkingFailed"]
