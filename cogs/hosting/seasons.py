"""`/game season new` (hosts only) and `/game season list`: a host closes
the server's rating season and everyone's rating starts afresh; the closed
seasons stay readable (`/game leaderboard season:N`, `/game stats
season:N`), since ratings are replayed from the record."""

from __future__ import annotations

import logging
from typing import Protocol

import discord
from discord import app_commands

from cogs import replies
from cogs.game_group import GameCog
from cogs.history.seasons import podiums_text, seasons_text
from cogs.hosting.settings import is_host
from cogs.i18n import N_, _
from cogs.replies import guarded, say
from storage import Store

log = logging.getLogger(__name__)


class SeasonServices(Protocol):
    """What the season commands use of the services (cogs/services.py)."""

    @property
    def store(self) -> Store: ...


class SeasonCommands(GameCog[SeasonServices]):
    season = app_commands.Group(name="season", description=N_("Rating seasons on this server"))

    @season.command(
        name="new", description=N_("Close this season's ratings and start a new season (hosts)")
    )
    async def new(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._new(interaction), log)

    @season.command(name="list", description=N_("This server's rating seasons"))
    async def list(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._list(interaction), log)

    async def _new(self, interaction: discord.Interaction) -> None:
        store = self.services.store
        guild_id = interaction.guild_id
        assert guild_id is not None  # /game commands are about a server
        if not await is_host(store, interaction.user):
            await say(interaction, replies.HOSTS_ONLY)
            return
        number = await store.new_season(guild_id, interaction.user.id)
        await interaction.response.send_message(
            _(
                "🏁 Season {closed} is over; season {season} starts now. Everyone's rating "
                "starts afresh; `/game leaderboard season:{closed}` still shows the "
                "season that closed.",
                closed=number - 1,
                season=number,
            ),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        # the best of the closed season: replayed, so after the answer (3 s)
        best = await podiums_text(store, guild_id, number - 1)
        if best is not None:
            await interaction.followup.send(best, allowed_mentions=discord.AllowedMentions.none())

    async def _list(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        seasons = await self.services.store.seasons(interaction.guild_id)
        await interaction.response.send_message(
            embed=discord.Embed(title=_("Rating seasons"), description=seasons_text(seasons)),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )
