"""One `/game` group, filled by three extensions' cogs: every subcommand is
bound to the cog that defines it, a cog unloaded takes only its own
commands out, and a command from outside a server is answered and stops."""

from __future__ import annotations

import unittest.mock

import discord
import pytest
from discord.ext import commands

from cogs import replies
from cogs.game_group import (
    GameCog,
    GameGroup,
    GameTree,
    UnreadableOptions,
    add_game_cog,
    is_whole,
)
from cogs.history.commands import HistoryCommands
from cogs.hosting.commands import HostingCommands
from cogs.play.commands import PlayCommands
from cogs.services import Services
from tests.cogs.helpers import MockInteraction

COGS: tuple[type[GameCog], ...] = (PlayCommands, HostingCommands, HistoryCommands)


async def bot_with_cogs() -> commands.Bot:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    group = GameGroup()  # what GameHost holds
    services = unittest.mock.create_autospec(Services, instance=True)  # not called here
    for cog in COGS:
        await add_game_cog(bot, cog(group, services))
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
        "PlayCommands": {"hand", "status", "concede", "mine"},
        "HostingCommands": {
            *("new", "learn", "list", "rules", "help", "cancel", "notify"),
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


# -- the tree reads a command's options before it runs (issue 27) --------------------


def game_tree() -> GameTree:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none(), tree_cls=GameTree)
    assert isinstance(bot.tree, GameTree)
    return bot.tree


def stats_for(value: object) -> MockInteraction:
    """`/game stats member:<value>`, as the gateway delivers it."""
    interaction = MockInteraction(kind=discord.InteractionType.application_command)
    member = {"name": "member", "type": discord.AppCommandOptionType.user.value, "value": value}
    subcommand = {"name": "stats", "type": 1, "options": [member]}
    interaction.data = {"id": "1", "name": "game", "type": 1, "options": [subcommand]}
    return interaction


@pytest.mark.parametrize("value", ["abc", ["x"], None, "1e3"])
async def test_an_option_discord_py_cannot_read_fails_the_trees_check(value) -> None:
    tree = game_tree()
    with pytest.raises(UnreadableOptions):
        await tree.interaction_check(stats_for(value))


@pytest.mark.parametrize("value", ["1234", 1234])
async def test_a_readable_option_passes_the_trees_check(value) -> None:
    tree = game_tree()
    assert await tree.interaction_check(stats_for(value)) is True


def test_only_an_int_is_a_whole_number() -> None:
    assert is_whole(3) and is_whole(10**30) and is_whole(-1)
    assert not any(is_whole(v) for v in ("3", 3.0, True, None, [3]))
