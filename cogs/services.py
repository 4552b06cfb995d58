"""The services, built once, in one place: what the extensions (cogs.play,
cogs.hosting, cogs.history) receive and the components' clicks reach.

Nothing is hung on the bot but this one object (cogs/app.py holds it), so
no extension depends on another's having loaded first, and shutting down
stops what is here, whatever loaded. The services that need each other
(a move plans its deadline; a timeout makes a move) are wired here.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from cogs.clock import Clock
from cogs.config import Config
from cogs.history.logbook import Logbook
from cogs.history.results import History
from cogs.hosting.deadlines import Deadlines
from cogs.hosting.lobby import Lobbies
from cogs.hosting.moderation import Moderation
from cogs.language import Languages
from cogs.play.clicks import Clicks
from cogs.play.concede import Concessions
from cogs.play.moves import Moves
from cogs.play.seats import SeatService
from cogs.play.tables import Tables
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
    deadlines: Deadlines
    moderation: Moderation
    history: History
    logbook: Logbook
    tournaments: TournamentRunner  # rounds paired, their matches opened, standings shown
    signups: Signups  # tournaments' sign-ups and hosts' acts

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


def build(client: discord.Client, config: Config, store: Store, clock: Clock) -> Services:
    """Every service, each made once, over the opened store."""
    languages = Languages(client, store)
    tables = Tables(client, store, config, languages, clock)
    deadlines = Deadlines(store, tables, clock, config.deadline_poll)
    tables.moves.deadlines = deadlines  # a move plans its deadline in its own commit
    lobbies = Lobbies(client, store, tables, config.fixed_seed)
    tournaments = TournamentRunner(client, store, lobbies, languages, tables.seats.owns)
    tables.on_finish = tournaments.on_match_over  # a tournament's match over: it moves on
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
        deadlines=deadlines,
        moderation=Moderation(store, tables, deadlines),
        history=History(store),
        logbook=Logbook(store, tables.names),
        tournaments=tournaments,
        signups=Signups(store, tournaments, languages, tables),
    )
