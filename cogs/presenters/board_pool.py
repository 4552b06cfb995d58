"""Board images drawn in a worker process, off the bot's GIL.

Pillow draws text and shapes while holding the GIL, so a board drawn in a
thread (7-27 ms each, bench/board_image) took that time from the event loop
that answers clicks: a fifth of the GIL's time in bench/load, and every hop
to the database waited for it. One worker process (board_worker.py, a
plain subprocess fed through pipes: no fork of the bot, whose threads may
hold locks) draws them instead. The cache (image_cache.BOARDS) stays in the
bot, so an unchanged board never goes to the worker, and two asks for one
board being drawn share that drawing. Should the worker fail to start or
die, boards are drawn in a thread as before (and the worker is tried again
later, a few times).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque

from cogs.presenters import loaded_packages
from cogs.presenters.base import Presenter, board_view
from cogs.presenters.drawing import board_language
from cogs.presenters.image_cache import BOARDS, view_key
from cogs.worker_frames import LENGTH, request_frame, start_worker

log = logging.getLogger(__name__)

#: how many times a dead worker is started again before threads take over for good
RESTARTS = 3


class WorkerGone(Exception):
    """The worker could not take or finish a drawing."""


def pipes(process: asyncio.subprocess.Process) -> tuple[asyncio.StreamWriter, asyncio.StreamReader]:
    """The worker's stdin and stdout (both are pipes: never None)."""
    assert process.stdin is not None and process.stdout is not None
    return process.stdin, process.stdout


class BoardWorker:
    """One worker process; requests are answered in the order sent."""

    def __init__(self) -> None:
        self._process: asyncio.subprocess.Process | None = None
        self._waiting: deque[asyncio.Future] = deque()
        self._reader: asyncio.Task | None = None
        self._starting: asyncio.Lock | None = None
        self.starts = 0

    @property
    def usable(self) -> bool:
        return self.starts <= RESTARTS

    async def draw(self, game_id: str, view: dict, names: list[str]) -> bytes | None:
        process = await self._running()
        request = json.dumps(
            [game_id, view, names, board_language()], separators=(",", ":")
        ).encode()
        stdin, _ = pipes(process)
        done = asyncio.get_running_loop().create_future()
        self._waiting.append(done)
        try:
            stdin.write(request_frame(request))
        except (ConnectionError, RuntimeError) as exc:
            raise WorkerGone(str(exc)) from exc
        return await asyncio.shield(done)  # a cancelled caller must not shift the answers

    async def _running(self) -> asyncio.subprocess.Process:
        if self._process is not None and self._process.returncode is None:
            return self._process
        self._starting = self._starting or asyncio.Lock()
        async with self._starting:
            if self._process is None or self._process.returncode is not None:
                if not self.usable:
                    raise WorkerGone("gave up on the board worker")
                self.starts += 1
                try:
                    self._process = await start_worker(
                        "cogs.presenters.board_worker", loaded_packages()
                    )
                except OSError as exc:
                    self.starts = RESTARTS + 1
                    raise WorkerGone(str(exc)) from exc
                self._reader = asyncio.create_task(self._read(self._process), name="board-worker")
        return self._process

    async def _read(self, process: asyncio.subprocess.Process) -> None:
        _, stdout = pipes(process)
        try:
            while True:
                head = await stdout.readexactly(1 + LENGTH.size)
                (size,) = LENGTH.unpack(head[1:])
                payload = await stdout.readexactly(size)
                done = self._waiting.popleft()
                if done.done():
                    continue
                if head[:1] == b"P":
                    done.set_result(payload)
                elif head[:1] == b"N":
                    done.set_result(None)
                else:
                    done.set_exception(RuntimeError(payload.decode(errors="replace")))
        except (asyncio.IncompleteReadError, ConnectionError) as exc:
            if process is self._process:  # not stopped on purpose
                log.error("the board worker stopped (%s); drawing boards in threads meanwhile", exc)
        finally:
            while self._waiting:
                done = self._waiting.popleft()
                if not done.done():
                    done.set_exception(WorkerGone("the board worker stopped"))
            if process.returncode is None:
                process.kill()

    async def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.returncode is None:
            pipes(process)[0].close()
            try:
                await asyncio.wait_for(process.wait(), 2)
            except TimeoutError:
                process.kill()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)


WORKER = BoardWorker()
_drawing: dict[bytes, asyncio.Future] = {}


async def board_image(
    presenter: Presenter, view: dict, names: list[str], outcome: dict | None = None
) -> bytes | None:
    """The PNG of `presenter`'s board for a public view, or None: from the
    cache, else drawn by the worker (in the current board language).
    `outcome`: a finished game's, whose public facts (final scores, winners)
    go with the view (`base.board_view`) into the cache key and the worker's
    request, for the winner banner."""
    if not presenter.has_board:
        return None  # a game without a board picture
    view = board_view(view, outcome)
    key = view_key(presenter.game_id, view, names)
    png = BOARDS.lookup(key)
    if png is not None:
        return png
    pending = _drawing.get(key)
    if pending is not None:
        return await asyncio.shield(pending)
    mine = _drawing[key] = asyncio.get_running_loop().create_future()
    try:
        png = await _draw(presenter, view, names)
        BOARDS.put(key, png)
        mine.set_result(png)
    except asyncio.CancelledError:
        mine.cancel()
        raise
    except Exception as exc:
        mine.set_exception(exc)
        mine.exception()  # retrieved: nobody else may be waiting
        raise
    finally:
        del _drawing[key]
    return png


async def _draw(presenter: Presenter, view: dict, names: list[str]) -> bytes | None:
    if WORKER.usable and presenter.game_id is not None:
        try:
            return await WORKER.draw(presenter.game_id, view, names)
        except WorkerGone:
            pass
    return await asyncio.to_thread(presenter.render_board, view, names)
