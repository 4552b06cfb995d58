"""The database file is checked before anything else: each unusable file is
refused with one line that names it and says what to do, and is left as it
was. Read-only cases run in a child process without root's privileges
(root may write to any file, so a read-only file is only read-only to others)."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
from unusable_files import (
    UNUSABLE,
    filled_database,
    newer_schema,
    not_sqlite,
    someone_elses,
    truncated,
)

from storage import NotOurDatabase, SchemaTooNew, SqliteStore, UnusableDatabase
from storage.sqlite.checks import check_integrity, explain, is_read_only

ROOT = Path(__file__).resolve().parents[2]
NOBODY = 65534


def assert_one_clear_line(exc: UnusableDatabase, path: Path, *words: str) -> None:
    message = str(exc)
    assert "\n" not in message and message.startswith(f"{path}: ")
    assert "; " in message, "a refusal says what to do"
    for word in words:
        assert word in message


async def test_a_missing_folder_is_refused_unless_it_may_be_created(tmp_path):
    path = tmp_path / "volume" / "games.db"
    with pytest.raises(UnusableDatabase) as caught:
        await SqliteStore.open(path, create_folder=False)
    assert_one_clear_line(caught.value, path, "folder", "does not exist", "DATABASE_PATH")
    assert not path.parent.exists()
    async with SqliteStore.open(path, create_folder=True):
        pass
    assert path.is_file()


async def test_a_folder_in_place_of_the_file_is_refused(tmp_path):
    with pytest.raises(UnusableDatabase) as caught:
        await SqliteStore.open(tmp_path)
    assert_one_clear_line(caught.value, tmp_path, "folder, not a database file")


@pytest.mark.parametrize("case", list(UNUSABLE))
async def test_an_unusable_file_is_refused_in_one_line_and_left_alone(tmp_path, case):
    make, words = UNUSABLE[case]
    path = tmp_path / "games.db"
    await make(path)
    before = path.read_bytes()
    with pytest.raises(UnusableDatabase) as caught:
        await SqliteStore.open(path)
    assert_one_clear_line(caught.value, path, words)
    assert path.read_bytes() == before


async def test_foreign_and_newer_files_say_what_to_do(tmp_path):
    for make, kind, remedy in (
        (not_sqlite, NotOurDatabase, "DATABASE_PATH"),
        (someone_elses, NotOurDatabase, "DATABASE_PATH"),
        (newer_schema, SchemaTooNew, "newer version of the bot"),
    ):
        path = tmp_path / f"{make.__name__}.db"
        await make(path)
        with pytest.raises(kind, match=remedy):
            await SqliteStore.open(path)


async def test_a_file_cut_shorter_than_its_header_is_truncated(tmp_path):
    path = tmp_path / "games.db"
    await truncated(path, keep_bytes=50)  # SQLite's header alone is 100 bytes
    with pytest.raises(UnusableDatabase, match="shorter than a SQLite header"):
        await SqliteStore.open(path)


async def test_opening_proves_that_the_file_takes_a_write(tmp_path):
    path = tmp_path / "games.db"
    async with SqliteStore.open(path, clock=lambda: 1234.5) as store:
        assert await store.get_setting(0, "last_start") == 1234500


def test_a_read_only_error_from_sqlite_is_explained(tmp_path):
    path = tmp_path / "games.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t (a INTEGER)")
    conn.execute("PRAGMA query_only = ON")
    with pytest.raises(sqlite3.OperationalError) as caught:
        conn.execute("INSERT INTO t VALUES (1)")
    conn.close()
    assert_one_clear_line(explain(path, caught.value), path, "read-only", "writable")
    assert explain(path, sqlite3.OperationalError("no such table: x")) is None


# -- read-only files and folders, seen by an unprivileged user --------------------------

CHILD = textwrap.dedent("""
    import os, sys
    sys.path.insert(0, sys.argv[1])
    from pathlib import Path
    from storage import UnusableDatabase
    from storage.sqlite.database import prepare_file
    if os.geteuid() == 0:
        os.setgid({uid}); os.setuid({uid})
    try:
        prepare_file(Path(sys.argv[2]), lambda: 0)
    except UnusableDatabase as exc:
        print(exc)
    else:
        print("usable")
""").format(uid=NOBODY)


def open_unprivileged(path: Path) -> str:
    """What an unprivileged user's bot says about the file (one line)."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(ROOT), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture
def shared_dir():
    """A folder an unprivileged user can reach (pytest's tmp_path is private)."""
    folder = Path(tempfile.mkdtemp(prefix="gamehost-checks-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


async def test_a_read_only_file_is_refused(shared_dir):
    shared_dir.chmod(0o777)
    path = shared_dir / "games.db"
    await filled_database(path, matches=2)
    path.chmod(0o666)
    assert open_unprivileged(path) == "usable"  # the child can use a writable file
    path.chmod(0o444)
    said = open_unprivileged(path)
    assert said.startswith(f"{path}: ") and "read-only" in said and "writable" in said
    assert "folder" not in said


async def test_a_read_only_folder_is_refused(shared_dir):
    path = shared_dir / "games.db"
    await filled_database(path, matches=2)
    for file in shared_dir.iterdir():
        file.chmod(0o666)
    if os.geteuid() != 0:
        shared_dir.chmod(0o555)
    said = open_unprivileged(path)
    shared_dir.chmod(0o755)
    assert said.startswith(f"{path}: ") and f"folder {shared_dir} is read-only" in said
    assert "writable" in said


async def test_the_page_check_of_a_huge_file_stops_at_its_budget(tmp_path):
    path = tmp_path / "games.db"
    await filled_database(path)
    conn = sqlite3.connect(path)
    try:
        assert check_integrity(conn, path) is True
        assert check_integrity(conn, path, budget=0) is False  # stopped, nothing found so far
        assert conn.execute("SELECT count(*) FROM matches").fetchone()[0] == 40  # still usable
    finally:
        conn.close()


def test_an_io_error_counts_as_read_only_only_when_the_files_refuse_writes(tmp_path):
    path = tmp_path / "games.db"
    path.write_bytes(b"")
    io_error = sqlite3.OperationalError("disk I/O error")
    io_error.sqlite_errorcode = sqlite3.SQLITE_IOERR_WRITE
    assert not is_read_only(io_error, path)  # a writable file: a real disk fault, not read-only
    read_only = sqlite3.OperationalError("attempt to write a readonly database")
    read_only.sqlite_errorcode = sqlite3.SQLITE_READONLY
    assert is_read_only(read_only, path)
    assert not is_read_only(RuntimeError("boom"), path)
