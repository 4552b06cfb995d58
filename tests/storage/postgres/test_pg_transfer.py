"""The copy between SQLite and PostgreSQL (storage/transfer.py, issue 20):
a database of 1,000 matches of every game and state goes SQLite ->
PostgreSQL -> SQLite without loss, verified by replay; both stores then read
the same; refused copies write nothing."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
import sqlite3
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pg_helpers import URL, connect_in

from rules import Match, all_games
from storage import SqliteStore
from storage.postgres import PgStore
from storage.transfer import SqliteEnd, TransferError, main, transfer

MATCHES = 1000
GAMES = sorted(all_games())
OPTIONS = {"cucco": {"deals": 2}}


async def build(path: Path) -> None:
    """Matches of every game in every state: lobbies, cancelled lobbies,
    active matches a few moves in, seats handed over, matches conceded to
    their end (results, ratings), cancelled matches; messages, deadlines,
    server and player settings, a departed server, and a deleted match (the
    id counter is past the largest id)."""
    now = datetime(2026, 3, 1, tzinfo=UTC)
    async with SqliteStore.open(path) as store:

        async def one(i: int) -> None:
            rnd = random.Random(i)
            game = GAMES[i % len(GAMES)]
            info = all_games()[game]
            players = info.min_players + i % (info.max_players - info.min_players + 1)
            options = OPTIONS.get(game)
            mid = await store.create_lobby(500 + i % 7, 600 + i % 3, game, options, 1000 + i)
            kind = i % 10
            for seat in range(players):
                if seat == players - 1 and kind in (3, 7):
                    await store.add_bot_seat(mid, "expert")
                else:
                    await store.add_user_seat(mid, 2000 + (i + seat) % 40, f"player {seat}")
            if kind == 0:
                return
            if kind == 1:
                await store.cancel(mid)
                return
            await store.start_match(mid, Match.new(game, players, f"copy-{i}", options))
            await store.set_message(mid, "table", 600 + i % 3, 9000 + i)
            for _ in range(rnd.randrange(0, 25)):
                match = (await store.load(mid)).match
                assert match is not None
                if match.is_over():
                    break
                seat = rnd.choice(match.to_act())
                events = match.act(seat, rnd.choice(match.legal(seat)), match.seq)
                await store.commit_move(mid, match, [events])
            match = (await store.load(mid)).match
            assert match is not None
            if kind in (2, 5) and match.to_act():  # a player asked for a hint
                seat = match.to_act()[0]
                await store.record_hint(mid, match.seq, seat, 2000 + (i + seat) % 40)
            if match.is_over():
                return
            if kind == 4:
                await store.replace_seat(mid, 0, how="kicked", bot="expert")
            if kind in (5, 6):
                events = match.concede(match.to_act()[0], match.seq)
                await store.commit_move(mid, match, [events])
            if kind == 8:
                await store.cancel(mid)
            if kind == 9:
                await store.set_deadline(
                    mid, match.seq, remind_at=now, timeout_at=now + timedelta(days=1)
                )

        for first in range(0, MATCHES, 50):
            await asyncio.gather(*(one(i) for i in range(first, first + 50)))
        await store.set_setting(500, "language", "ja")
        await store.set_setting(501, "timeouts", {"remind": 3600, "policy": "bot"})
        await store.set_user_setting(2001, "notify", "dm")
        await store.guild_departed(506, now + timedelta(days=30))
        doomed = await store.create_lobby(999, 1, "keltis", None, 1)
        await store.record_hint(doomed, 0, 0, 1)  # gone with its match
        await store.delete_guild(999)  # its id is never handed out again
    assert doomed > MATCHES


@pytest.fixture(scope="module")
def source():
    """The database to copy, built once, in memory when the machine has a
    memory file system (a thousand matches of fsynced commits)."""
    shm = Path("/dev/shm")
    folder = Path(tempfile.mkdtemp(dir=shm if shm.is_dir() else None))
    path = folder / "source.db"
    asyncio.run(build(path))
    yield path
    shutil.rmtree(folder)


async def test_a_thousand_matches_go_to_postgres_and_back_without_loss(source, pg_schema, tmp_path):
    copied = await transfer(str(source), URL, target_schema=pg_schema)
    assert len(copied.rows["matches"]) == MATCHES  # the deleted one is gone
    statuses = {m["status"] for m in copied.rows["matches"]}
    assert statuses == {"lobby", "active", "finished", "cancelled"}
    assert len(copied.rows["actions"]) > 5000 and copied.rows["ratings"]
    assert {h["how"] for h in copied.rows["seat_holders"]} >= {"start", "kicked"}
    assert len(copied.rows["hints"]) > 50  # (the deleted match's is gone)
    assert all(h["match_id"] <= MATCHES for h in copied.rows["hints"])

    back = tmp_path / "back.db"
    again = await transfer(URL, str(back), source_schema=pg_schema)
    original = await asyncio.to_thread(SqliteEnd(source).read)
    returned = await asyncio.to_thread(SqliteEnd(back).read)
    assert returned[0].rows == original[0].rows  # every row of every table, as values
    assert again.rows == original[0].rows

    # both stores read the copy as the original, and go on from it
    pg = await PgStore.open(URL, schema_name=pg_schema)
    try:
        async with SqliteStore.open(source) as sqlite_store:
            for mid in (3, 7, 12, 505, 999):
                a = await sqlite_store.load(mid, verify=True)
                b = await pg.load(mid, verify=True)
                assert (a.status, a.seq, a.seats) == (b.status, b.seq, b.seats)
                assert (a.match is None) == (b.match is None)
                if a.match is not None:
                    assert a.match.snapshot() == b.match.snapshot()
        fresh = await pg.create_lobby(1, 1, "keltis", None, 1)
        assert fresh > MATCHES + 1  # past the deleted match's id too
    finally:
        await pg.close()
    async with SqliteStore.open(back) as returned_store:
        assert await returned_store.create_lobby(1, 1, "keltis", None, 1) == fresh


async def test_the_log_guards_and_change_counters_are_back_after_the_copy(
    source, pg_schema, tmp_path
):
    """And every copied match's change counter (storage/sql/cache.py) starts
    at the copy's time in ms, past any count a process could have cached for
    its id: the copy carries no counter, and must not let an old entry pass."""
    started = int(time.time() * 1000)
    await transfer(str(source), URL, target_schema=pg_schema)
    conn = await connect_in(pg_schema)
    try:
        with pytest.raises(Exception, match="append-only"):
            await conn.execute("UPDATE actions SET key = 'x' WHERE match_id = 3 AND seq = 0")
        with pytest.raises(Exception, match="extend an active match"):
            await conn.execute(
                "INSERT INTO actions (match_id, seq, seat, key, at) VALUES (3, 0, 0, 'x', 0)"
            )
        counters = await conn.fetch(
            "SELECT m.id, v.version FROM matches m LEFT JOIN match_versions v ON v.match_id = m.id"
        )
        assert len(counters) == MATCHES
        assert len({r["version"] for r in counters}) == 1 and counters[0]["version"] >= started
        await conn.execute("UPDATE seats SET name = 'x' WHERE match_id = 3 AND seat = 0")
        bumped = await conn.fetchval("SELECT version FROM match_versions WHERE match_id = 3")
        assert bumped == counters[0]["version"] + 1
    finally:
        await conn.close()
    back = tmp_path / "back.db"
    await transfer(URL, str(back), source_schema=pg_schema)
    db = sqlite3.connect(back)
    try:
        versions = {v for (v,) in db.execute("SELECT version FROM match_versions")}
        assert db.execute("SELECT count(*) FROM match_versions").fetchone()[0] == MATCHES
        assert len(versions) == 1 and versions.pop() > bumped
    finally:
        db.close()


async def test_a_target_holding_data_is_refused_and_kept(source, pg_schema, capsys, tmp_path):
    await transfer(str(source), URL, target_schema=pg_schema)
    with pytest.raises(TransferError, match="already holds data"):
        await transfer(str(source), URL, target_schema=pg_schema)
    back = tmp_path / "back.db"
    code = await asyncio.to_thread(main, [URL, str(back), "--source-schema", pg_schema])
    assert code == 0 and "copied and verified 1000 matches" in capsys.readouterr().out
    code = await asyncio.to_thread(main, [URL, str(back), "--source-schema", pg_schema])
    assert code == 1 and "already holds data" in capsys.readouterr().err  # refused, said so
    assert len((await asyncio.to_thread(SqliteEnd(back).read))[0].rows["matches"]) == MATCHES


async def tables_in(schema: str) -> int:
    raw = await connect_in(schema)
    try:
        return int(
            await raw.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()")
        )
    finally:
        await raw.close()


def started(conn: sqlite3.Connection) -> int:
    """A match with moves logged."""
    return conn.execute("SELECT min(id) FROM matches WHERE seq > 0").fetchone()[0]


async def test_a_corrupt_source_row_is_named_and_nothing_is_written(source, pg_schema, tmp_path):
    broken = tmp_path / "broken.db"
    broken.write_bytes(source.read_bytes())
    conn = sqlite3.connect(broken)
    conn.execute("DROP TRIGGER matches_snapshot_follows_seq")  # damage, by hand
    mid = started(conn)
    conn.execute("UPDATE matches SET snapshot = '{not json' WHERE id = ?", (mid,))
    conn.commit()
    conn.close()
    with pytest.raises(TransferError, match=rf"matches \{{'id': {mid}\}}: snapshot is not JSON"):
        await transfer(str(broken), URL, target_schema=pg_schema)
    assert await tables_in(pg_schema) == 0  # rolled back, the schema's migration too


async def test_a_snapshot_that_does_not_replay_rolls_the_copy_back(source, pg_schema, tmp_path):
    forged = tmp_path / "forged.db"
    forged.write_bytes(source.read_bytes())
    conn = sqlite3.connect(forged)
    conn.execute("DROP TRIGGER matches_snapshot_follows_seq")
    mid = started(conn)
    (snap,) = conn.execute("SELECT snapshot FROM matches WHERE id = ?", (mid,)).fetchone()
    state = json.loads(snap)
    state["rng"] = int(state["rng"]) + 1  # a different future: not what the log gives
    conn.execute("UPDATE matches SET snapshot = ? WHERE id = ?", (json.dumps(state), mid))
    conn.commit()
    conn.close()
    with pytest.raises(TransferError, match=f"match {mid} does not replay"):
        await transfer(str(forged), URL, target_schema=pg_schema)
    assert await tables_in(pg_schema) == 0  # rolled back, the schema's migration too


async def test_a_nul_character_jsonb_cannot_hold_is_named(source, pg_schema, tmp_path):
    """Settings are jsonb on PostgreSQL, which refuses NUL characters (the
    engine's json columns keep them): the copy names the row instead of
    failing somewhere inside COPY."""
    odd = tmp_path / "odd.db"
    odd.write_bytes(source.read_bytes())
    conn = sqlite3.connect(odd)
    conn.execute("INSERT INTO user_settings VALUES (77, 'nick', '\"a\\u0000b\"', 0)")
    conn.commit()
    conn.close()
    with pytest.raises(TransferError, match=r"user_settings .*'user_id': 77.* NUL character"):
        await transfer(str(odd), URL, target_schema=pg_schema)
