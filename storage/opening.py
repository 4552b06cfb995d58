"""`Opening`: a store being opened, which a backend's `open` returns so that
both `await Store.open(...)` and `async with Store.open(...) as store:`
work. Imports no backend (each backend imports this)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Generator
from typing import Any, Generic, TypeVar

from storage.protocol import Lifecycle

S_co = TypeVar("S_co", bound=Lifecycle, covariant=True)


class Opening(Generic[S_co]):
    """A store being opened: awaited, it gives the open store; used as an
    async context manager, it also closes it at the end of the block."""

    def __init__(self, opener: Callable[[], Awaitable[S_co]]) -> None:
        self._opener = opener
        self._opened: list[S_co] = []  # the store `async with` opened, to close

    def __await__(self) -> Generator[Any, Any, S_co]:
        return self._opener().__await__()

    async def __aenter__(self) -> S_co:
        store = await self._opener()
        self._opened.append(store)
        return store

    async def __aexit__(self, *exc_info: object) -> None:
        await self._opened.pop().close()
