"""Schema migrations: a first-version file upgrades without loss, a newer
file is refused, a failing migration changes nothing, and the schema's
triggers keep the log append-only and in step with the snapshot."""

from __future__ import annotations

import asyncio
import hashlib
import random
import sqlite3

import pytest
from storage_helpers import ALICE, BOB, CHANNEL, GUILD, T0

from rules import Match
from storage import NotOurDatabase, SchemaTooNew, SqliteStore, Status, Store
from storage.records import dumps
from storage.sqlite import migrations

# SQLite's own migrations and triggers (PostgreSQL's: tests/storage/postgres)
pytestmark = pytest.mark.sqlite_only

# Shipped migrations are frozen: change the schema by appending a migration.
V1_SHA256 = "ef6c3d76091770779e20127bbccd4744b8699f53da07576a2b8d1657bb0356f6"


def test_migration_1_is_frozen():
    digest = hashlib.sha256(migrations.MIGRATIONS[0].encode()).hexdigest()
    assert digest == V1_SHA256, (
        "migration 1 changed: databases already created with it will never see the change; "
        "append a new migration instead (and only then update this pin)"
    )


def test_split_statements_keeps_triggers_whole():
    statements = migrations.split_statements(migrations.MIGRATIONS[0])
    triggers = [s for s in statements if "CREATE TRIGGER" in s]
    assert len(triggers) == 5 and all(t.endswith("END;") for t in triggers)
    with pytest.raises(ValueError, match="incomplete"):
        migrations.split_statements("CREATE TABLE t (a);\nCREATE TABLE u (b)")


# -- a database file of the first schema version ---------------------------------


def build_v1_file(path) -> dict:
    """A file as the first schema version wrote it, filled with plain SQL in
    that version's terms (not with today's Store): a finished match, an
    active one, a lobby, a message, a setting. Returns what it holds."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    assert migrations.migrate(conn, lambda: 0, target=1) == [1]
    ms = int(T0 * 1000)
    expected: dict = {}  # match id -> its Match (None: a lobby)
    rnd = random.Random(7)
    conn.execute("BEGIN")
    for seed, moves in (("finished", 10_000), ("active", 25)):
        match = Match.new("keltis", 2, seed)
        cur = conn.execute(
            "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, options, players,"
            " seed, rules_version, snapshot, created_at, updated_at, started_at)"
            " VALUES (?, ?, 'keltis', 'active', ?, '{}', 2, ?, 1, ?, ?, ?, ?)",
            (GUILD, CHANNEL, ALICE, seed, dumps(match.snapshot()), ms, ms, ms),
        )
        match_id = cur.lastrowid
        for seat, user in enumerate((ALICE, BOB)):
            conn.execute("INSERT INTO seats VALUES (?, ?, ?, NULL, ?)", (match_id, seat, user, ms))
        while moves and not match.is_over():
            seat = match.to_act()[0]
            key = rnd.choice(match.legal(seat)).key()
            match.act(seat, key, match.seq)
            conn.execute(
                "INSERT INTO actions VALUES (?, ?, ?, ?, ?)",
                (match_id, match.seq - 1, seat, key, ms),
            )
            conn.execute(
                "UPDATE matches SET seq = seq + 1, snapshot = ? WHERE id = ?",
                (dumps(match.snapshot()), match_id),
            )
            moves -= 1
        if match.is_over():
            conn.execute(
                "UPDATE matches SET status = 'finished', outcome = ?, ended_at = ? WHERE id = ?",
                (dumps(match.outcome()), ms, match_id),
            )
        expected[match_id] = match
    cur = conn.execute(
        "INSERT INTO matches (guild_id, channel_id, thread_id, game, creator_id, created_at,"
        " updated_at) VALUES (?, ?, 77, 'keltis', ?, ?, ?)",
        (GUILD, CHANNEL, BOB, ms, ms),
    )
    lobby = cur.lastrowid
    conn.execute("INSERT INTO seats VALUES (?, 0, NULL, 'easy', ?)", (lobby, ms))
    conn.execute("INSERT INTO messages VALUES (?, 'lobby', ?, 555, ?)", (lobby, CHANNEL, ms))
    conn.execute("INSERT INTO guild_settings VALUES (?, 'reminder_hours', '12', ?)", (GUILD, ms))
    conn.execute("COMMIT")
    conn.close()
    expected[lobby] = None
    return expected


async def check_v1_content(store: Store, expected: dict) -> None:
    finished, active, lobby = expected
    for match_id in (finished, active):
        loaded = await store.load(match_id, verify=True)
        assert loaded.match is not None
        assert loaded.match.snapshot() == expected[match_id].snapshot()
        assert loaded.match.log == expected[match_id].log
        assert [s.user_id for s in loaded.seats] == [ALICE, BOB]
    assert (await store.info(finished)).status == Status.FINISHED
    assert (await store.info(finished)).outcome == expected[finished].outcome()
    lobby_info = await store.load(lobby)
    assert lobby_info.match is None and lobby_info.thread_id == 77
    assert [s.bot for s in lobby_info.seats] == ["easy"]
    shown = await store.message(lobby, "lobby")
    assert shown is not None and shown.message_id == 555
    assert await store.get_setting(GUILD, "reminder_hours") == 12
    assert [i.id for i in await store.live_matches(guild_id=GUILD)] == [active, lobby]
    # finished before wrap-ups were recorded: wrapped up then, not again now
    assert await store.message(finished, "closed") is not None
    assert await store.unclosed_matches() == []


async def test_a_first_version_file_opens_with_todays_code(db_path, raw):
    expected = build_v1_file(db_path)
    async with SqliteStore.open(db_path) as store:
        await check_v1_content(store, expected)
    versions = [r[0] for r in raw.execute("SELECT version FROM schema_version")]
    assert versions == list(range(1, migrations.latest() + 1))


async def test_a_first_version_file_upgrades_without_loss(db_path, raw, clock):
    expected = build_v1_file(db_path)
    async with SqliteStore.open(db_path, clock=clock) as store:
        await check_v1_content(store, expected)
        finished, active, lobby = expected
        info = await store.info(active)  # migration 2's columns, with their defaults
        assert info.settings == {} and not info.paused
        match = expected[active]  # play goes on after the upgrade
        seat = match.to_act()[0]
        events = match.act(seat, match.legal(seat)[0], match.seq)
        await store.commit(active, match, events)
        assert (await store.load(active, verify=True)).match.snapshot() == match.snapshot()
        await store.set_deadline(active, match.seq, remind_at=None, timeout_at=None)
    rows = raw.execute("SELECT version, applied_at FROM schema_version ORDER BY version").fetchall()
    later = [(v, int(T0 * 1000)) for v in range(2, migrations.latest() + 1)]
    assert [tuple(r) for r in rows] == [(1, 0), *later]
    assert raw.execute("SELECT count(*) FROM deadlines").fetchone()[0] == 1
    assert raw.execute("SELECT count(*) FROM departed_guilds").fetchone()[0] == 0
    # Opening again applies nothing more.
    async with SqliteStore.open(db_path, clock=clock):
        pass
    assert raw.execute("SELECT count(*) FROM schema_version").fetchone()[0] == migrations.latest()


async def test_actions_logged_before_events_get_them_by_replay(db_path, clock):
    expected = build_v1_file(db_path)
    finished, active, lobby = expected
    async with SqliteStore.open(db_path, clock=clock) as store:
        for match_id in (finished, active):
            match = expected[match_id]
            _, story = Match.replay_story(match.to_record())
            logged = await store.story(match_id)
            assert [a.key for a in logged] == [key for _, key in match.log]
            assert [a.events for a in logged] == story and all(story)
            # whoever held the seats then is their history from the start
            history = await store.seat_history(match_id)
            assert [(h.seat, h.from_seq, h.user_id, h.how) for h in history] == [
                (0, 0, ALICE, "start"),
                (1, 0, BOB, "start"),
            ]
        assert await store.seat_history(lobby) == []


async def test_the_log_stays_append_only_once_events_are_filled_in(db_path, raw, clock):
    build_v1_file(db_path)
    async with SqliteStore.open(db_path, clock=clock):
        pass
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("UPDATE actions SET events = '[]' WHERE seq = 0")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("UPDATE actions SET key = 'done' WHERE seq = 0")


async def test_a_newer_database_is_refused_clearly_and_left_alone(db_path, raw):
    expected = build_v1_file(db_path)
    newer = migrations.latest() + 1
    raw.execute("INSERT INTO schema_version VALUES (?, 0)", (newer,))
    raw.execute("PRAGMA journal_mode = DELETE")  # to see that opening did not switch it
    before = raw.execute("SELECT * FROM matches ORDER BY id").fetchall()
    with pytest.raises(SchemaTooNew) as caught:
        await SqliteStore.open(db_path)
    message = str(caught.value)
    assert str(db_path) in message and "newer than this code" in message
    assert f"version {newer}" in message and f"up to {migrations.latest()}" in message
    assert (caught.value.found, caught.value.known) == (newer, migrations.latest())
    assert raw.execute("SELECT * FROM matches ORDER BY id").fetchall() == before
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    raw.execute("DELETE FROM schema_version WHERE version = ?", (newer,))
    async with SqliteStore.open(db_path) as store:  # the refusal did no damage
        await check_v1_content(store, expected)


async def test_a_failing_migration_changes_nothing(db_path, raw, monkeypatch):
    expected = build_v1_file(db_path)
    broken = "CREATE TABLE half_done (a INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    monkeypatch.setattr(migrations, "MIGRATIONS", (migrations.MIGRATIONS[0], broken))
    with pytest.raises(sqlite3.OperationalError, match="no_such_table"):
        await SqliteStore.open(db_path)
    assert [r[0] for r in raw.execute("SELECT version FROM schema_version")] == [1]
    assert (
        raw.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'").fetchone()[0]
        == 0
    )
    monkeypatch.undo()
    async with SqliteStore.open(db_path) as store:
        await check_v1_content(store, expected)


async def test_two_processes_creating_the_file_at_once(db_path, raw):
    first, second = await asyncio.gather(SqliteStore.open(db_path), SqliteStore.open(db_path))
    await first.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    await second.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    await first.close()
    await second.close()
    versions = [r[0] for r in raw.execute("SELECT version FROM schema_version")]
    assert versions == list(range(1, migrations.latest() + 1))
    assert raw.execute("SELECT count(*) FROM matches").fetchone()[0] == 2


async def test_foreign_files_are_refused(tmp_path):
    text = tmp_path / "notes.db"
    text.write_text("these are not the tables you are looking for\n" * 100)
    with pytest.raises(NotOurDatabase, match="not a SQLite database"):
        await SqliteStore.open(text)
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE users (id INTEGER)")
    conn.commit()
    conn.close()
    with pytest.raises(NotOurDatabase, match="no schema_version"):
        await SqliteStore.open(other)


# -- the schema's own guards ---------------------------------------------------------


@pytest.fixture
async def played(store, start_keltis, play):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 3)
    return match_id, match


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE actions SET key = 'done' WHERE seq = 0",
        "DELETE FROM actions WHERE seq = 2",
        "INSERT INTO actions VALUES (1, 2, 0, 'done', 0, '[]')",  # rewrites history
        "INSERT INTO actions VALUES (1, 4, 0, 'done', 0, '[]')",  # leaves a gap
        "INSERT INTO actions VALUES (99, 0, 0, 'done', 0, '[]')",  # no such match
        "UPDATE matches SET seq = 4",  # seq without a log row
        "UPDATE matches SET seq = 2",  # seq backwards
        "UPDATE matches SET snapshot = '{}'",  # snapshot without a move
        "UPDATE matches SET snapshot = NULL",
        "UPDATE matches SET status = 'lobby'",  # a lobby has no snapshot
        "UPDATE matches SET status = 'paused'",
        "INSERT INTO seats VALUES (1, 5, NULL, NULL, 0, NULL)",  # neither user nor bot
        "INSERT INTO seats VALUES (1, 5, 11, NULL, 0, NULL)",  # the same user twice
    ],
)
async def test_the_schema_refuses_writes_that_break_the_invariants(played, raw, sql):
    raw.execute("PRAGMA foreign_keys = ON")
    before = (
        [tuple(r) for r in raw.execute("SELECT * FROM actions")],
        [tuple(r) for r in raw.execute("SELECT * FROM matches")],
    )
    with pytest.raises(sqlite3.IntegrityError):
        raw.execute(sql)
    after = (
        [tuple(r) for r in raw.execute("SELECT * FROM actions")],
        [tuple(r) for r in raw.execute("SELECT * FROM matches")],
    )
    assert after == before


async def test_the_schema_accepts_a_proper_commit_and_cascading_deletes(played, raw):
    match_id, match = played
    raw.execute("PRAGMA foreign_keys = ON")
    raw.execute("BEGIN")
    raw.execute("INSERT INTO actions VALUES (?, 3, 0, 'done', 0, '[]')", (match_id,))
    raw.execute("UPDATE matches SET seq = 4, snapshot = '{}' WHERE id = ?", (match_id,))
    raw.execute("ROLLBACK")
    raw.execute("DELETE FROM matches WHERE id = ?", (match_id,))
    assert raw.execute("SELECT count(*) FROM actions").fetchone()[0] == 0
    assert raw.execute("SELECT count(*) FROM seats").fetchone()[0] == 0
