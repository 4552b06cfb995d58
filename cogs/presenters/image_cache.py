"""Board images cached by the view's content: an unchanged board is never
drawn twice. The table, the replay and the panels all ask the presenter for
`table_image`, which goes through here; renders run in worker threads, so
the cache is locked, and a second thread asking for a board being drawn
waits for that drawing instead of starting its own."""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future

from cogs.presenters.drawing import board_language

Render = Callable[[dict, list[str]], "bytes | None"]


def view_key(game_id: str | None, view: dict, names: list[str]) -> bytes:
    """A stable digest of what a board is drawn from (its labels' language too)."""
    blob = json.dumps([game_id, view, names, board_language()], sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(blob.encode(), digest_size=16).digest()


class ImageCache:
    """A least-recently-used map from view digests to PNG bytes, bounded by
    the bytes it holds."""

    def __init__(self, max_bytes: int = 16 * 1024 * 1024) -> None:
        self.max_bytes = max_bytes
        self._images: OrderedDict[bytes, bytes] = OrderedDict()
        self._drawing: dict[bytes, Future] = {}
        self._size = 0
        self._lock = threading.Lock()
        self.renders = 0  # boards actually drawn (hits are not)

    def get(self, game_id: str | None, view: dict, names: list[str],
            render: Render) -> bytes | None:
        key = view_key(game_id, view, names)
        with self._lock:
            png = self._images.get(key)
            if png is not None:
                self._images.move_to_end(key)
                return png
            pending = self._drawing.get(key)
            if pending is None:
                mine = self._drawing[key] = Future()
        if pending is not None:
            return pending.result()
        try:
            png = render(view, names)
        except BaseException as exc:
            with self._lock:
                del self._drawing[key]
            mine.set_exception(exc)
            raise
        with self._lock:
            del self._drawing[key]
            self.renders += 1
            if png is not None and len(png) <= self.max_bytes:
                self._images[key] = png
                self._size += len(png)
                while self._size > self.max_bytes:
                    _, old = self._images.popitem(last=False)
                    self._size -= len(old)
        mine.set_result(png)
        return png

    def clear(self) -> None:
        with self._lock:
            self._images.clear()
            self._size = 0


#: the one cache of the process, shared by every presenter
BOARDS = ImageCache()
