"""Tournaments in the store (both backends): sign-up, a start and a round's
pairing taken once whatever races them, a table's match opened once with
its entrants seated in order, places from a finished match, and the hosts'
acts kept as they were made."""

from __future__ import annotations

import asyncio

import pytest
from storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD

from rules import Match
from storage import Status
from storage.tournament_records import TournamentConflict, UnknownTournament

DAVE = 14


async def signed_up(store, people=(ALICE, BOB, CAROL), bots: int = 0, per_match: int = 2) -> int:
    tid = await store.create_tournament(
        GUILD, CHANNEL, "cuttle", "swiss", 3, per_match, {"timeout": 3600}, ALICE
    )
    for user in people:
        await store.join_tournament(tid, user, f"user{user}")
    for _ in range(bots):
        await store.join_tournament(tid, 0, None, bot="expert")
    return tid


async def test_the_sign_up_takes_people_once_and_numbers_bots(store):
    tid = await signed_up(store, bots=2)
    with pytest.raises(TournamentConflict) as refused:
        await store.join_tournament(tid, BOB, "bob")
    assert refused.value.why == TournamentConflict.JOINED
    await store.leave_tournament(tid, CAROL)
    with pytest.raises(TournamentConflict):
        await store.leave_tournament(tid, CAROL)
    entrants = await store.entrants(tid)
    assert [(e.entrant, e.bot) for e in entrants] == [
        (ALICE, None),
        (BOB, None),
        (-1, "expert"),
        (-2, "expert"),
    ]
    t = await store.tournament(tid)
    assert (t.status, t.round, t.settings, t.per_match) == ("signup", 0, {"timeout": 3600}, 2)
    with pytest.raises(UnknownTournament):
        await store.tournament(tid + 99)


async def test_a_start_is_taken_once_and_closes_the_sign_up(store):
    tid = await signed_up(store)
    await store.start_tournament(tid, {ALICE: 1.5, BOB: 0.5, CAROL: 0.0}, 2, ALICE)
    with pytest.raises(TournamentConflict):
        await store.start_tournament(tid, {}, 2, BOB)
    with pytest.raises(TournamentConflict):
        await store.join_tournament(tid, DAVE, "dave")
    t = await store.tournament(tid)
    assert (t.status, t.rounds) == ("running", 2)
    assert {e.entrant: e.seed for e in await store.entrants(tid)}[ALICE] == 1.5
    assert [a.act for a in await store.tournament_acts(tid)] == ["start"]


async def test_a_round_is_paired_once_even_when_two_pairings_race(store):
    tid = await signed_up(store)
    await store.start_tournament(tid, {}, 2, ALICE)
    done = await asyncio.gather(
        store.pair_round(tid, 1, [[ALICE, BOB]], [CAROL]),
        store.pair_round(tid, 1, [[BOB, CAROL]], [ALICE]),
    )
    assert sorted(done) == [False, True]
    assert not await store.pair_round(tid, 3, [[ALICE, BOB]], [])  # not the next round
    tables = await store.tournament_tables(tid)
    assert len(tables) == 2 and {t.table_no for t in tables} == {0, 1}
    assert (await store.tournament(tid)).round == 1


async def test_a_paused_tournament_pairs_nothing_until_resumed(store):
    tid = await signed_up(store)
    await store.start_tournament(tid, {}, 2, ALICE)
    await store.tournament_act(tid, ALICE, "pause", {})
    assert not await store.pair_round(tid, 1, [[ALICE, BOB]], [CAROL])
    await store.tournament_act(tid, ALICE, "resume", {})
    assert await store.pair_round(tid, 1, [[ALICE, BOB]], [CAROL])
    await store.tournament_act(tid, BOB, "drop", {"entrant": CAROL})
    await store.tournament_act(tid, ALICE, "cancel", {})
    assert (await store.tournament(tid)).status == "cancelled"
    with pytest.raises(TournamentConflict):
        await store.tournament_act(tid, ALICE, "pause", {})
    acts = await store.tournament_acts(tid)
    assert [(a.act, a.actor_id, a.args) for a in acts] == [
        ("start", ALICE, {}),
        ("pause", ALICE, {}),
        ("resume", ALICE, {}),
        ("drop", BOB, {"entrant": CAROL}),
        ("cancel", ALICE, {}),
    ]


async def test_a_tables_match_is_opened_once_with_its_entrants_in_order(store):
    tid = await signed_up(store, people=(ALICE, BOB), bots=1, per_match=3)
    await store.start_tournament(tid, {}, 1, ALICE)
    assert await store.pair_round(tid, 1, [[BOB, -1, ALICE]], [])
    opened = [
        await store.open_table(tid, 1, 1, CHANNEL, {}, {-1: "expert"}, {BOB: "bob"})
        for _ in range(2)
    ]
    assert opened[0] == opened[1]
    info = await store.info(opened[0])
    assert info.status == Status.LOBBY and info.settings == {"timeout": 3600, "tournament": tid}
    assert [(s.user_id, s.bot) for s in info.seats] == [
        (BOB, None),
        (None, "expert"),
        (ALICE, None),
    ]
    assert await store.table_of_match(opened[0]) == (tid, 1, 1)
    [table] = await store.tournament_tables(tid)
    assert table.match_id == opened[0] and table.players == (BOB, -1, ALICE)


async def test_places_come_from_the_finished_match(store):
    tid = await signed_up(store, people=(ALICE, BOB))
    await store.start_tournament(tid, {}, 1, ALICE)
    await store.pair_round(tid, 1, [[ALICE, BOB]], [])
    match_id = await store.open_table(tid, 1, 1, CHANNEL, {}, {}, {})
    match = Match.new("cuttle", 2, "places")
    await store.start_match(match_id, match)
    assert await store.seat_places(match_id) is None  # still being played
    await store.commit(match_id, match, match.concede(0, match.seq))
    assert await store.seat_places(match_id) == [2, 1]  # Alice conceded


async def test_the_hosts_acts_cannot_be_rewritten(store, raw):
    tid = await signed_up(store)
    await store.start_tournament(tid, {}, 1, ALICE)
    with pytest.raises(Exception, match="append-only"):
        raw.execute("UPDATE tournament_acts SET actor_id = 1")
    assert [a.actor_id for a in await store.tournament_acts(tid)] == [ALICE]
