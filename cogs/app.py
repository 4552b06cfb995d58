"""The bot: opens the store, registers restart-proof components and the
`/game` commands, syncs commands only when they changed, and resumes bot
seats after a restart."""
from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord.ext import commands

from cogs import replies
from cogs.clock import Clock, OffsetClock
from cogs.components import DYNAMIC_ITEMS, is_ours
from cogs.config import Config
from cogs.deadlines import Deadlines
from cogs.games import Games
from cogs.history import History
from cogs.lobby import Lobbies
from cogs.logbook import Logbook
from cogs.moderation import Moderation
from cogs.tables import Tables
from storage import Store

log = logging.getLogger(__name__)

GLOBAL = 0  # the settings "guild" for bot-wide values


class GameHost(commands.Bot):
    def __init__(self, config: Config):
        intents = discord.Intents.none()
        intents.guilds = True  # channels, threads, roles; no privileged intents needed
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False))
        self.config = config
        self.clock = OffsetClock(config.test_clock) if config.test_clock else Clock()
        self.store: Store | None = None
        self._resumed = False

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.config.database_path, clock=self.clock.time)
        self.tables = Tables(self, self.store, self.config)
        self.lobbies = Lobbies(self, self.store, self.tables, self.config.fixed_seed)
        self.deadlines = Deadlines(self.store, self.tables, self.clock, self.config.deadline_poll)
        self.tables.deadlines = self.deadlines
        self.moderation = Moderation(self.store, self.tables, self.deadlines)
        self.history = History(self.store)
        self.logbook = Logbook(self.store, self.tables)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.add_cog(Games(self))
        self.tree.on_error = self.on_app_command_error
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync only when the command tree differs from the last synced one:
        Discord limits command creations per day."""
        guild = discord.Object(self.config.dev_guild_id) if self.config.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        scope = f"commands:{self.config.dev_guild_id or 'global'}:{self.application_id}"
        if await self.store.get_setting(GLOBAL, scope) == digest:
            log.info("slash commands unchanged; not syncing")
            return
        await self.tree.sync(guild=guild)
        await self.store.set_setting(GLOBAL, scope, digest)
        log.info("synced %d slash command(s) %s", len(payload),
                 f"to guild {self.config.dev_guild_id}" if guild else "globally")

    async def on_ready(self) -> None:
        log.info("ready as %s in %d server(s)", self.user, len(self.guilds))
        if not self._resumed:
            self._resumed = True
            await self.tables.resume()
            self.deadlines.start()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a component none of ours claims (an old or forged
        custom_id) would otherwise fail silently: answer it."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = (interaction.data or {}).get("custom_id", "")
        if not is_ours(custom_id):
            answer = replies.say(interaction, replies.INVALID_BUTTON)
            await replies.guarded(interaction, answer, log)

    async def on_app_command_error(self, interaction: discord.Interaction, error) -> None:
        log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"),
                  exc_info=error)
        try:
            await replies.say(interaction, replies.BROKEN)
        except discord.HTTPException:
            pass

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot left a server: its matches and settings go too."""
        removed = await self.store.delete_guild(guild.id)
        log.info("left server %s; removed %s match(es)", guild.id, removed)

    async def close(self) -> None:
        if self.store is not None:
            await self.deadlines.stop()
            await self.tables.stop()
        await super().close()
        if self.store is not None:
            await self.store.close()
