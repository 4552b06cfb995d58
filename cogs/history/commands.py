"""The history extension's `/game` commands: recent results, a member's
record, a game's leaderboard, a match's log, replay and export. Thin calls
into the history services."""

from __future__ import annotations

import logging
from typing import Protocol

import discord
from discord import app_commands

from cogs.game_group import GAME_CHOICES, MATCH_HELP, GameCog, with_match
from cogs.history.logbook import Logbook
from cogs.history.results import History
from cogs.i18n import N_
from cogs.replies import guarded
from storage import Status, Store

log = logging.getLogger(__name__)

#: what the `season` option of the look-backs says
SEASON_HELP = N_("Which rating season (default: the current one)")


class HistoryServices(Protocol):
    """What the history extension uses of the services (cogs/services.py)."""

    @property
    def store(self) -> Store: ...

    @property
    def history(self) -> History: ...

    @property
    def logbook(self) -> Logbook: ...


class HistoryCommands(GameCog[HistoryServices]):
    @app_commands.command(name="history", description=N_("Recent finished matches on this server"))
    async def history(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self.services.history.recent(interaction), log)

    @app_commands.command(name="stats", description=N_("A member's games on this server"))
    @app_commands.describe(member=N_("Whose games (default: yours)"), season=SEASON_HELP)
    async def stats(
        self,
        interaction: discord.Interaction,
        member: discord.Member | None = None,
        season: app_commands.Range[int, 1] | None = None,
    ) -> None:
        await guarded(
            interaction,
            self.services.history.stats(interaction, member or interaction.user, season),
            log,
        )

    @app_commands.command(
        name="leaderboard", description=N_("The best players of a game on this server")
    )
    @app_commands.describe(game=N_("Which game"), season=SEASON_HELP)
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        season: app_commands.Range[int, 1] | None = None,
    ) -> None:
        await guarded(
            interaction, self.services.history.leaderboard(interaction, game.value, season), log
        )

    @app_commands.command(
        name="log", description=N_("Everything that happened in a match, move by move")
    )
    @app_commands.describe(match=MATCH_HELP)
    async def log(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await with_match(
            self.services.store,
            interaction,
            match,
            lambda info: self.services.logbook.show_log(interaction, info.id),
        )

    @app_commands.command(
        name="replay", description=N_("Step through a finished match, move by move")
    )
    @app_commands.describe(match=N_("The finished match's number"))
    async def replay(self, interaction: discord.Interaction, match: int) -> None:
        await with_match(  # an id out of any store's range is answered, as for the others
            self.services.store,
            interaction,
            match,
            lambda info: self.services.logbook.show_replay(interaction, info.id, 0),
        )

    @app_commands.command(
        name="export", description=N_("A finished match's seed and moves, for replay")
    )
    @app_commands.describe(match=MATCH_HELP)
    async def export(self, interaction: discord.Interaction, match: int | None = None) -> None:
        if match is not None:
            await with_match(
                self.services.store,
                interaction,
                match,
                lambda info: self.services.history.export(interaction, info),
            )
            return

        async def work() -> None:  # the finished match shown here, else the list to choose from
            info = (
                await self.services.store.match_shown_in(interaction.channel_id)
                if interaction.channel_id is not None
                else None
            )
            if (
                info is not None
                and info.guild_id == interaction.guild_id
                and info.status == Status.FINISHED
            ):
                await self.services.history.export(interaction, info)
            else:
                await self.services.history.exportable(interaction)

        await guarded(interaction, work(), log)
