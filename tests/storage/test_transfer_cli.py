"""`python -m storage.transfer` refuses a bad end in one line on stderr,
exit code 1, no traceback, and writes nothing (issue 43): a malformed or
incomplete URL, a server nobody answers at, a source file missing or a
folder. None of these needs a PostgreSQL server (with one: postgres/
test_pg_transfer_cli.py)."""

from __future__ import annotations

import pytest
from transfer_cli import transfer_cli

from storage import SqliteStore
from storage.postgres.connect import redact
from storage.transfer import check_url

#: a PostgreSQL end nobody listens at
NOWHERE = "postgresql://nobody@127.0.0.1:1/none"


@pytest.fixture
async def bot_db(tmp_path):
    """A database of the bot's, holding a cleared host role."""
    path = tmp_path / "bot.db"
    async with SqliteStore.open(path) as store:
        await store.set_setting(1, "host_role", None)
    return path


MALFORMED = [
    ("postgresql://::bad", "the port ':bad' is not a number"),
    ("postgres://", "names no server"),
    ("postgresql://bot:secret@db:bad/games", "the port 'bad' is not a number"),
    ("postgresql://bot@db:99999/games", "the port '99999' is not a number"),
    ("postgresql://bot@db", "names no database"),
    ("postgresql:///games", "names no server"),
    ("mysql://bot@db/games", "neither an SQLite file nor a postgresql:// URL"),
]


@pytest.mark.parametrize(("url", "words"), MALFORMED)
async def test_a_malformed_target_url_is_refused_in_one_line(url, words, bot_db):
    line = (await transfer_cli(str(bot_db), url)).refused(words)
    assert "secret" not in line


@pytest.mark.parametrize(("url", "words"), MALFORMED[:3])
async def test_a_malformed_source_url_is_refused_in_one_line(url, words, tmp_path):
    target = tmp_path / "new.db"
    line = (await transfer_cli(url, str(target))).refused(words)
    assert "secret" not in line and not target.exists()


async def test_a_server_nobody_answers_at_is_refused_in_one_line(bot_db):
    (await transfer_cli(str(bot_db), NOWHERE)).refused(NOWHERE, "cannot connect")


async def test_a_missing_source_file_is_refused_in_one_line(tmp_path):
    missing = tmp_path / "missing.db"
    (await transfer_cli(str(missing), NOWHERE)).refused(f"{missing}: no such database file")
    assert not missing.exists()


async def test_a_folder_as_the_source_is_refused_in_one_line(tmp_path):
    (await transfer_cli(str(tmp_path), NOWHERE)).refused(f"{tmp_path}: a folder")


async def test_two_sqlite_files_are_refused_in_one_line(bot_db, tmp_path):
    (await transfer_cli(str(bot_db), str(tmp_path / "copy.db"))).refused("both ends are SQLite")
    assert not (tmp_path / "copy.db").exists()


def test_a_url_is_checked_before_any_connection():
    assert check_url("postgresql://bot:pw@db:5432/games") is None
    assert check_url("postgresql://[::1]:5432/games") is None
    assert check_url("postgresql://db1:5432,db2:5433/games") is None
    assert check_url("postgresql:///games?host=/var/run/postgresql") is None
    assert check_url("postgresql://db?dbname=games") is None
    assert (
        check_url("postgresql://db1,db2:x/games") == "the port 'x' is not a number from 1 to 65535"
    )


def test_redact_survives_a_malformed_port():
    """The error naming a bad URL must not fail in turn (nor show the password)."""
    assert redact("postgresql://bot:pw@db:bad/games") == "postgresql://bot:***@db:bad/games"
    assert redact("postgresql://bot:pw@a:1,b:2/games") == "postgresql://bot:***@a:1,b:2/games"
