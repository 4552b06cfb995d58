"""The `/game` slash commands. Each one is a thin call into the lobby or
table services; anything that goes wrong is answered, never dropped."""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs import replies
from cogs.game_options import with_slash_options
from cogs.help import rules_embed, show_help
from cogs.hosting import may_manage
from cogs.i18n import LANGUAGES, N_, _, speaking
from cogs.moderation import NOTIFY_MODES, POLICY_NAMES
from cogs.presenters.seats import BOT_LABELS
from cogs.presenters import presented_games, presenter_for
from cogs.replies import guarded, say
from rules import get_game
from rules.bots import DEFAULT_LEVEL
from rules.bots import LEVELS as BOT_LEVELS
from storage import CorruptMatch, MatchInfo, Status, UnknownMatch

log = logging.getLogger(__name__)

POLICY_CHOICES = [app_commands.Choice(name=name, value=value)
                  for value, name in POLICY_NAMES.items()]
FORGET_CHOICES = [app_commands.Choice(name=N_("yes"), value="yes")]
BOT_LEVEL_CHOICES = [app_commands.Choice(name=BOT_LABELS[level], value=level)
                     for level in BOT_LEVELS]
GAME_CHOICES = [app_commands.Choice(name=presenter_for(gid).title, value=gid)
                for gid in presented_games()]
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]

#: a live match's state, in words
LIVE_WORDS = {"lobby": N_("lobby"), "active": N_("active")}
#: `/game notify`'s choices (Discord allows 100 characters)
NOTIFY_CHOICE_NAMES = {"mention": N_("mention: in the match's thread"),
                       "dm": N_("dm: a direct message"),
                       "off": N_("off: nothing (the table shows whose turn it is)")}

#: what the `match` option of most commands says
MATCH_HELP = N_("The match's number (default: the match shown here, or your only one)")

MAX_MATCH_ID = 2 ** 63 - 1    # SQLite's integers; Discord's may be larger


class Games(commands.Cog):
    game = app_commands.Group(name="game", description=N_("Play tabletop games here"),
                              guild_only=True)

    def __init__(self, bot):
        self.bot = bot

    @property
    def store(self):
        return self.bot.store

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Every `/game` command is about a server; one arriving from elsewhere
        (only a forged one can) is answered and goes no further."""
        if interaction.guild_id is None:
            await say(interaction, replies.WRONG_SERVER)
            return False
        return True

    async def find_match(self, interaction: discord.Interaction, match_id: int | None,
                         ) -> MatchInfo | None:
        """The match named, else the one shown in this channel or thread, else
        the user's only live match in this server; None after saying why."""
        try:
            if match_id is not None:
                if not (isinstance(match_id, int) and 0 < match_id <= MAX_MATCH_ID):
                    raise UnknownMatch(match_id)
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

    async def with_match(self, interaction: discord.Interaction, match_id: int | None,
                         handler) -> None:
        """Resolve the match a command is about, then run `handler(info)`;
        every failure is answered."""
        async def work():
            info = await self.find_match(interaction, match_id)
            if info is not None:
                await handler(info)
        await guarded(interaction, work(), log)

    # -- commands -------------------------------------------------------------------
    @game.command(name="new", description=N_("Open a lobby for a new match"))
    @app_commands.describe(game=N_("Which game"), players=N_("Seats in total (starts when full)"),
                           bots=N_("How many seats bots take"),
                           bot_level=N_("How well those bots play (default: greedy)"),
                           here=N_("Play in this channel instead of a new thread"))
    @app_commands.choices(game=GAME_CHOICES, bot_level=BOT_LEVEL_CHOICES)
    @with_slash_options  # each game's own options (cogs/game_options.py)
    async def new(self, interaction: discord.Interaction, game: app_commands.Choice[str],
                  players: app_commands.Range[int, 2, 5] | None = None,
                  bots: app_commands.Range[int, 0, 4] = 0,
                  bot_level: app_commands.Choice[str] | None = None, here: bool = False,
                  **options):
        async def work():
            if bots < 0:
                await say(interaction, replies.NEGATIVE_BOTS)
                return
            level = bot_level.value if bot_level else DEFAULT_LEVEL
            await self.bot.lobbies.create(interaction, game.value, players, bots, options, here,
                                          level=level)
        await guarded(interaction, work(), log)

    @game.command(name="hand", description=N_("Show your hand and your moves (only you see it)"))
    @app_commands.describe(match=MATCH_HELP)
    async def hand(self, interaction: discord.Interaction, match: int | None = None):
        await self.with_match(interaction, match, lambda info: self.bot.tables.open_panel(
            interaction, info.id, edit=False))

    @game.command(name="status", description=N_("Show a match's table (only to you)"))
    @app_commands.describe(match=MATCH_HELP)
    async def status(self, interaction: discord.Interaction, match: int | None = None):
        await self.with_match(interaction, match, lambda info: self.show_table(interaction, info))

    @game.command(name="spectate", description=N_("Watch a match: its public table, only to you"))
    @app_commands.describe(match=MATCH_HELP)
    async def spectate(self, interaction: discord.Interaction, match: int | None = None):
        await self.with_match(interaction, match, lambda info: self.show_table(interaction, info))

    async def show_table(self, interaction: discord.Interaction, info: MatchInfo) -> None:
        """The public view of a match, privately: never more than the table shows."""
        if info.status == Status.LOBBY:
            embed, _view = self.bot.lobbies.render(info)
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

    @game.command(name="list", description=N_("This server's open matches"))
    async def list_(self, interaction: discord.Interaction):
        async def work():
            infos = await self.store.live_matches(guild_id=interaction.guild_id)
            if not infos:
                await say(interaction, N_("No open matches here. Start one with `/game new`."))
                return
            lines = []
            for info in infos[:25]:
                title = _(presenter_for(info.game).title)
                where = f"<#{info.thread_id}>" if info.thread_id else f"<#{info.channel_id}>"
                players = ", ".join(f"<@{s.user_id}>" if s.user_id else "🤖"
                                    for s in info.seats)
                status = _(LIVE_WORDS.get(info.status.value, info.status.value))
                lines.append(f"**#{info.id}** {title} — {status} — {where} — {players}")
            embed = discord.Embed(title=_("Open matches"), description="\n".join(lines))
            await interaction.response.send_message(embed=embed, ephemeral=True)
        await guarded(interaction, work(), log)

    @game.command(name="rules", description=N_("A summary of a game's rules"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]):
        async def work():
            await interaction.response.send_message(embed=rules_embed(game.value),
                                                    ephemeral=True)
        await guarded(interaction, work(), log)

    @game.command(name="help", description=N_("How to start a match and play a turn, and the rules"))
    async def help(self, interaction: discord.Interaction):
        await guarded(interaction, show_help(interaction), log)

    @game.command(name="concede", description=N_("Give up your seat in a match"))
    @app_commands.describe(match=MATCH_HELP)
    async def concede(self, interaction: discord.Interaction, match: int | None = None):
        await self.with_match(interaction, match,
                              lambda info: self.bot.tables.ask_concede(interaction, info.id))

    @game.command(name="cancel", description=N_("Cancel a match (its creator or a moderator)"))
    @app_commands.describe(match=MATCH_HELP)
    async def cancel(self, interaction: discord.Interaction, match: int | None = None):
        async def work():
            info = await self.find_match(interaction, match)
            if info is None:
                return
            if not await may_manage(self.store, info, interaction.user):
                await say(interaction,
                          N_("Only the match's creator or a moderator can cancel it."))
                return
            if info.status not in (Status.LOBBY, Status.ACTIVE):
                await say(interaction, replies.NOT_ACTIVE)
                return
            await self.store.cancel(info.id)
            with speaking(await self.bot.languages.of_server(info.guild_id)):  # in public
                text = _("Match #{match} was cancelled by {host}.", match=info.id,
                         host=interaction.user.mention)
            await interaction.response.send_message(
                text, allowed_mentions=discord.AllowedMentions.none())
            await self.bot.lobbies.refresh_lobby(info.id)
            if info.status == Status.ACTIVE:
                await self.bot.tables.refresh_table(info.id)
        await guarded(interaction, work(), log)

    # -- async play and hosting ------------------------------------------------------
    @game.command(name="notify", description=N_("How you hear that it's your move"))
    @app_commands.describe(mode=N_("mention in the thread, a direct message, or nothing"))
    @app_commands.choices(mode=[app_commands.Choice(name=NOTIFY_CHOICE_NAMES[k], value=k)
                                for k in NOTIFY_MODES])
    async def notify(self, interaction: discord.Interaction, mode: app_commands.Choice[str]):
        await guarded(interaction, self.bot.moderation.notify(interaction, mode.value), log)

    @game.command(name="timer", description=N_("Show or set a match's reminder and timeout"))
    @app_commands.describe(match=MATCH_HELP,
                           reminder=N_("e.g. 12h, 2d or never"), timeout=N_("e.g. 2d or never"),
                           policy=N_("what happens on timeout"))
    @app_commands.choices(policy=POLICY_CHOICES)
    async def timer(self, interaction: discord.Interaction, match: int | None = None,
                    reminder: str | None = None, timeout: str | None = None,
                    policy: app_commands.Choice[str] | None = None):
        await self.with_match(interaction, match, lambda info: self.bot.moderation.timer(
            interaction, info, reminder, timeout, policy.value if policy else None))

    @game.command(name="config", description=N_("Show or set this server's game settings"))
    @app_commands.describe(threads=N_("a thread per match"), reminder=N_("default reminder, e.g. 24h"),
                           timeout=N_("default timeout, e.g. 3d or never"),
                           policy=N_("what happens on timeout"),
                           host_role=N_("members of this role may host and moderate matches"),
                           clear_host_role=N_("let anyone host again"),
                           forget=N_("delete all of this server's game data now (asks first)"),
                           language=N_("the language of tables, lobbies and pings"))
    @app_commands.choices(policy=POLICY_CHOICES, forget=FORGET_CHOICES,
                          language=LANGUAGE_CHOICES)
    async def config(self, interaction: discord.Interaction, threads: bool | None = None,
                     reminder: str | None = None, timeout: str | None = None,
                     policy: app_commands.Choice[str] | None = None,
                     host_role: discord.Role | None = None, clear_host_role: bool = False,
                     forget: app_commands.Choice[str] | None = None,
                     language: app_commands.Choice[str] | None = None):
        await guarded(interaction, self.bot.moderation.configure(
            interaction, threads=threads, reminder=reminder, timeout=timeout,
            policy=policy.value if policy else None, host_role=host_role,
            clear_host_role=clear_host_role, forget=forget is not None,
            language=language.value if language else None), log)

    @game.command(name="kick", description=N_("Hand a player's seat to a bot (hosts)"))
    @app_commands.describe(member=N_("The player whose seat a bot takes"), match=MATCH_HELP)
    async def kick(self, interaction: discord.Interaction, member: discord.Member,
                   match: int | None = None):
        await self.with_match(interaction, match, lambda info: self.bot.moderation.kick(
            interaction, info, member))

    @game.command(name="replace", description=N_("Give a player's seat to another member (hosts)"))
    @app_commands.describe(member=N_("The player who leaves"), substitute=N_("The member who takes the seat"), match=MATCH_HELP)
    async def replace(self, interaction: discord.Interaction, member: discord.Member,
                      substitute: discord.Member, match: int | None = None):
        await self.with_match(interaction, match, lambda info: self.bot.moderation.replace(
            interaction, info, member, substitute))

    @game.command(name="pause", description=N_("Pause a match: no moves or timeouts (hosts)"))
    @app_commands.describe(match=MATCH_HELP)
    async def pause(self, interaction: discord.Interaction, match: int | None = None):
        await self.with_match(interaction, match,
                              lambda info: self.bot.moderation.pause(interaction, info))

    @game.command(name="resume", description=N_("Resume a paused match (hosts)"))
    @app_commands.describe(match=MATCH_HELP)
    async def resume(self, interaction: discord.Interaction, match: int | None = None):
        await self.with_match(interaction, match,
                              lambda info: self.bot.moderation.resume(interaction, info))

    # -- looking back -----------------------------------------------------------------
    @game.command(name="history", description=N_("Recent finished matches on this server"))
    async def history(self, interaction: discord.Interaction):
        await guarded(interaction, self.bot.history.recent(interaction), log)

    @game.command(name="stats", description=N_("A member's games on this server"))
    @app_commands.describe(member=N_("Whose games (default: yours)"))
    async def stats(self, interaction: discord.Interaction, member: discord.Member | None = None):
        await guarded(interaction, self.bot.history.stats(interaction, member or interaction.user),
                      log)

    @game.command(name="leaderboard", description=N_("The best players of a game on this server"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction,
                          game: app_commands.Choice[str]):
        await guarded(interaction, self.bot.history.leaderboard(interaction, game.value), log)

    @game.command(name="log", description=N_("Everything that happened in a match, move by move"))
    @app_commands.describe(match=MATCH_HELP)
    async def log(self, interaction: discord.Interaction, match: int | None = None):
        await self.with_match(interaction, match,
                              lambda info: self.bot.logbook.show_log(interaction, info.id))

    @game.command(name="replay", description=N_("Step through a finished match, move by move"))
    @app_commands.describe(match=N_("The finished match's number"))
    async def replay(self, interaction: discord.Interaction, match: int):
        await guarded(interaction, self.bot.logbook.show_replay(interaction, match, 0), log)

    @game.command(name="export", description=N_("A finished match's seed and moves, for replay"))
    @app_commands.describe(match=MATCH_HELP)
    async def export(self, interaction: discord.Interaction, match: int | None = None):
        if match is not None:
            await self.with_match(interaction, match,
                                  lambda info: self.bot.history.export(interaction, info))
            return

        async def work():  # the finished match shown here, else the list to choose from
            info = await self.store.match_shown_in(interaction.channel_id)
            if (info is not None and info.guild_id == interaction.guild_id
                    and info.status == Status.FINISHED):
                await self.bot.history.export(interaction, info)
            else:
                await self.bot.history.exportable(interaction)
        await guarded(interaction, work(), log)
