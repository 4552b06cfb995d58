"""A restart edits the tables that may miss a move, not every live table:
only those of matches changed within RESUME_EDIT_MARGIN (plus the longest
a table edit waits) of the newest change, most recent first, started
RESUME_EDIT_GAP apart; a match whose start was never shown is returned
whatever its age; and the event loop turns while a resume goes through
many matches."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path
from typing import Any

from cogs.config import Config
from cogs.play.tables import RESUME_BATCH, RESUME_EDIT_GAP, RESUME_EDIT_MARGIN, Tables
from storage import LoadedMatch, SqliteStore, Store
from tests.cogs.matches import ALICE, BOB, started, tables_with

DAY = 24 * 3600.0
MARGIN = RESUME_EDIT_MARGIN.total_seconds()


class Editor:
    """Records the edits asked for (TableEditor.want), shows none."""

    def __init__(self) -> None:
        self.shown: dict[int, int] = {}
        self.wanted: list[tuple[int, float]] = []

    def want(self, match_id: int, *, delay: float = 0.0, shows: LoadedMatch | None = None) -> int:
        self.wanted.append((match_id, delay))
        return len(self.wanted)


class Clock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def match_at(store: Store, clock: Clock, at: float, *, table: bool = True) -> int:
    """A started Keltis match last changed at `at`, with its table posted."""
    clock.now = at
    match_id = await started(store, "keltis", [ALICE, BOB], seed=f"resume-{at}")
    if table:
        await store.set_message(match_id, "table", 500, 600 + match_id)
    return match_id


def with_editor(store: Store, config: Config | None = None) -> tuple[Tables, Editor]:
    """Tables whose table edits are only noted."""
    editor = Editor()
    return tables_with(store, config=config, editor=editor), editor


async def test_a_restart_edits_recent_tables_only_most_recent_first(tmp_path: Path) -> None:
    clock = Clock(1_000_000.0)
    async with SqliteStore.open(tmp_path / "games.db", clock=clock) as store:
        newest_at = 1_000_000.0 + 3 * DAY
        old = await match_at(store, clock, newest_at - 2 * DAY)
        outside = await match_at(store, clock, newest_at - MARGIN - 60)
        inside = await match_at(store, clock, newest_at - MARGIN + 60)
        newest = await match_at(store, clock, newest_at)
        recent = await match_at(store, clock, newest_at - 30)
        clock.now = newest_at + 7 * DAY  # the process was down for a week: no matter
        tables, editor = with_editor(store)

        assert await tables.resume() == []

        assert [m for m, _ in editor.wanted] == [newest, recent, inside]
        assert [d for _, d in editor.wanted] == [0.0, RESUME_EDIT_GAP, 2 * RESUME_EDIT_GAP]
        assert old not in dict(editor.wanted) and outside not in dict(editor.wanted)


async def test_a_table_this_process_showed_is_not_edited_again(store: Store) -> None:
    first = await started(store, "keltis", [ALICE, BOB], seed="a")
    second = await started(store, "keltis", [ALICE, BOB], seed="b")
    for match_id in (first, second):
        await store.set_message(match_id, "table", 500, 600 + match_id)
    tables, editor = with_editor(store)
    editor.shown[first] = 0

    await tables.resume()

    assert [m for m, _ in editor.wanted] == [second]


async def test_the_margin_covers_the_longest_a_table_may_wait(tmp_path: Path) -> None:
    """A table watched by its players may wait TABLE_WATCHED_DELAY (up to
    10 minutes): its match is edited if it changed within the margin plus that."""
    clock = Clock(1_000_000.0)
    async with SqliteStore.open(tmp_path / "games.db", clock=clock) as store:
        waited = await match_at(store, clock, 1_000_000.0)
        await match_at(store, clock, 1_000_000.0 + MARGIN + 500)
        config = Config(token="unused", database_path=Path("unused.db"), table_watched_delay=600)
        tables, editor = with_editor(store, config)
        assert tables.resume_edit_margin == RESUME_EDIT_MARGIN + timedelta(seconds=600)

        await tables.resume()

        assert waited in dict(editor.wanted)


async def test_a_start_never_shown_is_returned_whatever_its_age(tmp_path: Path) -> None:
    clock = Clock(1_000_000.0)
    async with SqliteStore.open(tmp_path / "games.db", clock=clock) as store:
        unshown = await match_at(store, clock, 1_000_000.0, table=False)
        await match_at(store, clock, 1_000_000.0 + 5 * DAY)
        tables, editor = with_editor(store)

        assert await tables.resume() == [unshown]
        assert unshown not in dict(editor.wanted)


async def test_clicks_get_turns_of_the_event_loop_while_a_resume_goes_on(store: Store) -> None:
    """The store's small reads do not yield: a resume lets the loop turn
    every RESUME_BATCH matches, not only once it is through them all."""
    for n in range(2 * RESUME_BATCH + 1):
        match_id = await started(store, "keltis", [ALICE, BOB], seed=f"many-{n}")
        await store.set_message(match_id, "table", 500, 600 + match_id)
    tables, _ = with_editor(store)
    turns = 0
    seen: list[int] = []  # the turns counted at each table lookup

    async def turning() -> None:
        nonlocal turns
        while True:
            turns += 1
            await asyncio.sleep(0)

    looked_up = store.message

    async def message(match_id: int, kind: str) -> Any:
        seen.append(turns)
        return await looked_up(match_id, kind)

    store.message = message  # type: ignore[method-assign]
    ticker = asyncio.create_task(turning())
    try:
        await tables.resume()
    finally:
        ticker.cancel()
    assert len(seen) == 2 * RESUME_BATCH + 1
    assert seen[-1] - seen[0] >= 2  # the loop turned between the lookups
