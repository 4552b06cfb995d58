"""Running matches in Discord: the play extension's core.

`Tables` holds what every move goes through and what follows it: the move
service (cogs/play/moves.py: the match's lock, its one load and its one
commit), loading with polite refusals for what is not a move, and what
follows a move (the table, open panels, deadlines, pings, bot seats), all
shown from the match as the move committed it. Its parts: the public table
(cogs/play/public_table.py), private panels (hand_panels.py), seat names
(names.py), pings (pings.py) and the seat service (seats.py). The engine
decides everything; this only loads, asks, commits and shows.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from datetime import timedelta

import discord

from cogs import replies
from cogs.config import Config
from cogs.language import Languages
from cogs.play.after_move import Delays, table_delay, to_ping
from cogs.play.click_timings import ClickTimings
from cogs.play.hand_panels import HandPanels
from cogs.play.moves import Moves, Refusal, Refused, running_refusal
from cogs.play.names import SeatNames
from cogs.play.pings import Pings
from cogs.play.places import Places
from cogs.play.public_table import PublicTable
from cogs.play.quick_pass import quick_passes
from cogs.play.seats import SeatService
from cogs.play.table_editor import TableEditor
from cogs.play.turns import bots_move_next, humans_owing, seat_of
from cogs.presenters import presenter_for
from cogs.replies import say
from cogs.thinking import Thinking
from storage import CorruptMatch, LoadedMatch, MatchInfo, Status, Store, UnknownMatch

log = logging.getLogger(__name__)

#: a player who clicked in a match within this many seconds is playing it:
#: when their open panel has just been redrawn to show their turn, that
#: panel tells them, and they are not pinged (a ping is a post and a delete)
ACTIVE_WINDOW = 300.0

#: seconds a bot seat's decision takes beyond its BOT_MOVE_DELAY, as the
#: table waiting for it counts them (the expert's CPU p99 is about 0.1 s)
BOT_THINKING = 0.25

#: At a start, only the tables of matches that moved within this long of
#: the newest change to any live match (of this process's servers) are
#: edited. The process may have died between a move's commit and its table
#: edit, but it died after its last commit, and no edit waits longer than
#: TABLE_WATCHED_DELAY or the lazy delay after its move (cogs/play/after_move.py;
#: both are added to this); this margin covers an edit held up besides (rate
#: limits, retries). An older match's table was edited before the process
#: died. Editing every live table instead costs one REST call and one board
#: image per live match at each restart: with 10,000 matches, minutes of
#: Discord's rate limit before any move's edit gets through.
#: With several processes, the newest change is that of this process's own
#: servers; another process may have moved a match there after this one
#: died (a click in a DM): a table this one left unedited more than the
#: margin before that move is then not edited until its match moves again.
RESUME_EDIT_MARGIN = timedelta(minutes=10)

#: seconds between the starts of the tables edited at a start, most
#: recently moved first: they go out a few at a time, not all at once,
#: beside the first clicks the restarted process answers
RESUME_EDIT_GAP = 0.05

#: matches looked at by a start's resume between two turns of the event
#: loop: the store's small reads are made on the loop's thread and do not
#: yield, so a resume of 10,000 live matches (a table lookup each, a load
#: for those with a bot seat) would otherwise hold every click for seconds
#: (bench/live)
RESUME_BATCH = 50

#: what a refused load or move tells the clicker
REFUSALS = {
    Refusal.UNKNOWN_MATCH: replies.UNKNOWN_MATCH,
    Refusal.CORRUPT: replies.CORRUPT_MATCH,
    Refusal.WRONG_SERVER: replies.WRONG_SERVER,
    Refusal.FINISHED: replies.FINISHED,
    Refusal.NOT_ACTIVE: replies.NOT_ACTIVE,
    Refusal.NOT_SEATED: replies.NOT_SEATED,
    Refusal.PAUSED: replies.PAUSED,
    Refusal.STALE: replies.STALE_SHORT,
    Refusal.NOT_YOUR_TURN: replies.NOT_YOUR_TURN,
    Refusal.ILLEGAL: replies.ILLEGAL,
    Refusal.OVER: replies.FINISHED,
    Refusal.RACED: replies.RACED,
}


class Tables:
    """Built, with every part, by the composition root (cogs/services.py)."""

    def __init__(
        self,
        store: Store,
        config: Config,
        languages: Languages,
        *,
        names: SeatNames,
        places: Places,
        public: PublicTable,
        editor: TableEditor,
        hands: HandPanels,
        pings: Pings,
        moves: Moves,
        seats: SeatService,
        thinking: Thinking,
        timings: ClickTimings,
        finished: Callable[[int], Awaitable[None]] | None = None,
    ):
        self.store = store
        self.config = config
        self.languages = languages  # which language each message speaks
        self.names = names
        self.places = places
        self.public = public
        self.editor = editor  # every edit of a table (it calls public.show_latest)
        self.hands = hands
        self.pings = pings
        self.moves = moves
        self.seats = seats
        #: bots' decisions and hints, worked out in worker processes
        self.thinking = thinking
        #: only for bench/load: each move click's timeline (GAMEHOST_CLICK_TIMES)
        self.timings = timings
        #: told of each match that finished (a tournament's moves on)
        self.on_finish = finished
        self._clicked: dict[tuple[int, int], float] = {}  # (match, user) -> loop time
        self._wrapping: set[asyncio.Task] = set()  # a start's wrap-ups (`resume`)
        self.human_moves = 0  # members' moves committed

    @property
    def lazy_delay(self) -> float:
        """How long a table may wait for the bot move that follows a move, so
        that one edit shows both: a bot moves after bot_move_delay, and
        BOT_THINKING more covers its decision. A longer wait would cover a
        chain of bot moves in one edit, but leave the table stale for the
        people watching it (the first move of the chain waits longest)."""
        return self.config.bot_move_delay + BOT_THINKING

    def lock(self, match_id: int) -> asyncio.Lock:
        """The match's lock (the move service's)."""
        return self.moves.lock(match_id)

    def remember(self, user: discord.abc.User, loaded: MatchInfo | None = None) -> None:
        """The user clicked (in this match, when given): keep their name current."""
        if loaded is not None:
            self.clicked(loaded.id, user.id)
        self.names.remember(user, loaded)

    def clicked(self, match_id: int, user_id: int) -> None:
        """The user just clicked something of this match (see ACTIVE_WINDOW)."""
        now = asyncio.get_running_loop().time()
        self._clicked[(match_id, user_id)] = now
        if len(self._clicked) > 10_000:  # forget those long gone
            self._clicked = {k: t for k, t in self._clicked.items() if now - t < ACTIVE_WINDOW}

    def playing(self, match_id: int, user_ids: Iterable[int]) -> set[int]:
        """Those of `user_ids` who clicked in this match within ACTIVE_WINDOW."""
        now = asyncio.get_running_loop().time()
        return {
            u
            for u in user_ids
            if now - self._clicked.get((match_id, u), -ACTIVE_WINDOW) < ACTIVE_WINDOW
        }

    # -- loading with polite refusals -----------------------------------------
    async def load_running(
        self, interaction: discord.Interaction, match_id: int
    ) -> LoadedMatch | None:
        """The active match, or None after telling the user why not. A click
        from another server is refused before anything else; one from a DM
        is not (the caller checks the clicker's seat)."""
        try:
            loaded = await self.moves.load(match_id)
        except Refused as refused:
            await say(interaction, REFUSALS[refused.why])
            return None
        why = running_refusal(loaded, interaction.guild_id)
        if why is not None:
            await say(interaction, REFUSALS[why])
            return None
        return loaded

    async def load_seated(
        self, interaction: discord.Interaction, match_id: int
    ) -> tuple[LoadedMatch, int] | tuple[None, None]:
        """The active match and the clicker's seat, or (None, None) after
        telling them why not. A player's own seat may be played from a DM
        (the turn ping by DM opens their panel there, and every button of
        that panel must work there too): in a DM, holding the seat is what
        is checked, as it is in the match's server."""
        loaded = await self.load_running(interaction, match_id)
        if loaded is None:
            return None, None
        seat = seat_of(loaded, interaction.user.id)
        if seat is None:
            await say(interaction, replies.NOT_SEATED)
            return None, None
        return loaded, seat

    # -- after every move ---------------------------------------------------------
    async def after_move(
        self,
        loaded: LoadedMatch,
        owed_before: frozenset[int],
        *,
        planned: bool = False,
        burst: bool = False,
    ) -> None:
        """Show what changed, from `loaded`, the match as the change left it
        (a move's committed match: nothing is loaded again): the table, the
        deadlines (unless the move's commit `planned` them), open panels, a
        ping for whoever owes a decision now, bot seats' moves. When the
        table may wait, and who is pinged: cogs/play/after_move.py (`burst`:
        a move, which others may follow at once)."""
        match_id = loaded.id
        try:
            if loaded.match is None:
                return
            delays = Delays(bots=self.lazy_delay, watched=self.config.table_watched_delay)
            # a quick pass is made for them like a bot's move: not pinged for it
            passing = frozenset(await quick_passes(self.store, loaded))
            waits_for_bots = burst and (bots_move_next(loaded) or bool(passing))
            if waits_for_bots:  # asked first: the bots' moves may come while this runs
                self.editor.want(match_id, delay=delays.bots, shows=loaded)
            deadlines = self.moves.deadlines
            if deadlines is not None:  # the clock starts before anyone is told
                if planned:
                    deadlines.wake()
                else:
                    await deadlines.schedule(loaded)
            shown = await self.hands.update(loaded)
            now_owing = humans_owing(loaded) - passing
            told = self.playing(match_id, shown)  # their panel says it, and they look
            if not waits_for_bots:
                delay = table_delay(
                    burst=burst, bots_next=False, owing=now_owing, told=told, delays=delays
                )
                if delay:
                    self.editor.want(match_id, delay=delay, shows=loaded)
                else:
                    await self.editor.show(match_id, shows=loaded)
            ping = to_ping(
                owing=now_owing, owed_before=owed_before, told=told, paused=loaded.paused
            )
            if ping:
                await self.pings.notify(loaded, ping)
            if loaded.status == Status.FINISHED:
                await self.pings.wrap_up(loaded)
                if self.on_finish is not None:
                    await self.on_finish(match_id)
        except UnknownMatch:  # deleted meanwhile: its server asked to be forgotten, or was purged
            log.info("match %s was deleted while its table was being updated", match_id)
            return
        except Exception:
            log.exception("updating the table of match %s failed", match_id)
        # Last, and even when showing the change failed: a table nobody could
        # see must still not stop its bots (nothing else would start them).
        self.seats.schedule(loaded)

    async def refresh(self, match_id: int) -> LoadedMatch | None:
        """Redraw the table message now (through the match's editor, so in
        order with every other edit) and return the match as it was shown."""
        await self.editor.show(match_id)
        try:
            return await self.store.load(match_id)
        except (UnknownMatch, CorruptMatch) as exc:
            log.error("cannot show match %s: %s", match_id, exc)
            return None

    async def show_change(self, match_id: int, owed_before: frozenset[int]) -> None:
        """What is not a move changed the match (a start, a seat handed over,
        a resume): show it from one load."""
        try:
            loaded = await self.moves.load(match_id)
        except Refused as refused:
            log.error("cannot show match %s: %s", match_id, refused)
            return
        await self.after_move(loaded, owed_before)

    # -- start, restart, stop -------------------------------------------------------
    async def resume(self) -> list[int]:
        """After a start: bots owing a decision in any active match move
        again (not in servers the bot has left: they resume when it is
        back), in the guilds this process owns. Returns the matches whose
        start was stored but never shown (the process died in between): the
        lobby shows them (cogs/hosting/lobby.py, `finish_start`)."""
        self.thinking.start()  # workers up before the first bot seat asks
        unshown = []
        live = [
            info
            for info in await self.store.live_matches(departed=False)
            if info.status == Status.ACTIVE and self.seats.owns(info.guild_id)
        ]
        live.sort(key=lambda info: info.updated_at, reverse=True)  # most recent first
        since = live[0].updated_at - self.resume_edit_margin if live else None
        edits = 0
        for n, info in enumerate(live, 1):
            if n % RESUME_BATCH == 0:
                await asyncio.sleep(0)  # let clicks in (RESUME_BATCH)
            if await self.store.message(info.id, "table") is None:
                unshown.append(info.id)
                continue
            # The process may have died between a commit and its table edit
            # (edits are coalesced, and may wait): show the committed state of
            # a match moved shortly before the process died (RESUME_EDIT_MARGIN),
            # unless this process showed it already (every move since asked
            # for its own edit). Not awaited: the editors work side by side,
            # started RESUME_EDIT_GAP apart.
            if since is not None and info.updated_at >= since and info.id not in self.editor.shown:
                self.editor.want(info.id, delay=edits * RESUME_EDIT_GAP)
                edits += 1
            # bot seats move again; so does a quick pass owed (cogs/play/quick_pass.py)
            if any(s.user_id is None for s in info.seats) or presenter_for(info.game).quick_passes:
                try:
                    self.seats.schedule(await self.moves.load(info.id))
                except Refused as refused:
                    log.error("not resuming match %s: %s", info.id, refused)
        for info in await self.store.unclosed_matches():
            if self.seats.owns(info.guild_id):
                task = asyncio.create_task(self._wrap_up(info), name=f"wrap-up-{info.id}")
                self._wrapping.add(task)
                task.add_done_callback(self._wrapping.discard)
        return unshown

    async def _wrap_up(self, info: MatchInfo) -> None:
        """A match that finished without its wrap-up (the process stopped or
        died in between): its final table shown, then its wrap-up."""
        try:
            await self.editor.show(info.id)
            await self.pings.wrap_up(info)
        except Exception:
            log.exception("wrapping up match %s failed", info.id)

    @property
    def resume_edit_margin(self) -> timedelta:
        """How long before the newest change a match may have moved and still
        have a move its table does not show (RESUME_EDIT_MARGIN)."""
        longest = max(self.config.table_watched_delay, self.lazy_delay)
        return RESUME_EDIT_MARGIN + timedelta(seconds=longest)

    async def stop(self) -> None:
        for task in list(self._wrapping):
            task.cancel()
        await asyncio.gather(*self._wrapping, return_exceptions=True)
        await self.seats.stop()
        await self.editor.stop()
        await self.pings.store_all()
        self.timings.close()
