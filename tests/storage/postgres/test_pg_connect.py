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
