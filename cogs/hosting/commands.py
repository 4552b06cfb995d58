"""The hosting extension's `/game` commands: opening a match, the list of
open ones, rules and help, and what hosts and players set (cancel, kick,
replace, pause, resume, timers, the server's settings, notifications).
Thin calls into the hosting services; anything that goes wrong is
answered, never dropped."""

from __future__ import annotations

import logging
from typing import Any, Protocol

import discord
from discord import app_commands

from cogs import replies
from cogs.game_group import GAME_CHOICES, MATCH_HELP, GameCog, find_match, is_whole, with_match
from cogs.hosting.game_options import with_slash_options
from cogs.hosting.help import show_help, show_rules
from cogs.hosting.learn import Learning
from cogs.hosting.lobby import Lobbies
from cogs.hosting.moderation import NOTIFY_MODES, POLICY_NAMES, Moderation
from cogs.hosting.settings import may_manage
from cogs.i18n import LANGUAGES, N_, _, speaking
from cogs.language import Languages
from cogs.play.tables import Tables
from cogs.presenters import presenter_for
from cogs.presenters.seats import BOT_LABELS
from cogs.replies import guarded, say
from rules.bots import DEFAULT_LEVEL
from rules.bots import LEVELS as BOT_LEVELS
from storage import Status, Store

log = logging.getLogger(__name__)

POLICY_CHOICES = [
    app_commands.Choice(name=name, value=value) for value, name in POLICY_NAMES.items()
]
FORGET_CHOICES = [app_commands.Choice(name=N_("yes"), value="yes")]
BOT_LEVEL_CHOICES = [
    app_commands.Choice(name=BOT_LABELS[level], value=level) for level in BOT_LEVELS
]
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()]

#: a live match's state, in words
LIVE_WORDS = {"lobby": N_("lobby"), "active": N_("active")}
#: `/game notify`'s choices (Discord allows 100 characters)
NOTIFY_CHOICE_NAMES = {
    "mention": N_("mention: in the match's thread"),
    "dm": N_("dm: a direct message"),
    "off": N_("off: nothing (the table shows whose turn it is)"),
}


class HostingServices(Protocol):
    """What the hosting commands use of the services (cogs/services.py)."""

    @property
    def store(self) -> Store: ...

    @property
    def languages(self) -> Languages: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def lobbies(self) -> Lobbies: ...

    @property
    def moderation(self) -> Moderation: ...

    @property
    def learning(self) -> Learning: ...


#: `/game cancel` of a tournament's table: its round needs a result
TOURNAMENT_TABLE = N_(
    "Match #{match} is a table of tournament #{tournament}, whose round needs its result: "
    "a host ends it with `/game tournament forfeit` (the player who loses it), or cancels "
    "the whole tournament with `/game tournament cancel`."
)


class HostingCommands(GameCog[HostingServices]):
    # -- matches ----------------------------------------------------------------------
    @app_commands.command(name="new", description=N_("Open a lobby for a new match"))
    @app_commands.describe(
        game=N_("Which game"),
        players=N_("Seats in total (starts when full)"),
        bots=N_("How many seats bots take"),
        bot_level=N_("How well those bots play (default: greedy)"),
        here=N_("Play in this channel instead of a new thread"),
        hints=N_("Let players ask for a 💡 hint: what the expert bot would do (off by default)"),
    )
    @app_commands.choices(game=GAME_CHOICES, bot_level=BOT_LEVEL_CHOICES)
    @with_slash_options  # each game's own options (cogs/hosting/game_options.py)
    async def new(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        players: app_commands.Range[int, 2, 5] | None = None,
        bots: app_commands.Range[int, 0, 4] = 0,
        bot_level: app_commands.Choice[str] | None = None,
        here: bool = False,
        hints: bool = False,
        **options: Any,
    ) -> None:
        async def work() -> None:
            # discord.py passes these on unchecked: a forged request may send any type
            numbers = (bots,) if players is None else (bots, players)
            flags = (here, hints)
            if not all(isinstance(f, bool) for f in flags) or not all(is_whole(n) for n in numbers):
                await say(interaction, replies.BAD_OPTION)
                return
            if bots < 0:
                await say(interaction, replies.NEGATIVE_BOTS)
                return
            level = bot_level.value if bot_level else DEFAULT_LEVEL
            await self.services.lobbies.create(
                interaction, game.value, players, bots, options, here, level=level, hints=hints
            )

        await guarded(interaction, work(), log)

    @app_commands.command(
        name="learn", description=N_("Learn a game: a guided practice match against bots")
    )
    @app_commands.describe(game=N_("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    @with_slash_options  # each game's own options (e.g. a shorter match)
    async def learn(
        self, interaction: discord.Interaction, game: app_commands.Choice[str], **options: Any
    ) -> None:
        await guarded(
            interaction, self.services.learning.start(interaction, game.value, options), log
        )

    @app_commands.command(name="list", description=N_("This server's open matches"))
    async def list_(self, interaction: discord.Interaction) -> None:
        async def work() -> None:
            infos = await self.services.store.live_matches(guild_id=interaction.guild_id)
            infos = [info for info in infos if not info.learn]  # lessons are private
            if not infos:
                await say(interaction, N_("No open matches here. Start one with `/game new`."))
                return
            lines = []
            for info in infos[:25]:
                title = _(presenter_for(info.game).title)
                where = f"<#{info.thread_id}>" if info.thread_id else f"<#{info.channel_id}>"
                players = ", ".join(f"<@{s.user_id}>" if s.user_id else "🤖" for s in info.seats)
                status = _(LIVE_WORDS.get(info.status.value, info.status.value))
                lines.append(f"**#{info.id}** {title} — {status} — {where} — {players}")
            embed = discord.Embed(title=_("Open matches"), description="\n".join(lines))
            await interaction.response.send_message(embed=embed, ephemeral=True)

        await guarded(interaction, work(), log)

    @app_commands.command(name="rules", description=N_("A summary of a game's rules"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await guarded(interaction, show_rules(interaction, game.value), log)

    @app_commands.command(
        name="help", description=N_("How to start a match and play a turn, and the rules")
    )
    async def help(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, show_help(interaction), log)

    @app_commands.command(
        name="cancel", description=N_("Cancel a match (its creator or a moderator)")
    )
    @app_commands.describe(match=MATCH_HELP)
    async def cancel(self, interaction: discord.Interaction, match: int | None = None) -> None:
        async def work() -> None:
            info = await find_match(self.services.store, interaction, match)
            if info is None:
                return
            if not await may_manage(self.services.store, info, interaction.user):
                await say(interaction, N_("Only the match's creator or a moderator can cancel it."))
                return
            if info.status not in (Status.LOBBY, Status.ACTIVE):
                await say(interaction, replies.NOT_ACTIVE)
                return
            table = await self.services.store.table_of_match(info.id)
            if table is not None:  # cancelled, its tournament's round would wait for ever
                await say(interaction, TOURNAMENT_TABLE, match=info.id, tournament=table[0])
                return
            await self.services.store.cancel(info.id)
            with speaking(await self.services.languages.of_server(info.guild_id)):  # in public
                text = _(
                    "Match #{match} was cancelled by {host}.",
                    match=info.id,
                    host=interaction.user.mention,
                )
            await interaction.response.send_message(
                text, allowed_mentions=discord.AllowedMentions.none()
            )
            await self.services.lobbies.refresh_lobby(info.id)
            if info.status == Status.ACTIVE:
                await self.services.tables.refresh(info.id)
                await self.services.tables.pings.withdraw(info.id)  # its Your move leads nowhere

        await guarded(interaction, work(), log)

    # -- async play and hosting ------------------------------------------------------
    @app_commands.command(name="notify", description=N_("How you hear that it's your move"))
    @app_commands.describe(
        mode=N_("mention in the thread, a direct message, or nothing"),
        quick_pass=N_("Pass for me when passing is all I can do (others may read a quick pass)"),
    )
    @app_commands.choices(
        mode=[app_commands.Choice(name=NOTIFY_CHOICE_NAMES[k], value=k) for k in NOTIFY_MODES]
    )
    async def notify(
        self,
        interaction: discord.Interaction,
        mode: app_commands.Choice[str] | None = None,
        quick_pass: bool | None = None,
    ) -> None:
        await guarded(
            interaction,
            self.services.moderation.notify(interaction, mode.value if mode else None, quick_pass),
            log,
        )

    @app_commands.command(
        name="timer", description=N_("Show or set a match's reminder and timeout")
    )
    @app_commands.describe(
        match=MATCH_HELP,
        reminder=N_("e.g. 12h, 2d or never"),
        timeout=N_("e.g. 2d or never"),
        policy=N_("what happens on timeout"),
    )
    @app_commands.choices(policy=POLICY_CHOICES)
    async def timer(
        self,
        interaction: discord.Interaction,
        match: int | None = None,
        reminder: str | None = None,
        timeout: str | None = None,
        policy: app_commands.Choice[str] | None = None,
    ) -> None:
        await with_match(
            self.services.store,
            interaction,
            match,
            lambda info: self.services.moderation.timer(
                interaction, info, reminder, timeout, policy.value if policy else None
            ),
        )

    @app_commands.command(name="config", description=N_("Show or set this server's game settings"))
    @app_commands.describe(
        threads=N_("a thread per match"),
        reminder=N_("default reminder, e.g. 24h"),
        timeout=N_("default timeout, e.g. 3d or never"),
        policy=N_("what happens on timeout"),
        host_role=N_("members of this role may host and moderate matches"),
        clear_host_role=N_("let anyone host again"),
        forget=N_("delete all of this server's game data now (asks first)"),
        language=N_("the language of tables, lobbies and pings"),
        stand_in=N_("the bot level that takes a seat a person leaves (default Expert)"),
    )
    @app_commands.choices(
        policy=POLICY_CHOICES,
        forget=FORGET_CHOICES,
        language=LANGUAGE_CHOICES,
        stand_in=BOT_LEVEL_CHOICES,
    )
    async def config(
        self,
        interaction: discord.Interaction,
        threads: bool | None = None,
        reminder: str | None = None,
        timeout: str | None = None,
        policy: app_commands.Choice[str] | None = None,
        host_role: discord.Role | None = None,
        clear_host_role: bool = False,
        forget: app_commands.Choice[str] | None = None,
        language: app_commands.Choice[str] | None = None,
        stand_in: app_commands.Choice[str] | None = None,
    ) -> None:
        await guarded(
            interaction,
            self.services.moderation.configure(
                interaction,
                threads=threads,
                reminder=reminder,
                timeout=timeout,
                policy=policy.value if policy else None,
                host_role=host_role,
                clear_host_role=clear_host_role,
                forget=forget is not None,
                language=language.value if language else None,
                stand_in=stand_in.value if stand_in else None,
            ),
            log,
        )

    @app_commands.command(name="kick", description=N_("Hand a player's seat to a bot (hosts)"))
    @app_commands.describe(member=N_("The player whose seat a bot takes"), match=MATCH_HELP)
    async def kick(
        self, interaction: discord.Interaction, member: discord.Member, match: int | None = None
    ) -> None:
        await with_match(
            self.services.store,
            interaction,
            match,
            lambda info: self.services.moderation.kick(interaction, info, member),
        )

    @app_commands.command(
        name="replace", description=N_("Give a player's seat to another member (hosts)")
    )
    @app_commands.describe(
        member=N_("The player who leaves"),
        substitute=N_("The member who takes the seat"),
        match=MATCH_HELP,
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        member: discord.Member,
        substitute: discord.Member,
        match: int | None = None,
    ) -> None:
        await with_match(
            self.services.store,
            interaction,
            match,
            lambda info: self.services.moderation.replace(interaction, info, member, substitute),
        )

    @app_commands.command(
        name="pause", description=N_("Pause a match: no moves or timeouts (hosts)")
    )
    @app_commands.describe(match=MATCH_HELP)
    async def pause(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await with_match(
            self.services.store,
            interaction,
            match,
            lambda info: self.services.moderation.pause(interaction, info),
        )

    @app_commands.command(name="resume", description=N_("Resume a paused match (hosts)"))
    @app_commands.describe(match=MATCH_HELP)
    async def resume(self, interaction: discord.Interaction, match: int | None = None) -> None:
        await with_match(
            self.services.store,
            interaction,
            match,
            lambda info: self.services.moderation.resume(interaction, info),
        )
