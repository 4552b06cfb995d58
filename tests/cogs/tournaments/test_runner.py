"""The runner carries on from the record after a crash in the middle of a
round's pairing or opening (cogs/tournaments/runner.py): each table's
match is made once (the one a crashed process made is kept and started),
and a round is paired once however many triggers race (a restart's resume,
a finished match, a host's act)."""

from __future__ import annotations

import asyncio
import itertools
from datetime import UTC, datetime
from typing import Any

from cogs.tournaments.record import Played
from cogs.tournaments.runner import TournamentRunner, next_round
from rules import Match
from storage import Status, Store
from storage.tournament_records import Entrant, Tournament
from tests.cogs.matches import ALICE, BOB

CAROL, DAVE = 1003, 1004
GUILD, CHANNEL = 1, 2
ids = itertools.count(9000)


class Posted:
    """A message the runner posted; its thread gets a fresh id."""

    async def create_thread(self, **kwargs: Any) -> Any:
        return type("Thread", (), {"id": next(ids)})()

    async def edit(self, **kwargs: Any) -> None:
        pass


class Place:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, text: str = "", **kwargs: Any) -> Posted:
        self.sent.append(text)
        return Posted()

    def get_partial_message(self, message_id: int) -> Posted:
        return Posted()


class Bot:
    def __init__(self) -> None:
        self.place = Place()

    def get_partial_messageable(self, channel_id: int, **kwargs: Any) -> Place:
        return self.place


class Lobbies:
    """Starts a lobby's match as cogs/hosting/lobby.py does (the table's
    showing left out), counting the starts."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.started: list[int] = []

    def deal(self, info: Any) -> Match:
        return Match.new(info.game, len(info.seats), f"deal-{info.id}")

    async def start(self, info: Any, match: Match) -> None:
        await self.store.start_match(info.id, match)
        self.started.append(info.id)


class Languages:
    async def of_server(self, guild_id: int) -> str:
        return "en"


def runner(store: Store) -> tuple[TournamentRunner, Lobbies, Bot]:
    bot, lobbies = Bot(), Lobbies(store)
    made = TournamentRunner(bot, store, lobbies, Languages())  # type: ignore[arg-type]
    return made, lobbies, bot


async def started(store: Store) -> int:
    tid = await store.create_tournament(GUILD, CHANNEL, "cuttle", "swiss", 2, 2, {}, ALICE)
    for user in (ALICE, BOB, CAROL, DAVE):
        await store.join_tournament(tid, user, str(user))
    await store.start_tournament(tid, {ALICE: 3.0, BOB: 2.0, CAROL: 1.0, DAVE: 0.0}, 2, ALICE)
    return tid


async def test_a_restart_opens_what_a_crash_left_of_a_round_once(store: Store) -> None:
    tid = await started(store)
    # the crashed process paired round 1 and made table 1's match, no more
    assert await store.pair_round(tid, 1, [[ALICE, CAROL], [BOB, DAVE]], [])
    left = await store.open_table(tid, 1, 1, CHANNEL, {}, {}, {})
    again, lobbies, bot = runner(store)
    await asyncio.gather(again.advance(tid), again.advance(tid))
    tables = await store.tournament_tables(tid)
    assert [t.match_id is not None for t in tables] == [True, True]
    assert tables[0].match_id == left  # kept, not made twice
    assert sorted(lobbies.started) == sorted(t.match_id or 0 for t in tables)  # each started once
    for table in tables:
        assert table.match_id is not None
        info = await store.info(table.match_id)
        assert info.status == Status.ACTIVE and info.thread_id is not None
    assert (await store.tournament(tid)).round == 1
    assert sum("round 1 · table" in text for text in bot.place.sent) == 2


async def test_a_round_over_is_followed_by_one_next_round_whatever_races(store: Store) -> None:
    tid = await started(store)
    first, _lobbies, _bot = runner(store)
    await first.advance(tid)  # pairs and opens round 1
    for table in await store.tournament_tables(tid):
        assert table.match_id is not None
        loaded = await store.load(table.match_id)
        assert loaded.match is not None
        await store.commit(table.match_id, loaded.match, loaded.match.concede(1, loaded.match.seq))
    # the process died before pairing round 2: two processes' triggers race now
    second, lobbies, _bot = runner(store)
    third, more, _bot = runner(store)
    await asyncio.gather(second.advance(tid), third.advance(tid), second.advance(tid))
    round_two = [t for t in await store.tournament_tables(tid) if t.round == 2]
    assert len(round_two) == 2 and (await store.tournament(tid)).round == 2
    assert len(lobbies.started) + len(more.started) == 2


def test_a_game_for_five_is_paired_in_tables_of_five_with_byes_for_the_rest() -> None:
    """Cucco for five takes five exactly: eleven players make two tables of
    five and one bye, never a table of four."""
    tournament = Tournament(
        id=1,
        guild_id=GUILD,
        channel_id=CHANNEL,
        message_id=None,
        game="cucco",
        format="swiss",
        rounds=3,
        per_match=5,
        settings={},
        status="running",
        paused=False,
        round=0,
        creator_id=ALICE,
        created_at=datetime.now(UTC),
    )
    entrants = tuple(Entrant(user, None, None, 0.0) for user in range(1, 12))
    pairing = next_round(tournament, Played(entrants, (), (), frozenset()))
    assert [len(t.players) for t in pairing.tables] == [5, 5] and len(pairing.byes) == 1
