"""Board images cached by the view's content: an unchanged board is never
drawn twice. The table, the replay and the panels all ask the presenter for
`board_image` (or `table_image`), which goes through here. Boards are drawn
in a worker process (cogs/presenters/board_pool.py) or, in tests and
benches, in threads: the cache is locked, and a second thread asking for a
board being drawn waits for that drawing instead of starting its own."""

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
    """A stable digest of what a board is drawn from (its labels' language
    too; a finished game's view carries its outcome: `base.board_view`)."""
    blob = json.dumps(
        [game_id, view, names, board_language()],
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
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

    def get(
        self, game_id: str | None, view: dict, names: list[str], render: Render
    ) -> bytes | None:
        key = view_key(game_id, view, names)
        with self._lock:
            png = self._lookup(key)
            if png is not None:
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
            self._put(key, png)
        mine.set_result(png)
        return png

    def lookup(self, key: bytes) -> bytes | None:
        """The image cached under `key` (see view_key), or None."""
        with self._lock:
            return self._lookup(key)

    def put(self, key: bytes, png: bytes | None) -> None:
        """Cache an image just drawn (counted as a render)."""
        with self._lock:
            self._put(key, png)

    def _lookup(self, key: bytes) -> bytes | None:
        png = self._images.get(key)
        if png is not None:
            self._images.move_to_end(key)
        return png

    def _put(self, key: bytes, png: bytes | None) -> None:
        self.renders += 1
        if png is not None and len(png) <= self.max_bytes and key not in self._images:
            self._images[key] = png
            self._size += len(png)
            while self._size > self.max_bytes:
                _, old = self._images.popitem(last=False)
                self._size -= len(old)

    def clear(self) -> None:
        with self._lock:
            self._images.clear()
            self._size = 0


#: the one cache of the process, shared by every presenter
BOARDS = ImageCache()
