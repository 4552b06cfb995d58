"""The story of a match in the store: each action's events stored with it,
and seats that keep their history through hand-overs."""

from __future__ import annotations

import pytest
from storage_helpers import ALICE, BOB, CAROL

from rules.core.events import visible
from storage import holder_at


async def test_each_action_is_stored_with_its_events(store, start_keltis):
    match_id, match = await start_keltis(store)
    played = []
    for _ in range(6):
        seat = match.to_act()[0]
        key = match.legal(seat)[-1].key()
        events = match.act(seat, key, match.seq)
        await store.commit(match_id, match, events)
        played.append((seat, key, events))
    story = await store.story(match_id)
    assert [(a.seat, a.key, a.events) for a in story] == played
    assert [a.seq for a in await store.story(match_id, since=2, until=4)] == [2, 3]
    # a private draw is stored, and stays readable only by its seat
    drawn = [e for a in story for e in a.events if e["type"] == "drawn"]
    assert drawn and all(visible([e], None) == [] for e in drawn)


async def test_events_must_be_a_list(store, start_keltis):
    match_id, match = await start_keltis(store)
    seat = match.to_act()[0]
    match.act(seat, match.legal(seat)[0], 0)
    with pytest.raises(TypeError):
        await store.commit(match_id, match, {"type": "not a list"})
    assert await store.story(match_id) == []


async def test_a_hand_over_keeps_who_held_the_seat_before(store, start_keltis, play):
    match_id, match = await start_keltis(store, players=3)
    await play(store, match_id, match, 4)
    await store.replace_seat(match_id, 1, bot="bot", how="conceded")
    await play(store, match_id, match, 3)
    await store.replace_seat(match_id, 2, user_id=ALICE + 100, how="replaced")
    await store.replace_seat(match_id, 2, bot="bot", how="kicked")  # same seq: both kept
    history = await store.seat_history(match_id)
    assert [(h.seat, h.from_seq, h.user_id, h.bot, h.how) for h in history] == [
        (0, 0, ALICE, None, "start"),
        (1, 0, BOB, None, "start"),
        (1, 4, None, "bot", "conceded"),
        (2, 0, CAROL, None, "start"),
        (2, 7, ALICE + 100, None, "replaced"),
        (2, 7, None, "bot", "kicked"),
    ]
    assert holder_at(history, 1, 3).user_id == BOB
    assert holder_at(history, 1, 4).bot == "bot"
    with pytest.raises(ValueError):
        await store.replace_seat(match_id, 0, bot="bot", how="vanished")


async def test_seat_history_cannot_be_rewritten(store, start_keltis, raw):
    match_id, _ = await start_keltis(store)
    with pytest.raises(raw.Error, match="never rewritten"):
        raw.execute("UPDATE seat_holders SET user_id = 5 WHERE match_id = ?", (match_id,))
