"""The file and its connections: location, pragmas, the write transaction
(all or nothing, also when its task is cancelled), closing."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading

import pytest
from storage_helpers import ALICE, CHANNEL, GUILD

from storage import ReadOnlyStorage, SqliteStore, StoreError, default_path
from storage.sqlite.database import DEFAULT_PATH

# SQLite's own: its file, pragmas and writer thread (PostgreSQL's pool:
# tests/storage/postgres)
pytestmark = pytest.mark.sqlite_only


def test_default_path_and_its_override(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_PATH", raising=False)
    assert default_path() == DEFAULT_PATH
    assert DEFAULT_PATH.parts[-2:] == ("data", "games.db")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "elsewhere.db"))
    assert default_path() == tmp_path / "elsewhere.db"


async def test_open_uses_the_environment_and_creates_the_folder(monkeypatch, tmp_path):
    target = tmp_path / "a" / "b" / "games.db"
    monkeypatch.setenv("DATABASE_PATH", str(target))
    async with SqliteStore.open() as store:
        assert store.path == target
    assert target.is_file()


async def test_pragmas(store):
    async def pragma(conn, name):
        return (await conn.execute_fetchall(f"PRAGMA {name}"))[0][0]

    for conn in (store._db._writer, store._db._reader):
        assert await pragma(conn, "journal_mode") == "wal"
        assert await pragma(conn, "synchronous") == 2  # FULL
        assert await pragma(conn, "foreign_keys") == 1
        assert await pragma(conn, "busy_timeout") == 5000
        assert await pragma(conn, "trusted_schema") == 0
    assert await pragma(store._db._writer, "query_only") == 0
    assert await pragma(store._db._reader, "query_only") == 1
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        await store._db._reader.execute("DELETE FROM guild_settings")


async def test_a_failing_transaction_changes_nothing(store):
    with pytest.raises(RuntimeError):
        async with store._db.write() as conn:
            await conn.execute("INSERT INTO guild_settings VALUES (1, 'k', '1', 0)")
            raise RuntimeError("boom")
    assert await store.get_setting(1, "k") is None
    await store.set_setting(1, "k", 2)  # the connection is usable again
    assert await store.get_setting(1, "k") == 2


async def test_a_cancelled_transaction_changes_nothing(store):
    inside = asyncio.Event()

    async def interrupted():
        async with store._db.write() as conn:
            await conn.execute("INSERT INTO guild_settings VALUES (1, 'k', '1', 0)")
            inside.set()
            await asyncio.Event().wait()  # cancelled here, mid-transaction

    task = asyncio.create_task(interrupted())
    await inside.wait()
    assert await store.get_setting(1, "k") is None  # readers never see uncommitted rows
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await store.get_setting(1, "k") is None
    await store.set_setting(1, "j", 3)
    assert await store.settings(1) == {"j": 3}


async def test_a_writer_cancelled_while_beginning_leaves_no_transaction_open(store):
    """A task cancelled while its BEGIN is queued (a bot seat stopped because
    its server left): the BEGIN still runs, and must be rolled back, or every
    later write fails with "cannot start a transaction within a transaction"."""
    for delay in range(6):  # cancel at several points of the BEGIN's trip
        task = asyncio.create_task(store.set_setting(1, "k", delay))
        for _ in range(delay):
            await asyncio.sleep(0)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        await store.set_setting(2, "after", delay)  # the writer is usable again
        assert await store.get_setting(2, "after") == delay


async def test_writes_wait_for_each_other(store):
    # Many writers at once on one store: each gets its own transaction.
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    results = await asyncio.gather(
        *(store.add_user_seat(match_id, user) for user in range(100, 110)), return_exceptions=True
    )
    seated = [r for r in results if isinstance(r, int)]
    assert sorted(seated) == [0, 1, 2, 3]  # Keltis seats four; the rest were refused
    assert len((await store.info(match_id)).seats) == 4


async def test_a_closed_store_refuses_politely(db_path):
    store = await SqliteStore.open(db_path)
    await store.close()
    await store.close()  # twice is fine
    with pytest.raises(StoreError, match="closed"):
        await store.load(1)
    with pytest.raises(StoreError, match="closed"):
        await store.set_setting(1, "k", 1)


async def test_a_database_turned_read_only_is_reported_once_and_recovers(store, caplog):
    # What a remount read-only looks like to SQLite: every write is refused
    # with SQLITE_READONLY (query_only gives the same error code).
    await store._db._writer.execute("PRAGMA query_only = ON")
    for _ in range(3):
        with pytest.raises(ReadOnlyStorage, match="read-only"):
            await store.set_setting(GUILD, "k", 1)
    reports = [r for r in caplog.records if "has become read-only" in r.getMessage()]
    assert len(reports) == 1 and str(store.path) in reports[0].getMessage()
    assert await store.get_setting(GUILD, "k") is None
    await store._db._writer.execute("PRAGMA query_only = OFF")
    await store.set_setting(GUILD, "k", 2)  # nothing half-done is left behind
    assert await store.get_setting(GUILD, "k") == 2
    assert any("takes writes again" in r.getMessage() for r in caplog.records)


async def test_closing_does_not_fail_while_another_process_holds_the_write_lock(db_path):
    """PRAGMA optimize at close needs the write lock; when another process
    (a second bot, a copy tool) holds it, closing still succeeds."""
    store = await SqliteStore.open(db_path)
    other = sqlite3.connect(db_path, timeout=0)
    other.execute("BEGIN IMMEDIATE")  # holds the write lock
    try:
        await store._db._writer.execute("PRAGMA busy_timeout = 50")  # don't wait 5 s here
        await store.close()
    finally:
        other.execute("ROLLBACK")
        other.close()


# -- transact(): moves committed in batches, one fsync for those queued together --


def put(key: str, value: int, *, fail: bool = False):
    """A transact() body writing one guild setting (then failing, if asked)."""

    async def body(conn):
        await conn.execute(
            "INSERT INTO guild_settings VALUES (?, ?, ?, 0)", (GUILD, key, str(value))
        )
        if fail:
            raise ValueError(key)
        return value

    return body


async def test_bodies_queued_together_share_one_transaction_and_each_gets_its_result(store):
    before = store.transactions
    async with store._db._lock:  # a write() under way: bodies pile up meanwhile
        queued = [asyncio.create_task(store._db.transact(put(f"k{n}", n))) for n in range(5)]
        await asyncio.sleep(0.01)
        assert store.transactions == before
    assert await asyncio.gather(*queued) == [0, 1, 2, 3, 4]
    assert store.transactions == before + 1  # one commit, one fsync
    assert [await store.get_setting(GUILD, f"k{n}") for n in range(5)] == [0, 1, 2, 3, 4]


def spying(db, key: str, value: int, seen: list):
    """put(), noting whether a flusher task existed when it ran and how
    many transactions were committed before its own."""
    inner = put(key, value)

    async def body(conn):
        seen.append((db._flusher is not None, db.transactions))
        return await inner(conn)

    return body


async def test_a_lone_body_commits_at_once_without_the_flusher(store):
    before, seen = store.transactions, []
    assert await store._db.transact(spying(store._db, "alone", 1, seen)) == 1
    assert seen == [(False, before)]  # run from the caller's task, not a flusher's
    assert store.transactions == before + 1
    assert await store.get_setting(GUILD, "alone") == 1


async def test_bodies_arriving_during_a_lone_write_are_committed_together_after_it(store):
    before, seen = store.transactions, []
    results = await asyncio.gather(
        *(store._db.transact(spying(store._db, f"k{n}", n, seen)) for n in range(6))
    )
    assert results == [0, 1, 2, 3, 4, 5]
    # the first alone (from its caller's task), the rest in one batch after it
    assert [n for _, n in seen] == [before] + [before + 1] * 5
    assert [flusher for flusher, _ in seen[1:]] == [True] * 5
    assert store.transactions == before + 2
    assert [await store.get_setting(GUILD, f"k{n}") for n in range(6)] == list(range(6))


async def test_a_lone_body_that_fails_changes_nothing(store):
    with pytest.raises(ValueError, match="bad"):
        await store._db.transact(put("bad", 1, fail=True))
    assert await store.get_setting(GUILD, "bad") is None
    assert await store._db.transact(put("good", 2)) == 2


async def test_a_lone_body_completes_when_its_caller_is_cancelled(store):
    started = threading.Event()
    release = threading.Event()

    async def slow(conn):
        started.set()
        release.wait(5)  # holds the writer's thread, as a slow disk would
        return await put("late", 7)(conn)

    task = asyncio.create_task(store._db.transact(slow))
    while not started.is_set():
        await asyncio.sleep(0.001)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    release.set()
    assert await store._db.transact(put("next", 8)) == 8  # queued behind it, in order
    assert await store.get_setting(GUILD, "late") == 7  # once started, it completed


async def test_a_failing_body_changes_nothing_and_fails_alone(store):
    outcomes = await asyncio.gather(
        store._db.transact(put("a", 1)),
        store._db.transact(put("b", 2, fail=True)),
        store._db.transact(put("c", 3)),
        return_exceptions=True,
    )
    assert outcomes[0] == 1 and isinstance(outcomes[1], ValueError) and outcomes[2] == 3
    assert [await store.get_setting(GUILD, k) for k in "abc"] == [1, None, 3]


async def test_a_body_cancelled_before_it_ran_is_dropped(store):
    async with store._db._lock:  # a write() under way: bodies queue meanwhile
        dropped = asyncio.create_task(store._db.transact(put("gone", 1)))
        kept = asyncio.create_task(store._db.transact(put("kept", 2)))
        await asyncio.sleep(0.01)
        dropped.cancel()
    assert await kept == 2
    assert await store.get_setting(GUILD, "gone") is None


async def test_a_body_may_await_only_its_connection(store):
    async def sleeper(conn):
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="awaited something"):
        await store._db.transact(sleeper)
    assert await store._db.transact(put("after", 1)) == 1  # the writer is usable again


async def test_transact_reports_a_read_only_database_like_write(store, caplog):
    await store._db._writer.execute("PRAGMA query_only = ON")
    with pytest.raises(ReadOnlyStorage):
        await store._db.transact(put("k", 1))
    await store._db._writer.execute("PRAGMA query_only = OFF")
    assert await store._db.transact(put("k", 2)) == 2
    assert any("takes writes again" in r.getMessage() for r in caplog.records)


async def test_transact_after_close_is_refused(db_path):
    store = await SqliteStore.open(db_path)
    await store.close()
    with pytest.raises(StoreError):
        await store._db.transact(put("k", 1))
