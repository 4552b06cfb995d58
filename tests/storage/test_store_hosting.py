"""What hosts and async play need from the store: per-match settings,
pause, seats handed over, deadlines, players' settings, stats."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from storage_helpers import ALICE, BOB, CAROL, GUILD, T0

from rules import Match
from storage import SeatError, Status, WrongStatus
from tests.rules.playout import play_out

NOW = datetime.fromtimestamp(T0, tz=UTC)


async def test_match_settings_and_pause_round_trip(store, start_keltis):
    match_id, _ = await start_keltis(store)
    await store.set_match_settings(match_id, {"timeout": 3600, "policy": "bot"})
    await store.pause(match_id)
    info = await store.info(match_id)
    assert info.settings == {"timeout": 3600, "policy": "bot"} and info.paused
    await store.resume(match_id)
    assert not (await store.info(match_id)).paused
    await store.cancel(match_id)
    with pytest.raises(WrongStatus):
        await store.pause(match_id)


async def test_a_seat_goes_to_a_bot_or_another_user(store, start_keltis, play):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 5)
    before = await store.replace_seat(match_id, 1, bot="bot", how="kicked")
    assert before.user_id == BOB
    info = await store.info(match_id)
    assert [(s.user_id, s.bot) for s in info.seats] == [(ALICE, None), (None, "bot")]
    with pytest.raises(SeatError):
        await store.replace_seat(match_id, 1, user_id=ALICE, how="replaced")  # already seated
    await store.replace_seat(match_id, 1, user_id=CAROL, how="replaced", name="Carol")
    carol = await store.replace_seat(match_id, 1, user_id=BOB, how="replaced")
    assert (carol.user_id, carol.name) == (CAROL, "Carol")  # as it was, name and all
    await store.replace_seat(match_id, 1, user_id=CAROL, how="replaced", name="Carol")
    loaded = await store.load(match_id, verify=True)  # the match itself is untouched
    assert loaded.match.snapshot() == match.snapshot() and loaded.seat_of(CAROL) == 1
    with pytest.raises(ValueError):
        await store.replace_seat(match_id, 0, user_id=BOB, bot="bot", how="replaced")


async def test_deadlines_are_due_only_while_the_match_waits_at_their_seq(store, start_keltis, play):
    match_id, match = await start_keltis(store)
    hour = timedelta(hours=1)
    await store.set_deadline(match_id, match.seq, remind_at=NOW + hour, timeout_at=NOW + 2 * hour)
    assert await store.due_deadlines(NOW) == []
    [due] = await store.due_deadlines(NOW + hour)
    assert (due.match_id, due.seq, due.remind_at, due.timeout_at) == (
        match_id,
        0,
        NOW + hour,
        NOW + 2 * hour,
    )
    await store.clear_deadline(match_id, reminder_only=True)
    assert await store.due_deadlines(NOW + hour) == []
    assert len(await store.due_deadlines(NOW + 2 * hour)) == 1
    await store.pause(match_id)
    assert await store.due_deadlines(NOW + 3 * hour) == []  # paused: nothing fires
    await store.resume(match_id)
    await play(store, match_id, match, 1)  # a move makes the old deadline stale
    assert await store.due_deadlines(NOW + 3 * hour) == []
    await store.clear_deadline(match_id)
    assert await store.deadline(match_id) is None


async def test_a_deadline_for_a_decision_already_made_replaces_nothing(store, start_keltis, play):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 2)
    hour = timedelta(hours=1)
    assert await store.set_deadline(match_id, match.seq, remind_at=NOW + hour, timeout_at=None)
    before = await store.deadline(match_id)
    late = await store.set_deadline(match_id, match.seq - 1, remind_at=NOW, timeout_at=NOW)
    assert late is False
    assert await store.deadline(match_id) == before
    assert [d.seq for d in await store.due_deadlines(NOW + hour)] == [match.seq]


async def test_user_settings(store):
    assert await store.get_user_setting(ALICE, "notify", "mention") == "mention"
    await store.set_user_setting(ALICE, "notify", "dm")
    await store.set_user_setting(ALICE, "notify", "off")
    assert await store.get_user_setting(ALICE, "notify") == "off"


async def test_stats_and_leaderboard_count_finished_matches_and_wins(store):
    rnd = random.Random(1)
    results = []
    for n in range(6):
        match_id = await store.create_lobby(GUILD, 5, "keltis", {}, ALICE)
        for user in (ALICE, BOB):
            await store.add_user_seat(match_id, user)
        finished = play_out("keltis", 2, f"stats-{n}", rnd.randrange(99))
        match = Match.new("keltis", 2, f"stats-{n}")
        await store.start_match(match_id, match)
        for seat, key in finished.log:
            events = match.act(seat, key, match.seq)
            await store.commit(match_id, match, events)
        results.append(match.outcome()["winners"])
    live = await store.create_lobby(GUILD, 5, "keltis", {}, ALICE)
    await store.add_user_seat(live, ALICE)  # a lobby counts for nothing
    wins = {ALICE: sum(0 in w for w in results), BOB: sum(1 in w for w in results)}
    [alice] = (await store.player_stats(GUILD, ALICE)).values()
    assert (alice.game, alice.played, alice.won) == ("keltis", 6, wins[ALICE])
    assert await store.player_stats(GUILD + 1, ALICE) == {}
    board = await store.leaderboard(GUILD, "keltis")
    assert sorted((r.user_id, r.played, r.won) for r in board) == sorted(
        [(ALICE, 6, wins[ALICE]), (BOB, 6, wins[BOB])]
    )
    assert [r.rating for r in board] == sorted([r.rating for r in board], reverse=True)
    assert (await store.info(live)).status == Status.LOBBY


async def test_a_finished_match_awaits_its_wrap_up_until_it_is_recorded(store, start_keltis):
    """`unclosed_matches`: what a start must still wrap up (ratings told,
    thread archived), until the message of kind 'closed' records it; not in
    a guild the bot has left."""
    match_id, match = await start_keltis(store)
    other_id, other = await start_keltis(store)
    assert await store.unclosed_matches() == []  # active matches are not wrapped up
    for mid, m in ((match_id, match), (other_id, other)):
        await store.commit(mid, m, m.concede(1, m.seq))
    assert [i.id for i in await store.unclosed_matches()] == [match_id, other_id]
    await store.set_message(match_id, "closed", 70, 0)
    assert [i.id for i in await store.unclosed_matches()] == [other_id]
    await store.guild_departed(GUILD, NOW + timedelta(days=30))
    assert await store.unclosed_matches() == []
