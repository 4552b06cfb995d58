"""The move service: a move loads its match once, is checked and applied by
the engine, and is committed in one transaction, under the match's lock;
what it returns is the match as committed, with the move's events.

Everything that shows a move (the click's answer, the table, the open
panels, the pings) and the bot seats that move next use that committed
match: nothing loads the match again for the same move, so a move costs
one load on either store (on PostgreSQL each load is a round trip).

No Discord here: a refusal is a `Refused` carrying its reason, which the
click turns into words (cogs/play/clicks.py).
"""

from __future__ import annotations

import asyncio
import dataclasses
import enum
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Protocol, TypeVar

from cogs.play.turns import humans_owing, seat_of
from rules import Action, GameOver, IllegalAction, Match, NotYourDecision, UnknownAction
from storage import (
    UNCHANGED,
    ChangedMeanwhile,
    CorruptMatch,
    DeadlinePlan,
    LoadedMatch,
    MatchInfo,
    MessageRef,
    StaleCommit,
    Status,
    Store,
    Unchanged,
    UnknownMatch,
    WrongStatus,
)

log = logging.getLogger(__name__)

#: decisions made for a player without asking after their click, at most
#: (the dice game's roll after a 👺 kobold's extra turn); see `Match.forced`
MAX_FORCED = 4

Answer = TypeVar("Answer")


class Refusal(enum.Enum):
    """Why a move was not made (nothing changed)."""

    UNKNOWN_MATCH = "unknown match"
    CORRUPT = "corrupt"
    WRONG_SERVER = "wrong server"
    FINISHED = "finished"
    NOT_ACTIVE = "not active"
    NOT_SEATED = "not seated"
    PAUSED = "paused"
    STALE = "stale"  # the move was offered at another seq
    NOT_YOUR_TURN = "not your turn"
    ILLEGAL = "illegal"
    OVER = "over"  # the engine says the match is over
    RACED = "raced"  # another move was committed first
    NO_MOVE = "no move"  # the click's `choose` found no move to make (see NoMove)


class Refused(Exception):
    """A move refused, with the match as loaded (when it was) and the
    mover's seat (when they hold one), for an answer that shows it;
    `detail`: what a `choose` said (NO_MOVE)."""

    def __init__(
        self,
        why: Refusal,
        loaded: LoadedMatch | None = None,
        seat: int | None = None,
        detail: str = "",
    ) -> None:
        super().__init__(f"{why.value} {detail}".strip())
        self.why, self.loaded, self.seat, self.detail = why, loaded, seat, detail


class NoMove(Exception):
    """Raised by a `choose` (see `Moves.play`): the click makes no move, for
    the reason given (it shows something instead, from the same load)."""


@dataclass(frozen=True, slots=True)
class Mover:
    """Who moves: a member (`guild_id` None when they click in a DM, where
    only holding the seat is checked) and their display name now."""

    user_id: int
    guild_id: int | None
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Moved:
    """A committed move: the match as committed, the seat that moved, the
    events of each step, and who owed a decision before it."""

    committed: LoadedMatch
    seat: int
    steps: list[list[dict[str, Any]]]
    owed_before: frozenset[int]


class DeadlinePlanner(Protocol):
    """The deadline service (cogs/hosting/deadlines.py), as moves use it."""

    async def plan(self, loaded: LoadedMatch) -> DeadlinePlan | None: ...

    async def schedule(self, loaded: LoadedMatch) -> None: ...

    def wake(self) -> None: ...


class PendingPings(Protocol):
    """The last turn ping of a match, posted since its last move: stored with
    the next move (cogs/play/pings.py)."""

    def unstored(self, match_id: int) -> MessageRef | None: ...

    def stored(self, match_id: int, ping: MessageRef) -> None: ...


def running_refusal(loaded: LoadedMatch, guild_id: int | None) -> Refusal | None:
    """Why a click (from `guild_id`, None in a DM) cannot act on the loaded
    match, or None: another server's click is refused before anything."""
    if guild_id is not None and loaded.guild_id != guild_id:
        return Refusal.WRONG_SERVER
    if loaded.status == Status.FINISHED:
        return Refusal.FINISHED
    if loaded.status != Status.ACTIVE or loaded.match is None:
        return Refusal.NOT_ACTIVE
    return None


def renamed(loaded: MatchInfo, user_id: int, name: str | None) -> dict[int, str]:
    """{user id: name} when the user's seat here shows an older name."""
    seat = next((s for s in loaded.seats if s.user_id == user_id), None)
    return {user_id: name} if seat is not None and name and seat.name != name else {}


def forced_steps(match: Match, seat: int) -> list[list[dict[str, Any]]]:
    """Make the seat's decisions that are no decision (`Match.forced`), as
    part of the move that led to them; their events, one list per step."""
    steps: list[list[dict[str, Any]]] = []
    while len(steps) < MAX_FORCED and (action := match.forced(seat)) is not None:
        steps.append(match.act(seat, action, match.seq))
    return steps


def as_committed(
    loaded: LoadedMatch, seq: int, names: dict[int, str], now: datetime
) -> LoadedMatch:
    """`loaded` (its match moved on) as the store now holds it after the
    commit: the new seq, the new names, and the end when it is over."""
    match = loaded.match
    assert match is not None
    seats = tuple(
        dataclasses.replace(s, name=names[s.user_id]) if s.user_id in names else s
        for s in loaded.seats
    )
    if not match.is_over():
        return dataclasses.replace(loaded, seq=seq, seats=seats, updated_at=now)
    return dataclasses.replace(
        loaded,
        seq=seq,
        seats=seats,
        updated_at=now,
        status=Status.FINISHED,
        outcome=match.outcome() or {},
        ended_at=now,
    )


class PlanNow(enum.Enum):
    """The type of PLAN_NOW (an enum's single member, told apart by type)."""

    PLAN_NOW = "plan now"


#: `Moves.commit` plans the deadlines itself
PLAN_NOW: Final = PlanNow.PLAN_NOW


class Moves:
    """Loads, checks, applies and commits moves; holds the matches' locks."""

    def __init__(
        self,
        store: Store,
        pings: PendingPings,
        now: Callable[[], datetime],
        deadlines: DeadlinePlanner | None = None,
    ):
        self.store = store
        self.pings = pings
        self.now = now
        #: plans each move's deadline in its commit (None: no deadlines)
        self.deadlines = deadlines
        self._locks: dict[int, asyncio.Lock] = {}
        self.committed = 0  # moves committed (a two-step move counts once)

    def lock(self, match_id: int) -> asyncio.Lock:
        """Held around a move from its load to its commit (and around
        whatever else changes the match's seats or turn)."""
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def load(self, match_id: int, *, for_move: bool = False) -> LoadedMatch:
        """The match (Refused: unknown, or unreadable); `for_move`: the load
        a move is decided on (Store.load: maybe from memory, proven by the
        commit)."""
        try:
            return await self.store.load(match_id, for_move=for_move)
        except UnknownMatch:
            raise Refused(Refusal.UNKNOWN_MATCH) from None
        except CorruptMatch as exc:
            log.error("match %s is corrupt: %s", match_id, exc)
            raise Refused(Refusal.CORRUPT) from None

    async def play(
        self,
        match_id: int,
        mover: Mover,
        seq: int | None,
        keys: Sequence[str] = (),
        *,
        choose: Callable[[LoadedMatch, int], Sequence[str]] | None = None,
        during: Callable[[LoadedMatch, int], Awaitable[Answer]] | None = None,
    ) -> tuple[Moved, Answer | None]:
        """A member's move: `keys`, decisions made in a row (all or none),
        or those `choose(loaded, seat)` finds in the match as loaded (it may
        raise NoMove), then the decisions that are no decision
        (`forced_steps`). `seq`: the match's seq the move was offered at
        (None: whatever it is now). The caller holds `lock(match_id)`.
        `during(loaded, seat)` runs while the commit does (the answer drawn
        meanwhile); its result comes back, None when it failed. Refused,
        with nothing changed, for any reason not to.

        The move is decided on the match as the store keeps it in memory,
        unproven where the commit proves it (Store.load `for_move`); if the
        match had changed meanwhile, it is decided again on a fresh load."""
        args = (match_id, mover, seq, keys, choose, during)
        try:
            return await self._play(*args, unproven=True)
        except ChangedMeanwhile:
            return await self._play(*args, unproven=False)

    async def _play(
        self,
        match_id: int,
        mover: Mover,
        seq: int | None,
        keys: Sequence[str],
        choose: Callable[[LoadedMatch, int], Sequence[str]] | None,
        during: Callable[[LoadedMatch, int], Awaitable[Answer]] | None,
        *,
        unproven: bool,
    ) -> tuple[Moved, Answer | None]:
        loaded = await self.load(match_id, for_move=unproven)
        why = running_refusal(loaded, mover.guild_id)
        if why is not None:
            raise Refused(why, loaded)
        seat = seat_of(loaded, mover.user_id)
        if seat is None:
            raise Refused(Refusal.NOT_SEATED, loaded)
        match = loaded.match
        assert match is not None
        if choose is None and loaded.paused:
            raise Refused(Refusal.PAUSED, loaded, seat)
        if seq is not None and seq != match.seq:
            raise Refused(Refusal.STALE, loaded, seat)
        if choose is not None:
            try:
                keys = choose(loaded, seat)
            except NoMove as exc:
                raise Refused(Refusal.NO_MOVE, loaded, seat, str(exc)) from None
            if loaded.paused:
                raise Refused(Refusal.PAUSED, loaded, seat)
        if not keys:
            raise Refused(Refusal.ILLEGAL, loaded, seat)
        before = humans_owing(loaded)
        try:
            if len(keys) > 1:  # all or nothing: try the whole move on a copy first
                twin = match.copy()
                for key in keys:
                    twin.act(seat, key, twin.seq)
            steps = [match.act(seat, keys[0], match.seq)]
        except NotYourDecision:
            raise Refused(Refusal.NOT_YOUR_TURN, loaded, seat) from None
        except (IllegalAction, UnknownAction):
            raise Refused(Refusal.ILLEGAL, loaded, seat) from None
        except GameOver:
            raise Refused(Refusal.OVER, loaded, seat) from None
        for key in keys[1:]:  # legal: tried above
            steps.append(match.act(seat, key, match.seq))
        steps += forced_steps(match, seat)
        names = renamed(loaded, mover.user_id, mover.name)
        # On SQLite the answer is drawn before the commit task first runs
        # (this task waits on it only then): drawn while the commit ran, it
        # gained nothing (bench/load), since the writer needs the GIL drawing
        # holds. On a database server (PostgreSQL) the commit is sent first
        # and the answer drawn while the server works.
        plan = await self._plan(loaded)
        commit = asyncio.create_task(self.commit(loaded, steps, names=names, plan=plan))
        if self.store.commits_on_a_server:
            await asyncio.sleep(0)
        drawn = None
        if during is not None:
            try:
                drawn = await during(loaded, seat)
            except Exception:  # drawn again once committed, and reported from there
                log.exception("drawing the answer to a move in match %s failed", match_id)
        try:
            committed = await commit
        except ChangedMeanwhile:
            if unproven:
                raise
            raise Refused(Refusal.RACED, loaded, seat) from None
        except (StaleCommit, WrongStatus):
            raise Refused(Refusal.RACED, loaded, seat) from None
        return Moved(committed, seat, steps, before), drawn

    async def play_for(self, match_id: int, seat: int, action: Action, seq: int) -> Moved:
        """A bot seat's decision, thought out at `seq`. The caller holds
        `lock(match_id)`. Refused STALE (with the match as loaded) when the
        table moved on meanwhile, PAUSED or NOT_ACTIVE when it stopped."""
        loaded = await self.load(match_id)
        if loaded.status != Status.ACTIVE or loaded.match is None:
            raise Refused(Refusal.NOT_ACTIVE, loaded, seat)
        if loaded.paused:
            raise Refused(Refusal.PAUSED, loaded, seat)
        if loaded.seq != seq:
            raise Refused(Refusal.STALE, loaded, seat)
        before = humans_owing(loaded)
        steps = [loaded.match.act(seat, action, loaded.match.seq)]
        return Moved(await self.commit(loaded, steps), seat, steps, before)

    async def commit(
        self,
        loaded: LoadedMatch,
        steps: list[list[dict[str, Any]]],
        *,
        names: dict[int, str] | None = None,
        plan: DeadlinePlan | None | Unchanged | PlanNow = PLAN_NOW,
    ) -> LoadedMatch:
        """Commit the moves just applied to `loaded.match` with everything
        they imply, in one transaction (one fsync): the deadline of the
        decision the match waits on next (`plan`, made now unless given),
        the last turn ping's message (kept in memory since it was posted)
        and the mover's new display name. Returns the match as committed.
        Durability first: a move is answered only after this."""
        if plan is PLAN_NOW:
            plan = await self._plan(loaded)
        assert loaded.match is not None
        ping = self.pings.unstored(loaded.id)
        messages = [("ping", ping.channel_id, ping.message_id)] if ping else []
        seq = await self.store.commit_move(
            loaded.id, loaded.match, steps, deadline=plan, messages=messages, names=names
        )
        self.committed += 1
        if ping is not None:
            self.pings.stored(loaded.id, ping)
        return as_committed(loaded, seq, names or {}, self.now())

    async def _plan(self, loaded: LoadedMatch) -> DeadlinePlan | None | Unchanged:
        """The deadlines of the decision `loaded` (moves applied) waits on."""
        if self.deadlines is None:
            return UNCHANGED
        return await self.deadlines.plan(loaded)
