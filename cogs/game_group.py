"""The one `/game` slash command group, which the play, hosting and history
extensions fill, and what their commands share: finding the match a
command is about, and answering whatever goes wrong.

discord.py binds a cog's app commands to the cog, but has no group shared
by several cogs: a `GameCog`'s top-level commands are moved under the bot's
`/game` group when the cog loads (CommandTree.add_command then adds the
group, their root parent) and taken out of it when the cog unloads.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from cogs import option_gate, replies
from cogs.i18n import N_
from cogs.option_gate import is_whole as is_whole  # the hosts' and seasons' checks use it
from cogs.presenters import presented_games, presenter_for
from cogs.replies import guarded, say
from storage import MatchInfo, Store, UnknownMatch

log = logging.getLogger(__name__)

#: what the `match` option of most commands says
MATCH_HELP = N_("The match's number (default: the match shown here, or your only one)")


#: the `game` option's choices: the games offered in Discord
GAME_CHOICES = [
    app_commands.Choice(name=presenter_for(gid).title, value=gid) for gid in presented_games()
]


#: in a command's `extras`: it also works from a DM with the bot (`/game mine`)
IN_DMS = "in_dms"


class GameGroup(app_commands.Group):
    """`/game`: every command of the bot. Discord offers a group's
    subcommands where it offers the group, so the group is offered in DMs
    too, for the commands marked IN_DMS; the others refuse there."""

    def __init__(self) -> None:
        super().__init__(
            name="game",
            description=N_("Play tabletop games here"),
            allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True),
        )

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """A `/game` command is about a server, unless marked IN_DMS; one
        from elsewhere is answered and goes no further."""
        command = interaction.command
        in_dms = isinstance(command, app_commands.Command) and command.extras.get(IN_DMS) is True
        if interaction.guild_id is None and not in_dms:
            await say(interaction, replies.SERVER_ONLY)
            return False
        return True


class UnreadableOptions(app_commands.AppCommandError):
    """A command whose option values discord.py cannot read (a member "abc",
    a number "x"): no Discord client sends one, a forged request may. Raised
    before the command runs, and answered by the tree's error handler."""


#: an option holding subcommands (the command's own options are in the innermost)
SUBCOMMAND_TYPES = (
    discord.AppCommandOptionType.subcommand.value,
    discord.AppCommandOptionType.subcommand_group.value,
)


def read_options(interaction: discord.Interaction) -> None:
    """Read the options as discord.py is about to (its `Namespace` turns ids
    into ints and numbers into floats), raising UnreadableOptions where it
    would fail: it would fail outside any handler, and the interaction would
    never be answered."""
    data: Any = interaction.data or {}
    try:
        options = data.get("options", [])
        while options and options[0].get("type") in SUBCOMMAND_TYPES:
            options = options[0].get("options", [])
        app_commands.Namespace(interaction, data.get("resolved", {}), options)
    except Exception as exc:
        raise UnreadableOptions(f"unreadable options: {exc}") from exc


def gate(tree: app_commands.CommandTree, interaction: discord.Interaction) -> None:
    """Check every option against the declared parameters of the command
    it is for (cogs/option_gate.py), raising BadOption for the first one
    no client would send; a payload without the shape of options raises
    UnreadableOptions. A command the tree does not know is left to the tree,
    which answers it as such."""
    data: Any = interaction.data or {}
    try:
        if data.get("type", 1) != 1:  # a context menu's: no options
            return
        command, _ = tree._get_app_command_options(data)
    except app_commands.AppCommandError:
        return  # not a command as synced: the tree looks again, and answers it
    except Exception as exc:
        # as discord.py's `_call` does, so that its error path need not look again
        interaction._cs_command = None  # type: ignore[attr-defined]
        raise UnreadableOptions(f"unreadable command: {exc}") from exc
    if not isinstance(command, app_commands.Command):
        return
    try:
        option_gate.check(command, data)
    except option_gate.BadOption:
        raise
    except Exception as exc:
        raise UnreadableOptions(f"unreadable options: {exc}") from exc


class GameTree(app_commands.CommandTree):
    """The bot's command tree: a slash command's options are checked
    against what the command declares, and read, before it runs, so a forged
    value is answered (by the tree's on_error, cogs/app.py) instead of
    reaching a handler, or being dropped."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.type is discord.InteractionType.application_command:
            gate(self, interaction)
            read_options(interaction)
        return True


#: the services a cog's commands use, as its own Protocol names them
Used = TypeVar("Used")


class GameCog(commands.Cog, Generic[Used]):
    """A cog whose slash commands are `/game` subcommands, over the services
    (cogs/services.py) it is given: `Used` names what it uses of them."""

    def __init__(self, group: GameGroup, services: Used):
        self.group = group
        self.services = services

    async def cog_load(self) -> None:
        for command in self.get_app_commands():
            self.group.add_command(command)

    async def cog_unload(self) -> None:
        for command in self.walk_app_commands():
            if command.parent is self.group:
                self.group.remove_command(command.name)


#: the bot, as the extensions register with it (GameHost is an AutoShardedBot)
Host = commands.Bot | commands.AutoShardedBot


async def add_game_cog(bot: Host, cog: GameCog) -> None:
    """Load a GameCog. Each one adds the bot's `/game` group to the tree
    again (the same group): hence `override`."""
    await bot.add_cog(cog, override=True)


async def find_match(
    store: Store, interaction: discord.Interaction, match_id: int | None
) -> MatchInfo | None:
    """The match named, else the one shown in this channel or thread, else
    the user's only live match in this server; None after saying why."""
    try:
        if match_id is not None:
            if match_id < 1:  # an int within SQLite's range: the option gate saw to it
                raise UnknownMatch(match_id)
            info = await store.info(match_id)
            if info.guild_id != interaction.guild_id:
                raise UnknownMatch(match_id)
            return info
    except UnknownMatch:
        await say(interaction, replies.UNKNOWN_MATCH)
        return None
    channel_id = interaction.channel_id
    found = await store.match_shown_in(channel_id) if channel_id is not None else None
    if found is None:
        mine = await store.live_matches(guild_id=interaction.guild_id, user_id=interaction.user.id)
        if len(mine) == 1:
            found = mine[0]
    if found is None:
        await say(interaction, replies.NO_MATCH_HERE)
    return found


async def with_match(
    store: Store,
    interaction: discord.Interaction,
    match_id: int | None,
    handler: Callable[[MatchInfo], Awaitable[object]],
) -> None:
    """Resolve the match a command is about, then run `handler(info)`;
    every failure is answered."""

    async def work() -> None:
        info = await find_match(store, interaction, match_id)
        if info is not None:
            await handler(info)

    await guarded(interaction, work(), log)
