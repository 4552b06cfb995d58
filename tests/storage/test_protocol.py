"""The SQLite store implements the `Store` protocol call for call: checked
statically (mypy reads the annotated assignments below) and at run time
(every protocol member exists on the class with the same signature), so
that the bot, written against the protocol, runs on either backend."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any, Protocol

from storage import SqliteStore, Store, open_store
from storage.opening import Opening
from storage.protocol import Matches

#: public names of SqliteStore that are no part of the protocol: how it
#: opens, and its file
SQLITE_ONLY = {"open", "path"}


def protocol_members(proto: type) -> set[str]:
    """The members a protocol (and the protocols it extends) declares."""
    names: set[str] = set()
    for cls in proto.__mro__:
        if cls is Protocol or not getattr(cls, "_is_protocol", False):
            continue
        names.update(
            n for n in vars(cls) if not n.startswith("_") or n in {"__aenter__", "__aexit__"}
        )
    return names


def _function(attr: object) -> Any:
    return attr.fget if isinstance(attr, property) else attr


def mismatches(impl: type, proto: type) -> list[str]:
    """What `impl` lacks or declares differently from `proto`: members
    missing or left to the protocol's own stub, properties that are not
    properties, coroutines that are not, and any difference of signature
    (parameter names, kinds, defaults, annotations, return annotation)."""
    found = []
    for name in sorted(protocol_members(proto)):
        wanted = inspect.getattr_static(proto, name)
        try:
            got = inspect.getattr_static(impl, name)
        except AttributeError:
            found.append(f"{name}: missing")
            continue
        if got is wanted:
            found.append(f"{name}: not implemented (the protocol's stub)")
            continue
        if isinstance(wanted, property) != isinstance(got, property):
            found.append(f"{name}: property in one, not in the other")
            continue
        want_fn, got_fn = _function(wanted), _function(got)
        if inspect.iscoroutinefunction(want_fn) != inspect.iscoroutinefunction(got_fn):
            found.append(f"{name}: coroutine in one, not in the other")
        want_sig = inspect.signature(want_fn, eval_str=True)
        got_sig = inspect.signature(got_fn, eval_str=True)
        if want_sig != got_sig:
            found.append(f"{name}: {got_sig} instead of {want_sig}")
    return found


def test_sqlite_store_has_every_protocol_member_with_the_same_signature() -> None:
    assert len(protocol_members(Store)) > 50  # all aggregates are seen, not just one
    assert mismatches(SqliteStore, Store) == []


def test_postgres_store_has_every_protocol_member_with_the_same_signature() -> None:
    from storage.postgres import PgStore

    assert mismatches(PgStore, Store) == []


def test_sqlite_store_offers_nothing_public_beyond_the_protocol() -> None:
    public = {n for n in dir(SqliteStore) if not n.startswith("_")}
    assert public - protocol_members(Store) == SQLITE_ONLY


def test_the_check_catches_a_store_that_drifts() -> None:
    # mypy lets the first and last pass (an extra defaulted parameter, a
    # renamed one); a keyword call written against the protocol would not.
    class Drifted(SqliteStore):
        async def info(self, match_id: int, extra: int = 0) -> Any:
            raise NotImplementedError

        def archive(self, match_id: int) -> None:  # type: ignore[override]
            pass

        async def cancel(self, id: int) -> None:
            pass

    class Partial(Matches, Protocol):
        async def not_in_sqlite(self) -> None: ...

    assert mismatches(Drifted, Store) == [
        "archive: coroutine in one, not in the other",
        "cancel: (self, id: int) -> None instead of (self, match_id: int) -> None",
        "info: (self, match_id: int, extra: int = 0) -> Any"
        " instead of (self, match_id: int) -> storage.records.MatchInfo",
    ]
    assert mismatches(SqliteStore, Partial) == ["not_in_sqlite: missing"]


async def test_an_opened_sqlite_store_is_a_store(tmp_path: Path) -> None:
    # The annotations are the static half of the check: mypy refuses them
    # if SqliteStore (or what open_store gives) does not fit the protocol.
    opening: Opening[Store] = SqliteStore.open(tmp_path / "a.db")
    store: Store = await opening
    try:
        before = store.transactions
        match_id = await store.create_lobby(1, 2, "keltis", None, 3)
        assert (await store.info(match_id)).id == match_id
        assert store.transactions == before + 1
    finally:
        await store.close()
    async with open_store(tmp_path / "b.db") as opened:
        assert isinstance(opened, SqliteStore)
        assert opened.path == tmp_path / "b.db"
