"""Table edits are coalesced per match (issue 18): a burst of moves ends in
one edit showing the latest table, and edits of a match land in order, even
when moves keep coming while an edit is under way."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

from cogs.play.table_editor import TableEditor
from storage import UnknownMatch


class FakeTables:
    """Matches whose seq moves on as "moves" are committed, and a Discord
    message per match recording every edit applied, in the order applied.
    An edit takes a random while, like a REST call under load."""

    def __init__(self, seed: int = 0):
        self.seq: dict[int, int] = {}
        self.applied: dict[int, list[int]] = {}
        self.rnd = random.Random(seed)
        self.drawing: set[int] = set()
        self.loads = 0

    async def show(self, match_id: int, shown: int | None, given: Any = None) -> int:
        assert match_id not in self.drawing, "two edits of one match at once"
        self.drawing.add(match_id)
        try:
            if given is not None:  # the committed state a move's request carried
                seq = given.seq
            else:
                self.loads += 1
                seq = self.seq.get(match_id, 0)  # a fresh load
            await asyncio.sleep(self.rnd.uniform(0, 0.004))  # drawing it, sending it
            self.applied.setdefault(match_id, []).append(seq)
            return seq
        finally:
            self.drawing.discard(match_id)

    def commit(self, match_id: int) -> None:
        self.seq[match_id] = self.seq.get(match_id, 0) + 1


async def test_a_burst_of_moves_ends_in_one_edit_showing_the_latest():
    tables = FakeTables()
    editor = TableEditor(tables.show)
    for _ in range(10):  # ten bot moves in a row, each wanting the table (lazily)
        tables.commit(1)
        editor.want(1, delay=0.05)
    await editor.show(1)  # then a human owes a decision: shown now
    assert tables.applied[1] == [10]
    await editor.idle()
    assert tables.applied[1] == [10] and editor.edits == 1


async def test_a_lazy_request_is_shown_by_its_deadline_without_a_newer_one():
    tables = FakeTables()
    editor = TableEditor(tables.show)
    tables.commit(1)
    editor.want(1, delay=0.02)
    await asyncio.sleep(0)
    assert tables.applied == {}  # waiting for the bot that moves next
    await editor.idle()
    assert tables.applied[1] == [1]


async def test_edits_land_in_order_under_concurrent_bot_moves():
    tables = FakeTables(seed=7)
    editor = TableEditor(tables.show)
    matches = range(1, 6)

    async def bot_seats(match_id: int, moves: int, rnd: random.Random):
        for _ in range(moves):
            await asyncio.sleep(rnd.uniform(0, 0.003))
            tables.commit(match_id)
            if rnd.random() < 0.5:
                editor.want(match_id, delay=rnd.uniform(0, 0.01))
            else:
                await editor.show(match_id)

    # several tasks move in each match at once (bots, a human's click, a timeout)
    await asyncio.gather(
        *(bot_seats(m, 30, random.Random(m * 10 + k)) for m in matches for k in range(3))
    )
    await editor.idle()
    for match_id in matches:
        applied = tables.applied[match_id]
        assert applied == sorted(applied), f"an older table landed after a newer one: {applied}"
        assert applied[-1] == tables.seq[match_id] == 90  # it ends with the latest
        assert len(applied) < 90  # and requests were coalesced
        assert editor.shown[match_id] == 90


async def test_show_waits_for_an_edit_that_started_after_it_was_asked():
    tables = FakeTables()
    editor = TableEditor(tables.show)
    tables.commit(1)
    first = asyncio.create_task(editor.show(1))
    await asyncio.sleep(0.001)  # that edit is under way, showing seq 1
    tables.commit(1)
    await editor.show(1)  # must not be served by the edit already under way
    assert tables.applied[1][-1] == 2
    await first


async def test_a_failed_edit_is_logged_and_later_ones_still_come(caplog):
    calls = []

    async def show(match_id, shown, given=None):
        calls.append(match_id)
        if len(calls) == 1:
            raise RuntimeError("Discord is down")
        return 5

    editor = TableEditor(show)
    await editor.show(1)
    await editor.show(1)
    assert calls == [1, 1] and editor.shown[1] == 5
    assert "showing the table of match 1 failed" in caplog.text


async def test_a_match_gone_is_forgotten_without_a_traceback(caplog):
    """Its show finds the match deleted (its server forgotten): whoever
    waited for the edit is let go, and nothing of the match is kept."""
    tables = FakeTables()
    gone = {2}

    async def show(match_id, shown, given=None):
        if match_id in gone:
            raise UnknownMatch(match_id)
        return await tables.show(match_id, shown, given)

    editor = TableEditor(show)
    await editor.show(1)
    await editor.show(2)
    await editor.idle()
    assert editor.shown == {1: 0}
    assert not editor.pending(2)
    assert "failed" not in caplog.text


async def test_after_stop_nothing_more_is_edited():
    tables = FakeTables()
    editor = TableEditor(tables.show)
    editor.want(1, delay=10)
    await editor.stop()
    editor.want(2)
    await editor.show(3)
    await editor.idle()
    assert tables.applied == {}


class TwoProcesses(FakeTables):
    """Another process moves match 1 while this one's edit is on its way,
    and edits the table itself (its edit lands first): this process only
    learns of that move from the store (`latest`)."""

    def __init__(self):
        super().__init__()
        self.moves_elsewhere = 1

    async def show(self, match_id: int, shown: int | None, given: Any = None) -> int:
        seq = self.seq.get(match_id, 0)  # this process's fresh load
        if self.moves_elsewhere:
            self.moves_elsewhere -= 1
            self.commit(match_id)  # the other process's move...
            self.applied.setdefault(match_id, []).append(self.seq[match_id])  # ...and its edit
        await asyncio.sleep(0.001)
        self.applied.setdefault(match_id, []).append(seq)  # this edit lands last
        return seq

    async def latest(self, match_id: int) -> int:
        return self.seq.get(match_id, 0)


async def test_an_edit_landing_after_another_process_newer_one_is_redone():
    tables = TwoProcesses()
    editor = TableEditor(tables.show, tables.latest)
    tables.commit(1)
    await editor.show(1)
    await editor.idle()
    assert tables.applied[1] == [2, 1, 2]  # the table ends showing the newest move
    assert editor.edits == 2


async def test_without_other_processes_nothing_is_asked_again():
    tables = TwoProcesses()
    editor = TableEditor(tables.show)  # one process: no `latest`
    tables.commit(1)
    await editor.show(1)
    await editor.idle()
    assert tables.applied[1] == [2, 1] and editor.edits == 1


async def test_a_request_of_its_own_pending_is_not_doubled():
    tables = TwoProcesses()
    tables.moves_elsewhere = 0
    editor = TableEditor(tables.show, tables.latest)
    tables.commit(1)
    editor.want(1)
    await asyncio.sleep(0)  # the edit is on its way...
    tables.commit(1)  # ...when this process moves again, wanting the table lazily
    editor.want(1, delay=0.05)
    await asyncio.sleep(0.01)  # the first edit (1 ms) has landed
    assert tables.applied[1] == [1]  # the lazy request still waits: not hurried
    await editor.idle()
    assert tables.applied[1] == [1, 2] and editor.edits == 2


def committed(seq: int) -> Any:
    """A match as a move committed it (the editor reads its seq)."""
    return SimpleNamespace(seq=seq)


async def test_a_moves_request_is_shown_from_the_state_it_carries_without_a_load():
    tables = FakeTables()
    editor = TableEditor(tables.show)
    tables.commit(1)
    editor.want(1, delay=0.02, shows=committed(1))
    tables.commit(1)
    await editor.show(1, shows=committed(2))  # the newest carried state is shown
    await editor.idle()
    assert tables.applied[1] == [2] and tables.loads == 0


async def test_a_request_carrying_nothing_makes_the_next_edit_load_afresh():
    """A pause, a name learnt, a start-up: what changed is not in any move's
    committed state, so the edit loads the match, whatever else was carried."""
    tables = FakeTables()
    editor = TableEditor(tables.show)
    tables.commit(1)
    editor.want(1, delay=0.02, shows=committed(1))
    editor.want(1, delay=0.02)  # e.g. a host paused the match
    editor.want(1, delay=0.02, shows=committed(1))
    await editor.idle()
    assert tables.applied[1] == [1] and tables.loads == 1


async def test_a_carried_state_no_newer_than_the_table_is_not_shown_again():
    """The table may show a change without a move made since the move's
    commit (a pause shown at once): the move's own state would undo it."""
    tables = FakeTables()
    editor = TableEditor(tables.show)
    tables.commit(1)
    await editor.show(1)  # shows seq 1, from a load
    await editor.show(1, shows=committed(1))
    assert tables.applied[1] == [1, 1] and tables.loads == 2


async def test_each_move_is_told_how_long_it_waited_for_the_edit_showing_it():
    """bench/load's table lag: a move's wait runs from its request to the
    landing of the edit that shows it; a request without a move (a pause, a
    name) is not a move's wait."""
    tables = FakeTables()
    waits: list[float] = []
    editor = TableEditor(tables.show, on_shown=waits.append)
    tables.commit(1)
    editor.want(1, delay=0.05, shows=committed(1))  # a move, a bot moves next
    await asyncio.sleep(0.02)
    tables.commit(1)
    editor.want(1, delay=0.05, shows=committed(2))  # the bot's move: the same edit
    editor.want(1, delay=0.05)  # not a move
    await editor.idle()
    assert tables.applied[1] == [2]
    first, second = waits
    assert 0.05 <= first < 1.0  # due after 0.05 s, then drawn and sent
    assert second <= first - 0.019  # asked 0.02 s later, shown by the same edit


async def test_no_wait_is_kept_for_a_forgotten_match():
    tables = FakeTables()
    waits: list[float] = []
    editor = TableEditor(tables.show, on_shown=waits.append)
    tables.commit(1)
    editor.want(1, delay=0.05, shows=committed(1))
    editor.forget(1)
    await editor.idle()
    assert waits == []
