"""The composition root: every service and every part of one, built once,
here and nowhere else, each handed what it uses through its constructor;
nothing is patched after construction. The services are what the
extensions (cogs.play, cogs.hosting, cogs.history, cogs.tournaments)
receive and the components' clicks reach.

Nothing is hung on the bot but this one object (cogs/app.py holds it), so
no extension depends on another's having loaded first, and shutting down
stops what is here, whatever loaded. Where services call each other in a
cycle (a bot's move is shown, and showing it lets the next bot move), the
call against the order of construction goes through a Relay
(cogs/relay.py), connected here.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from cogs.clock import Clock
from cogs.config import Config
from cogs.history.logbook import Logbook
from cogs.history.results import History
from cogs.hosting.deadline_plans import DeadlinePlans
from cogs.hosting.deadlines import Deadlines
from cogs.hosting.learn import Learning
from cogs.hosting.lobby import Lobbies
from cogs.hosting.moderation import Moderation
from cogs.language import Languages
from cogs.play.click_timings import ClickTimings
from cogs.play.clicks import Clicks
from cogs.play.concede import Concessions
from cogs.play.endless import EndlessGuard
from cogs.play.hand_panels import HandPanels
from cogs.play.learn_hints import GuideHints
from cogs.play.moves import DeadlinePlanner, Moves
from cogs.play.names import SeatNames
from cogs.play.pings import Pings
from cogs.play.places import Places
from cogs.play.public_table import PublicTable
from cogs.play.seats import SeatService, every_guild
from cogs.play.table_editor import TableEditor
from cogs.play.tables import Tables
from cogs.relay import Relay
from cogs.thinking import Thinking
from cogs.thinking.pool import ThinkingPool
from cogs.tournaments.runner import TournamentRunner
from cogs.tournaments.signups import Signups
from storage import Store


@dataclass(frozen=True, slots=True)
class Services:
    config: Config
    clock: Clock
    store: Store  # opened, checked and migrated before login (see bot.py)
    languages: Languages  # which language each message speaks
    tables: Tables  # the tables, panels, names and pings of running matches
    moves: Moves  # every move: one load, one commit (cogs/play/moves.py)
    seats: SeatService  # bot seats' moves and seats handed over
    clicks: Clicks
    concessions: Concessions
    lobbies: Lobbies
    plans: DeadlinePlans  # a match's deadlines set (a move's in its own commit)
    deadlines: Deadlines  # the timer: what fell due reminded or timed out
    moderation: Moderation
    history: History
    logbook: Logbook
    tournaments: TournamentRunner  # rounds paired, their matches opened, standings shown
    signups: Signups  # tournaments' sign-ups and hosts' acts
    learning: Learning  # `/game learn`: a guided first match

    async def resume(self) -> None:
        """After a start: matches started but never shown are shown (their
        lobby too), bot seats move again (Tables.resume)."""
        for match_id in await self.tables.resume():
            await self.lobbies.finish_start(match_id)
        await self.tournaments.resume()

    async def stop(self) -> None:
        """Stop timers, bot seats and table edits (the store is the caller's)."""
        await self.deadlines.stop()
        await self.tournaments.stop()
        await self.tables.stop()


@dataclass(frozen=True, slots=True)
class MatchOver:
    """Told of each match over: its tournament moves on, and a lesson
    (`/game learn`) shows its review."""

    tournaments: TournamentRunner
    learning: Learning

    async def __call__(self, match_id: int) -> None:
        await self.tournaments.on_match_over(match_id)
        await self.learning.on_match_over(match_id)


def play_tables(
    client: discord.Client,
    store: Store,
    config: Config,
    languages: Languages,
    clock: Clock,
    plans: DeadlinePlanner | None = None,
    finished: Callable[[int], Awaitable[None]] | None = None,
) -> Tables:
    """The play extension's core and its parts, each made once and handed
    to what uses it. `plans`: how a move plans its deadlines (None: it
    plans none); `finished`: told of each match over. Two calls go against
    the order of construction (cogs/relay.py): a bot seat's move is shown
    by the tables, which let the next bot move; a seat's name learnt
    redraws the table drawn with it."""
    redraw: Relay[[int], object] = Relay("a seat's name learnt: its table redrawn")
    shown: Relay[..., Awaitable[None]] = Relay("a bot seat's move shown")
    names = SeatNames(client, store, redraw)
    places = Places(client, store, languages)
    public = PublicTable(client, store, config, languages, names, places)
    timings = ClickTimings(config.click_times)
    editor = TableEditor(
        public.show_latest,
        public.seq_now if config.shards is not None else None,  # other processes edit too
        on_shown=timings.table_shown if timings.on else None,
    )
    redraw.connect(editor.want)
    pings = Pings(client, store, languages, places)
    moves = Moves(store, pings, clock.now, plans)
    thinking = Thinking(ThinkingPool(config.bot_workers))
    guard = EndlessGuard(moves, pings.announce_words, shown, finished)
    seats = SeatService(
        moves,
        shown,
        move_delay=config.bot_move_delay,
        thinking=thinking,
        owns=config.shards.owns if config.shards is not None else every_guild,
        guard=guard,
    )
    tables = Tables(
        store,
        config,
        languages,
        names=names,
        places=places,
        public=public,
        editor=editor,
        hands=HandPanels(store, names, GuideHints(store, thinking)),
        pings=pings,
        moves=moves,
        seats=seats,
        thinking=thinking,
        timings=timings,
        finished=finished,
    )
    shown.connect(tables.after_move)
    return tables


def build(client: discord.Client, config: Config, store: Store, clock: Clock) -> Services:
    """Every service, each made once, over the opened store. A tournament's
    match over moves its tournament on, and the tournaments open matches
    through the lobbies, which run on the tables: that call is a Relay."""
    languages = Languages(client, store)
    plans = DeadlinePlans(store, clock)  # a move plans its deadline in its own commit
    finished: Relay[[int], Awaitable[None]] = Relay("a match over: its tournament moves on")
    tables = play_tables(client, store, config, languages, clock, plans, finished)
    deadlines = Deadlines(store, tables, clock, config.deadline_poll, plans)
    lobbies = Lobbies(client, store, tables, config.fixed_seed)
    tournaments = TournamentRunner(client, store, lobbies, languages, tables.seats.owns)
    learning = Learning(client, store, tables, lobbies)
    finished.connect(MatchOver(tournaments, learning))
    return Services(
        config=config,
        clock=clock,
        store=store,
        languages=languages,
        tables=tables,
        moves=tables.moves,
        seats=tables.seats,
        clicks=Clicks(tables),
        concessions=Concessions(tables),
        lobbies=lobbies,
        plans=plans,
        deadlines=deadlines,
        moderation=Moderation(store, tables, plans),
        history=History(store),
        logbook=Logbook(store, tables.names),
        tournaments=tournaments,
        signups=Signups(store, tournaments, languages, tables),
        learning=learning,
    )
