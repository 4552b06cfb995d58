"""Issue 20 end to end: two bot processes, each running one shard of two,
share one PostgreSQL database and one fake Discord (which routes each
guild's events to its shard's connection). Each owns the guilds of its
shard: it alone fires their deadlines. Killing one with SIGKILL and
restarting it loses nothing: its match's timeout, due while it was down,
fires once it is back, and the other process, never disturbed, neither
fires it meanwhile nor stops serving its own guild."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest
import pytest_asyncio

from tests.postgres_schemas import URL, fresh_schema

from .bot_helpers import current_table, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild=None,  # the shards' servers: the world fixture below
        users=("alice", "bob"),
        mods=("mod",),
        clock=True,
        seed="shards",
        database=False,  # PostgreSQL
        start=False,
    ),
]
HOUR = 3600


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(world):
    """The shared world with a server on each of two shards, and a bot
    process running each shard, both on one PostgreSQL schema of their own."""
    w, fake = world, world.fake
    fake.state.shard_count = 2
    async with fresh_schema("e2e") as schema:
        w.schema = schema
        w.guilds = [fake.add_guild(f"shard {k}", shard=(k, 2)) for k in range(2)]
        w.bots = []
        for shard in range(2):
            bot = await w.spawn(
                DATABASE_URL=f"{URL}?search_path={schema}",
                SHARD_COUNT="2",
                SHARD_IDS=str(shard),
                HEARTBEAT_PATH=str(w.folder / f"beat-{shard}"),
            )
            w.bots.append(bot)
        yield w
        for bot in w.bots:  # before the schema is dropped
            await bot.kill()


async def keltis_for_two(w, channel) -> int:
    lobby = await reply(
        await w.fake.slash(w.alice, channel, "game new", game="keltis", players=2, here=True)
    )
    await (await w.fake.click(w.bob, lobby, label="Join")).wait_answered()
    table = await w.fake.wait_until(lambda: current_table(w.fake, channel), 10, "the table")
    return int(table.button(custom_id="hand:")["custom_id"].split(":")[1])


def ran_out(w, k: int) -> list:
    return [m for m in w.fake.messages(w.channels[k], ephemeral=False) if "Time ran out" in m.text]


async def a_match_in_each_guild(w, name: str) -> None:
    """In a channel `name` of each shard's guild, a Keltis match that times
    out after 2 h (w.channels, w.matches), both shown and on record."""
    w.channels = [w.fake.add_text_channel(g, name[:90]) for g in w.guilds]
    for k in range(2):
        configured = await reply(
            await w.fake.slash(
                w.mod, w.channels[k], "game config", reminder="never", timeout="2h", policy="bot"
            )
        )
        assert "2h" in configured.text
    w.matches = [await keltis_for_two(w, w.channels[k]) for k in range(2)]
    assert w.matches[0] != w.matches[1]  # one database hands out the ids
    conn = await asyncpg.connect(URL, server_settings={"search_path": w.schema})
    try:  # both starts fully shown: the tables are on record (and the deadlines set)
        for _ in range(100):
            shown = await conn.fetchval(
                "SELECT count(*) FROM messages WHERE kind = 'table' AND match_id = ANY($1)",
                w.matches,
            )
            if shown == 2:
                break
            await asyncio.sleep(0.1)
        assert shown == 2
    finally:
        await conn.close()


async def test_each_process_serves_its_own_shards_guild(world, request):
    w = world
    sessions = {tuple(s.shard) for s in w.fake.gateway.live()}
    assert sessions == {(0, 2), (1, 2)}
    await a_match_in_each_guild(w, request.node.name)
    assert w.fake.problems() == []


async def test_a_killed_process_resumes_its_deadlines_and_the_other_is_undisturbed(world, request):
    w, fake = world, world.fake
    await a_match_in_each_guild(w, request.node.name)
    other = w.bots[0]
    sessions_before = [s.number for s in fake.gateway.live() if s.shard == [0, 2]]
    await w.bots[1].kill()  # SIGKILL
    w.advance(3 * HOUR)  # both matches' timeouts fall due
    await fake.wait_until(lambda: ran_out(w, 0), 15, "shard 0's timeout to fire")
    # shard 1's match waits for its owner: the other process does not touch it
    with pytest.raises(TimeoutError):
        await fake.wait_until(lambda: ran_out(w, 1), 3, "nobody to fire shard 1's timeout")
    await w.bots[1].start()
    await fake.wait_until(lambda: ran_out(w, 1), 20, "shard 1's timeout after the restart")
    assert len(ran_out(w, 0)) == 1 and len(ran_out(w, 1)) == 1  # each fired once
    assert [s.number for s in fake.gateway.live() if s.shard == [0, 2]] == sessions_before
    assert other.alive and other.starts == 1  # never restarted
    # shard 0's process still answers its guild
    shown = await reply(await fake.slash(w.alice, w.channels[0], "game status"))
    assert shown.ephemeral or shown.text
    assert fake.problems() == []
