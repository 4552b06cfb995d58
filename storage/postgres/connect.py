"""Where the PostgreSQL database is, and a pool of connections to it.

`DATABASE_URL=postgresql://user@host:port/db` selects the PostgreSQL backend
(several shard processes sharing one database); without it the bot stays on
its embedded SQLite file. The URL may carry a password, so anything shown to
people (errors, logs) uses `redact(url)`.
"""

from __future__ import annotations

import os
from typing import cast
from urllib.parse import urlsplit, urlunsplit

import asyncpg

ENV_VAR = "DATABASE_URL"
SCHEMES = ("postgresql", "postgres")


def database_url(environ: dict[str, str] | None = None) -> str | None:
    """The PostgreSQL URL the process should use, or None for SQLite."""
    url = (os.environ if environ is None else environ).get(ENV_VAR, "").strip()
    if not url:
        return None
    if not is_postgres_url(url):
        raise ValueError(f"{ENV_VAR} must be a postgresql:// URL, not {redact(url)!r}")
    return url


def is_postgres_url(url: str) -> bool:
    return urlsplit(url).scheme in SCHEMES


def redact(url: str) -> str:
    """The URL without its password, fit for a log line or an error."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    # The hosts as written, not parsed: a malformed port must not make the
    # error that names the URL fail in turn (and several hosts stay several).
    userinfo, _, hosts = parts.netloc.rpartition("@")
    user = userinfo.partition(":")[0]
    return urlunsplit(parts._replace(netloc=f"{user}:***@{hosts}"))


async def create_pool(
    url: str, *, schema: str | None = None, min_size: int = 1, max_size: int = 10
) -> asyncpg.Pool:
    """A pool on `url`; with `schema`, every connection works in that schema
    alone (its search_path), which is how tests isolate themselves and how
    several bot instances could share one database. Connections stay in
    PostgreSQL's default READ COMMITTED isolation: every write the store makes
    is conditioned on a row it locks, so nothing stronger is needed."""
    settings = {"application_name": "gamehost"}
    if schema is not None:
        settings["search_path"] = quote_ident(schema)
    return cast(
        asyncpg.Pool,
        await asyncpg.create_pool(
            url, min_size=min_size, max_size=max_size, server_settings=settings
        ),
    )


def quote_ident(name: str) -> str:
    """`name` as an SQL identifier (schema names come from configuration)."""
    return '"' + name.replace('"', '""') + '"'
