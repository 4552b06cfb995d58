"""The bot: given the opened store, builds the services once
(cogs/services.py) and hands them to the play, hosting and history
extensions (each registers its restart-proof components and fills the one
`/game` group), syncs commands only when they changed, answers clicks
nobody claims, and shuts down within seconds."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.ext import commands

from cogs import replies, stats_file
from cogs.clock import Clock, OffsetClock
from cogs.components import will_dispatch
from cogs.config import Config
from cogs.game_group import GameGroup, GameTree, Host, UnreadableOptions
from cogs.history import extension as history
from cogs.hosting import extension as hosting
from cogs.i18n import speaking
from cogs.option_gate import BadOption
from cogs.play import extension as play
from cogs.presenters import board_pool
from cogs.services import Services, build
from cogs.slash_translator import CatalogueTranslator
from cogs.tournaments import extension as tournaments
from storage import Store

log = logging.getLogger(__name__)

#: an extension's setup: it registers its components and commands over the services
Setup = Callable[[Host, GameGroup, Services], Awaitable[None]]
#: the extensions (each stands alone: the services exist before any loads)
EXTENSIONS: tuple[Setup, ...] = (play.setup, hosting.setup, history.setup, tournaments.setup)

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
    busy = {
        t
        for t in asyncio.all_tasks()
        if t is not current and not t.done() and t.get_name().startswith(HANDLER_TASKS)
    }
    if busy:
        _, late = await asyncio.wait(busy, timeout=grace)
        if late:
            log.warning("%d interaction handler(s) still running at shutdown", len(late))


class GameHost(commands.AutoShardedBot):
    def __init__(self, config: Config, store: Store, clock: Clock):
        intents = discord.Intents.none()
        intents.guilds = True  # channels, threads, roles; no privileged intents needed
        # Every shard Discord recommends, in this process; or, with SHARD_COUNT
        # and SHARD_IDS, this process's part of them (cogs/shards.py).
        shards = config.shards
        layout: dict[str, Any] = {}
        if shards is not None:
            layout = {"shard_count": shards.count, "shard_ids": list(shards.ids)}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
            tree_cls=GameTree,  # reads a command's options before it runs
            **layout,
        )
        self.config = config
        #: every service, built once; the extensions and the components' clicks use them
        self.services = build(self, config, store, clock)
        self.game_group = GameGroup()  # `/game`: the extensions add its commands
        #: every restart-proof component registered (the extensions add theirs)
        self.items: list[type[discord.ui.DynamicItem[Any]]] = []
        self._closing = False
        self._stats: asyncio.Task[None] | None = None

    def add_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().add_dynamic_items(*items)
        self.items.extend(items)

    def remove_dynamic_items(self, *items: type[discord.ui.DynamicItem[Any]]) -> None:
        super().remove_dynamic_items(*items)
        self.items = [i for i in self.items if i not in items]

    async def setup_hook(self) -> None:
        for setup in EXTENSIONS:
            await setup(self, self.game_group, self.services)
        if self.config.test_stats is not None:
            self._stats = asyncio.create_task(
                stats_file.keep(self.services, self.config.test_stats), name="test-stats"
            )
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        await self.tree.set_translator(CatalogueTranslator())
        await self.sync_commands()

    async def sync_commands(self) -> None:
        """Sync only when the command tree differs from the last synced one:
        Discord limits command creations per day."""
        guild = discord.Object(self.config.dev_guild_id) if self.config.dev_guild_id else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        assert translator is not None  # set by setup_hook
        payload = [  # a new translation resyncs
            await c.get_translated_payload(self.tree, translator)
            for c in self.tree.get_commands(guild=guild)
        ]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        scope = f"commands:{self.config.dev_guild_id or 'global'}:{self.application_id}"
        if await self.services.store.get_setting(GLOBAL, scope) == digest:
            log.info("slash commands unchanged; not syncing")
            return
        await self.tree.sync(guild=guild)
        await self.services.store.set_setting(GLOBAL, scope, digest)
        log.info(
            "synced %d slash command(s) %s",
            len(payload),
            f"to guild {self.config.dev_guild_id}" if guild else "globally",
        )

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A click on a component none of ours claims (an old or forged
        custom_id) would otherwise fail silently: answer it. Every
        interaction tells us the user's language, kept for their DMs."""
        await self.services.languages.remember(interaction)
        if interaction.type is not discord.InteractionType.component:
            return
        if not will_dispatch(interaction, self.items):
            answer = replies.say(interaction, replies.INVALID_BUTTON)
            await replies.guarded(interaction, answer, log)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        with speaking(interaction.locale):  # answered privately, in the user's language
            await self._command_error(interaction, error)

    async def _command_error(
        self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError
    ) -> None:
        if isinstance(error, BadOption):  # the option named, with what it takes
            await replies.guarded(interaction, replies.say(interaction, error.refusal.text()), log)
            return
        if isinstance(
            error,
            (
                discord.app_commands.TransformerError,  # a value no client offers
                UnreadableOptions,  # a value discord.py cannot even read
                discord.app_commands.CheckFailure,  # answered by the check
            ),
        ):
            if not interaction.response.is_done():
                await replies.guarded(
                    interaction, replies.say(interaction, replies.BAD_OPTION), log
                )
            return
        if isinstance(
            error,
            (
                discord.app_commands.CommandNotFound,
                discord.app_commands.CommandSignatureMismatch,
            ),
        ):  # not a command as synced: a client with an old list of them, or forged
            log.warning("%s: %s (user %s)", type(error).__name__, error, interaction.user.id)
            await replies.guarded(
                interaction, replies.say(interaction, replies.UNKNOWN_COMMAND), log
            )
            return
        log.error(
            "command %s failed",
            getattr(interaction.command, "qualified_name", "?"),
            exc_info=error,
        )
        with contextlib.suppress(discord.HTTPException):
            await replies.say(interaction, replies.BROKEN)

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
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
            await self.services.stop()
            await drain_handlers(DRAIN_GRACE)
        finally:
            try:
                await self.services.store.close()
                await board_pool.WORKER.stop()
            finally:
                try:
                    await asyncio.wait_for(super().close(), DISCONNECT_GRACE)
                except TimeoutError:
                    log.warning(
                        "Discord did not acknowledge the disconnect within %.0f s",
                        DISCONNECT_GRACE,
                    )
