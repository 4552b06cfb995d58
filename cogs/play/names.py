"""Seats' names as players read them: members' display names (stored with
their seats, and kept current from their clicks), bots by level and seat;
a tournament's bot entrant by the name its tournament gives it
(`tournament_bot_name`: "🤖 Bot 2 (Expert)" at every table as in the
standings).

Never waits on Discord: a name not known yet is fetched after the answer,
stored, and the table redrawn; "Player n" stands in meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import discord

from cogs.history.results import seated_bots
from cogs.history.story import NamesAt, names_by_history
from cogs.i18n import _
from cogs.play.moves import renamed
from cogs.presenters.seats import bot_name, tournament_bot_name
from storage import Holder, LoadedMatch, MatchInfo

if TYPE_CHECKING:
    from storage import Store

log = logging.getLogger(__name__)

#: the tournament tables whose bot seats are remembered (a table's
#: entrants never change once its match is opened)
TOURNAMENT_TABLES = 256


class SeatNames:
    def __init__(self, bot: discord.Client, store: Store, redraw: Callable[[int], object]):
        self.bot = bot
        self.store = store
        #: asked to redraw a match's table when a seat's name was learnt
        #: (the table editor's `want`, through a Relay: the table is drawn with these names)
        self.redraw = redraw
        self._names: dict[int, str] = {}  # user id -> display name at their last click
        self._learning: set[tuple[int, int]] = set()  # (guild, user) names being fetched
        self._chores: set[asyncio.Task[None]] = set()  # work done after an answer
        #: match -> {seat: the number of the tournament's bot entrant seated there}
        self._tournament_bots: OrderedDict[int, dict[int, int]] = OrderedDict()

    def seen(self, user: discord.abc.User) -> None:
        """The user's display name as Discord shows it now."""
        self._names[user.id] = user.display_name

    def remember(self, user: discord.abc.User, loaded: MatchInfo | None = None) -> None:
        """The clicker's display name as Discord shows it now. A seat whose
        stored name is out of date is renamed after the answer (a move
        carries it in its own transaction instead: see moves.py, `renamed`)."""
        self.seen(user)
        if loaded is not None and self.moved_names(loaded, user):
            self.after_answer(self.store.rename_seats(loaded.guild_id, user.id, user.display_name))

    @staticmethod
    def moved_names(loaded: MatchInfo, user: discord.abc.User) -> dict[int, str]:
        """{user id: name} when the user's seat here shows an older name."""
        return renamed(loaded, user.id, getattr(user, "display_name", None))

    def after_answer(self, work: Coroutine[Any, Any, object]) -> None:
        """Run `work` in the background: nobody's answer waits for it;
        failures are logged."""

        async def run() -> None:
            try:
                await work
            except Exception:
                log.exception("background work failed")

        task = asyncio.create_task(run())
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def names_for(self, loaded: MatchInfo) -> list[str]:
        """The seats' names now."""
        bots = await self.tournament_bots(loaded)
        return [
            self._seat_name(loaded, s.seat, s.user_id, s.bot, s.name, bots) for s in loaded.seats
        ]

    async def tournament_bots(self, loaded: MatchInfo) -> dict[int, int]:
        """`seated_bots`, remembered: a table's entrants never change."""
        if "tournament" not in loaded.settings:
            return {}
        known = self._tournament_bots.get(loaded.id)
        if known is not None:
            self._tournament_bots.move_to_end(loaded.id)
            return known
        known = await seated_bots(self.store, loaded)
        self._tournament_bots[loaded.id] = known
        while len(self._tournament_bots) > TOURNAMENT_TABLES:
            self._tournament_bots.popitem(last=False)
        return known

    async def history_names(self, loaded: LoadedMatch) -> NamesAt:
        """names_at(seq): the seats' names when action `seq` was played, so
        a move keeps its author after the seat was handed over."""
        history = await self.store.seat_history(loaded.id)
        current = {s.seat: s for s in loaded.seats}
        bots = await self.tournament_bots(loaded)

        def name(h: Holder) -> str:
            seat = current.get(h.seat)
            if seat is not None and h.user_id is not None and seat.user_id == h.user_id:
                stored = seat.name or h.name  # the holder now: their name now
            else:
                stored = h.name
            return self._seat_name(loaded, h.seat, h.user_id, h.bot, stored, bots)

        assert loaded.match is not None  # a started match
        return names_by_history(history, loaded.match.players, name)

    def _seat_name(
        self,
        loaded: MatchInfo,
        seat: int,
        user_id: int | None,
        bot: str | None,
        stored: str | None,
        bots: dict[int, int],
    ) -> str:
        if user_id is None:
            number = bots.get(seat)
            return bot_name(seat, bot) if number is None else tournament_bot_name(number, bot)
        name = stored or self._names.get(user_id)
        if name is None:
            guild = self.bot.get_guild(loaded.guild_id)
            member = guild.get_member(user_id) if guild is not None else None
            if member is not None:
                name = member.display_name
            else:
                self._learn_name(loaded, user_id)
        return name or _("Player {n}", n=seat + 1)

    def _learn_name(self, loaded: MatchInfo, user_id: int) -> None:
        """A seat whose name is not known (seated before names were kept):
        ask Discord once, after the answer, store it and redraw the table."""
        key = (loaded.guild_id, user_id)
        if key in self._learning:
            return
        self._learning.add(key)

        async def learn() -> None:
            guild = self.bot.get_guild(loaded.guild_id)
            if guild is None:
                return
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                return
            self._names[user_id] = member.display_name
            if await self.store.rename_seats(loaded.guild_id, user_id, member.display_name):
                self.redraw(loaded.id)

        self.after_answer(learn())
