"""A match stopped for having no end (Store.stop_endless, issue 43): it is
cancelled keeping why and after how many moves, only at the seq it was
decided on, rates nobody, and its places are a draw but for a leaver."""

from __future__ import annotations

import pytest

from storage import StaleCommit, Status, WrongStatus, stopped_after


async def test_a_stopped_match_is_cancelled_with_why_and_rates_nobody(store, start_keltis, play):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 5)
    with pytest.raises(StaleCommit):  # decided on an older state: nothing changes
        await store.stop_endless(match_id, expected_seq=4)
    assert (await store.info(match_id)).status == Status.ACTIVE
    await store.stop_endless(match_id, expected_seq=5)
    info = await store.info(match_id)
    assert info.status == Status.CANCELLED and info.ended_at is not None
    assert info.outcome == {"stopped": "endless", "moves": 5}
    assert stopped_after(info) == 5
    assert (await store.load(match_id)).outcome == info.outcome
    assert match_id not in [i.id for i in await store.live_matches()]  # its seats are free
    assert await store.rating_changes(match_id) == []
    assert await store.seat_places(match_id) == [1, 1]  # a draw
    with pytest.raises(WrongStatus):  # once only
        await store.stop_endless(match_id, expected_seq=5)


async def test_a_cancelled_match_was_not_stopped(store, start_keltis):
    match_id, _ = await start_keltis(store)
    await store.cancel(match_id)
    info = await store.info(match_id)
    assert stopped_after(info) is None and await store.seat_places(match_id) is None


async def test_who_left_a_stopped_match_is_last(store, start_keltis, play):
    match_id, match = await start_keltis(store, players=3)
    await play(store, match_id, match, 2)
    await store.replace_seat(match_id, 1, bot="expert", how="forfeited")
    await store.stop_endless(match_id, expected_seq=2)
    assert await store.seat_places(match_id) == [1, 3, 1]
