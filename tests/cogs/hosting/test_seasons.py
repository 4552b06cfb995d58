"""`/game season new` and `/game season list`: a nested group under `/game`,
a new season only by a host (anyone else is refused privately, and nothing
changes), announced publicly with the closed season's best players."""

from __future__ import annotations

import unittest.mock
from types import SimpleNamespace

import discord
from discord.ext import commands

from cogs.game_group import GameGroup, add_game_cog
from cogs.hosting.seasons import SeasonCommands
from cogs.replies import HOSTS_ONLY
from rules import Match
from tests.cogs.helpers import CHANNEL_ID, GUILD_ID, MockGuild, MockInteraction, MockMember
from tests.cogs.matches import ALICE, BOB

HOST = discord.Permissions(manage_guild=True)


async def duel(store, winner: int, loser: int, seed: str) -> None:
    match_id = await store.create_lobby(GUILD_ID, CHANNEL_ID, "cuttle", {}, winner)
    for user in (winner, loser):
        await store.add_user_seat(match_id, user)
    match = Match.new("cuttle", 2, seed)
    await store.start_match(match_id, match)
    await store.commit(match_id, match, match.concede(1, match.seq))


def command_by(permissions: discord.Permissions | None = None) -> MockInteraction:
    member = MockMember(guild=MockGuild(id=GUILD_ID), permissions=permissions)
    return MockInteraction(user=member, kind=discord.InteractionType.application_command)


async def test_the_season_commands_are_a_group_under_game() -> None:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    group = GameGroup()
    await add_game_cog(bot, SeasonCommands(group, unittest.mock.Mock()))
    [game] = bot.tree.get_commands()
    assert isinstance(game, GameGroup)
    season = game.get_command("season")
    assert isinstance(season, discord.app_commands.Group) and season.parent is game
    assert {c.name for c in season.commands} == {"new", "list"}
    for command in season.commands:
        assert isinstance(command, discord.app_commands.Command)
        assert isinstance(command.binding, SeasonCommands)
    payload = game.to_dict(bot.tree)
    [synced] = [o for o in payload["options"] if o["name"] == "season"]
    assert {o["name"] for o in synced["options"]} == {"new", "list"}
    await bot.remove_cog("SeasonCommands")
    assert game.get_command("season") is None


async def test_a_member_who_is_no_host_is_refused_and_nothing_changes(store) -> None:
    await duel(store, ALICE, BOB, "refused")
    cog = SeasonCommands(GameGroup(), SimpleNamespace(store=store))
    asked = command_by()
    await cog._new(asked)
    assert asked.answers() == [("send_message", HOSTS_ONLY)] and asked.private()
    assert await store.current_season(GUILD_ID) == 1
    assert len(await store.leaderboard(GUILD_ID, "cuttle")) == 2


async def test_a_host_closes_the_season_publicly_naming_its_best_players(store) -> None:
    await duel(store, ALICE, BOB, "first")
    cog = SeasonCommands(GameGroup(), SimpleNamespace(store=store))
    asked = command_by(HOST)
    await cog._new(asked)
    [(how, said), (_, best)] = asked.answers()
    assert how == "send_message" and said is not None
    assert "Season 1 is over; season 2 starts now" in said
    assert not asked.private()  # everyone sees it
    assert best is not None and "Season 1's best players" in best
    # bob lost his only match: no rated win, no medal
    assert f"**Cuttle**: 🥇 <@{ALICE}>\n" in best and f"<@{BOB}>" not in best
    assert "at least one rated win" in best  # the rule that chose them
    assert await store.current_season(GUILD_ID) == 2
    assert await store.leaderboard(GUILD_ID, "cuttle") == []
    # a season with no match: announced, and no best players to name
    again = command_by(HOST)
    await cog._new(again)
    assert [how for how, _ in again.answers()] == ["send_message"]
    listed = command_by()
    await cog._list(listed)
    [(how, _)] = listed.answers()
    embed = listed.response.answered[0][2]["embed"]
    lines = embed.description.splitlines()
    assert len(lines) == 3 and lines[0] == "**Season 1** — from the first match"
    assert lines[2].startswith("**Season 3** — from <t:") and lines[2].endswith(" (current)")
    assert f"started by <@{asked.user.id}>" in lines[1] and listed.private()
