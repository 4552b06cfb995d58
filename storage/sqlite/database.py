"""The database file: where it lives, its pragmas, its connections and the
one way to write to it.

Two aiosqlite connections share the file: a writer, used only inside
`write()` transactions and `transact()` batches (a move), serialised by an
asyncio lock, and a query-only
reader for single-statement reads. The split matters because aiosqlite runs
one connection's statements in order but lets tasks interleave between them:
a read issued on the writer in the middle of someone's transaction would see
uncommitted rows. Every read is one statement, hence one consistent WAL
snapshot, without a read lock. Small reads by key (`lookup`) use a third,
plain query-only connection on the event loop's own thread (see there).

Durability: WAL with `synchronous=FULL`, i.e. the WAL is fsynced at every
commit. NORMAL would survive a killed process too, but a power cut could
lose the last acknowledged moves; FULL costs one fsync per commit (well
under a millisecond on an SSD, see bench/store.py), which a chat game can
afford: at most one per move, since moves queued together share one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite

from storage.errors import ReadOnlyStorage, SchemaTooNew, StoreClosed, UnusableDatabase
from storage.sqlite import checks, migrations
from storage.sqlite.backfill import backfill_events

log = logging.getLogger(__name__)
T = TypeVar("T")


class Cursor(Protocol):
    """What a write reads back from a statement (aiosqlite's or sqlite3's cursor)."""

    @property
    def rowcount(self) -> int: ...

    @property
    def lastrowid(self) -> int | None: ...


class WriteConn(Protocol):
    """The connection inside a write transaction: an aiosqlite.Connection in
    a `write()` block, an `InThread` in a `transact()` body. Helpers that
    write in either (the move path, results) take this."""

    def execute(self, sql: str, parameters: Iterable[Any] = ..., /) -> Awaitable[Cursor]: ...

    def executemany(
        self, sql: str, parameters: Iterable[Iterable[Any]], /
    ) -> Awaitable[Cursor]: ...

    def execute_fetchall(
        self, sql: str, parameters: Iterable[Any] = ..., /
    ) -> Awaitable[Iterable[sqlite3.Row]]: ...


#: a `transact()` body: its statements, driven to their end in the writer's thread
Body = Callable[[WriteConn], Coroutine[Any, Any, T]]

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_PATH = ROOT / "data" / "games.db"
BUSY_TIMEOUT_MS = 5000

# Per-connection settings (journal_mode=WAL is persistent and set once, in prepare_file).
PRAGMAS = (
    "PRAGMA synchronous = FULL",
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",  # wait for another process's write lock
    "PRAGMA foreign_keys = ON",  # seats, log and messages die with their match
    "PRAGMA trusted_schema = OFF",  # schema may not call risky functions
    "PRAGMA temp_store = MEMORY",
    "PRAGMA cache_size = -16000",  # 16 MiB page cache per connection
    "PRAGMA journal_size_limit = 67108864",  # trim the WAL to 64 MiB after checkpoints
)


def default_path() -> Path:
    """`DATABASE_PATH` from the environment, else data/games.db in the project."""
    return Path(os.environ.get("DATABASE_PATH") or DEFAULT_PATH)


def prepare_file(
    path: Path,
    now_ms: Callable[[], int],
    *,
    create_folder: bool = True,
) -> list[int]:
    """Check the file (see storage/sqlite/checks.py), switch it to WAL, apply
    pending migrations and prove that it takes a write (synchronously: it
    runs once, in a worker thread, before the connections open). Raises
    UnusableDatabase, with one line naming the file and what to do, for
    anything about the file; the bot must not start then."""
    checks.check_place(path, create_folder=create_folder)
    try:
        conn = sqlite3.connect(path, isolation_level=None)
    except sqlite3.Error as exc:
        _explain(path, exc)
        raise
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        found = migrations.current_version(conn, str(path))
        if found > migrations.latest():  # refuse before touching the file
            raise SchemaTooNew(path, found, migrations.latest())
        if not checks.check_integrity(conn, path):
            log.warning(
                "%s: checked only part of the database at start-up (it is large); "
                "the rest is checked as it is read",
                path,
            )
        _use_wal(conn, path)
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = OFF")
        applied = migrations.migrate(conn, now_ms, path=str(path))
        backfill_events(conn)
        checks.probe_write(conn, now_ms())
        return applied
    except (sqlite3.Error, OSError) as exc:
        _explain(path, exc)
        raise
    finally:
        conn.close()


def _explain(path: Path, exc: sqlite3.Error | OSError) -> None:
    """Raise the one-line refusal when the error is about the file."""
    unusable = checks.explain(path, exc)
    if unusable is not None:
        raise unusable from exc


def _use_wal(conn: sqlite3.Connection, path: Path) -> None:
    # Switching to WAL needs an exclusive lock and SQLite does not wait for
    # it with busy_timeout, so two processes opening a new file at once
    # would fail: retry within the same time budget instead.
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            break
        except sqlite3.OperationalError as exc:
            if exc.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY or time.monotonic() > deadline:
                raise
            time.sleep(0.01)
    if mode.lower() != "wal":
        raise UnusableDatabase(
            path,
            f"SQLite cannot use WAL journal mode there (got {mode!r})",
            "put the database on a local disk",
        )


async def connect(path: Path, *, read_only: bool) -> aiosqlite.Connection:
    conn = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN/COMMIT
    try:
        conn.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            await conn.execute(pragma)
        if read_only:
            await conn.execute("PRAGMA query_only = ON")
    except BaseException:
        await conn.close()
        raise
    return conn


def connect_here(path: Path) -> sqlite3.Connection:
    """The query-only connection for `Database.lookup`: it never waits
    (busy_timeout 0), since it runs on the event loop's thread."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        conn.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            conn.execute(pragma)
        conn.execute("PRAGMA busy_timeout = 0")
        conn.execute("PRAGMA query_only = ON")
    except BaseException:
        conn.close()
        raise
    return conn


class Database:
    """A writer and a reader connection on one file, and the write lock."""

    def __init__(
        self,
        path: Path,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        here: sqlite3.Connection | None = None,
    ):
        self.path = path
        self._writer = writer
        self._reader = reader
        self._here = here or connect_here(path)
        self._lock = asyncio.Lock()
        self._closed = False
        self._read_only_reported = False
        #: write transactions committed (each is one fsync of the WAL): what
        #: tests and bench/load count per move
        self.transactions = 0
        # bodies of any result type, each with the future its caller awaits
        self._queued: list[tuple[Body[Any], asyncio.Future[Any]]] = []
        self._flusher: asyncio.Task[None] | None = None
        #: whether a lone transact() body skips the flusher (see there);
        #: False only to measure what that saves (bench/store_load.py)
        self.lone_writes = True

    @classmethod
    async def open(cls, path: Path) -> Database:
        writer = await connect(path, read_only=False)
        try:
            reader = await connect(path, read_only=True)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        async with self._lock:  # let a running transaction finish
            try:
                await self._writer.execute("PRAGMA analysis_limit = 400")
                await self._writer.execute("PRAGMA optimize")
            except sqlite3.OperationalError as exc:
                # Only an optimisation: another process holding the write
                # lock ("database is locked") must not make closing fail.
                log.info("%s: skipped PRAGMA optimize at close (%s)", self.path, exc)
            finally:
                self._here.close()
                await self._reader.close()
                await self._writer.close()

    def _check_open(self) -> None:
        if self._closed:
            raise StoreClosed(f"{self.path}: the store is closed")

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One IMMEDIATE transaction: committed when the block ends, rolled
        back (changing nothing) if it raises or its task is cancelled.

        IMMEDIATE takes the write lock up front, so two writers queue on
        busy_timeout instead of failing to upgrade a read lock mid-way."""
        self._check_open()
        async with self._lock:
            self._check_open()  # closed while we waited
            conn = self._writer
            try:
                await conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                if (read_only := self._read_only(exc)) is None:
                    raise
                raise read_only from exc
            except BaseException:
                # Cancelled while BEGIN was queued: it still runs in the
                # connection's thread, so end that transaction before the
                # next writer may begin one (else every later write fails).
                await asyncio.shield(_rollback(conn))
                raise
            try:
                yield conn
                await conn.execute("COMMIT")
                self.transactions += 1
            except BaseException as exc:
                # Queued behind any statement still running for a cancelled
                # caller, and before the next BEGIN: the connection's queue is FIFO.
                await asyncio.shield(_rollback(conn))
                if (read_only := self._read_only(exc)) is None:
                    raise
                raise read_only from exc
            self._writes_again()

    async def transact(self, body: Body[T]) -> T:
        """Run `body(conn)` all or nothing, in a transaction shared with the
        other bodies queued meanwhile (group commit): one hop to the
        writer's thread and one fsync for the lot, each body in its own
        savepoint, so one that raises changes nothing and fails alone.

        Why: under load each hop to the writer's thread waits for a turn of
        the busy event loop (and for the GIL). With a hop per statement a
        move held the write lock for eight turns, and at 30 moves a second
        writers queued for seconds (bench/load). `body` is written against
        the async API of a `write()` block (execute, execute_fetchall,
        executemany) but must await nothing else: it is driven to its end in
        the writer's thread. Its result (or exception) comes back once its
        transaction is committed (durability first). A caller cancelled
        before its body started drops it; once started, it completes.

        A body that finds nothing queued or being written runs at once,
        alone (see `_transact_alone`); group commit is for writes that pile up."""
        self._check_open()
        if (
            self.lone_writes
            and self._flusher is None
            and not self._queued
            and not self._lock.locked()
        ):
            return await self._transact_alone(body)
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._queued.append((body, done))
        if self._flusher is None:
            self._flusher = asyncio.create_task(self._flush(), name="store-writes")
        return await done

    async def _transact_alone(self, body: Body[T]) -> T:
        """Commit a lone body straight from its caller's task: the same one
        transaction, savepoint and fsync in the writer's thread as a batch
        of one, without the flusher task, whose start and hand-back cost two
        more turns of the event loop before the caller resumes (on a busy
        bot, most of a lone move's wait). Bodies arriving meanwhile find
        the lock taken and queue for the flusher, which commits them
        together next. A caller cancelled meanwhile leaves its body to
        complete in the writer's thread, unreported, as in a batch."""
        async with self._lock:  # free (checked by the caller): taken without a turn
            try:
                # aiosqlite's own hop to its thread, as in _flush
                results: list[tuple[bool, Any]] = await self._writer._execute(  # type: ignore[no-untyped-call]
                    self._commit_batch, [body]
                )
            except sqlite3.Error as exc:  # the whole transaction failed
                if (read_only := self._read_only(exc)) is None:
                    raise
                raise read_only from exc
        ((ok, value),) = results
        if not ok:
            if isinstance(value, sqlite3.Error) and (read_only := self._read_only(value)):
                raise read_only from value
            raise value
        self._writes_again()
        result: T = value
        return result

    async def _flush(self) -> None:
        """Commit queued bodies, a batch at a time, until none is left."""
        try:
            while self._queued:
                async with self._lock:
                    batch = [(b, f) for b, f in self._queued if not f.done()]
                    self._queued.clear()
                    if self._closed:
                        for _, done in batch:
                            done.set_exception(StoreClosed(f"{self.path}: the store is closed"))
                        continue
                    if not batch:
                        continue
                    try:
                        # aiosqlite's own hop to its thread (private, untyped;
                        # the version is pinned): the batch runs there in one go
                        results: list[tuple[bool, Any]] = await self._writer._execute(  # type: ignore[no-untyped-call]
                            self._commit_batch, [body for body, _ in batch]
                        )
                    except asyncio.CancelledError:  # shutting down: the batch still
                        for _, done in batch:  # completes, unreported
                            done.cancel()
                        raise
                    except Exception as exc:  # the whole transaction failed
                        if isinstance(exc, sqlite3.Error):
                            exc = self._read_only(exc) or exc
                        for _, done in batch:
                            if not done.done():
                                done.set_exception(exc)
                        continue
                if any(ok for ok, _ in results):
                    self._writes_again()
                for (_, done), (ok, value) in zip(batch, results, strict=True):
                    if done.done():
                        continue
                    if ok:
                        done.set_result(value)
                    else:
                        if isinstance(value, sqlite3.Error):
                            value = self._read_only(value) or value
                        done.set_exception(value)
        finally:
            self._flusher = None

    def _commit_batch(self, bodies: list[Body[Any]]) -> list[tuple[bool, Any]]:
        """In the writer's thread: one transaction, a savepoint per body;
        [(True, result) or (False, exception)] in order."""
        conn = self._writer._conn  # aiosqlite runs this in the connection's own thread
        conn.execute("BEGIN IMMEDIATE")
        out: list[tuple[bool, Any]] = []
        try:
            for body in bodies:
                conn.execute("SAVEPOINT body")
                try:
                    result = run_to_end(body(InThread(conn)))
                except Exception as exc:
                    if not conn.in_transaction:  # SQLite ended it (an I/O error): all fail
                        raise
                    conn.execute("ROLLBACK TO body")
                    conn.execute("RELEASE body")
                    out.append((False, exc))
                else:
                    conn.execute("RELEASE body")
                    out.append((True, result))
            conn.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.OperationalError):  # no transaction left
                conn.execute("ROLLBACK")
            raise
        self.transactions += 1
        return out

    def _writes_again(self) -> None:
        if self._read_only_reported:
            self._read_only_reported = False
            log.warning("%s: the database takes writes again", self.path)

    def _read_only(self, exc: BaseException) -> ReadOnlyStorage | None:
        """A write refused because the file or its disk turned read-only:
        said once in the log (not once per click), and raised as
        ReadOnlyStorage so players are told that retrying cannot help."""
        if not checks.is_read_only(exc, self.path):
            return None
        if not self._read_only_reported:
            self._read_only_reported = True
            log.error(
                "%s: the database has become read-only (%s); no move can be saved "
                "until it is writable again",
                self.path,
                exc,
            )
        return ReadOnlyStorage(f"{self.path}: the database is read-only")

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """One read statement on the reader connection (one WAL snapshot)."""
        self._check_open()
        return list(await self._reader.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None

    async def lookup(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """A small read (rows found by key: a match, its seats, a setting)
        done right here, on the event loop's thread.

        Such a read takes tens of microseconds from SQLite's page cache, and
        a WAL reader never waits for writers; a hop to the reader's thread
        and back took two turns of the event loop instead, 70 ms at the
        median under bench/load, and a click made three of them. Should
        SQLite be busy all the same (a WAL index being rebuilt), the read
        goes to the reader's thread, which may wait."""
        self._check_open()
        try:
            return self._here.execute(sql, params).fetchall()
        except sqlite3.OperationalError as exc:
            busy = (exc.sqlite_errorcode or 0) & 0xFF in (
                sqlite3.SQLITE_BUSY,
                sqlite3.SQLITE_LOCKED,
            )
            if not busy:
                raise
        return await self.fetchall(sql, params)

    async def lookup_one(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
        rows = await self.lookup(sql, params)
        return rows[0] if rows else None


class InThread:
    """A sqlite3 connection behind aiosqlite's async API, for a `transact()`
    body running in the writer's thread: every call is done when awaited."""

    def __init__(self, conn: sqlite3.Connection):
        self._conn = conn

    async def execute(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Cursor:
        return self._conn.execute(sql, tuple(params))

    async def executemany(self, sql: str, rows: Iterable[Iterable[Any]]) -> sqlite3.Cursor:
        return self._conn.executemany(sql, (tuple(row) for row in rows))

    async def execute_fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
        rows: list[sqlite3.Row] = self._conn.execute(sql, tuple(params)).fetchall()
        return rows


def run_to_end(coro: Coroutine[Any, Any, T]) -> T:
    """Drive a coroutine that never suspends (see InThread) to its result."""
    try:
        coro.send(None)
    except StopIteration as stop:
        result: T = stop.value
        return result
    coro.close()
    raise RuntimeError("a transact() body awaited something besides its connection")


async def _rollback(conn: aiosqlite.Connection) -> None:
    # OperationalError: no transaction left (e.g. COMMIT completed after all)
    with contextlib.suppress(sqlite3.OperationalError):
        await conn.execute("ROLLBACK")
