"""Checks that the database file is usable, made before the bot logs in.

A host who points the bot at a missing volume, a read-only file, a damaged
or someone else's database must learn it at once, in one line that names
the file and says what to do, and not after the bot has connected to Discord
and started to fail at every move. Every refusal is an `UnusableDatabase`.
"""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

from storage.errors import NotOurDatabase, UnusableDatabase

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
INTEGRITY_BUDGET = 2.0  # seconds of page checks at start-up (about 500 MB)
RESTORE = "restore it from a backup, or move it aside to start with an empty database"


def _who() -> str:
    return f"the user the bot runs as (uid {os.getuid()})" if hasattr(os, "getuid") else "the bot"


def check_place(path: Path, *, create_folder: bool) -> None:
    """The folder exists (or may be created) and is writable, and the file,
    if there is one, is a writable SQLite file of full length."""
    folder = path.parent
    if not folder.exists():
        if not create_folder:
            raise UnusableDatabase(
                path,
                f"its folder {folder} does not exist",
                "create it (is the volume mounted?) or set DATABASE_PATH "
                "to a file in an existing folder",
            )
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UnusableDatabase(
                path,
                f"its folder {folder} cannot be created ({exc.strerror})",
                "create it yourself or set DATABASE_PATH to a file in an existing folder",
            ) from exc
    if not folder.is_dir():
        raise UnusableDatabase(
            path, f"{folder} is not a folder", "set DATABASE_PATH to a file in a folder"
        )
    if path.is_dir():
        raise UnusableDatabase(
            path,
            "this is a folder, not a database file",
            f"set DATABASE_PATH to a file, e.g. {path / 'games.db'}",
        )
    if not os.access(folder, os.W_OK | os.X_OK):
        raise read_only_folder(path)
    if path.exists():
        if not os.access(path, os.R_OK | os.W_OK):
            raise read_only_file(path)
        check_header(path)


def read_only_folder(path: Path) -> UnusableDatabase:
    return UnusableDatabase(
        path,
        f"its folder {path.parent} is read-only (SQLite must create "
        f"{path.name}-wal and {path.name}-shm next to the file)",
        f"make the folder writable for {_who()}",
    )


def read_only_file(path: Path) -> UnusableDatabase:
    return UnusableDatabase(
        path, "the file is read-only", f"make it readable and writable for {_who()}"
    )


def check_header(path: Path) -> None:
    """Not SQLite at all, or cut short (e.g. a copy that did not finish)."""
    size = path.stat().st_size
    if size == 0:
        return  # an empty file is a new, empty database
    with path.open("rb") as file:
        head = file.read(HEADER_SIZE)
    if not head.startswith(SQLITE_MAGIC[: len(head)]):
        raise NotOurDatabase(path, "not a SQLite database")
    if size < HEADER_SIZE:
        raise truncated(path, f"{size} bytes, shorter than a SQLite header")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    pages = int.from_bytes(head[28:32], "big")
    # The header's page count is valid when its change counter matches
    # "version-valid-for"; pages still in a WAL file are not in the file yet.
    counted = pages > 0 and head[24:28] == head[92:96]
    wal = path.with_name(path.name + "-wal")
    pending = wal.exists() and wal.stat().st_size > 0
    if counted and not pending and size < pages * page_size:
        raise truncated(path, f"{size} bytes of {pages * page_size}")


def truncated(path: Path, detail: str) -> UnusableDatabase:
    return UnusableDatabase(path, f"the file is truncated ({detail})", RESTORE)


def check_integrity(conn: sqlite3.Connection, path: Path, budget: float = INTEGRITY_BUDGET) -> bool:
    """SQLite's quick_check: every page readable and well formed. It reads
    the whole file (about 4 ms per MB), so it stops after `budget` seconds
    and returns False: a huge database then starts checked in part rather
    than late (and a SIGTERM meanwhile is not kept waiting)."""
    deadline = time.monotonic() + budget
    conn.set_progress_handler(lambda: time.monotonic() > deadline, 1000)
    try:
        first = conn.execute("PRAGMA quick_check(1)").fetchone()[0]
    except sqlite3.OperationalError as exc:
        if (exc.sqlite_errorcode or 0) & 0xFF == sqlite3.SQLITE_INTERRUPT:
            return False
        raise
    finally:
        conn.set_progress_handler(None, 0)
    if first != "ok":
        raise UnusableDatabase(path, f"the database is damaged ({first})", RESTORE)
    return True


def probe_write(conn: sqlite3.Connection, now_ms: int) -> None:
    """Write and commit one row, as every move will: proves the file, its
    WAL and the disk accept writes (also on a read-only mount)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(
            "INSERT INTO guild_settings (guild_id, key, value, updated_at)"
            " VALUES (0, 'last_start', ?, ?) ON CONFLICT (guild_id, key) DO UPDATE"
            " SET value = excluded.value, updated_at = excluded.updated_at",
            (str(now_ms), now_ms),
        )
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def is_read_only(exc: BaseException, path: Path) -> bool:
    """Whether a failed write failed because the storage refuses writes.
    SQLite says SQLITE_READONLY only for a file it opened read-only; a file
    or disk that turns read-only later gives it an I/O error, so that case
    is told apart by looking at the files and their mount."""
    if not isinstance(exc, sqlite3.Error):
        return False
    code = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
    if code == sqlite3.SQLITE_READONLY:
        return True
    return code in (
        sqlite3.SQLITE_IOERR,
        sqlite3.SQLITE_CANTOPEN,
        sqlite3.SQLITE_PERM,
    ) and refuses_writes(path)


def refuses_writes(path: Path) -> bool:
    """The database, its WAL or their file system is read-only now."""
    try:
        if os.statvfs(path.parent).f_flag & os.ST_RDONLY:
            return True
    except OSError:
        pass
    files = (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm"))
    return any(f.exists() and not os.access(f, os.W_OK) for f in files)


def explain(path: Path, exc: sqlite3.Error | OSError) -> UnusableDatabase | None:
    """The one-line refusal for an error SQLite (or the OS) gave while
    opening; None for errors that are not about the file (bugs)."""
    if isinstance(exc, OSError):
        return UnusableDatabase(
            path, f"it cannot be used ({exc.strerror or exc})", "check the file and its folder"
        )
    code = (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF
    if code == sqlite3.SQLITE_READONLY:
        return (
            read_only_folder(path) if not os.access(path.parent, os.W_OK) else read_only_file(path)
        )
    if code == sqlite3.SQLITE_NOTADB:
        return NotOurDatabase(path, "not a SQLite database")
    if code == sqlite3.SQLITE_CORRUPT:
        return UnusableDatabase(path, f"the database is damaged ({exc})", RESTORE)
    if code in (sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH):
        return UnusableDatabase(
            path,
            f"it cannot be opened ({exc})",
            f"check that {_who()} may read and write the file and its folder",
        )
    if code == sqlite3.SQLITE_FULL:
        return UnusableDatabase(path, "the disk is full", "free some space")
    if code == sqlite3.SQLITE_IOERR:
        return UnusableDatabase(
            path,
            f"the disk fails to read or write it ({exc})",
            "check the disk, or restore the file from a backup elsewhere",
        )
    return None
