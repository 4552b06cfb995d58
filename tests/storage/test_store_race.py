"""Optimistic concurrency: clicks racing on one match, within one store and
across two stores on the same database (as two processes would). Exactly one
commit per seq wins; the losers change nothing; log and snapshot agree."""

from __future__ import annotations

import asyncio
import random

import pytest
from storage_helpers import random_move

from rules import Match
from storage import StaleCommit, Store

RACERS = 50


async def race_once(stores: list[Store], match_id: int, rnd: random.Random):
    """RACERS commits of different moves, all computed from the same seq."""
    base = (await stores[0].load(match_id)).match
    assert base is not None
    attempts = []
    for _ in range(RACERS):
        copy = Match.from_record(base.to_record())
        seat, key = random_move(copy, rnd)
        events = copy.act(seat, key, copy.seq)
        attempts.append((seat, key, copy.snapshot(), events))
    results = await asyncio.gather(
        *(
            stores[i % len(stores)].commit_action(match_id, base.seq, seat, key, snapshot, events)
            for i, (seat, key, snapshot, events) in enumerate(attempts)
        ),
        return_exceptions=True,
    )
    return base, attempts, results


@pytest.mark.parametrize("n_stores", [1, 2])
async def test_fifty_commits_on_one_seq_one_wins(open_store, store, start_keltis, play, n_stores):
    match_id, match = await start_keltis(store, players=4)
    await play(store, match_id, match, 7)
    others = [await open_store() for _ in range(n_stores - 1)]
    try:
        base, attempts, results = await race_once([store, *others], match_id, random.Random(1))
    finally:
        for other in others:
            await other.close()
    winners = [i for i, r in enumerate(results) if r == base.seq + 1]
    assert len(winners) == 1
    losers = [r for r in results if isinstance(r, StaleCommit)]
    assert len(losers) == RACERS - 1
    assert all((r.expected, r.actual) == (base.seq, base.seq + 1) for r in losers)
    seat, key, snapshot, _ = attempts[winners[0]]
    loaded = await store.load(match_id, verify=True)
    assert loaded.seq == base.seq + 1
    assert loaded.match.log == base.log + [(seat, key)]
    assert loaded.match.snapshot() == snapshot


async def player(
    store: Store, match_id: int, rnd: random.Random, until: int, won: list[int]
) -> int:
    """Plays like an impatient user: load, move, commit; on a lost race,
    reload and try again. Returns the number of races lost."""
    lost = 0
    while True:
        match = (await store.load(match_id)).match
        assert match is not None
        if match.seq >= until or match.is_over():
            return lost
        seat, key = random_move(match, rnd)
        events = match.act(seat, key, match.seq)
        try:
            await store.commit(match_id, match, events)
        except StaleCommit:
            lost += 1
            continue
        won.append(match.seq - 1)


async def test_fifty_players_racing_through_a_match(open_store, store, start_keltis):
    match_id, _ = await start_keltis(store, players=3)
    other = await open_store()
    won: list[int] = []
    try:
        lost = await asyncio.gather(
            *(
                player((store, other)[i % 2], match_id, random.Random(i), 40, won)
                for i in range(RACERS)
            )
        )
    finally:
        await other.close()
    loaded = await store.load(match_id, verify=True)
    assert sorted(won) == list(range(loaded.seq))  # each seq won exactly once
    assert loaded.seq >= 40 or loaded.match.is_over()
    assert sum(lost) > 0  # there really was a race
