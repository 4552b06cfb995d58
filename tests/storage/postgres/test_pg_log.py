"""The action log is append-only, enforced by the database itself: an
UPDATE, DELETE or TRUNCATE through a plain connection is refused; log rows
go only with their match, which is how a guild purge still deletes whole
matches. The other invariants (seq follows the log, the snapshot follows
seq) hold against hand edits too."""

from __future__ import annotations

import asyncpg
import pytest
from storage_helpers import GUILD

LOG = "SELECT seq, seat, key, at, events::text FROM actions ORDER BY match_id, seq"


@pytest.fixture
async def played(pg_store, start_keltis, play):
    match_id, match = await start_keltis(pg_store)
    await play(pg_store, match_id, match, 6)
    return match_id


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE actions SET key = 'concede' WHERE seq = 2",
        "UPDATE actions SET events = '[]'",
        "UPDATE actions SET at = at + 1",
        "DELETE FROM actions WHERE seq = 5",
        "DELETE FROM actions",
        "TRUNCATE actions",
    ],
)
async def test_the_log_refuses_every_change(played, pg_raw, statement):
    before = await pg_raw.fetch(LOG)
    with pytest.raises(asyncpg.RaiseError, match="append-only"):
        await pg_raw.execute(statement)
    assert await pg_raw.fetch(LOG) == before


async def test_a_guild_purge_deletes_whole_matches_with_their_logs(
    pg_store, pg_raw, start_keltis, play
):
    mine, match = await start_keltis(pg_store)
    await play(pg_store, mine, match, 5)
    other, match = await start_keltis(pg_store, guild=GUILD + 1)
    await play(pg_store, other, match, 4)
    assert await pg_store.delete_guild(GUILD) == 1
    assert [r["match_id"] for r in await pg_raw.fetch("SELECT DISTINCT match_id FROM actions")] == [
        other
    ]
    assert (await pg_store.load(other, verify=True)).seq == 4
    assert await pg_raw.fetchval("SELECT count(*) FROM matches WHERE id = $1", mine) == 0
    for table in ("seats", "seat_holders"):
        assert await pg_raw.fetchval(f"SELECT count(*) FROM {table} WHERE match_id = $1", mine) == 0


async def test_deleting_a_match_row_takes_its_log(played, pg_raw):
    await pg_raw.execute("DELETE FROM matches WHERE id = $1", played)
    assert await pg_raw.fetchval("SELECT count(*) FROM actions") == 0


async def test_hand_edits_cannot_make_log_and_snapshot_diverge(played, pg_raw):
    refusals = {
        "UPDATE matches SET seq = seq + 1": "seq advances by one logged action",
        "UPDATE matches SET seq = seq - 1": "seq advances by one logged action",
        "UPDATE matches SET snapshot = '{}'": "the snapshot changes only with a logged action",
        "INSERT INTO actions (match_id, seq, seat, key, at) SELECT id, seq + 1, 0, 'x', 0"
        " FROM matches": "an action must extend an active match at its current seq",
        "UPDATE seat_holders SET how = 'kicked'": "seat history is never rewritten",
    }
    before = await pg_raw.fetch("SELECT * FROM matches")
    for statement, message in refusals.items():
        with pytest.raises(asyncpg.RaiseError, match=message):
            await pg_raw.execute(statement)
    assert await pg_raw.fetch("SELECT * FROM matches") == before
