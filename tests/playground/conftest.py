"""Fixtures of the playground's tests.

The fake's own tests (moved here beside its source, playground/fake_discord/)
use the end-to-end fixtures: a fake Discord and bot processes against it,
with the bots' logs in a failure's report. The playground's tests get
``playground``: the whole thing as ``make playground`` runs it (the real bot,
the page on 127.0.0.1), with a database in a temporary folder and quick bots.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest_asyncio

from playground.web import serve
from playground.world import Playground
from tests.e2e.conftest import fake_discord, pytest_runtest_makereport, spawn_bot

__all__ = ["fake_discord", "playground", "pytest_runtest_makereport", "spawn_bot"]


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def playground(tmp_path_factory):
    """``.pg`` (a started :class:`Playground`), ``.url`` of its page, ``.runner``."""
    pg = Playground(
        data_dir=tmp_path_factory.mktemp("playground"),
        bot_move_delay=0.05,
        extra_env={"TABLE_WATCHED_DELAY": "0"},
    )
    await pg.start()
    runner, url = await serve(pg, 0)
    yield SimpleNamespace(pg=pg, url=url, runner=runner)
    await runner.cleanup()
    await pg.stop()
