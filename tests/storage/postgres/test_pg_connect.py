"""DATABASE_URL selects PostgreSQL; its password never shows."""

from __future__ import annotations

import pytest

from storage.postgres import connect


def test_no_database_url_means_sqlite():
    assert connect.database_url({}) is None
    assert connect.database_url({"DATABASE_URL": "  "}) is None


def test_a_postgresql_url_is_taken_and_anything_else_refused():
    url = "postgresql://bot:pw@db:5432/games"
    assert connect.database_url({"DATABASE_URL": url}) == url
    assert connect.database_url({"DATABASE_URL": "postgres://db/games"}) == "postgres://db/games"
    with pytest.raises(ValueError, match="postgresql://") as refused:
        connect.database_url({"DATABASE_URL": "mysql://bot:pw@db/games"})
    assert "pw" not in str(refused.value)


def test_redact_hides_the_password_only():
    assert (
        connect.redact("postgresql://bot:pw@db:5432/games") == "postgresql://bot:***@db:5432/games"
    )
    assert connect.redact("postgresql://bot@db/games") == "postgresql://bot@db/games"


async def test_open_store_takes_postgres_when_given_a_url(pg_schema, tmp_path):
    from pg_helpers import URL

    from storage import SqliteStore, open_store
    from storage.postgres import PgStore

    async with open_store(tmp_path / "unused.db", url=f"{URL}?search_path={pg_schema}") as store:
        assert isinstance(store, PgStore)
        match_id = await store.create_lobby(1, 2, "keltis", None, 3)
        assert (await store.info(match_id)).game == "keltis"
    assert not (tmp_path / "unused.db").exists()  # the SQLite file is not touched
    async with open_store(tmp_path / "games.db") as store:
        assert isinstance(store, SqliteStore)
