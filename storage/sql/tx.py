"""The connection of a write transaction, as the shared SQL uses it."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from typing import Any, Protocol, TypeVar

from storage.records import Row

T = TypeVar("T")


class Tx(Protocol):
    """A write transaction's connection, as the shared SQL uses it: `?`
    placeholders, parameters in a sequence (as DB-API's `execute`)."""

    async def run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute a statement; the rows it changed."""
        ...

    async def run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def rows(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Row]: ...

    async def row(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...


#: a move's statements (`SqlBase._transact`)
Body = Callable[[Tx], Coroutine[Any, Any, T]]
