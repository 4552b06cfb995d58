"""Copy the bot's database between SQLite and PostgreSQL, without loss.

Run: `.venv/bin/python -m storage.transfer SOURCE TARGET`, where each is an
SQLite file or a `postgresql://` URL (`--target-schema`/`--source-schema`
pick a PostgreSQL schema other than the URL's search_path). Stop the bot
first: the copy reads one consistent snapshot of the source, and what the bot
writes after that is not copied.

The target must be empty (a new file, or a schema without the bot's tables or
with none of their rows); it is created and migrated to the version whose
tables equal the source's, on PostgreSQL inside the copy's transaction (a
refused copy leaves not even tables). Everything is copied: matches with
their logs, seats and seat history, messages, deadlines, finishes, results,
ratings, seasons, tournaments, hints, server and player settings, departed
servers, and the id counters, so that no match id is ever handed out twice
(old buttons carry it for ever). A JSON column's value is JSON, SQL NULL
apart: a cleared setting's JSON null is copied as JSON null (JSON_NULL).

The log's guards (append-only, one action at a time at the match's seq)
check a live match move by move; a copy writes finished histories whole, so
it sets them aside inside its one transaction and restores them before
committing: the target never holds a committed state without them. In their
stead, the copy is verified before it is committed: every table is read back
and compared with the source row by row (JSON compared as values), and every
started match is replayed from its log and must give its snapshot. Anything
that differs, or a source row that cannot be read (broken JSON, or text that
PostgreSQL's jsonb cannot hold), rolls the copy back and is named in the error.
An SQLite file that is no usable database (not SQLite, another program's,
cut short, damaged) is refused in one line, as the bot refuses it; so is a
PostgreSQL end that cannot be used (a malformed or incomplete URL, no
server answering, an unknown database, a missing or foreign schema), and
any error of a file or server on the way.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import enum
import json
import math
import sqlite3
import sys
import time
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import asyncpg

from rules import Match
from rules.core.match import RECORD_FORMAT
from storage.errors import SchemaTooNew, UnusableDatabase
from storage.postgres import connect as pg_connect
from storage.postgres import schema as pg_schema
from storage.records import dumps
from storage.sqlite import checks, migrations
from storage.sqlite.database import prepare_file

Row = dict[str, Any]

#: every table of the bot, parents first, with the key its rows are ordered by
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("matches", ("id",)),
    ("seats", ("match_id", "seat")),
    ("actions", ("match_id", "seq")),
    ("seat_holders", ("id",)),
    ("messages", ("match_id", "kind")),
    ("deadlines", ("match_id",)),
    ("finishes", ("id",)),
    ("results", ("match_id", "user_id")),
    ("ratings", ("guild_id", "game", "user_id")),
    ("guild_settings", ("guild_id", "key")),
    ("user_settings", ("user_id", "key")),
    ("departed_guilds", ("guild_id",)),
    ("seasons", ("guild_id", "number")),
    ("tournaments", ("id",)),
    ("tournament_entrants", ("tournament_id", "entrant")),
    ("tournament_tables", ("tournament_id", "round", "table_no")),
    ("tournament_acts", ("id",)),
    ("hints", ("match_id", "seq", "seat")),
)
#: columns holding JSON (SQLite text; PostgreSQL json, or jsonb for settings):
#: compared as values
JSON_COLUMNS = {
    "matches": {"options", "snapshot", "outcome", "settings"},
    "actions": {"events"},
    "guild_settings": {"value"},
    "user_settings": {"value"},
    "tournaments": {"settings"},
    "tournament_tables": {"players"},
    "tournament_acts": {"args"},
}
#: whether a database holds anything of the bot's but the bot-wide
#: bookkeeping (guild 0: e.g. the start-up write probe), which the copy replaces
HOLDS_DATA = (
    "EXISTS (SELECT 1 FROM matches) OR EXISTS (SELECT 1 FROM user_settings)"
    " OR EXISTS (SELECT 1 FROM guild_settings WHERE guild_id <> 0)"
)
#: tables whose ids come from a counter that must never hand one out twice
COUNTED = ("matches", "seat_holders", "finishes", "tournaments", "tournament_acts")
#: every copied match's change counter (storage/sql/cache.py), which the copy
#: does not carry (it means nothing outside the process that read it): the
#: copy's time in ms, beyond any count a process caching loads from the
#: target could have seen for an id there before, so none of its entries
#: passes for a copied match
COUNTERS = "INSERT INTO match_versions (match_id, version) SELECT id, ? FROM matches"


class TransferError(Exception):
    """The copy cannot be made or did not verify; nothing was written."""


def _said(exc: BaseException) -> str:
    """An error's text on one line (PostgreSQL's carry a DETAIL line)."""
    return " ".join(line.strip() for line in str(exc).splitlines() if line.strip()) or (
        type(exc).__name__
    )


class JsonNull(enum.Enum):
    """JSON's null as a JSON column's whole value (a setting cleared:
    `/game config clear_host_role:True` stores `null`). Decoded, it is
    Python's None, as SQL NULL is: a copy writing it back as None wrote SQL
    NULL, which a NOT NULL column refuses and a nullable one would hold as
    another value. So a copy holds it as JSON_NULL, and writes it as `null`."""

    NULL = "null"


JSON_NULL = JsonNull.NULL


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # NaN, Infinity: storage.records.dumps refuses them


def _encode(value: Any) -> str | None:
    """A JSON column's value as written: SQL NULL stays NULL, JSON null is `null`."""
    if value is None:
        return None
    return "null" if value is JSON_NULL else dumps(value)


@dataclass
class Snapshot:
    """Every row of every table (JSON decoded), and the id counters."""

    rows: dict[str, list[Row]] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)

    def summary(self) -> str:
        started = sum(1 for m in self.rows["matches"] if m["snapshot"] is not None)
        return (
            f"{len(self.rows['matches'])} matches ({started} started, "
            f"{len(self.rows['actions'])} logged actions), "
            f"{sum(len(self.rows[t]) for t, _ in TABLES[3:])} other rows"
        )


def _decode(table: str, row: Row, where: str) -> Row:
    for column in JSON_COLUMNS.get(table, ()):
        raw = row[column]
        if isinstance(raw, str):  # else SQL NULL, kept as None
            try:
                value = json.loads(raw, parse_constant=_reject_constant)
            except ValueError as exc:
                key = {k: row[k] for k in dict(TABLES)[table]}
                raise TransferError(
                    f"{where}: {table} {key}: {column} is not JSON ({exc})"
                ) from exc
            row[column] = JSON_NULL if value is None else value
    return row


def _check_columns(source: dict[str, list[str]], target: dict[str, list[str]]) -> None:
    for table, _ in TABLES:
        if set(source[table]) != set(target[table]):
            raise TransferError(
                f"table {table} differs between the two schemas: "
                f"{sorted(set(source[table]) ^ set(target[table]))}"
            )


# -- SQLite ----------------------------------------------------------------------


class SqliteEnd:
    def __init__(self, path: Path):
        self.path = path
        self.where = str(path)

    @contextlib.contextmanager
    def _usable(self) -> Iterator[None]:
        """A file that is no usable database (storage/sqlite/checks.py: not SQLite,
        another program's, truncated, damaged), or that SQLite or the system
        cannot read or write, is a TransferError naming it."""
        try:
            yield
        except UnusableDatabase as exc:
            raise TransferError(f"{self.where}: {exc.problem}") from exc
        except (sqlite3.Error, OSError) as exc:
            unusable = checks.explain(self.path, exc)
            problem = unusable.problem if unusable is not None else str(exc)
            raise TransferError(f"{self.where}: {problem}") from exc

    def columns(self, conn: sqlite3.Connection) -> dict[str, list[str]]:
        return {t: [r[1] for r in conn.execute(f"PRAGMA table_info({t})")] for t, _ in TABLES}

    def read(self) -> tuple[Snapshot, dict[str, list[str]]]:
        if self.path.is_dir():
            raise TransferError(f"{self.where}: a folder, not a database file")
        if not self.path.is_file():
            raise TransferError(f"{self.where}: no such database file")
        with self._usable():
            checks.check_header(self.path)
            return self._read()

    def _read(self) -> tuple[Snapshot, dict[str, list[str]]]:
        conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
        try:
            conn.row_factory = sqlite3.Row
            found = migrations.current_version(conn, self.where)
            if found > migrations.latest():
                raise SchemaTooNew(self.path, found, migrations.latest())
            if found != migrations.latest():
                raise TransferError(
                    f"{self.where}: schema version {found}, not {migrations.latest()}: start the "
                    "bot on it once (it migrates the file), stop it, then copy"
                )
            conn.execute("BEGIN")  # one consistent read of every table
            checks.check_integrity(conn, self.path, budget=math.inf)  # every page, however long
            snap = Snapshot()
            for table, key in TABLES:
                rows = conn.execute(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")
                snap.rows[table] = [_decode(table, dict(r), self.where) for r in rows]
            counter = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'matches'")
            snap.counters["matches"] = (counter.fetchone() or [0])[0]
            columns = self.columns(conn)
            conn.execute("COMMIT")
            return snap, columns
        finally:
            conn.close()

    def write(self, snap: Snapshot, source_columns: dict[str, list[str]]) -> Snapshot:
        """Create the file, write everything in one transaction, read it back
        and verify before committing."""
        with self._usable():
            return self._write(snap, source_columns)

    def _write(self, snap: Snapshot, source_columns: dict[str, list[str]]) -> Snapshot:
        if self.path.is_dir():
            raise TransferError(f"{self.where}: a folder; name a new file in it")
        if self.path.exists() and self.path.stat().st_size:
            checks.check_header(self.path)
            conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)
            try:
                busy = (
                    migrations.current_version(conn, self.where)
                    and conn.execute(f"SELECT {HOLDS_DATA}").fetchone()[0]
                )
            finally:
                conn.close()
            if busy:
                raise TransferError(
                    f"{self.where}: the target already holds data; copy into a new file"
                )
        prepare_file(self.path, lambda: int(time.time() * 1000))
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA foreign_keys = ON")
            _check_columns(source_columns, self.columns(conn))
            conn.execute("BEGIN IMMEDIATE")
            try:
                triggers = conn.execute(
                    "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
                ).fetchall()
                for name, _ in triggers:  # set aside within this transaction only
                    conn.execute(f"DROP TRIGGER {name}")
                conn.execute("DELETE FROM guild_settings WHERE guild_id = 0")
                for table, _ in TABLES:
                    self._insert(conn, table, snap.rows[table])
                conn.execute("DELETE FROM match_versions")
                conn.execute(COUNTERS, (int(time.time() * 1000),))
                conn.execute("DELETE FROM sqlite_sequence WHERE name = 'matches'")
                top = max(
                    [snap.counters.get("matches", 0)] + [m["id"] for m in snap.rows["matches"]]
                )
                conn.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES ('matches', ?)", (top,)
                )
                for _, sql in triggers:
                    conn.execute(sql)
                back = Snapshot()
                for table, key in TABLES:
                    rows = conn.execute(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")
                    back.rows[table] = [_decode(table, dict(r), self.where) for r in rows]
                back.counters["matches"] = top
                verify(snap, back, self.where)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            return back
        finally:
            conn.close()

    def _insert(self, conn: sqlite3.Connection, table: str, rows: list[Row]) -> None:
        if not rows:
            return
        columns = list(rows[0])
        json_columns = JSON_COLUMNS.get(table, set())
        try:
            conn.executemany(
                f"INSERT INTO {table} ({', '.join(columns)})"
                f" VALUES ({', '.join('?' * len(columns))})",
                [[_encode(r[c]) if c in json_columns else r[c] for c in columns] for r in rows],
            )
        except sqlite3.IntegrityError as exc:
            raise TransferError(f"{self.where}: writing {table} failed: {exc}") from exc


# -- PostgreSQL ------------------------------------------------------------------


#: what a connection, or a statement on it, may fail with for reasons of
#: the server, the network or the URL (not of the copy's own code)
PG_FAILURES = (OSError, TimeoutError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError)
#: seconds to wait for the server to answer a connection
CONNECT_TIMEOUT = 15


def check_url(url: str) -> str | None:
    """What is wrong with a postgresql:// URL before connecting: a port that
    is no number, or no server or no database named. A copy names both ends
    in full: the defaults libpq fills in (the local socket, a database named
    after the user) are no place to copy into by chance."""
    parts = urlsplit(url)
    query = parse_qs(parts.query)
    named = False
    for entry in parts.netloc.rpartition("@")[2].split(","):  # host:port, [::1]:port, ...
        host, _, port = entry.rpartition("]")[2].partition(":")
        named = named or bool(host) or entry.startswith("[")
        if port and not (port.isdigit() and 0 < int(port) < 65536):
            return f"the port {port!r} is not a number from 1 to 65535"
    if not named and not {"host", "service"} & set(query):
        return "names no server (postgresql://user@host:port/database)"
    if not parts.path.strip("/") and not {"dbname", "database", "service"} & set(query):
        return "names no database (postgresql://user@host:port/database)"
    return None


class PgEnd:
    def __init__(self, url: str, schema: str | None):
        self.url, self.schema = url, schema
        self.where = pg_connect.redact(url) + (f" (schema {schema})" if schema else "")
        problem = check_url(url)
        if problem is not None:
            raise TransferError(f"{self.where}: {problem}")

    async def _connect(self) -> asyncpg.Connection:
        settings = {"application_name": "gamehost-transfer"}
        if self.schema is not None:
            settings["search_path"] = pg_connect.quote_ident(self.schema)
        try:
            return await asyncpg.connect(
                self.url, server_settings=settings, timeout=CONNECT_TIMEOUT
            )
        except PG_FAILURES as exc:
            raise TransferError(f"{self.where}: cannot connect ({_said(exc)})") from exc

    @contextlib.asynccontextmanager
    async def _usable(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection in the end's schema; a schema that is missing or no
        usable database of the bot (another program's, a newer bot's), or a
        server failing a statement or the connection on the way, is a
        TransferError naming this end."""
        conn = await self._connect()
        try:
            if await conn.fetchval("SELECT current_schema()") is None:
                raise TransferError(
                    f"{self.where}: no such schema (create it first, or name another)"
                )
            yield conn
        except UnusableDatabase as exc:
            raise TransferError(f"{self.where}: {exc.problem}") from exc
        except PG_FAILURES as exc:
            raise TransferError(f"{self.where}: {_said(exc)}") from exc
        finally:
            with contextlib.suppress(*PG_FAILURES):
                await conn.close()

    @staticmethod
    async def columns(conn: asyncpg.Connection) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {t: [] for t, _ in TABLES}
        for r in await conn.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() ORDER BY ordinal_position"
        ):
            if r["table_name"] in found:
                found[r["table_name"]].append(r["column_name"])
        return found

    async def _read(self, conn: asyncpg.Connection) -> Snapshot:
        snap = Snapshot()
        for table, key in TABLES:
            rows = await conn.fetch(f"SELECT * FROM {table} ORDER BY {', '.join(key)}")
            snap.rows[table] = [_decode(table, dict(r), self.where) for r in rows]
        for table in COUNTED:
            snap.counters[table] = await conn.fetchval(
                f"SELECT CASE WHEN is_called THEN last_value ELSE 0 END"
                f" FROM {await self._sequence(conn, table)}"
            )
        return snap

    @staticmethod
    async def _sequence(conn: asyncpg.Connection, table: str) -> str:
        name = await conn.fetchval("SELECT pg_get_serial_sequence($1, 'id')", table)
        return str(name)

    async def read(self) -> tuple[Snapshot, dict[str, list[str]]]:
        async with self._usable() as conn:
            found = await pg_schema.current_version(conn, self.where)
            if found == 0:
                raise TransferError(f"{self.where}: holds no database of the bot (no tables)")
            if found > pg_schema.latest():
                raise SchemaTooNew(self.where, found, pg_schema.latest())
            if found != pg_schema.latest():
                raise TransferError(
                    f"{self.where}: schema version {found}, not {pg_schema.latest()}: start the "
                    "bot on it once (it migrates the database), stop it, then copy"
                )
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                return await self._read(conn), await self.columns(conn)

    async def write(self, snap: Snapshot, source_columns: dict[str, list[str]]) -> Snapshot:
        """Migrate the target's schema and copy, in one transaction: a copy
        refused leaves the target as it was, without even the tables."""
        async with self._usable() as conn, conn.transaction():
            await pg_schema.migrate(conn, lambda: int(time.time() * 1000), where=self.where)
            _check_columns(source_columns, await self.columns(conn))
            if await conn.fetchval(f"SELECT {HOLDS_DATA}"):
                raise TransferError(
                    f"{self.where}: the target already holds data; "
                    "copy into an empty database or schema"
                )
            jsonb: dict[str, set[str]] = {}
            for r in await conn.fetch(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND data_type = 'jsonb'"
            ):
                jsonb.setdefault(r["table_name"], set()).add(r["column_name"])
            # The log's guards, and the change counters' triggers (the
            # seats' too): the copy sets the counters itself (COUNTERS).
            guarded = ("actions", "matches", "seat_holders", "seats")
            for table in guarded:  # set aside within this transaction only
                await conn.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
            await conn.execute("DELETE FROM guild_settings WHERE guild_id = 0")
            for table, _ in TABLES:
                await self._insert(conn, table, snap.rows[table], jsonb.get(table, set()))
            await conn.execute("DELETE FROM match_versions")
            await conn.execute(COUNTERS.replace("?", "$1"), int(time.time() * 1000))
            for table in guarded:
                await conn.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
            for table in COUNTED:
                top = max([snap.counters.get(table, 0)] + [r["id"] for r in snap.rows[table]])
                if top:
                    await conn.execute(
                        f"SELECT setval('{await self._sequence(conn, table)}', $1)", top
                    )
            back = await self._read(conn)
            verify(snap, back, self.where)
            return back

    async def _insert(
        self, conn: asyncpg.Connection, table: str, rows: list[Row], jsonb: set[str]
    ) -> None:
        """Write `rows` with COPY; a NUL character, which jsonb cannot hold
        (json can), is refused by name first."""
        if not rows:
            return
        columns = list(rows[0])
        json_columns = JSON_COLUMNS.get(table, set())
        records = []
        for r in rows:
            values = []
            for c in columns:
                value = r[c]
                if c in json_columns:
                    value = _encode(value)
                    if value is not None and c in jsonb and "\\u0000" in value:
                        key = {k: r[k] for k in dict(TABLES)[table]}
                        raise TransferError(
                            f"{table} {key}: {c} holds a NUL character, which "
                            "PostgreSQL's jsonb cannot store"
                        )
                values.append(value)
            records.append(tuple(values))
        try:
            await conn.copy_records_to_table(table, records=records, columns=columns)
        except asyncpg.PostgresError as exc:
            raise TransferError(f"{self.where}: writing {table} failed: {_said(exc)}") from exc


# -- verification ----------------------------------------------------------------


def verify(source: Snapshot, target: Snapshot, where: str) -> None:
    """Raise TransferError unless the target holds what the source held, and
    every started match's log replays to its snapshot."""
    for table, key in TABLES:
        mine, theirs = source.rows[table], target.rows[table]
        if len(mine) != len(theirs):
            raise TransferError(f"{where}: {table} has {len(theirs)} rows, not {len(mine)}")
        for a, b in zip(mine, theirs, strict=True):
            if a != {c: b.get(c) for c in a}:
                row = {k: a[k] for k in key}
                raise TransferError(f"{where}: {table} {row} differs after the copy")
    for table in target.counters:  # SQLite keeps one for matches only (AUTOINCREMENT)
        if target.counters[table] < source.counters.get(table, 0):
            raise TransferError(f"{where}: the id counter of {table} went back")
    replay_all(target)


def replay_all(snap: Snapshot) -> int:
    """Replay every started match from its log; it must give its snapshot."""
    logs: dict[int, list[list[Any]]] = {}
    for a in snap.rows["actions"]:
        logs.setdefault(a["match_id"], []).append([a["seat"], a["key"]])
    replayed = 0
    for m in snap.rows["matches"]:
        if m["snapshot"] is None:
            continue
        record = {
            "format": RECORD_FORMAT,
            "game": m["game"],
            "rules_version": m["rules_version"],
            "players": m["players"],
            "options": m["options"],
            "seed": m["seed"],
            "log": logs.get(m["id"], []),
            "snapshot": m["snapshot"],
        }
        try:
            match = Match.from_record(record, verify=True)
        except Exception as exc:
            raise TransferError(f"match {m['id']} does not replay to its snapshot: {exc}") from exc
        if match.seq != m["seq"]:
            raise TransferError(f"match {m['id']}: {match.seq} actions logged, seq {m['seq']}")
        replayed += 1
    return replayed


# -- the command -----------------------------------------------------------------


def end(where: str, schema: str | None) -> SqliteEnd | PgEnd:
    if pg_connect.is_postgres_url(where):
        return PgEnd(where, schema)
    if "://" in where:
        raise TransferError(f"{where!r}: neither an SQLite file nor a postgresql:// URL")
    return SqliteEnd(Path(where))


async def transfer(
    source: str, target: str, *, source_schema: str | None = None, target_schema: str | None = None
) -> Snapshot:
    """Copy `source` into the empty `target`, verified; returns what was copied."""
    src, dst = end(source, source_schema), end(target, target_schema)
    if isinstance(src, SqliteEnd) and isinstance(dst, SqliteEnd):
        raise TransferError("both ends are SQLite files: copy the file (with the bot stopped)")
    if isinstance(src, SqliteEnd):
        snap, columns = await asyncio.to_thread(src.read)
    else:
        snap, columns = await src.read()
    if isinstance(dst, SqliteEnd):
        await asyncio.to_thread(dst.write, snap, columns)
    else:
        await dst.write(snap, columns)
    return snap


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m storage.transfer",
        description="Copy the bot's database between SQLite and PostgreSQL (bot stopped).",
    )
    parser.add_argument("source", help="an SQLite file or a postgresql:// URL")
    parser.add_argument("target", help="an SQLite file or a postgresql:// URL (must be empty)")
    parser.add_argument("--source-schema", help="PostgreSQL schema to read (default: search_path)")
    parser.add_argument("--target-schema", help="PostgreSQL schema to write (must exist)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        snap = asyncio.run(
            transfer(
                args.source,
                args.target,
                source_schema=args.source_schema,
                target_schema=args.target_schema,
            )
        )
    except TransferError as exc:
        print(f"copy refused, nothing written: {_said(exc)}", file=sys.stderr)
        return 1
    print(f"copied and verified {snap.summary()} in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
