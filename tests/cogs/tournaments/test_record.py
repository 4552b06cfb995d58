"""A tournament read back from the store's record (cogs/tournaments/record.py)
and what the runner decides from it: a finished match's places are its
table's result, a host's forfeit puts its player last (also at a table
whose match never finished), a drop keeps a player out of later rounds, and
the next round follows the format."""

from __future__ import annotations

from dataclasses import replace

from cogs.tournaments.record import played
from cogs.tournaments.runner import is_done, next_round
from rules import Match
from storage import Store
from storage.tournament_records import Tournament
from tests.cogs.matches import ALICE, BOB

CAROL, DAVE = 1003, 1004
GUILD, CHANNEL = 1, 2


async def concede(store: Store, match_id: int | None, seat: int) -> None:
    assert match_id is not None
    loaded = await store.load(match_id)
    assert loaded.match is not None
    await store.commit(match_id, loaded.match, loaded.match.concede(seat, loaded.match.seq))


async def round_one(store: Store, format: str = "swiss") -> Tournament:
    """Four people, round 1 paired (Alice v Bob, Carol v Dave), both tables' matches started."""
    tid = await store.create_tournament(GUILD, CHANNEL, "cuttle", format, 0, 2, {}, ALICE)
    for user in (ALICE, BOB, CAROL, DAVE):
        await store.join_tournament(tid, user, str(user))
    await store.start_tournament(tid, {ALICE: 3.0, BOB: 2.0, CAROL: 1.0, DAVE: 0.0}, 2, ALICE)
    assert await store.pair_round(tid, 1, [[ALICE, BOB], [CAROL, DAVE]], [])
    for table_no in (1, 2):
        match_id = await store.open_table(tid, 1, table_no, CHANNEL, {}, {}, {})
        await store.start_match(match_id, Match.new("cuttle", 2, f"t{table_no}"))
    return await store.tournament(tid)


async def test_a_round_is_over_once_every_table_has_a_result(store: Store) -> None:
    tournament = await round_one(store)
    [first, second] = (await played(store, tournament)).of_round(1)
    await concede(store, first.match_id, 1)
    record = await played(store, tournament)
    [result] = record.history[0].results
    assert result.players == (ALICE, BOB) and result.places == (1, 2)  # Bob conceded
    assert not record.round_over(1)
    await store.tournament_act(tournament.id, ALICE, "forfeit", {"round": 1, "entrant": CAROL})
    record = await played(store, tournament)
    assert record.round_over(1)  # Carol's forfeit decided a match still being played
    assert record.history[0].results[1].places == (2, 1)
    assert not is_done(tournament, record)
    following = next_round(tournament, record)
    assert following.number == 2 and {frozenset(t.players) for t in following.tables} == {
        frozenset({ALICE, DAVE}),
        frozenset({BOB, CAROL}),
    }  # the winners meet, the losers meet: no repeat


async def test_a_dropped_player_is_paired_no_more(store: Store) -> None:
    tournament = await round_one(store)
    for table in (await played(store, tournament)).of_round(1):
        await concede(store, table.match_id, 1)
    await store.tournament_act(tournament.id, ALICE, "drop", {"entrant": DAVE})
    record = await played(store, tournament)
    assert record.dropped == {DAVE}
    following = next_round(tournament, record)
    assert DAVE not in following.players and len(following.byes) == 1


async def test_a_round_robin_is_done_after_its_rounds(store: Store) -> None:
    tournament = await round_one(store, "round_robin")
    record = await played(store, tournament)
    assert next_round(tournament, record).number == 2
    assert not is_done(tournament, record)
    assert is_done(replace(tournament, round=tournament.rounds), record)
