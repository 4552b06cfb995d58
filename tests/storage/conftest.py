"""Shared fixtures of the storage tests: a real database per test on each
backend, a controllable clock, and helpers to get a match into a given state.

Every test whose fixtures include `backend` (through `store`, `open_store`
or `raw`) runs once per backend, SQLite and PostgreSQL; one marked
`sqlite_only` (a whole module with `pytestmark`) runs on SQLite alone.
Without a reachable PostgreSQL server the PostgreSQL runs skip and say why,
or fail under REQUIRE_POSTGRES=1 (see storage_backends.py)."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator

import pytest
from storage_backends import BACKENDS, REQUIRED, URL, PgServer, RawSqlite, unavailable
from storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, FakeClock, random_move

from rules import Match
from storage import SqliteStore, Store
from storage.postgres import PgStore


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "sqlite_only: a storage test of what only the SQLite backend has "
        "(its file, WAL, writer thread, SQLite migrations); not run on PostgreSQL",
    )


def pytest_generate_tests(metafunc):
    if "backend" in metafunc.fixturenames:
        only_sqlite = metafunc.definition.get_closest_marker("sqlite_only") is not None
        metafunc.parametrize(
            "backend", ["sqlite"] if only_sqlite else list(BACKENDS), indirect=True
        )


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """The PostgreSQL test server, probed once per session (see storage_backends)."""
    server = PgServer()
    yield server
    server.close()


@pytest.fixture
def backend(request) -> str:
    """'sqlite' or 'postgres' (parametrised by pytest_generate_tests)."""
    name = getattr(request, "param", "sqlite")
    if name == "postgres":
        problem = request.getfixturevalue("pg_server").problem
        if problem is not None:
            if REQUIRED:
                pytest.fail(unavailable(problem))
            pytest.skip(unavailable(problem))
    return name


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.db"


@pytest.fixture
def pg_schema_name(pg_server) -> Iterator[str]:
    """A fresh schema, already migrated, dropped after the test."""
    name = pg_server.migrated_schema()
    yield name
    pg_server.drop_schema(name)


@pytest.fixture
def open_store(request, backend, clock):
    """`open_store(clock=..., cache_size=...)`: what `Store.open` returns
    (awaitable, or an async context manager) on the test's own database, the
    same one every call (reopening it is a restart, two open at once are two
    processes); with the test's clock unless told otherwise. `open_store.where`
    says where the database is, for a child process to open it."""
    if backend == "postgres":
        name = request.getfixturevalue("pg_schema_name")

        def opener(*, clock=clock, **options):
            return PgStore.open(URL, schema_name=name, clock=clock, **options)

        opener.where = {"backend": backend, "url": URL, "schema": name}
    else:
        path = request.getfixturevalue("db_path")

        def opener(*, clock=clock, **options):
            return SqliteStore.open(path, clock=clock, **options)

        opener.where = {"backend": backend, "path": str(path)}
    return opener


@pytest.fixture
async def store(open_store):
    async with open_store() as opened:
        yield opened


@pytest.fixture
def raw(request, backend):
    """A plain connection to the same database, for looking under the hood
    and for damaging rows the way a disk or a hand edit would:
    `raw.execute(sql, params)` with `?` placeholders on either backend."""
    if backend == "postgres":
        conn = request.getfixturevalue("pg_server").raw(request.getfixturevalue("pg_schema_name"))
    else:
        conn = sqlite3.connect(request.getfixturevalue("db_path"), isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn = RawSqlite(conn)
    yield conn
    conn.close()


@pytest.fixture
def start_keltis():
    """`await start_keltis(store, players=2, seed=..., guild=..., ...)`: a
    started Keltis match with user seats; returns (match_id, Match)."""

    async def start(
        store: Store,
        *,
        players: int = 2,
        seed: str = "seed",
        guild: int = GUILD,
        channel: int = CHANNEL,
        thread: int | None = None,
        users: tuple[int, ...] = (ALICE, BOB, CAROL, 14),
    ) -> tuple[int, Match]:
        match_id = await store.create_lobby(guild, channel, "keltis", {}, users[0], thread)
        for user in users[:players]:
            await store.add_user_seat(match_id, user)
        match = Match.new("keltis", players, seed)
        await store.start_match(match_id, match)
        return match_id, match

    return start


@pytest.fixture
def play():
    """`await play(store, match_id, match, moves, rnd)`: apply and commit
    `moves` random legal moves (or fewer, if the match ends)."""

    async def run(
        store: Store, match_id: int, match: Match, moves: int, rnd: random.Random | None = None
    ) -> None:
        rnd = rnd or random.Random(0)
        for _ in range(moves):
            if match.is_over():
                return
            seat, key = random_move(match, rnd)
            events = match.act(seat, key, match.seq)
            await store.commit(match_id, match, events)

    return run
