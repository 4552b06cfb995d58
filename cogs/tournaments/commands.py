"""`/game tournament …`: open a tournament (hosts), its standings, and the
hosts' acts on it. Thin calls into the sign-ups (cogs/tournaments/signups.py)."""

from __future__ import annotations

import logging
from typing import Protocol

import discord
from discord import app_commands

from cogs.game_group import GAME_CHOICES, GameCog
from cogs.hosting.moderation import POLICY_NAMES
from cogs.hosting.settings import parse_duration
from cogs.i18n import N_
from cogs.replies import guarded, say
from cogs.tournaments.names import FORMAT_NAMES
from cogs.tournaments.record import DROP, FORFEIT
from cogs.tournaments.signups import Signups

log = logging.getLogger(__name__)

FORMAT_CHOICES = [app_commands.Choice(name=name, value=v) for v, name in FORMAT_NAMES.items()]
POLICY_CHOICES = [app_commands.Choice(name=name, value=v) for v, name in POLICY_NAMES.items()]
TOURNAMENT_HELP = N_("The tournament's number (default: the one running here)")


class TournamentServices(Protocol):
    @property
    def signups(self) -> Signups: ...


class TournamentCommands(GameCog[TournamentServices]):
    tournament = app_commands.Group(
        name="tournament", description=N_("Tournaments run by the bot on this server")
    )

    @tournament.command(name="new", description=N_("Open a tournament's sign-up here (hosts)"))
    @app_commands.describe(
        game=N_("Which game"),
        format=N_("Swiss, round robin or single elimination"),
        rounds=N_("Swiss rounds (default: enough to find a winner)"),
        players_per_match=N_("Players at each table (Swiss only beyond two)"),
        timeout=N_("How long a player may take a turn, e.g. 2d (default: the server's)"),
        policy=N_("What happens on timeout (default: the server's)"),
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES, policy=POLICY_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        format: app_commands.Choice[str],
        rounds: app_commands.Range[int, 1, 20] | None = None,
        players_per_match: app_commands.Range[int, 2, 5] | None = None,
        timeout: app_commands.Range[str, 1, 20] | None = None,
        policy: app_commands.Choice[str] | None = None,
    ) -> None:
        async def work() -> None:
            seconds = None
            if timeout is not None:
                try:
                    seconds = parse_duration(timeout)
                except ValueError as exc:
                    await say(interaction, str(exc))
                    return
            await self.services.signups.new(
                interaction,
                game.value,
                format.value,
                rounds,
                players_per_match,
                seconds,
                policy.value if policy else None,
            )

        await guarded(interaction, work(), log)

    @tournament.command(name="standings", description=N_("A tournament's standings"))
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def standings(
        self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1] | None = None
    ) -> None:
        await guarded(interaction, self.services.signups.standings(interaction, tournament), log)

    @tournament.command(name="drop", description=N_("Take a player out of the tournament (hosts)"))
    @app_commands.describe(player=N_("Who"), tournament=TOURNAMENT_HELP)
    async def drop(
        self,
        interaction: discord.Interaction,
        player: discord.Member,
        tournament: app_commands.Range[int, 1] | None = None,
    ) -> None:
        work = self.services.signups.act(interaction, tournament, DROP, player)
        await guarded(interaction, work, log)

    @tournament.command(
        name="forfeit", description=N_("A player loses their table of this round (hosts)")
    )
    @app_commands.describe(player=N_("Who loses by forfeit"), tournament=TOURNAMENT_HELP)
    async def forfeit(
        self,
        interaction: discord.Interaction,
        player: discord.Member,
        tournament: app_commands.Range[int, 1] | None = None,
    ) -> None:
        work = self.services.signups.act(interaction, tournament, FORFEIT, player)
        await guarded(interaction, work, log)

    @tournament.command(name="pause", description=N_("Hold the next round (hosts)"))
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def pause(
        self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1] | None = None
    ) -> None:
        work = self.services.signups.act(interaction, tournament, "pause")
        await guarded(interaction, work, log)

    @tournament.command(name="resume", description=N_("Let the tournament go on (hosts)"))
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def resume(
        self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1] | None = None
    ) -> None:
        await guarded(
            interaction, self.services.signups.act(interaction, tournament, "resume"), log
        )

    @tournament.command(name="cancel", description=N_("Cancel the tournament (hosts)"))
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def cancel(
        self, interaction: discord.Interaction, tournament: app_commands.Range[int, 1] | None = None
    ) -> None:
        await guarded(
            interaction, self.services.signups.act(interaction, tournament, "cancel"), log
        )
