"""Where a match is shown: its thread, its channel once the thread is closed
to the bot, or nowhere (then a host is told once, and nothing is sent)."""

from __future__ import annotations

import unittest.mock
from typing import Any

import discord
import pytest

from cogs.language import Languages
from cogs.play.places import Places
from storage import Store
from tests.cogs.helpers import CHANNEL_ID, GUILD_ID, MockBot
from tests.cogs.matches import ALICE, BOB, started
from tests.cogs.test_permissions import http_error

THREAD_ID = CHANNEL_ID + 1
SENDS = discord.Permissions(view_channel=True, send_messages=True, embed_links=True)
SENDS_IN_THREADS = discord.Permissions(
    view_channel=True, send_messages_in_threads=True, embed_links=True
)


class World:
    """A match in a thread, and the bot's cached permissions per place."""

    def __init__(self, store: Store, match_id: int):
        self.store, self.match_id = store, match_id
        self.bot = MockBot()
        self.permissions: dict[int, discord.Permissions | None] = {}
        guild = unittest.mock.Mock(spec=discord.Guild)
        guild.me = unittest.mock.Mock(spec=discord.Member)
        guild.get_channel_or_thread.side_effect = self.place
        guild.get_thread.return_value = None  # (not locked)
        self.bot.get_guild.side_effect = lambda gid: guild if gid == GUILD_ID else None
        self.creator = unittest.mock.AsyncMock()
        self.bot.get_user.side_effect = lambda uid: self.creator if uid == ALICE else None
        self.places = Places(self.bot, store, Languages(self.bot, store))

    def place(self, place_id: int) -> Any:
        permissions = self.permissions.get(place_id)
        if permissions is None:
            return None
        channel = unittest.mock.Mock(spec=discord.TextChannel)
        channel.permissions_for.return_value = permissions
        return channel

    async def info(self):
        return await self.store.info(self.match_id)

    def said_in(self, place_id: int) -> list[str]:
        channel = self.bot.get_partial_messageable(place_id)
        return [c.args[0] for c in channel.send.await_args_list]

    def dms(self) -> list[str]:
        return [c.args[0] for c in self.creator.send.await_args_list]


@pytest.fixture
async def world(store: Store) -> World:
    match_id = await started(store, "keltis", [ALICE, BOB])
    await store.set_thread(match_id, THREAD_ID)
    return World(store, match_id)


async def test_a_thread_the_bot_may_post_in_is_used(world: World) -> None:
    world.permissions = {THREAD_ID: SENDS_IN_THREADS, CHANNEL_ID: SENDS}
    assert await world.places.usable(await world.info()) == THREAD_ID
    world.permissions = {}  # unknown to the cache: try it (the refusal is read then)
    assert await world.places.usable(await world.info()) == THREAD_ID
    assert world.dms() == [] and world.said_in(CHANNEL_ID) == []


async def test_a_thread_closed_to_the_bot_sends_the_match_to_its_channel(world: World) -> None:
    world.permissions = {THREAD_ID: SENDS, CHANNEL_ID: SENDS}  # no Send Messages in Threads
    assert await world.places.usable(await world.info()) == CHANNEL_ID
    assert (await world.info()).thread_id is None  # for good
    [said] = world.said_in(CHANNEL_ID)
    assert f"Match #{world.match_id}" in said and "Send Messages in Threads" in said
    assert await world.places.usable(await world.info()) == CHANNEL_ID
    assert len(world.said_in(CHANNEL_ID)) == 1


async def test_nowhere_to_post_tells_the_creator_once_and_sends_nothing(world: World) -> None:
    world.permissions = {THREAD_ID: discord.Permissions(view_channel=True), CHANNEL_ID: SENDS}
    await world.store.set_thread(world.match_id, None)
    world.permissions[CHANNEL_ID] = discord.Permissions(view_channel=True, embed_links=True)
    for _ in range(3):
        assert await world.places.usable(await world.info()) is None
    [dm] = world.dms()
    assert "**Send Messages**" in dm and f"<#{CHANNEL_ID}>" in dm
    assert world.said_in(CHANNEL_ID) == []
    assert world.places.blocked_in(GUILD_ID) == [world.match_id]
    world.permissions[CHANNEL_ID] = SENDS  # given back
    assert await world.places.usable(await world.info()) == CHANNEL_ID
    world.places.shown(await world.info(), CHANNEL_ID)
    assert world.places.blocked_in(GUILD_ID) == []
    world.permissions[CHANNEL_ID] = discord.Permissions(view_channel=True)  # taken again
    assert await world.places.usable(await world.info()) is None
    assert len(world.dms()) == 2  # told again: it broke again


async def test_another_table_shown_as_the_permission_goes_does_not_tell_again(
    world: World,
) -> None:
    """A table sent just before the loss comes back shown after the notice:
    that says nothing of the permission, so the host is not told twice."""
    await world.store.set_thread(world.match_id, None)
    world.permissions = {CHANNEL_ID: discord.Permissions(view_channel=True)}
    assert await world.places.usable(await world.info()) is None
    other = await world.store.info(await started(world.store, "keltis", [ALICE, BOB]))
    world.places.shown(other, CHANNEL_ID)  # its request was in flight
    assert await world.places.usable(await world.info()) is None
    assert len(world.dms()) == 1


@pytest.mark.parametrize(
    "error",
    [
        (discord.Forbidden, 403, 160005),  # locked
        (discord.NotFound, 404, 10003),  # deleted
        (discord.Forbidden, 403, 50013),  # a permission, which the cache did not know
    ],
)
async def test_a_refusal_in_the_thread_moves_the_match_once(world: World, error) -> None:
    info = await world.info()
    assert await world.places.refused(info, THREAD_ID, http_error(*error))
    assert (await world.info()).thread_id is None


async def test_an_archived_thread_is_opened_again(world: World) -> None:
    thread = unittest.mock.create_autospec(discord.Thread, instance=True)
    world.bot.get_channel.side_effect = lambda cid: thread if cid == THREAD_ID else None
    info = await world.info()
    assert await world.places.refused(
        info, THREAD_ID, http_error(discord.HTTPException, 400, 50083)
    )
    thread.edit.assert_awaited_once_with(archived=False)
    assert (await world.info()).thread_id == THREAD_ID


async def test_a_permission_refused_in_the_channel_is_not_retried(world: World) -> None:
    await world.store.set_thread(world.match_id, None)
    info = await world.info()
    again = await world.places.refused(info, CHANNEL_ID, http_error(discord.Forbidden, 403, 50013))
    assert again is False and len(world.dms()) == 1
    assert world.places.blocked_in(GUILD_ID) == [world.match_id]
