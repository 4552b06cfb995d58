"""The bot's counters in a file, for the test suite and bench/load only
(GAMEHOST_TEST_STATS): write transactions (one fsync each), moves committed
and table edits, so a test can count transactions per move from outside the
process. Rewritten atomically whenever a counter changed."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

PERIOD = 0.2  # seconds between looks


def counters(services) -> dict[str, float]:
    tables = services.tables
    deadlines = services.deadlines
    return {
        "transactions": services.store.transactions,
        "moves": services.moves.committed,
        "human_moves": tables.human_moves,
        "table_edits": tables.editor.edits,
        "deadline_polls": deadlines.polls,
        "deadline_poll_ms": round(deadlines.poll_ms, 3),
        "deadline_poll_max_ms": round(deadlines.poll_max_ms, 3),
        #: jobs the thinking workers did, by kind (hint, decide), and how
        #: many of those workers died
        "searches": dict(tables.thinking.pool.done),
        "worker_deaths": tables.thinking.pool.deaths,
    }


def write(path: Path, values: dict) -> None:
    temp = path.with_name(path.name + ".tmp")
    temp.write_text(json.dumps(values))
    os.replace(temp, path)


async def keep(services, path: Path) -> None:
    """Runs until cancelled."""
    last = None
    while True:
        try:
            values = counters(services)
            if values != last:
                await asyncio.to_thread(write, path, values)
                last = values
        except Exception as exc:  # a test's temp folder gone: nothing to report to
            log.info("could not write the stats file %s: %s", path, exc)
        await asyncio.sleep(PERIOD)
