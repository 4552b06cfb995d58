"""The connection of a write transaction, as the shared SQL uses it."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class OneTripMove:
    """An ordinary move's writes (no seat renamed, the match not ended), as
    a backend that commits a move in one call to the database takes them
    (`SqlBase._one_trip_move`)."""

    match_id: int
    expected_seq: int
    rows: Sequence[tuple[int, str, str]]  # (seat, key, events as JSON) per step
    snapshot_json: str
    now: int  # ms
    #: 0: clear the deadline, 1: set it to (remind_at, timeout_at), 2: leave it
    deadline: int
    remind_at: int | None
    timeout_at: int | None
    messages: Sequence[tuple[str, int, int]]  # (kind, channel_id, message_id)
    #: the change counter of the load the move was decided on, when that
    #: load was not proven current (Store.load `for_move`): written only if
    #: the match still has it
    required: int | None
