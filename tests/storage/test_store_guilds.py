"""Keep, then purge: a guild the bot left keeps everything until its purge
date, comes back with everything intact, and is deleted whole (and alone)
once the date has passed; `delete_guild` forgets a guild at once."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from storage_helpers import CHANNEL, GUILD, T0

from storage import UnknownMatch

NOW = datetime.fromtimestamp(T0, tz=UTC)
DAYS = timedelta(days=30)


@pytest.fixture
async def two_guilds(store, start_keltis, play):
    """A played match, a message, a deadline and a setting in GUILD and in GUILD + 1."""
    made = {}
    for guild in (GUILD, GUILD + 1):
        match_id, match = await start_keltis(store, guild=guild)
        await play(store, match_id, match, 5)
        await store.set_message(match_id, "table", CHANNEL, 70 + guild)
        await store.set_deadline(match_id, match.seq, remind_at=NOW, timeout_at=None)
        await store.set_setting(guild, "reminder", 3600)
        made[guild] = match_id
    return made


async def kept(store, guild, match_id) -> bool:
    try:
        loaded = await store.load(match_id, verify=True)
    except UnknownMatch:
        return False
    assert loaded.seq == 5 and await store.get_setting(guild, "reminder") == 3600
    assert (await store.message(match_id, "table")).message_id == 70 + guild
    return True


async def test_a_departed_guild_keeps_its_data_until_the_purge_date(store, two_guilds, raw):
    assert await store.guild_departed(GUILD, NOW + DAYS) == NOW + DAYS
    assert await store.guild_departed(GUILD, NOW + 2 * DAYS) == NOW + DAYS  # the first date holds
    assert await store.purge_date(GUILD) == NOW + DAYS and await store.purge_date(GUILD + 1) is None
    assert await store.purge_departed_guilds(NOW + DAYS - timedelta(seconds=1)) == []
    assert await kept(store, GUILD, two_guilds[GUILD])
    assert await store.purge_departed_guilds(NOW + DAYS) == [(GUILD, 1)]
    assert not await kept(store, GUILD, two_guilds[GUILD])
    for table in ("seats", "actions", "messages", "deadlines"):
        assert (
            raw.execute(
                f"SELECT count(*) FROM {table} WHERE match_id = ?", (two_guilds[GUILD],)
            ).fetchone()[0]
            == 0
        )
    assert await store.settings(GUILD) == {} and await store.purge_date(GUILD) is None
    assert await kept(store, GUILD + 1, two_guilds[GUILD + 1])  # the other guild is untouched
    assert await store.purge_departed_guilds(NOW + 10 * DAYS) == []


async def test_coming_back_in_time_cancels_the_purge(store, two_guilds):
    await store.guild_departed(GUILD, NOW + DAYS)
    assert await store.guilds_back([GUILD, GUILD + 1, 999]) == [GUILD]
    assert await store.guilds_back([GUILD]) == []
    assert await store.purge_departed_guilds(NOW + 10 * DAYS) == []
    assert await kept(store, GUILD, two_guilds[GUILD])
    assert await store.guilds_back([]) == []
    assert await store.guilds_back(range(2000)) == []  # many guilds at once


async def test_deadlines_of_a_departed_guild_wait_for_its_return(store, two_guilds):
    assert [d.match_id for d in await store.due_deadlines(NOW)] == sorted(two_guilds.values())
    await store.guild_departed(GUILD, NOW + DAYS)
    assert [d.match_id for d in await store.due_deadlines(NOW)] == [two_guilds[GUILD + 1]]
    await store.guilds_back([GUILD])
    assert len(await store.due_deadlines(NOW)) == 2


async def test_delete_guild_forgets_at_once_and_drops_a_pending_purge(store, two_guilds):
    await store.guild_departed(GUILD, NOW + DAYS)
    assert await store.delete_guild(GUILD) == 1
    assert not await kept(store, GUILD, two_guilds[GUILD])
    assert await store.purge_date(GUILD) is None
    assert await kept(store, GUILD + 1, two_guilds[GUILD + 1])


async def test_live_matches_can_leave_out_departed_guilds(store, two_guilds):
    await store.guild_departed(GUILD, NOW + DAYS)
    assert [i.id for i in await store.live_matches(departed=False)] == [two_guilds[GUILD + 1]]
    assert len(await store.live_matches()) == 2
