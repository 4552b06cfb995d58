"""The bot: given the opened store, registers restart-proof components and the
`/game` commands, syncs commands only when they changed, and resumes bot
seats after a restart."""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from datetime import timedelta

import discord
from discord.ext import commands

from cogs import replies, stats_file
from cogs.clock import Clock, OffsetClock
from cogs.components import DYNAMIC_ITEMS, will_dispatch
from cogs.config import Config
from cogs.deadlines import Deadlines
from cogs.forget import ForgetButton
from cogs.games import Games
from cogs.help import RulesButton
from cogs.i18n import speaking
from cogs.presenters import board_pool
from cogs.history import History
from cogs.lobby import Lobbies
from cogs.logbook import Logbook
from cogs.moderation import Moderation
from cogs.slash_translator import CatalogueTranslator
from cogs.tables import Tables
from storage import Store

log = logging.getLogger(__name__)

#: every restart-proof component the bot registers
ITEMS = (*DYNAMIC_ITEMS, ForgetButton, RulesButton)

GLOBAL = 0  # the settings "guild" for bot-wide values
# Shutdown budget (seconds): the whole of it stays under 5 (Docker's stop grace is 10).
DRAIN_GRACE = 1.5  # clicks and commands already running may finish
DISCONNECT_GRACE = 1.5  # Discord may acknowledge the disconnect
# discord.py's names for the tasks running interaction handlers and event listeners
HANDLER_TASKS = ("discord-ui-", "CommandTree-invoker", "discord.py: on_")


def make_clock(config: Config) -> Clock:
    """The clock of the store and the deadlines (offset in tests)."""
    return OffsetClock(config.test_clock) if config.test_clock else Clock()


async def drain_handlers(grace: float) -> None:
    """Wait (at most `grace` seconds) for the interaction handlers and event
    listeners running now."""
    current = asyncio.current_task()
    busy = {t for t in asyncio.all_tasks()
            if t is not current and not t.done() and t.get_name().startswith(HANDLER_TASKS)}
    if busy:
        _, late = await asyncio.wait(busy, timeout=grace)
        if late:
            log.warning("%d interaction handler(s) still running at shutdown", len(late))


class GameHost(commands.Bot):
    def __init__(self, config: Config, store: Store, clock: Clock):
        intents = discord.Intents.none()
        intents.guilds = True  # channels, threads, roles; no privileged intents needed
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None,
                         allowed_mentions=discord.AllowedMentions(everyone=False, roles=False))
        self.config = config
        self.clock = clock
        self.store = store  # opened, checked and migrated before login (see bot.py)
        self._resumed = False
        self._closing = False

    async def setup_hook(self) -> None:
        self.tables = Tables(self, self.store, self.config)
        self.languages = self.tables.languages
        self.lobbies = Lobbies(self, self.store, self.tables, self.config.fixed_seed)
        self.deadlines = Deadlines(self.store, self.tables, self.clock, self.config.deadline_poll)
        self.tables.deadlines = self.deadlines
        self.moderation = Moderation(self.store, self.tables, self.deadlines)
        self.history = History(self.store)
        self.logbook = Logbook(self.store, self.tables)
        self.add_dynamic_items(*ITEMS)
        if self.config.test_stats is not None:
            self._stats = asyncio.create_task(stats_file.keep(self, self.config.test_stats),
                                              name="test-stats")
        await self.add_cog(Games(self))
        self.tree.on_error = self.on_app_command_error
        await self.tree.set_translator(CatalogueTranslator())
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync only when the command tree differs from the last synced one:
        Discord limits command creations per day."""
        guild = discord.Object(self.config.dev_guild_id) if self.config.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        payload = [await c.get_translated_payload(self.tree, self.tree.translator)
                   for c in self.tree.get_commands(guild=guild)]  # a new translation resyncs
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
        await self.servers_back([g.id for g in self.guilds])  # re-added while we were away
        if not self._resumed:
            self._resumed = True
            await self.tables.resume()
            self.deadlines.start()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a component none of ours claims (an old or forged
        custom_id) would otherwise fail silently: answer it. Every
        interaction tells us the user's language, kept for their DMs."""
        await self.languages.remember(interaction)
        if interaction.type is not discord.InteractionType.component:
            return
        if not will_dispatch(interaction, ITEMS):
            answer = replies.say(interaction, replies.INVALID_BUTTON)
            await replies.guarded(interaction, answer, log)

    async def on_app_command_error(self, interaction: discord.Interaction, error) -> None:
        with speaking(interaction.locale):  # answered privately, in the user's language
            await self._command_error(interaction, error)

    async def _command_error(self, interaction: discord.Interaction, error) -> None:
        if isinstance(error, (discord.app_commands.TransformerError,  # a value no client offers
                              discord.app_commands.CheckFailure)):    # answered by the check
            if not interaction.response.is_done():
                await replies.guarded(interaction, replies.say(interaction, replies.BAD_OPTION), log)
            return
        log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"),
                  exc_info=error)
        try:
            await replies.say(interaction, replies.BROKEN)
        except discord.HTTPException:
            pass

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot left a server (or was removed): its data is kept for
        GUILD_DATA_RETENTION_DAYS, in case it comes back, then purged by the
        deadline loop. `/game config forget:yes` deletes at once."""
        retention = timedelta(days=self.config.guild_data_retention_days)
        purge_at = await self.store.guild_departed(guild.id, self.clock.now() + retention)
        gone = await self.store.live_matches(guild_id=guild.id)
        await self.tables.seats.stop_matches([info.id for info in gone])
        log.info("left server %s; its data is kept until %s", guild.id,
                 purge_at.isoformat(timespec="minutes"))

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.servers_back([guild.id])

    async def on_guild_available(self, guild: discord.Guild) -> None:
        await self.servers_back([guild.id])

    async def servers_back(self, guild_ids: list[int]) -> None:
        """Servers the bot is in again keep everything: their purge is
        cancelled, and their bot seats and deadlines carry on."""
        back = await self.store.guilds_back(guild_ids)
        if back:
            log.info("back in server(s) %s; their data is kept", ", ".join(map(str, back)))
            if self._resumed:  # else on_ready resumes every match anyway
                await self.tables.resume()
                self.deadlines.wake()

    def dispatch(self, event_name: str, /, *args, **kwargs) -> None:
        """Once closing, events are dropped: the services they would call are
        stopping, and discord.py's close() unsets the loop its dispatch
        schedules on (a late `ready` from its guild_ready_timeout wait would
        fail with an AttributeError). Clicks and commands are not events:
        they are still answered, politely, while the store closes."""
        if self._closing or self.is_closed():
            return
        super().dispatch(event_name, *args, **kwargs)

    async def close(self) -> None:
        """Stop timers and bot seats; let running clicks and commands finish
        (at most DRAIN_GRACE), so a move taken is also shown; close the
        store, which lets a move being committed finish (a move is stored
        whole or not at all) and makes later clicks answer "restarting";
        then disconnect, waiting at most DISCONNECT_GRACE for Discord."""
        self._closing = True
        try:
            if hasattr(self, "deadlines"):  # setup_hook ran
                await self.deadlines.stop()
                await self.tables.stop()
            await drain_handlers(DRAIN_GRACE)
        finally:
            try:
                await self.store.close()
                await board_pool.WORKER.stop()
            finally:
                try:
                    await asyncio.wait_for(super().close(), DISCONNECT_GRACE)
                except asyncio.TimeoutError:
                    log.warning("Discord did not acknowledge the disconnect within %.0f s",
                                DISCONNECT_GRACE)
