"""Fixtures of the PostgreSQL-only tests: each test in an empty schema of
its own on the shared test server (storage_backends.PgServer), dropped
afterwards. Without a reachable server the tests skip and say why, unless
REQUIRE_POSTGRES=1 (CI), where they fail."""

from __future__ import annotations

import pytest
from pg_helpers import REQUIRED, URL, connect_in
from storage_backends import unavailable

from storage.postgres import PgStore


@pytest.fixture
def pg_schema(pg_server):
    """The name of a fresh, empty schema on the test server."""
    if pg_server.problem is not None:
        if REQUIRED:
            pytest.fail(unavailable(pg_server.problem))
        pytest.skip(unavailable(pg_server.problem))
    name = pg_server.empty_schema()
    yield name
    pg_server.drop_schema(name)


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
