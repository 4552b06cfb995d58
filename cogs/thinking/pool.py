"""The thinking workers: a few processes beside the bot, each doing one job
at a time, fed from one queue where a person's request goes before a bot
seat's.

Each worker is a plain subprocess (cogs/thinking/worker.py) fed through
pipes, like the board worker: no fork of the bot, whose threads may hold
locks. A worker that dies (killed, out of memory) is started again, after
a pause that grows while it keeps dying, and the job it held goes back to
the front of the queue: a decision is retried, never lost. A job that
kills its worker RETRIES + 1 times fails (ThinkingFailed), as does one the
worker answers with an error (a bug: no retry can fix it).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cogs.presenters import loaded_packages
from cogs.worker_frames import LENGTH, request_frame, start_worker

log = logging.getLogger(__name__)

#: times a job is tried again after its worker died under it
RETRIES = 2
#: seconds before a worker that died is started again: doubled while it
#: keeps dying, at most PAUSE_MOST
PAUSE_FIRST, PAUSE_MOST = 0.2, 30.0
#: queue priorities: a person waits for a hint; a bot seat can move later
PERSON, BOT = 0, 1


def default_size() -> int:
    """One worker per core but the one the event loop needs (at least one)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


class ThinkingFailed(Exception):
    """A job could not be done: its worker kept dying, or it failed there."""


class WorkerDied(Exception):
    """The worker stopped (or could not start) while holding a job."""


@dataclass(slots=True)
class Job:
    kind: str
    body: bytes
    future: asyncio.Future
    tries: int = 0


@dataclass(order=True, slots=True)
class Queued:
    priority: int
    order: int  # first come, first served within a priority
    job: Job = field(compare=False)


class ThinkingPool:
    """`size` worker processes, started with `start()` (or by the first job)
    and stopped with `stop()`."""

    def __init__(self, size: int | None = None):
        self.size = size or default_size()
        self._queue: asyncio.PriorityQueue[Queued] | None = None
        self._order = itertools.count()
        self._runners: list[asyncio.Task[None]] = []
        #: each runner's worker process now (None: not started, or dead)
        self.processes: list[asyncio.subprocess.Process | None] = [None] * self.size
        #: each runner's job now (failed if the pool stops under it)
        self._holding: list[Job | None] = [None] * self.size
        #: jobs done, by kind (hints, decisions): the counters of the stats file
        self.done: Counter[str] = Counter()
        self.deaths = 0  # workers that died (each is started again)

    def start(self) -> None:
        """Start the runners; each starts its worker now (not at its first job)."""
        if self._runners:
            return
        self._queue = asyncio.PriorityQueue()
        self._runners = [
            asyncio.create_task(self._serve(i), name=f"thinking-{i}") for i in range(self.size)
        ]

    @property
    def waiting(self) -> int:
        """Jobs queued, not yet taken by a worker."""
        return 0 if self._queue is None else self._queue.qsize()

    async def run(self, request: dict[str, Any], *, urgent: bool) -> dict[str, Any]:
        """The answer to one job (`urgent`: a person waits for it, so it goes
        before every bot seat's). ThinkingFailed when it cannot be had."""
        self.start()
        assert self._queue is not None
        body = json.dumps(request, separators=(",", ":")).encode()
        job = Job(str(request.get("job")), body, asyncio.get_running_loop().create_future())
        self._queue.put_nowait(Queued(PERSON if urgent else BOT, next(self._order), job))
        return await job.future  # cancelled: the runner skips it (or drops its answer)

    async def _serve(self, index: int) -> None:
        """One worker's life: take the most urgent job, have it done, again."""
        assert self._queue is not None
        pause = PAUSE_FIRST
        process: asyncio.subprocess.Process | None = None
        try:
            process = await self._spawn(index)
        except WorkerDied as exc:
            log.error("thinking worker %s could not start: %s", index, exc)
        while True:
            queued = await self._queue.get()
            job = queued.job
            if job.future.done():
                continue  # its asker stopped waiting
            self._holding[index] = job
            try:
                if process is None or process.returncode is not None:
                    process = await self._spawn(index)
                status, payload = await self._ask(process, job.body)
            except WorkerDied as exc:
                self._holding[index] = None
                await self._end(process)
                process = self.processes[index] = None
                self.deaths += 1
                job.tries += 1
                if job.tries > RETRIES:
                    log.error("a %s job failed: its worker died %s times", job.kind, job.tries)
                    _fail(job, ThinkingFailed(f"the worker died {job.tries} times: {exc}"))
                else:
                    log.warning("thinking worker %s stopped (%s); its job is retried", index, exc)
                    self._queue.put_nowait(queued)  # its place: first of its priority
                await asyncio.sleep(pause)
                pause = min(PAUSE_MOST, pause * 2)
                continue
            self._holding[index] = None
            pause = PAUSE_FIRST
            if status == b"A":
                self.done[job.kind] += 1
                if not job.future.done():
                    job.future.set_result(json.loads(payload))
            else:
                log.error("a %s job failed in its worker:\n%s", job.kind, payload.decode())
                _fail(job, ThinkingFailed(payload.decode(errors="replace").splitlines()[-1]))

    async def _spawn(self, index: int) -> asyncio.subprocess.Process:
        try:
            process = await start_worker("cogs.thinking.worker", loaded_packages())
        except OSError as exc:
            raise WorkerDied(f"could not start: {exc}") from exc
        self.processes[index] = process
        return process

    @staticmethod
    async def _ask(process: asyncio.subprocess.Process, body: bytes) -> tuple[bytes, bytes]:
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(request_frame(body))
            await process.stdin.drain()
            head = await process.stdout.readexactly(1 + LENGTH.size)
            (size,) = LENGTH.unpack(head[1:])
            return head[:1], await process.stdout.readexactly(size)
        except (asyncio.IncompleteReadError, ConnectionError, RuntimeError) as exc:
            raise WorkerDied(f"exit code {process.returncode}: {exc!r}") from exc

    @staticmethod
    async def _end(process: asyncio.subprocess.Process | None) -> None:
        if process is None or process.returncode is not None:
            return
        try:
            process.kill()
        except ProcessLookupError:
            return
        await process.wait()

    async def stop(self) -> None:
        """Stop the runners and their workers (a worker's stdin closed ends it)."""
        runners, self._runners = self._runners, []
        for task in runners:
            task.cancel()
        await asyncio.gather(*runners, return_exceptions=True)
        for job in self._holding:
            if job is not None:
                _fail(job, ThinkingFailed("the bot is stopping"))
        self._holding = [None] * self.size
        processes = [p for p in self.processes if p is not None and p.returncode is None]
        self.processes = [None] * self.size
        for process in processes:
            assert process.stdin is not None
            process.stdin.close()
        for process in processes:
            try:
                await asyncio.wait_for(process.wait(), 2)
            except TimeoutError:
                await self._end(process)
        if self._queue is not None:
            while not self._queue.empty():
                _fail(self._queue.get_nowait().job, ThinkingFailed("the bot is stopping"))
        self._queue = None


def _fail(job: Job, exc: Exception) -> None:
    if not job.future.done():
        job.future.set_exception(exc)
        job.future.exception()  # retrieved: its asker may have gone
