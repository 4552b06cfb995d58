"""One move, one transaction (issue 18): the actions, their events, the
deadline, the messages and the names a move implies are committed together,
all or nothing; and seats keep their holders' display names."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from storage_helpers import ALICE, BOB, CHANNEL, GUILD, T0, random_move

from rules import Match
from storage import DeadlinePlan, StaleCommit, Status

LATER = datetime.fromtimestamp(T0, tz=UTC) + timedelta(hours=1)


async def test_a_move_with_its_deadline_ping_and_name_is_one_transaction(store, start_keltis):
    match_id, match = await start_keltis(store)
    before = store.transactions
    seat, key = random_move(match, random.Random(1))
    events = match.act(seat, key, match.seq)
    seq = await store.commit_move(
        match_id,
        match,
        [events],
        deadline=DeadlinePlan(LATER, None),
        messages=[("ping", CHANNEL, 777)],
        names={ALICE: "Alice"},
    )
    assert store.transactions == before + 1
    assert seq == match.seq == 1
    deadline = await store.deadline(match_id)
    assert (deadline.seq, deadline.remind_at, deadline.timeout_at) == (1, LATER, None)
    assert (await store.message(match_id, "ping")).message_id == 777
    loaded = await store.load(match_id)
    assert loaded.seq == 1 and loaded.seats[0].name == "Alice"
    assert [a.key for a in await store.story(match_id)] == [key]


async def test_a_two_step_move_is_one_transaction_too(store):
    match_id = await store.create_lobby(GUILD, CHANNEL, "oracle", {}, ALICE)
    for user in (ALICE, BOB):
        await store.add_user_seat(match_id, user)
    match = Match.new("oracle", 2, "two-steps")
    await store.start_match(match_id, match)
    rnd = random.Random(3)
    steps = []
    for _ in range(2):
        seat, key = random_move(match, rnd)
        steps.append(match.act(seat, key, match.seq))
    before = store.transactions
    assert await store.commit_move(match_id, match, steps, deadline=None) == 2
    assert store.transactions == before + 1
    again = await store.load(match_id, verify=True)  # the log replays to the snapshot
    assert again.seq == 2 and again.match.snapshot() == match.snapshot()
    assert [a.events for a in await store.story(match_id)] == steps


async def test_a_stale_move_changes_nothing_it_carries(store, start_keltis):
    match_id, match = await start_keltis(store)
    await store.set_deadline(match_id, 0, remind_at=LATER, timeout_at=None)
    await store.set_message(match_id, "ping", CHANNEL, 1)
    twin = Match.from_record(match.to_record())
    seat, key = random_move(match, random.Random(2))
    await store.commit(match_id, match, match.act(seat, key, match.seq))
    seat, key = random_move(twin, random.Random(5))
    events = twin.act(seat, key, twin.seq)
    with pytest.raises(StaleCommit):
        await store.commit_move(
            match_id,
            twin,
            [events],
            deadline=None,
            messages=[("ping", CHANNEL, 2)],
            names={ALICE: "Nope"},
        )
    assert (await store.deadline(match_id)).seq == 0
    assert (await store.message(match_id, "ping")).message_id == 1
    assert (await store.load(match_id)).seats[0].name is None


async def test_a_finishing_move_clears_the_deadline_with_it(store, start_keltis, play):
    match_id, match = await start_keltis(store)
    rnd = random.Random(4)
    while True:
        seat, key = random_move(match, rnd)
        events = match.act(seat, key, match.seq)
        if match.is_over():
            break
        await store.commit(match_id, match, events)
        last_stored = match.seq
    await store.set_deadline(match_id, last_stored, remind_at=LATER, timeout_at=LATER)
    before = store.transactions
    await store.commit_move(match_id, match, [events], deadline=None)
    assert store.transactions == before + 1
    assert (await store.load(match_id)).status == Status.FINISHED
    assert await store.deadline(match_id) is None


async def test_seats_keep_names_and_the_history_keeps_each_holders(store):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    await store.add_user_seat(match_id, ALICE, "Alice")
    await store.add_user_seat(match_id, BOB, "Bob")
    await store.start_match(match_id, Match.new("keltis", 2, "names"))
    await store.replace_seat(match_id, 1, how="replaced", user_id=99, name="Zed")
    assert await store.rename_seats(GUILD, ALICE, "Alice B.") == 1
    before = store.transactions
    assert await store.rename_seats(GUILD, ALICE, "Alice B.") == 0  # up to date: no write
    assert await store.rename_seats(GUILD + 1, ALICE, "Elsewhere") == 0  # another server's name
    assert store.transactions == before
    seats = (await store.load(match_id)).seats
    assert [s.name for s in seats] == ["Alice B.", "Zed"]
    history = await store.seat_history(match_id)
    assert [(h.user_id, h.name) for h in history] == [(ALICE, "Alice"), (BOB, "Bob"), (99, "Zed")]


async def test_names_survive_a_reopen(open_store):
    async with open_store() as store:
        match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
        await store.add_user_seat(match_id, ALICE, "Alice")
    async with open_store() as store:
        assert (await store.info(match_id)).seats[0].name == "Alice"
