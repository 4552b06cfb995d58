"""One load per move (cogs/play/moves.py), on SQLite and on PostgreSQL: a
member's move click and a bot seat's move each read the match once, and
whatever follows it (the answer, the table, the open panel, the pings, the
bots' next moves) uses the match as the move committed it. The services
are the bot's own (cogs/services.py), over a fake Discord client."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cogs.clock import Clock
from cogs.config import Config
from cogs.play.moves import Mover, Refusal, Refused
from cogs.services import Services, build
from rules import Match
from storage import SqliteStore, Status, Store
from storage.postgres import PgStore
from tests.cogs.helpers import MockBot, MockInteraction, MockMember, MockMessage
from tests.cogs.matches import ALICE, BOB, started
from tests.postgres_schemas import URL, fresh_schema

#: the name of the test's own task (pytest-asyncio's), which runs the clicks
CLICK = "Task"


@pytest.fixture(params=["sqlite", "postgres"])
async def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    if request.param == "sqlite":
        async with SqliteStore.open(tmp_path / "games.db") as opened:
            yield opened
        return
    async with fresh_schema("moves") as schema, PgStore.open(URL, schema_name=schema) as pg:
        yield pg


class Reads:
    """Counts the store's reads of a match by the task that made them:
    `load` (the whole match) and `info` (its row, without the engine's
    state). A click's reads are the clicking task's, a bot's its task's
    ("bots-<match>"), the table's its editor's ("table-<match>"). `real`
    reads uncounted."""

    def __init__(self, store: Store):
        self.real = store.load
        self.loads: Counter[str] = Counter()
        self.infos: Counter[str] = Counter()
        info = store.info

        def by() -> str:
            task = asyncio.current_task()
            return task.get_name().split("-")[0] if task is not None else "?"

        async def load(match_id: int, **kwargs: Any) -> Any:
            self.loads[by()] += 1
            return await self.real(match_id, **kwargs)

        async def infos(match_id: int) -> Any:
            self.infos[by()] += 1
            return await info(match_id)

        store.load = load  # type: ignore[method-assign]
        store.info = infos  # type: ignore[method-assign]


async def services_over(store: Store, tmp_path: Path) -> Services:
    config = Config(
        token="unused",
        database_path=tmp_path / "unused.db",
        bot_move_delay=0.0,
        table_watched_delay=0.0,  # a watched table is shown at once: nothing waits
    )
    return build(MockBot(), config, store, Clock())


async def alice_plays_her_turn(
    services: Services, reads: Reads, match_id: int, message: MockMessage
) -> list[int]:
    """Alice makes each decision of her turn by a click on `message`; the
    loads each click cost (its own task's: what runs in the click's path)."""
    alice = MockMember(id=ALICE, name="Alice")
    loads: list[int] = []
    while True:
        loaded = await reads.real(match_id)
        assert loaded.match is not None
        if 0 not in loaded.match.to_act():
            return loads
        key = loaded.match.legal(0)[0].key()
        inter = MockInteraction(user=alice, message=message, client=services)
        clicked = reads.loads[CLICK]
        await services.clicks.on_action(inter, match_id, loaded.seq, key)
        assert inter.answers()[0][0] in ("edit_message", "defer")  # answered: the move made
        loads.append(reads.loads[CLICK] - clicked)


@pytest.mark.parametrize("from_panel", [True, False], ids=["from her panel", "on the table"])
async def test_a_move_loads_its_match_once_on_either_store(
    any_store: Store, tmp_path: Path, from_panel: bool
) -> None:
    store = any_store
    services = await services_over(store, tmp_path)
    match_id = await started(store, "keltis", [ALICE, "random"], options={"first_player": 0})
    reads = Reads(store)
    current = asyncio.current_task()
    assert current is not None and current.get_name().startswith(f"{CLICK}-")
    alice = MockMember(id=ALICE, name="Alice")
    if from_panel:  # her own panel, kept current after every move
        opened = MockInteraction(user=alice, client=services)
        await services.clicks.open_panel(opened, match_id, edit=False)
        message = MockMessage(ephemeral=True, shown_to=alice)
    else:
        message = MockMessage()
    try:
        moves = 0
        for _turn in range(2):
            before = services.moves.committed
            loads = await alice_plays_her_turn(services, reads, match_id, message)
            assert loads and loads == [1] * len(loads)  # one load per click
            await services.seats.idle()  # the bot seat's turn
            await services.tables.editor.idle()  # the table waited for the bots: shown now
            moves += services.moves.committed - before - len(loads)
        assert moves >= 2 and reads.loads["bots"] == moves  # one load per bot move
        assert reads.loads["table"] == 0  # the table shows the match as committed
        # Alice is told by her open panel, else pinged: a ping looks whether
        # the match still runs before it is posted and once it is
        assert reads.infos[CLICK] == 0 and reads.infos["bots"] == (0 if from_panel else 4)
        latest = await reads.real(match_id)
        assert services.tables.editor.shown[match_id] == latest.seq  # the table is current
        if from_panel:  # her panel was redrawn when her turn came: it is current too
            panel = services.tables.hands.live.get(match_id, ALICE)
            assert panel is not None and panel.seq == latest.seq
    finally:
        await services.stop()


def dice_seed() -> str:
    """A seed of the dice game where Alice (seat 0) rolls first."""
    return next(
        s
        for s in (f"dice-{i}" for i in range(20))
        if Match.new("keltis_dice", 2, s).to_act()[0] == 0
    )


async def test_a_move_the_click_finds_in_its_match_loads_it_once_too(
    any_store: Store, tmp_path: Path
) -> None:
    """Your move making the roll that is no choice, and the dice marked in
    one select: the click finds its move in the match it loaded for it."""
    store = any_store
    services = await services_over(store, tmp_path)
    match_id = await started(store, "keltis_dice", [ALICE, BOB], seed=dice_seed())
    reads = Reads(store)
    alice = MockMember(id=ALICE, name="Alice")
    try:
        loads = reads.loads[CLICK]
        turn = MockInteraction(user=alice, client=services)
        await services.clicks.open_panel(turn, match_id, edit=False, turn=True)
        assert reads.loads[CLICK] - loads == 1
        loaded = await reads.real(match_id)
        assert loaded.match is not None and loaded.match.log == [(0, "roll")]
        loads = reads.loads[CLICK]
        marks = MockInteraction(user=alice, client=services)
        await services.clicks.on_marks(marks, match_id, loaded.seq, ["2", "0"])
        assert reads.loads[CLICK] - loads == 1
        loaded = await reads.real(match_id)
        assert loaded.match is not None and loaded.match.log[1][1].startswith("reroll:")
    finally:
        await services.stop()


def as_stored(loaded: Any) -> tuple[Any, ...]:
    """What shows a match, of a LoadedMatch (its times aside)."""
    return (
        loaded.id,
        loaded.seq,
        loaded.status,
        loaded.outcome,
        loaded.paused,
        [(s.seat, s.user_id, s.bot, s.name) for s in loaded.seats],
        loaded.match.log,
        loaded.match.snapshot(),
    )


async def test_the_match_as_committed_is_the_match_as_stored(
    any_store: Store, tmp_path: Path
) -> None:
    """A move's committed match (what the table, panels and pings show)
    equals a fresh load of it: its seq, its seats' new names, its end."""
    store = any_store
    services = await services_over(store, tmp_path)
    match_id = await started(store, "keltis", [ALICE, BOB], options={"first_player": 0})
    moves = services.moves
    try:
        loaded = await store.load(match_id)
        assert loaded.match is not None
        key = loaded.match.legal(0)[0].key()
        renamed = Mover(ALICE, loaded.guild_id, "Alice, renamed")
        async with moves.lock(match_id):
            moved, _ = await moves.play(match_id, renamed, loaded.seq, [key])
        assert as_stored(moved.committed) == as_stored(await store.load(match_id))
        assert moved.committed.seats[0].name == "Alice, renamed"
        again = await store.load(match_id)
        assert again.match is not None
        events = again.match.concede(1, again.match.seq)  # Bob gives up: the end
        async with moves.lock(match_id):
            ended = await moves.commit(again, [events])
        stored = await store.load(match_id)
        assert ended.status == Status.FINISHED and as_stored(ended) == as_stored(stored)
    finally:
        await services.stop()


@pytest.mark.parametrize("change", ["paused", "renamed"])
async def test_a_move_decided_on_a_match_changed_meanwhile_is_decided_again(
    tmp_path: Path, change: str
) -> None:
    """On PostgreSQL a move is decided on the match kept in memory, which
    its commit proves. Changed meanwhile by another process: the move is
    decided again on a fresh load, so a pause refuses it as paused (not as
    a race) and a renamed seat lets it through."""
    async with fresh_schema("changed") as schema, PgStore.open(URL, schema_name=schema) as store:
        services = await services_over(store, tmp_path)
        match_id = await started(store, "keltis", [ALICE, BOB], options={"first_player": 0})
        moves = services.moves
        try:
            loaded = await store.load(match_id)  # kept in memory
            assert loaded.match is not None
            key = loaded.match.legal(0)[0].key()
            async with PgStore.open(URL, schema_name=schema) as other:
                if change == "paused":
                    await other.pause(match_id)
                else:
                    await other.rename_seats(loaded.guild_id, BOB, "Robert")
            alice = Mover(ALICE, loaded.guild_id)
            async with moves.lock(match_id):
                if change == "paused":
                    with pytest.raises(Refused) as refused:
                        await moves.play(match_id, alice, loaded.seq, [key])
                    assert refused.value.why == Refusal.PAUSED
                else:
                    moved, _ = await moves.play(match_id, alice, loaded.seq, [key])
                    assert moved.committed.seats[1].name == "Robert"
            stored = await store.load(match_id)
            assert stored.seq == (0 if change == "paused" else 1)
        finally:
            await services.stop()


async def test_a_servers_commit_is_sent_before_the_answer_is_drawn(
    any_store: Store, tmp_path: Path
) -> None:
    """On PostgreSQL the move's commit goes out first and the answer is
    drawn while the server works; on SQLite the answer is drawn first (its
    writer thread would wait for the GIL the drawing holds)."""
    store = any_store
    services = await services_over(store, tmp_path)
    match_id = await started(store, "keltis", [ALICE, BOB], options={"first_player": 0})
    order: list[str] = []
    commit_move = store.commit_move

    async def commit(*args: Any, **kwargs: Any) -> Any:
        order.append("commit")
        return await commit_move(*args, **kwargs)

    async def draw(loaded: Any, seat: int) -> Any:
        order.append("draw")

    store.commit_move = commit  # type: ignore[method-assign]
    try:
        loaded = await store.load(match_id)
        assert loaded.match is not None
        key = loaded.match.legal(0)[0].key()
        async with services.moves.lock(match_id):
            await services.moves.play(
                match_id, Mover(ALICE, loaded.guild_id), loaded.seq, [key], during=draw
            )
        first = "commit" if store.commits_on_a_server else "draw"
        assert order[0] == first and sorted(order) == ["commit", "draw"]
        assert store.commits_on_a_server == isinstance(store, PgStore)
    finally:
        await services.stop()
