"""The two backends the storage suite runs on, SQLite (a file in tmp_path)
and PostgreSQL (a schema of its own per test on a real server), behind one
set of fixtures (tests/storage/conftest.py). A plain module with a name no
other test folder uses.

PostgreSQL side, made cheap per test: one session-wide thread runs its own
event loop with two admin connections (a test's loop lives only as long as
the test, so nothing async can be shared across tests on it). It creates
each test's schema, keeps a few of them created and migrated ahead (so the
store a test opens finds its schema up to date), and drops them in the
background after the test. The `raw` connection that tests use to look
under the hood is on that loop too, so it answers synchronously like
sqlite3 does.
"""

from __future__ import annotations

import asyncio
import os
import queue
import sqlite3
import threading
import uuid
from collections.abc import Coroutine, Iterator, Sequence
from concurrent.futures import Future
from typing import Any, TypeVar

import asyncpg

from storage.postgres import schema as pg_schema
from storage.postgres.connect import quote_ident, redact

T = TypeVar("T")

BACKENDS = ("sqlite", "postgres")
DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
URL = os.environ.get("TEST_DATABASE_URL", DEFAULT_URL)
#: CI sets it: a missing server then fails the tests instead of skipping them
REQUIRED = os.environ.get("REQUIRE_POSTGRES") == "1"
#: schemas created and migrated ahead of the tests that will use them
READY_AHEAD = 3


def unavailable(problem: str) -> str:
    """What a PostgreSQL test says when it cannot run."""
    if REQUIRED:
        return f"{problem} and REQUIRE_POSTGRES=1"
    return f"{problem}; set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to fail"


class PgServer:
    """The test server, driven from a thread of its own (see the module)."""

    def __init__(self, url: str = URL):
        self.url = url
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True, name="pg-tests")
        self._thread.start()
        # Two connections, each used by one task at a time: one creates
        # schemas, the other drops them, so a test waits on neither.
        self._admin: asyncpg.Connection | None = None
        self._dropper: asyncpg.Connection | None = None
        self._lock = asyncio.Lock()
        self._drop_lock = asyncio.Lock()
        self._ready: queue.Queue[Future[str]] = queue.Queue()
        self._drops: list[Future[None]] = []
        self.problem = self.run(self._probe())

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run `coro` on the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    def _start(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    async def _probe(self) -> str | None:
        try:
            # Throw-away schemas need no durable commit: no wait on the disk.
            fast = {"synchronous_commit": "off"}
            self._admin = await asyncpg.connect(self.url, timeout=5, server_settings=fast)
            self._dropper = await asyncpg.connect(self.url, timeout=5, server_settings=fast)
        except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
            return f"no PostgreSQL server at {redact(self.url)} ({type(exc).__name__}: {exc})"
        return None

    # -- schemas --------------------------------------------------------------
    def empty_schema(self) -> str:
        """A new, empty schema of a random name; its name."""
        return self.run(self._create(migrated=False))

    def migrated_schema(self) -> str:
        """A new schema already at the latest version (prepared ahead)."""
        while self._ready.qsize() < READY_AHEAD + 1:
            self._ready.put(self._start(self._create(migrated=True)))
        return self._ready.get().result()

    async def _create(self, *, migrated: bool) -> str:
        name = f"test_{uuid.uuid4().hex[:12]}"
        async with self._lock:
            assert self._admin is not None
            async with self._admin.transaction():
                await self._admin.execute(f"CREATE SCHEMA {quote_ident(name)}")
                if migrated:
                    await self._admin.execute(f"SET LOCAL search_path = {quote_ident(name)}")
                    await pg_schema.migrate(self._admin, lambda: 0)
        return name

    def drop_schema(self, name: str, *, wait: bool = False) -> None:
        """Drop a test's schema, in the background unless `wait`."""
        done = self._start(self._drop(name))
        if wait:
            done.result()
        else:
            self._drops.append(done)

    async def _drop(self, name: str) -> None:
        async with self._drop_lock:
            assert self._dropper is not None
            await self._dropper.execute(f"DROP SCHEMA IF EXISTS {quote_ident(name)} CASCADE")

    def raw(self, schema: str) -> RawPostgres:
        return RawPostgres(self, self.run(_connect_in(self.url, schema)))

    def close(self) -> None:
        """Drop what is left (schemas prepared ahead and not used), wait for
        the background drops, close the connection and stop the thread."""
        while not self._ready.empty():
            self.drop_schema(self._ready.get().result())
        for done in self._drops:
            done.result()
        for conn in (self._admin, self._dropper):
            if conn is not None:
                self.run(conn.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join()
        self._loop.close()


async def _connect_in(url: str, schema: str) -> asyncpg.Connection:
    return await asyncpg.connect(url, server_settings={"search_path": quote_ident(schema)})


# -- raw access, the same for both backends ------------------------------------
# Tests look under the hood (and damage rows) with `raw.execute(sql, params)`,
# sqlite3's way: `?` placeholders, rows readable by index and by name.


class RawSqlite:
    """A plain sqlite3 connection to the test's file (every sqlite3 method
    works), plus the few operations whose SQL differs between backends."""

    backend = "sqlite"
    Error = sqlite3.DatabaseError  # what a statement the schema refuses raises
    #: an SQL literal a JSON column takes but the store cannot read as an
    #: object: text that does not parse (the columns are text)
    unreadable_json = "'{broken'"

    def __init__(self, conn: sqlite3.Connection):
        self._conn = conn

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        return self._conn.execute(sql, params)

    def drop_trigger(self, name: str, table: str) -> None:
        """Switch off one of the schema's guards, to damage rows around it."""
        self._conn.execute(f"DROP TRIGGER {name}")

    def refuse_inserts(self, table: str, message: str) -> None:
        """Make every INSERT into `table` fail with `message`."""
        self._conn.execute(
            f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table}"
            f" BEGIN SELECT RAISE(ABORT, '{message}'); END"
        )

    def close(self) -> None:
        self._conn.close()


class RawPostgres:
    """A connection working in the test's schema, answering synchronously
    (it lives on the PgServer's loop), with sqlite3's calling convention."""

    backend = "postgres"
    Error = asyncpg.PostgresError
    #: jsonb takes only valid JSON: a list where an object belongs
    unreadable_json = "'[\"not an object\"]'"

    def __init__(self, server: PgServer, conn: asyncpg.Connection):
        self._server = server
        self._conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        return Rows(self._server.run(self._conn.fetch(dollar_params(sql), *params)))

    def drop_trigger(self, name: str, table: str) -> None:
        self.execute(f"DROP TRIGGER {name} ON {table}")

    def refuse_inserts(self, table: str, message: str) -> None:
        self.execute(
            f"CREATE FUNCTION refuse_{table}() RETURNS trigger LANGUAGE plpgsql AS"
            f" $$ BEGIN RAISE EXCEPTION '{message}'; END $$"
        )
        self.execute(
            f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table}"
            f" FOR EACH ROW EXECUTE FUNCTION refuse_{table}()"
        )

    def close(self) -> None:
        self._server.run(self._conn.close())


class Rows:
    """The result of `RawPostgres.execute`, read like an sqlite3 cursor."""

    def __init__(self, rows: list[asyncpg.Record]):
        self._rows = rows

    def fetchall(self) -> list[asyncpg.Record]:
        return list(self._rows)

    def fetchone(self) -> asyncpg.Record | None:
        return self._rows[0] if self._rows else None

    def __iter__(self) -> Iterator[asyncpg.Record]:
        return iter(self._rows)


def dollar_params(sql: str) -> str:
    """sqlite3's `?` placeholders as PostgreSQL's `$1, $2, ...` (outside
    quoted strings)."""
    out, n, quote = [], 0, ""
    for char in sql:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "?":
            n += 1
            char = f"${n}"
        out.append(char)
    return "".join(out)
