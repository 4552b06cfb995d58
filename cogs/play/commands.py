"""The play extension's `/game` commands: a player's hand, a match's table
(privately), the matches waiting on a player, and giving up. Thin calls
into the play services."""

from __future__ import annotations

import logging
from typing import Protocol

import discord
from discord import app_commands

from cogs import replies
from cogs.clock import Clock
from cogs.game_group import IN_DMS, MATCH_HELP, GameCog, with_match
from cogs.i18n import N_
from cogs.play.buttons import MoveClicks
from cogs.play.concede import Concessions
from cogs.play.tables import Tables
from cogs.play.waiting import show_waiting
from cogs.replies import guarded, say
from storage import CorruptMatch, MatchInfo, Status, Store

log = logging.getLogger(__name__)


class Lobby(Protocol):
    """A lobby drawn (cogs/hosting/lobby.py), for `/game status` before the start."""

    def render(self, info: MatchInfo) -> tuple[discord.Embed, discord.ui.View | None]: ...


class PlayServices(Protocol):
    """What the play extension uses of the services (cogs/services.py)."""

    @property
    def store(self) -> Store: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def clicks(self) -> MoveClicks: ...

    @property
    def concessions(self) -> Concessions: ...

    @property
    def lobbies(self) -> Lobby: ...


class PlayCommands(GameCog[PlayServices]):
    @app_commands.command(
        name="hand", description=N_("Show your hand and your moves (only you see it)")
    )
    @app_commands.describe(match=MATCH_HELP)
    async def hand(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await with_match(
            self.services.store,
            interaction,
            match,
            lambda info: self.services.clicks.open_panel(interaction, info.id, edit=False),
        )

    # (`/game spectate`, the same, made room for `/game learn`: Discord allows 25)
    @app_commands.command(name="status", description=N_("Show a match's table (only to you)"))
    @app_commands.describe(match=MATCH_HELP)
    async def status(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await with_match(
            self.services.store, interaction, match, lambda info: self.show_table(interaction, info)
        )

    async def show_table(self, interaction: discord.Interaction, info: MatchInfo) -> None:
        """The public view of a match, privately: never more than the table shows."""
        if info.status == Status.LOBBY:
            embed, _view = self.services.lobbies.render(info)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        try:
            loaded = await self.services.store.load(info.id)
        except CorruptMatch:
            await say(interaction, replies.CORRUPT_MATCH)
            return
        table = await self.services.tables.public.render(loaded)
        await interaction.response.send_message(
            embed=table.embed, files=table.files(), ephemeral=True
        )

    @app_commands.command(
        name="mine",
        description=N_("The matches waiting on your move (only you see it)"),
        extras={IN_DMS: True},  # from a DM: every server's
    )
    async def mine(self, interaction: discord.Interaction) -> None:
        await guarded(
            interaction, show_waiting(interaction, self.services.store, self.services.clock), log
        )

    @app_commands.command(name="concede", description=N_("Give up your seat in a match"))
    @app_commands.describe(match=MATCH_HELP)
    async def concede(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await with_match(
            self.services.store,
            interaction,
            match,
            lambda info: self.services.concessions.ask(interaction, info.id),
        )
