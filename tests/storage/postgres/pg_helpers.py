"""Where the PostgreSQL tests find their server (a plain module with a name
no other test folder uses). The server itself, and the schemas each test
gets, are storage_backends.PgServer's, shared with the storage suite."""

from __future__ import annotations

import asyncpg
from storage_backends import DEFAULT_URL, REQUIRED, URL

from storage.postgres.connect import quote_ident

__all__ = ["DEFAULT_URL", "REQUIRED", "URL", "connect_in"]


async def connect_in(schema: str, url: str = URL) -> asyncpg.Connection:
    """A plain connection working in `schema`, for looking under the hood."""
    return await asyncpg.connect(url, server_settings={"search_path": quote_ident(schema)})
