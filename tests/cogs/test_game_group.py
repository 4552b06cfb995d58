"""One `/game` group, filled by three extensions' cogs: every subcommand is
bound to the cog that defines it, a cog unloaded takes only its own
commands out, and a command from outside a server is answered and stops."""

from __future__ import annotations

import discord
from discord.ext import commands

from cogs import replies
from cogs.game_group import GameCog, GameGroup, add_game_cog
from cogs.history.commands import HistoryCommands
from cogs.hosting.commands import HostingCommands
from cogs.play.commands import PlayCommands
from tests.cogs.helpers import MockInteraction

COGS: tuple[type[GameCog], ...] = (PlayCommands, HostingCommands, HistoryCommands)


async def bot_with_cogs() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    bot.game_group = GameGroup()  # type: ignore[attr-defined]  # what GameHost holds
    for cog in COGS:
        await add_game_cog(bot, cog(bot))  # type: ignore[arg-type]
    return bot


async def test_the_three_cogs_fill_one_game_group_each_command_bound_to_its_cog() -> None:
    bot = await bot_with_cogs()
    [group] = bot.tree.get_commands()
    assert isinstance(group, GameGroup) and group.name == "game"
    by_cog: dict[str, set[str]] = {}
    for command in group.commands:
        assert isinstance(command, discord.app_commands.Command)  # no nested group
        by_cog.setdefault(type(command.binding).__name__, set()).add(command.name)
    assert by_cog == {
        "PlayCommands": {"hand", "status", "spectate", "concede", "mine"},
        "HostingCommands": {
            *("new", "list", "rules", "help", "cancel", "notify"),
            *("timer", "config", "kick", "replace", "pause", "resume"),
        },
        "HistoryCommands": {"history", "stats", "leaderboard", "log", "replay", "export"},
    }


async def test_a_cog_unloaded_takes_out_only_its_own_commands() -> None:
    bot = await bot_with_cogs()
    await bot.remove_cog("HistoryCommands")
    [group] = bot.tree.get_commands()
    assert isinstance(group, GameGroup)
    names = {c.name for c in group.commands}
    assert not names & {"history", "stats", "leaderboard", "log", "replay", "export"}
    assert {"hand", "new", "config"} <= names and len(names) == 17


async def test_a_command_from_outside_a_server_is_answered_and_goes_no_further() -> None:
    group = GameGroup()
    outside = MockInteraction(guild_id=None, kind=discord.InteractionType.application_command)
    assert not await group.interaction_check(outside)
    assert outside.answers() == [("send_message", replies.SERVER_ONLY)] and outside.private()
    inside = MockInteraction(kind=discord.InteractionType.application_command)
    assert await group.interaction_check(inside) and inside.answers() == []
