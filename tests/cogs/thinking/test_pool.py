"""The thinking workers: a person's job goes before bot seats' jobs, a
worker killed under a job is started again and the job retried, a job that
fails in its worker fails alone, and stopping ends the workers."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from cogs.thinking import jobs
from cogs.thinking.pool import ThinkingFailed, ThinkingPool
from rules.bots import choose_action
from rules.bots.hint import hint
from tests.cogs.thinking.positions import position


async def until(condition, what: str, timeout: float = 30.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"waited {timeout} s for {what}")
        await asyncio.sleep(0.005)


async def test_a_persons_hint_goes_before_the_bot_seats_waiting() -> None:
    match, seat = position("keltis", "first", 8)
    pool = ThinkingPool(1)
    finished: list[str] = []

    async def job(name: str, request: dict, urgent: bool) -> None:
        await pool.run(request, urgent=urgent)
        finished.append(name)

    try:
        pool.start()
        await until(lambda: pool.processes[0] is not None, "the worker")
        bots = [
            asyncio.create_task(job(f"bot{n}", jobs.decide_request(match, seat, "greedy"), False))
            for n in range(3)
        ]
        await until(lambda: pool.waiting == 2, "the first bot job taken")  # bot0 is thought out
        person = asyncio.create_task(job("hint", jobs.hint_request(match, seat), True))
        await asyncio.gather(person, *bots)
    finally:
        await pool.stop()
    assert finished == ["bot0", "hint", "bot1", "bot2"]
    assert pool.done == {"decide": 3, "hint": 1}


async def test_a_worker_killed_under_a_job_is_started_again_and_the_job_retried() -> None:
    match, seat = position("keltis", "killed", 10)
    pool = ThinkingPool(1)
    try:
        asking = asyncio.create_task(pool.run(jobs.hint_request(match, seat), urgent=True))
        await until(lambda: pool.processes[0] is not None and pool.waiting == 0, "the job taken")
        first = pool.processes[0]
        assert first is not None
        os.kill(first.pid, signal.SIGKILL)  # kill -9, mid-search
        found = jobs.hint_of(await asyncio.wait_for(asking, 60))
        assert found == hint(match, seat)  # the same answer, from a new worker
        assert pool.deaths == 1
        assert pool.processes[0] is not None and pool.processes[0].pid != first.pid
        # and the new worker goes on serving
        answer = await pool.run(jobs.decide_request(match, seat, "greedy"), urgent=False)
        assert jobs.action_of(answer) == choose_action(match, seat, "greedy")
    finally:
        await pool.stop()


async def test_a_job_that_fails_in_its_worker_fails_alone() -> None:
    match, seat = position("cuttle", "fails", 4)
    pool = ThinkingPool(1)
    try:
        broken = jobs.decide_request(match, seat, "grandmaster")  # no such level
        with pytest.raises(ThinkingFailed, match="grandmaster"):
            await pool.run(broken, urgent=False)
        answer = await pool.run(jobs.decide_request(match, seat, "random"), urgent=False)
        assert jobs.action_of(answer) == choose_action(match, seat, "random")
    finally:
        await pool.stop()
    assert pool.deaths == 0  # an error is an answer: the worker lived on


async def test_stopping_ends_the_workers_and_fails_what_waits() -> None:
    match, seat = position("oracle", "stop", 6)
    pool = ThinkingPool(1)
    pool.start()
    await until(lambda: pool.processes[0] is not None, "the worker")
    process = pool.processes[0]
    assert process is not None
    asks = [
        asyncio.create_task(pool.run(jobs.decide_request(match, seat, "expert"), urgent=False))
        for _ in range(3)
    ]
    await until(lambda: pool.waiting == 2, "the first job taken")
    await pool.stop()
    outcomes = await asyncio.gather(*asks, return_exceptions=True)
    assert all(isinstance(o, ThinkingFailed | asyncio.CancelledError) for o in outcomes[1:])
    assert process.returncode is not None  # the worker is gone with the pool
