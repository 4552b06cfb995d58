"""Where the PostgreSQL tests find their server, and private schemas on it
(a plain module with a name no other test folder uses)."""

from __future__ import annotations

import os
import uuid

import asyncpg

from storage.postgres.connect import redact

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"
URL = os.environ.get("TEST_DATABASE_URL", DEFAULT_URL)
#: CI sets it: a missing server then fails the tests instead of skipping them
REQUIRED = os.environ.get("REQUIRE_POSTGRES") == "1"


async def server_problem(url: str = URL) -> str | None:
    """Why the server at `url` cannot be used, or None when it can."""
    try:
        conn = await asyncpg.connect(url, timeout=5)
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        return f"no PostgreSQL server at {redact(url)} ({type(exc).__name__}: {exc})"
    await conn.close()
    return None


async def create_schema(url: str = URL) -> str:
    """A new, empty schema of a random name; its name."""
    name = f"test_{uuid.uuid4().hex[:12]}"
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'CREATE SCHEMA "{name}"')
    finally:
        await conn.close()
    return name


async def drop_schema(name: str, url: str = URL) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
    finally:
        await conn.close()


async def connect_in(schema: str, url: str = URL) -> asyncpg.Connection:
    """A plain connection working in `schema`, for looking under the hood."""
    return await asyncpg.connect(url, server_settings={"search_path": f'"{schema}"'})
