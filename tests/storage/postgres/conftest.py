"""Fixtures of the PostgreSQL tests: a real server (TEST_DATABASE_URL,
default the local one), each test in a schema of its own that is dropped
afterwards. Without a reachable server the tests skip and say why, unless
REQUIRE_POSTGRES=1 (CI), where they fail."""

from __future__ import annotations

import pytest
from pg_helpers import REQUIRED, URL, connect_in, create_schema, drop_schema, server_problem

from storage.postgres import PgStore

_problem: list[str | None] = []  # probed once per test session


@pytest.fixture
async def pg_schema():
    """The name of a fresh, empty schema on the test server."""
    if not _problem:
        _problem.append(await server_problem())
    if _problem[0] is not None:
        if REQUIRED:
            pytest.fail(f"{_problem[0]} and REQUIRE_POSTGRES=1")
        pytest.skip(f"{_problem[0]}; set TEST_DATABASE_URL, or REQUIRE_POSTGRES=1 to fail")
    name = await create_schema()
    yield name
    await drop_schema(name)


@pytest.fixture
async def pg_store(pg_schema, clock):
    """A PgStore on the test's schema, migrated, with the controllable clock."""
    store = await PgStore.open(URL, schema_name=pg_schema, clock=clock)
    yield store
    await store.close()


@pytest.fixture
async def pg_raw(pg_schema, pg_store):
    """A plain connection to the store's schema, for looking under the hood
    and for trying what the database must refuse."""
    conn = await connect_in(pg_schema)
    yield conn
    await conn.close()
