"""Run a script (the bot) with its event loop's stalls written down, for
`bench.load --stalls FILE`.

`python bench/stalls.py bot.py ...`: every callback of the event loop that
holds it longer than GAMEHOST_STALL_MS (default 10) is noted with what ran
(the task's coroutine and where it stood when it gave the loop back), and
at exit, or on SIGUSR2, the longest and the sum by place are written to the
file named by GAMEHOST_STALLS; garbage collections over a quarter of the
limit are summed as places of their own. What asyncio's debug mode logs,
without its cost on every other call."""

from __future__ import annotations

import asyncio.events
import gc
import json
import os
import runpy
import signal
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

LIMIT = float(os.environ.get("GAMEHOST_STALL_MS", "10")) / 1000
KEPT = 60

stalls: list[tuple[float, str]] = []
by_place: dict[str, list[float]] = defaultdict(list)
_run = asyncio.events.Handle._run


def place(handle: asyncio.events.Handle) -> str:
    """The coroutine a handle stepped, and the line where it stopped."""
    callback = getattr(handle, "_callback", None)  # (asyncio's own, untyped)
    task = getattr(callback, "__self__", None)
    coro: Any = task.get_coro() if isinstance(task, asyncio.Task) else None
    if coro is None:
        return repr(callback)[:160]
    frames = []
    while coro is not None and hasattr(coro, "cr_frame"):
        frame = coro.cr_frame
        if frame is not None:
            frames.append(f"{frame.f_code.co_qualname}:{frame.f_lineno}")
        coro = coro.cr_await
    return " > ".join(frames[:6]) or repr(callback)[:160]


def timed(self: asyncio.events.Handle) -> None:
    began = time.perf_counter()
    _run(self)
    spent = time.perf_counter() - began
    if spent >= LIMIT:
        where = place(self)
        by_place[where].append(spent * 1000)
        stalls.append((spent * 1000, where))
        if len(stalls) > 4 * KEPT:
            stalls.sort(reverse=True)
            del stalls[KEPT:]


def write(*_: object) -> None:
    longest = sorted(list(stalls), reverse=True)
    summary = sorted(((sum(v), len(v), max(v), k) for k, v in list(by_place.items())), reverse=True)
    out = {
        "limit_ms": LIMIT * 1000,
        "longest": [[round(ms, 1), where] for ms, where in longest[:KEPT]],
        "by_place": [[round(t, 1), n, round(m, 1), k] for t, n, m, k in summary[:KEPT]],
    }
    Path(os.environ["GAMEHOST_STALLS"]).write_text(json.dumps(out, indent=1))


_collecting: list[float] = []


def collector(phase: str, info: dict) -> None:
    """Garbage collections that hold the loop, by generation, as a place."""
    if phase == "start":
        _collecting[:] = [time.perf_counter()]
    elif _collecting:
        spent = time.perf_counter() - _collecting.pop()
        if spent >= LIMIT / 4:
            by_place[f"gc generation {info['generation']}"].append(spent * 1000)


def keep_writing() -> None:
    """Every few seconds (the bench may kill the bot rather than stop it)."""
    while True:
        time.sleep(5)
        write()


if __name__ == "__main__":
    asyncio.events.Handle._run = timed  # type: ignore[method-assign]
    signal.signal(signal.SIGUSR2, write)
    gc.callbacks.append(collector)
    threading.Thread(target=keep_writing, daemon=True, name="stalls").start()
    script = sys.argv[1]
    sys.argv = sys.argv[1:]
    sys.path[0] = str(Path(script).resolve().parent)
    try:
        runpy.run_path(script, run_name="__main__")
    finally:
        write()
