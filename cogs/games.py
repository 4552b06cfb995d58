"""The `/game` slash commands. Each one is a thin call into the lobby or
table services; anything that goes wrong is answered, never dropped."""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs import replies
from cogs.lobby import may_manage
from cogs.presenters import presented_games, presenter_for
from cogs.replies import guarded, say
from rules import get_game
from storage import CorruptMatch, MatchInfo, Status, UnknownMatch

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=get_game(gid).name, value=gid)
                for gid in presented_games()]


def parse_options(text: str | None) -> dict:
    """`side=B deals=3 clover_other_pawn=yes` -> {"side": "B", "deals": 3, ...}."""
    options: dict = {}
    for part in (text or "").replace(",", " ").split():
        if "=" not in part:
            raise ValueError(f"'{part}' is not of the form name=value")
        name, value = part.split("=", 1)
        if value.lower() in ("yes", "true", "on"):
            options[name] = True
        elif value.lower() in ("no", "false", "off"):
            options[name] = False
        elif value.lstrip("-").isdigit():
            options[name] = int(value)
        else:
            options[name] = value
    return options


class Games(commands.Cog):
    game = app_commands.Group(name="game", description="Play tabletop games here",
                              guild_only=True)

    def __init__(self, bot):
        self.bot = bot

    @property
    def store(self):
        return self.bot.store

    async def find_match(self, interaction: discord.Interaction, match_id: int | None,
                         ) -> MatchInfo | None:
        """The match named, else the one shown in this channel or thread, else
        the user's only live match in this server; None after saying why."""
        try:
            if match_id is not None:
                info = await self.store.info(match_id)
                if info.guild_id != interaction.guild_id:
                    raise UnknownMatch(match_id)
                return info
        except UnknownMatch:
            await say(interaction, replies.UNKNOWN_MATCH)
            return None
        info = await self.store.match_shown_in(interaction.channel_id)
        if info is None:
            mine = await self.store.live_matches(guild_id=interaction.guild_id,
                                                 user_id=interaction.user.id)
            if len(mine) == 1:
                info = mine[0]
        if info is None:
            await say(interaction, replies.NO_MATCH_HERE)
        return info

    # -- commands -------------------------------------------------------------------
    @game.command(name="new", description="Open a lobby for a new match")
    @app_commands.describe(game="Which game", players="Seats in total (starts when full)",
                           bots="How many seats bots take", options="Game options, e.g. side=B",
                           here="Play in this channel instead of a new thread")
    @app_commands.choices(game=GAME_CHOICES)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  players: app_commands.Range[int, 2, 5] | None = None,
                  bots: app_commands.Range[int, 0, 4] = 0, options: str | None = None,
                  here: bool = False):
        async def work():
            try:
                parsed = parse_options(options)
            except ValueError as exc:
                await say(interaction, f"I couldn't read the options: {exc}")
                return
            await self.bot.lobbies.create(interaction, game.value, players, bots, parsed, here)
        await guarded(interaction, work(), log)

    @game.command(name="hand", description="Show your hand and your moves (only you see it)")
    async def hand(self, interaction: discord.Interaction, match: int | None = None):
        async def work():
            info = await self.find_match(interaction, match)
            if info is not None:
                await self.bot.tables.open_panel(interaction, info.id, edit=False)
        await guarded(interaction, work(), log)

    @game.command(name="status", description="Show a match's table (only to you)")
    async def status(self, interaction: discord.Interaction, match: int | None = None):
        async def work():
            info = await self.find_match(interaction, match)
            if info is None:
                return
            if info.status == Status.LOBBY:
                embed, _ = self.bot.lobbies.render(info)
                await interaction.response.send_message(embed=embed, ephemeral=True)
                return
            try:
                loaded = await self.store.load(info.id)
            except CorruptMatch:
                await say(interaction, replies.CORRUPT_MATCH)
                return
            table = await self.bot.tables.render_table(loaded)
            await interaction.response.send_message(embed=table.embed, files=table.files(),
                                                    ephemeral=True)
        await guarded(interaction, work(), log)

    @game.command(name="list", description="This server's open matches")
    async def list_(self, interaction: discord.Interaction):
        async def work():
            infos = await self.store.live_matches(guild_id=interaction.guild_id)
            if not infos:
                await say(interaction, "No open matches here. Start one with `/game new`.")
                return
            lines = []
            for info in infos[:25]:
                title = presenter_for(info.game).title
                where = f"<#{info.thread_id}>" if info.thread_id else f"<#{info.channel_id}>"
                players = ", ".join(f"<@{s.user_id}>" if s.user_id else "🤖"
                                    for s in info.seats)
                lines.append(f"**#{info.id}** {title} — {info.status.value} — {where} — {players}")
            embed = discord.Embed(title="Open matches", description="\n".join(lines))
            await interaction.response.send_message(embed=embed, ephemeral=True)
        await guarded(interaction, work(), log)

    @game.command(name="rules", description="A summary of a game's rules")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]):
        async def work():
            presenter = presenter_for(game.value)
            embed = discord.Embed(title=f"How to play {game.name}",
                                  description=presenter.rules_summary)
            await interaction.response.send_message(embed=embed, ephemeral=True)
        await guarded(interaction, work(), log)

    @game.command(name="concede", description="Give up your seat in a match")
    async def concede(self, interaction: discord.Interaction, match: int | None = None):
        async def work():
            info = await self.find_match(interaction, match)
            if info is None:
                return
            await self.bot.tables.concede(interaction, info.id)
        await guarded(interaction, work(), log)

    @game.command(name="cancel", description="Cancel a match (its creator or a moderator)")
    async def cancel(self, interaction: discord.Interaction, match: int | None = None):
        async def work():
            info = await self.find_match(interaction, match)
            if info is None:
                return
            if not may_manage(info, interaction.user):
                await say(interaction, "Only the match's creator or a moderator can cancel it.")
                return
            if info.status not in (Status.LOBBY, Status.ACTIVE):
                await say(interaction, replies.NOT_ACTIVE)
                return
            await self.store.cancel(info.id)
            await interaction.response.send_message(
                f"Match #{info.id} was cancelled by {interaction.user.mention}.",
                allowed_mentions=discord.AllowedMentions.none())
            await self.bot.lobbies.refresh_lobby(info.id)
            if info.status == Status.ACTIVE:
                await self.bot.tables.refresh_table(info.id)
        await guarded(interaction, work(), log)

