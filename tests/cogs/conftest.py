"""A real store for the services' tests (tests/cogs/matches.py starts
matches in it).

Every test here gets its own board worker (cogs/presenters/board_pool.py),
stopped when it ends: the worker's pipes belong to the event loop that
started them, and each test has its own loop, so a worker left running by
one test could not be stopped by a later one (a bot's close() stops it).

The workers (boards, the bots' thinking) register the games this process
registered, by their packages: a game the suite put on this process's path
rather than installing it (an example add-on, conftest.py) is put on
theirs too, as an installed one would be."""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.presenters import board_pool
from storage import SqliteStore, Store


@pytest.fixture(autouse=True)
def workers_see_this_path(monkeypatch: pytest.MonkeyPatch) -> None:
    here = [entry for entry in sys.path if entry and os.path.isdir(entry)]
    before = os.environ.get("PYTHONPATH")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([*here, *([before] if before else [])]))


@pytest.fixture(autouse=True)
async def board_worker(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[board_pool.BoardWorker]:
    fresh = board_pool.BoardWorker()  # starts its process at the first drawing only
    monkeypatch.setattr(board_pool, "WORKER", fresh)
    yield fresh
    await fresh.stop()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with SqliteStore.open(tmp_path / "games.db") as opened:
        yield opened
