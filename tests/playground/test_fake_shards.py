"""The fake Discord routes like the real one when a bot connects in shards:
each connection gets READY and GUILD_CREATE for its own shard's guilds
(``(guild_id >> 22) % shard_count``), a guild's interactions go to the
connection of its shard, and DMs to shard 0."""

from __future__ import annotations

import pytest

from playground.fake_discord import FakeDiscord
from playground.fake_discord.gateway import Session
from playground.fake_discord.ids import shard_of, snowflake_in_shard


def test_guild_ids_can_be_made_for_a_shard():
    for count in (1, 2, 3, 8):
        for shard in range(count):
            assert shard_of(snowflake_in_shard(shard, count), count) == shard
    assert shard_of(None, 4) == 0  # DMs


@pytest.mark.asyncio
async def test_sessions_serve_only_their_shards_guilds():
    async with FakeDiscord() as fake:
        first = fake.add_guild("zero", shard=(0, 2))
        second = fake.add_guild("one", shard=(1, 2))
        sessions = []
        for shard in range(2):
            session = Session.__new__(Session)  # just the routing rule, no socket
            session.shard = [shard, 2]
            sessions.append(session)
        assert [s.serves(first.id) for s in sessions] == [True, False]
        assert [s.serves(second.id) for s in sessions] == [False, True]
        assert [s.serves(None) for s in sessions] == [True, False]
        unsharded = Session.__new__(Session)
        unsharded.shard = None
        assert unsharded.serves(first.id) and unsharded.serves(second.id)
