"""A tournament's bot has one name everywhere (issue 42): the standings
and sign-up name it by its number in the tournament and its level, and
its table's seat (the table, the panels, the log) reads the same, in
English and Japanese; a bot at an ordinary match keeps its seat's name."""

from __future__ import annotations

from typing import Any

import discord

from cogs.history.results import History
from cogs.i18n import speaking
from cogs.play.names import SeatNames
from cogs.presenters.seats import bot_name
from cogs.tournaments.names import entrant_name
from rules import Match
from storage import Store
from tests.cogs.helpers import CHANNEL_ID as CHANNEL
from tests.cogs.helpers import GUILD_ID as GUILD
from tests.cogs.helpers import MockInteraction
from tests.cogs.matches import ALICE, BOB


class Discord:
    def get_guild(self, guild_id: int) -> Any:
        return None


def seat_names(store: Store) -> SeatNames:
    return SeatNames(Discord(), store, lambda match_id: None)  # type: ignore[arg-type]


async def table_of_bots(store: Store) -> tuple[int, int]:
    """Round 1 of a tournament of alice, bob and two expert bots: alice
    against the second bot (table 1), the first bot against bob (table 2)."""
    tid = await store.create_tournament(GUILD, CHANNEL, "cuttle", "swiss", 2, 2, {}, ALICE)
    await store.join_tournament(tid, ALICE, "alice")
    await store.join_tournament(tid, 0, None, bot="expert")
    await store.join_tournament(tid, 0, None, bot="expert")
    await store.join_tournament(tid, BOB, "bob")
    seeds = {ALICE: 1.0, -1: 0.0, -2: 0.0, BOB: 0.0}
    await store.start_tournament(tid, seeds, 2, ALICE)
    assert await store.pair_round(tid, 1, [[ALICE, -2], [-1, BOB]], [])
    bots, names = {-1: "expert", -2: "expert"}, {ALICE: "alice", BOB: "bob"}
    first = await store.open_table(tid, 1, 1, CHANNEL, {}, bots, names)
    second = await store.open_table(tid, 1, 2, CHANNEL, {}, bots, names)
    for match_id in (first, second):
        await store.start_match(match_id, Match.new("cuttle", 2, f"deal-{match_id}"))
    return tid, first


async def test_a_tournament_bot_is_named_at_its_table_as_in_the_standings(store: Store) -> None:
    tid, first = await table_of_bots(store)
    entrants = {e.entrant: e for e in await store.entrants(tid)}
    names = seat_names(store)
    for language, expected in (("en", "🤖 Bot 2 (Expert)"), ("ja", "🤖 ボット2（エキスパート）")):
        with speaking(language):
            assert entrant_name(entrants[-2]) == expected  # the standings' name
            info = await store.info(first)
            assert await names.names_for(info) == ["alice", expected]  # its seat's
            loaded = await store.load(first)
            names_at = await names.history_names(loaded)  # the log's
            assert names_at(0) == names_at(loaded.seq) == ["alice", expected]
            assert expected != bot_name(1, "expert")  # not the seat's own name
    tables = await store.tournament_tables(tid)
    second = await store.info(tables[1].match_id or 0)
    assert await names.names_for(second) == ["🤖 Bot 1 (Expert)", "bob"]


async def test_a_bot_at_an_ordinary_match_keeps_its_seats_name(store: Store) -> None:
    names = seat_names(store)
    match_id = await store.create_lobby(GUILD, CHANNEL, "cuttle", {}, ALICE)
    await store.add_user_seat(match_id, ALICE, "alice")
    await store.add_bot_seat(match_id, "expert")
    info = await store.info(match_id)
    assert await names.names_for(info) == ["alice", "🤖 Expert 2"]
    assert await names.tournament_bots(info) == {}


async def test_the_recent_results_name_a_tournament_bot_as_its_tournament_does(
    store: Store,
) -> None:
    _tid, first = await table_of_bots(store)
    loaded = await store.load(first)
    assert loaded.match is not None
    await store.commit(first, loaded.match, loaded.match.concede(0, loaded.match.seq))
    asked = MockInteraction(kind=discord.InteractionType.application_command)
    await History(store).recent(asked)
    [(_how, _text, kwargs)] = asked.response.answered
    shown = kwargs["embed"].description
    assert "🤖 Bot 2 (Expert)" in shown and "🤖 Expert 2" not in shown
