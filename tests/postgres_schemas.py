"""A PostgreSQL schema of its own for a test outside the storage suite (the
move service's load count, the shard processes): made on the test server,
dropped afterwards. Without a server the test skips and says why, or fails
under REQUIRE_POSTGRES=1 (CI). The storage suite has its faster, shared
fixtures (tests/storage/storage_backends.py)."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")


async def _admin() -> asyncpg.Connection:
    try:
        return await asyncpg.connect(URL, timeout=5)
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        if os.environ.get("REQUIRE_POSTGRES") == "1":
            pytest.fail(f"no PostgreSQL server at {URL} ({exc}) and REQUIRE_POSTGRES=1")
        pytest.skip(f"no PostgreSQL server at {URL} ({exc}); set TEST_DATABASE_URL")


@asynccontextmanager
async def fresh_schema(prefix: str) -> AsyncIterator[str]:
    """The name of a new, empty schema (the store migrates it), dropped on exit."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    conn = await _admin()
    try:
        await conn.execute(f'CREATE SCHEMA "{name}"')
    finally:
        await conn.close()
    try:
        yield name
    finally:
        await _drop(name)


async def _drop(name: str, attempts: int = 5) -> None:
    """Drop the schema. A bot process still connected to it (a fixture that
    ends before its processes do) may hold a table the drop needs while it
    waits for another the drop took: PostgreSQL breaks that deadlock by
    failing one side, and the drop is tried again."""
    conn = await _admin()
    try:
        for attempt in range(attempts):
            try:
                await conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
                return
            except asyncpg.DeadlockDetectedError:
                if attempt == attempts - 1:
                    raise
                await asyncio.sleep(0.5)
    finally:
        await conn.close()
