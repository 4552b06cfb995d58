"""The servers the bot is in: a server left keeps its data for
GUILD_DATA_RETENTION_DAYS (its matches wait: no reminders, timeouts or bot
moves), a server back keeps everything, and the first READY resumes every
match (tables never shown, bot seats, deadlines) and then exempts what
start-up built from garbage collection (cogs/heap.py).

One listener per event, in this order: a server back must be known as
such before the matches are resumed, or its bot seats would stay still.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Protocol

import discord
from discord.ext import commands

from cogs import heap
from cogs.clock import Clock
from cogs.config import Config
from cogs.game_group import Host
from cogs.hosting.deadlines import Deadlines
from cogs.play.seats import SeatService
from storage import Store

log = logging.getLogger(__name__)


class GuildServices(Protocol):
    """What the servers' comings and goings use of the services (cogs/services.py)."""

    @property
    def config(self) -> Config: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def store(self) -> Store: ...

    @property
    def seats(self) -> SeatService: ...

    @property
    def deadlines(self) -> Deadlines: ...

    async def resume(self) -> None: ...


class Guilds(commands.Cog):
    def __init__(self, bot: Host, services: GuildServices):
        self.bot = bot
        self.services = services
        self._resumed = False

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        bot = self.bot
        log.info("ready as %s in %d server(s)", bot.user, len(bot.guilds))
        await self.servers_back([g.id for g in bot.guilds])  # re-added while we were away
        if not self._resumed:
            self._resumed = True
            await self.services.resume()
            self.services.deadlines.start()
            heap.freeze_startup_heap()

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot left a server (or was removed): its data is kept for
        GUILD_DATA_RETENTION_DAYS, in case it comes back, then purged by the
        deadline loop. `/game config forget:yes` deletes at once."""
        services = self.services
        retention = timedelta(days=services.config.guild_data_retention_days)
        purge_at = await services.store.guild_departed(guild.id, services.clock.now() + retention)
        gone = await services.store.live_matches(guild_id=guild.id)
        await services.seats.stop_matches([info.id for info in gone])
        log.info(
            "left server %s; its data is kept until %s",
            guild.id,
            purge_at.isoformat(timespec="minutes"),
        )

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.servers_back([guild.id])

    @commands.Cog.listener()
    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self.servers_back([guild.id])

    async def servers_back(self, guild_ids: list[int]) -> None:
        """Servers the bot is in again keep everything: their purge is
        cancelled, and their bot seats and deadlines carry on."""
        back = await self.services.store.guilds_back(guild_ids)
        if back:
            log.info("back in server(s) %s; their data is kept", ", ".join(map(str, back)))
            if self._resumed:  # else on_ready resumes every match anyway
                await self.services.resume()
                self.services.deadlines.wake()
