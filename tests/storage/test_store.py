"""Store API: lobby and seats, start, commits, ends, reads, listings,
messages, settings, guild deletion, restart and corrupt rows."""

from __future__ import annotations

import json
import random
import time
from datetime import UTC, datetime

import pytest
from storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, T0, THREAD

from rules import Match, UnknownGame
from storage import (
    Conflict,
    CorruptMatch,
    SeatError,
    StaleCommit,
    Status,
    UnknownMatch,
    WrongStatus,
)
from storage.sql import settings as settings_module


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, tz=UTC)


# -- lobby and seats ------------------------------------------------------------


async def test_lobby_holds_metadata_and_no_match(store, clock):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {"first_player": 1}, ALICE)
    loaded = await store.load(match_id)
    assert (loaded.guild_id, loaded.channel_id, loaded.thread_id) == (GUILD, CHANNEL, None)
    assert (loaded.game, loaded.status, loaded.creator_id) == ("keltis", Status.LOBBY, ALICE)
    assert loaded.options == {"first_player": 1}
    assert loaded.match is None and loaded.seq == 0 and loaded.seats == ()
    assert loaded.created_at == loaded.updated_at == at(T0)
    assert loaded.started_at is None and loaded.ended_at is None


async def test_unknown_game_is_refused(store):
    with pytest.raises(UnknownGame):
        await store.create_lobby(GUILD, CHANNEL, "no-such-game", {}, ALICE)


async def test_set_thread(store):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    await store.set_thread(match_id, THREAD)
    assert (await store.info(match_id)).thread_id == THREAD
    with pytest.raises(UnknownMatch):
        await store.set_thread(match_id + 1, THREAD)


async def test_seats_are_ordered_unique_and_capped(store):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    assert await store.add_user_seat(match_id, ALICE) == 0
    assert await store.add_bot_seat(match_id, "easy") == 1
    assert await store.add_user_seat(match_id, BOB) == 2
    with pytest.raises(SeatError, match="already seated") as refused:
        await store.add_user_seat(match_id, ALICE)
    # a reason code and its values, for the Discord layer to word
    assert (refused.value.reason, refused.value.params) == (
        SeatError.ALREADY_SEATED,
        {"user_id": ALICE},
    )
    assert await store.add_bot_seat(match_id) == 3  # bots never collide
    with pytest.raises(SeatError, match="full") as refused:
        await store.add_user_seat(match_id, CAROL)  # Keltis seats 2-4
    assert (refused.value.reason, refused.value.params) == (SeatError.LOBBY_FULL, {"seats": 4})
    seats = (await store.info(match_id)).seats
    assert [(s.seat, s.user_id, s.bot, s.is_bot) for s in seats] == [
        (0, ALICE, None, False),
        (1, None, "easy", True),
        (2, BOB, None, False),
        (3, None, "bot", True),
    ]


async def test_removing_a_seat_moves_later_seats_up(store):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    for user in (ALICE, BOB, CAROL):
        await store.add_user_seat(match_id, user, f"player {user}")
    removed = await store.remove_seat(match_id, 0)
    assert (removed.user_id, removed.name) == (ALICE, f"player {ALICE}")
    info = await store.info(match_id)
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, BOB), (1, CAROL)]
    assert info.seat_of(CAROL) == 1 and info.seat_of(ALICE) is None
    assert (await store.remove_user_seat(match_id, BOB)).seat == 0
    assert [(s.seat, s.user_id) for s in (await store.info(match_id)).seats] == [(0, CAROL)]
    with pytest.raises(SeatError) as refused:
        await store.remove_user_seat(match_id, BOB)
    assert refused.value.reason == SeatError.NOT_SEATED
    with pytest.raises(SeatError) as refused:
        await store.remove_seat(match_id, 5)
    assert (refused.value.reason, refused.value.params) == (SeatError.NO_SEAT, {"seat": 5})
    assert await store.add_user_seat(match_id, ALICE) == 1  # may come back


async def test_start_match_fixes_seats_and_stores_the_engine_state(store, clock, raw):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {"first_player": 1}, ALICE)
    await store.add_user_seat(match_id, ALICE)
    match = Match.new("keltis", 2, "s", {"first_player": 1})
    with pytest.raises(SeatError, match="1 seats for a 2-player") as refused:
        await store.start_match(match_id, match)
    assert refused.value.params == {"seats": 1, "players": 2}
    await store.add_bot_seat(match_id)
    raw.execute("UPDATE matches SET game = 'other' WHERE id = ?", (match_id,))
    with pytest.raises(ValueError, match="is other, not keltis"):
        await store.start_match(match_id, match)
    raw.execute("UPDATE matches SET game = 'keltis' WHERE id = ?", (match_id,))
    clock.advance(60)
    await store.start_match(match_id, match)
    loaded = await store.load(match_id, verify=True)
    assert loaded.status == Status.ACTIVE and loaded.started_at == at(T0 + 60)
    assert (loaded.players, loaded.seed, loaded.rules_version) == (2, "s", 1)
    assert loaded.match.snapshot() == match.snapshot() and loaded.match.seq == 0
    with pytest.raises(WrongStatus):
        await store.add_user_seat(match_id, CAROL)
    with pytest.raises(WrongStatus):
        await store.remove_seat(match_id, 0)
    with pytest.raises(WrongStatus):
        await store.start_match(match_id, Match.new("keltis", 2, "t"))


async def test_start_match_needs_a_fresh_match(store):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    await store.add_user_seat(match_id, ALICE)
    await store.add_user_seat(match_id, BOB)
    match = Match.new("keltis", 2, "s")
    seat = match.to_act()[0]
    match.act(seat, match.legal(seat)[0], 0)
    with pytest.raises(ValueError, match="fresh"):
        await store.start_match(match_id, match)
    assert (await store.info(match_id)).status == Status.LOBBY


# -- commits ----------------------------------------------------------------


async def test_commit_appends_the_log_and_replaces_the_snapshot(store, clock, start_keltis, raw):
    match_id, match = await start_keltis(store)
    seat = match.to_act()[0]
    key = match.legal(seat)[0].key()
    events = match.act(seat, key, 0)
    clock.advance(5)
    assert await store.commit_action(match_id, 0, seat, key, match.snapshot(), events) == 1
    loaded = await store.load(match_id, verify=True)
    assert loaded.seq == 1 and loaded.match.log == [(seat, key)]
    assert loaded.match.snapshot() == match.snapshot()
    assert loaded.updated_at == at(T0 + 5)
    rows = raw.execute("SELECT * FROM actions WHERE match_id = ?", (match_id,)).fetchall()
    assert [(r["seq"], r["seat"], r["key"], r["at"]) for r in rows] == [
        (0, seat, key, int((T0 + 5) * 1000))
    ]


async def test_stale_commit_changes_nothing(store, start_keltis, play, raw):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 3)
    before = (
        raw.execute("SELECT * FROM matches").fetchall(),
        raw.execute("SELECT * FROM actions").fetchall(),
    )
    for stale in (2, 4, 0):
        with pytest.raises(StaleCommit) as caught:
            await store.commit_action(match_id, stale, 0, "done", {"not": "used"}, [])
        assert (caught.value.match_id, caught.value.expected, caught.value.actual) == (
            match_id,
            stale,
            3,
        )
        assert isinstance(caught.value, Conflict)
    after = (
        raw.execute("SELECT * FROM matches").fetchall(),
        raw.execute("SELECT * FROM actions").fetchall(),
    )
    assert [list(map(tuple, t)) for t in before] == [list(map(tuple, t)) for t in after]


async def test_commit_refuses_unknown_lobby_and_ended_matches(store, start_keltis):
    with pytest.raises(UnknownMatch):
        await store.commit_action(999, 0, 0, "done", {}, [])
    lobby = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    with pytest.raises(WrongStatus, match="lobby"):
        await store.commit_action(lobby, 0, 0, "done", {}, [])
    match_id, match = await start_keltis(store)
    await store.cancel(match_id)
    with pytest.raises(WrongStatus, match="cancelled"):
        await store.commit_action(match_id, 0, 0, "done", match.snapshot(), [])
    assert (await store.load(match_id)).seq == 0


@pytest.mark.parametrize(
    "seq, seat, key, snapshot",
    [
        (-1, 0, "done", {}),
        (0, -1, "done", {}),
        (0, True, "done", {}),
        (0, 0, "Bad Key", {}),
        (0, 0, "", {}),
        (0, 0, "done", {"x": float("nan")}),
        (0, 0, "done", {"x": object()}),
    ],
)
async def test_commit_validates_its_arguments_before_writing(
    store, start_keltis, seq, seat, key, snapshot
):
    match_id, _ = await start_keltis(store)
    with pytest.raises((ValueError, TypeError)):
        await store.commit_action(match_id, seq, seat, key, snapshot, [])
    assert (await store.info(match_id)).seq == 0


async def test_the_last_commit_finishes_the_match(store, clock, start_keltis, play):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 3)
    seat = match.to_act()[0]
    key = match.legal(seat)[0].key()
    events = match.act(seat, key, 3)
    clock.advance(9)
    await store.commit_action(
        match_id, 3, seat, key, match.snapshot(), events, finished_outcome={"winners": [seat]}
    )
    loaded = await store.load(match_id, verify=True)
    assert loaded.status == Status.FINISHED and loaded.outcome == {"winners": [seat]}
    assert loaded.ended_at == loaded.updated_at == at(T0 + 9)
    assert loaded.match.log[-1] == (seat, key)
    with pytest.raises(WrongStatus, match="finished"):
        await store.commit_action(match_id, 4, 0, "done", match.snapshot(), [])
    # (a match played to its real end: test_store_replay.py)


async def test_commit_needs_one_new_action(store, start_keltis):
    match_id, match = await start_keltis(store)
    with pytest.raises(ValueError):
        await store.commit(match_id, match, [])
    for _ in range(2):  # two moves in memory, only the last would be stored
        seat = match.to_act()[0]
        events = match.act(seat, match.legal(seat)[0], match.seq)
    with pytest.raises(StaleCommit):
        await store.commit(match_id, match, events)


async def test_finish_outside_the_rules(store, start_keltis, play):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 2)
    with pytest.raises(StaleCommit):
        await store.finish(match_id, {"conceded_by": 0}, expected_seq=1)
    await store.finish(match_id, {"conceded_by": 0}, expected_seq=2)
    info = await store.info(match_id)
    assert info.status == Status.FINISHED and info.outcome == {"conceded_by": 0}
    with pytest.raises(WrongStatus):
        await store.finish(match_id, {})
    assert (await store.load(match_id, verify=True)).match.seq == 2


async def test_cancel_and_archive(store, clock, start_keltis):
    lobby = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    with pytest.raises(WrongStatus):
        await store.archive(lobby)
    await store.cancel(lobby)
    with pytest.raises(WrongStatus):
        await store.cancel(lobby)
    assert (await store.load(lobby)).match is None
    match_id, _ = await start_keltis(store)
    await store.cancel(match_id)
    assert (await store.load(match_id)).status == Status.CANCELLED
    clock.advance(1)
    await store.archive(match_id)
    clock.advance(1)
    await store.archive(match_id)
    assert (await store.info(match_id)).archived_at == at(T0 + 1)


# -- listings ---------------------------------------------------------------


async def test_listings(store, clock, start_keltis, play):
    other_guild = GUILD + 1
    lobby = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE, THREAD)
    await store.add_user_seat(lobby, CAROL)
    in_channel, _ = await start_keltis(store, users=(ALICE, BOB))
    in_thread, _ = await start_keltis(store, thread=THREAD + 1, users=(BOB, CAROL))
    elsewhere, _ = await start_keltis(store, guild=other_guild, channel=CHANNEL + 9)
    finished = []
    for seed in ("a", "b", "c"):
        match_id, match = await start_keltis(store, seed=seed)
        await play(store, match_id, match, 2)
        clock.advance(10)
        await store.finish(match_id, {"winners": [0]})
        finished.append(match_id)
    cancelled, _ = await start_keltis(store)
    await store.cancel(cancelled)

    def ids(infos):
        return [i.id for i in infos]

    assert ids(await store.live_matches(guild_id=GUILD)) == [lobby, in_channel, in_thread]
    assert ids(await store.live_matches()) == [lobby, in_channel, in_thread, elsewhere]
    assert ids(await store.live_matches(channel_id=CHANNEL)) == [lobby, in_channel, in_thread]
    assert ids(await store.live_matches(channel_id=THREAD + 1)) == [in_thread]
    assert ids(await store.live_matches(user_id=CAROL)) == [lobby, in_thread]
    assert ids(await store.live_matches(user_id=CAROL, guild_id=other_guild)) == []
    assert ids(await store.live_matches(user_id=ALICE, guild_id=other_guild)) == [elsewhere]
    assert ids(await store.finished_matches(GUILD)) == finished[::-1]
    assert ids(await store.finished_matches(GUILD, limit=2)) == finished[:0:-1]
    await store.archive(finished[2])
    assert ids(await store.finished_matches(GUILD)) == finished[1::-1]
    assert ids(await store.finished_matches(GUILD, include_archived=True)) == finished[::-1]
    assert (await store.match_shown_in(THREAD)).id == lobby
    assert (await store.match_shown_in(THREAD + 1)).id == in_thread
    assert (await store.match_shown_in(CHANNEL)).id == in_channel  # live beats newer ended
    assert await store.match_shown_in(4242) is None
    await store.cancel(in_channel)
    assert (await store.match_shown_in(CHANNEL)).id == cancelled  # newest of the ended


# -- messages and settings ----------------------------------------------------


async def test_messages_one_per_kind(store, clock):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    assert await store.set_message(match_id, "lobby", CHANNEL, 500) is None
    clock.advance(3)
    assert await store.set_message(match_id, "table", THREAD, 501) is None
    previous = await store.set_message(match_id, "table", THREAD, 502)
    assert (previous.message_id, previous.posted_at) == (501, at(T0 + 3))
    table = await store.message(match_id, "table")
    assert (table.match_id, table.kind, table.channel_id, table.message_id) == (
        match_id,
        "table",
        THREAD,
        502,
    )
    assert sorted(await store.messages(match_id)) == ["lobby", "table"]
    assert (await store.find_message(500)).kind == "lobby"
    assert await store.find_message(501) is None
    assert (await store.forget_message(match_id, "lobby")).message_id == 500
    assert await store.forget_message(match_id, "lobby") is None
    assert await store.message(match_id, "lobby") is None
    with pytest.raises(UnknownMatch):
        await store.set_message(match_id + 1, "table", CHANNEL, 1)


async def test_guild_settings_over_caller_defaults(store):
    defaults = {"reminder_hours": 24, "use_threads": True}
    assert await store.settings(GUILD, defaults) == defaults
    assert await store.get_setting(GUILD, "reminder_hours", 24) == 24
    await store.set_setting(GUILD, "reminder_hours", 6)
    await store.set_setting(GUILD, "host_role", None)
    await store.set_setting(GUILD, "timeouts", {"keltis": [1, 2]})
    await store.set_setting(GUILD + 1, "reminder_hours", 1)
    assert await store.settings(GUILD, defaults) == {
        "reminder_hours": 6,
        "use_threads": True,
        "host_role": None,
        "timeouts": {"keltis": [1, 2]},
    }
    assert await store.get_setting(GUILD, "host_role", "x") is None
    assert await store.delete_setting(GUILD, "reminder_hours") is True
    assert await store.delete_setting(GUILD, "reminder_hours") is False
    assert await store.get_setting(GUILD, "reminder_hours", 24) == 24


@pytest.mark.sqlite_only  # PostgreSQL's jsonb column refuses such a value outright
async def test_an_unreadable_setting_reads_as_the_default(store, raw):
    await store.set_setting(GUILD, "timeouts", {"keltis": [1, 2]})
    raw.execute("UPDATE guild_settings SET value = '{oops' WHERE key = 'timeouts'")
    assert await store.get_setting(GUILD, "timeouts", "default") == "default"
    assert (await store.settings(GUILD, {"timeouts": 0}))["timeouts"] == 0
    await store.set_user_setting(7, "language", "ja")
    raw.execute("UPDATE user_settings SET value = '\"ja' WHERE key = 'language'")
    assert await store.get_user_setting(7, "language", "en") == "en"


# -- guild deletion ------------------------------------------------------------


async def test_delete_guild_removes_all_of_its_data_only(store, start_keltis, play, raw):
    mine, match = await start_keltis(store)
    await play(store, mine, match, 5)
    await store.set_message(mine, "table", CHANNEL, 77)
    await store.set_setting(GUILD, "k", 1)
    theirs, other = await start_keltis(store, guild=GUILD + 1)
    await play(store, theirs, other, 5)
    await store.set_setting(GUILD + 1, "k", 2)
    assert await store.delete_guild(GUILD) == 1
    with pytest.raises(UnknownMatch):
        await store.load(mine)
    for table in ("seats", "actions", "messages"):
        assert (
            raw.execute(f"SELECT count(*) FROM {table} WHERE match_id = ?", (mine,)).fetchone()[0]
            == 0
        )
    assert await store.get_setting(GUILD, "k") is None
    assert (await store.load(theirs, verify=True)).seq == 5
    assert await store.get_setting(GUILD + 1, "k") == 2
    again, _ = await start_keltis(store)
    assert again > theirs  # ids are never reused


# -- restart -------------------------------------------------------------------


async def test_everything_is_there_after_a_restart(open_store, start_keltis, play):
    async with open_store() as store:
        lobby = await store.create_lobby(GUILD, CHANNEL, "keltis", {"first_player": 0}, ALICE)
        await store.add_user_seat(lobby, ALICE)
        await store.add_bot_seat(lobby, "hard")
        await store.set_message(lobby, "lobby", CHANNEL, 9)
        active, match = await start_keltis(store, thread=THREAD)
        await play(store, active, match, 17)
        done, ended = await start_keltis(store, seed="other")
        await play(store, done, ended, 6)
        await store.finish(done, {"conceded_by": 1})
        await store.set_setting(GUILD, "colour", "green")
        before = {i: await store.load(i) for i in (lobby, active, done)}
    async with open_store() as store:
        for match_id, old in before.items():
            new = await store.load(match_id, verify=True)
            old_meta = {k: getattr(old, k) for k in old.__dataclass_fields__ if k != "match"}
            new_meta = {k: getattr(new, k) for k in new.__dataclass_fields__ if k != "match"}
            assert new_meta == old_meta
            if old.match is not None:
                assert new.match.snapshot() == old.match.snapshot()
                assert new.match.log == old.match.log
        assert (await store.load(active)).match.snapshot() == match.snapshot()
        assert (await store.message(lobby, "lobby")).message_id == 9
        assert await store.get_setting(GUILD, "colour") == "green"
        # and play goes on from where it was
        await play(store, active, match, 3, random.Random(5))
        assert (await store.load(active, verify=True)).seq == 20


# -- corrupt rows ----------------------------------------------------------------


async def test_a_corrupt_row_is_reported_and_others_keep_working(store, start_keltis, play, raw):
    healthy, match = await start_keltis(store)
    await play(store, healthy, match, 4)
    bad_options, _ = await start_keltis(store)
    bad_snapshot, _ = await start_keltis(store)
    bad_log, other = await start_keltis(store, seed="x")
    await play(store, bad_log, other, 4)
    bad_game, _ = await start_keltis(store)
    bad_time, _ = await start_keltis(store)

    raw.execute(f"UPDATE matches SET options = {raw.unreadable_json} WHERE id = ?", (bad_options,))
    # The schema refuses snapshot edits and log edits; damage goes around it.
    raw.drop_trigger("matches_snapshot_follows_seq", "matches")
    raw.execute(
        f"UPDATE matches SET snapshot = {raw.unreadable_json} WHERE id = ?", (bad_snapshot,)
    )
    raw.drop_trigger("actions_no_update", "actions")
    raw.execute("UPDATE actions SET key = 'done' WHERE match_id = ? AND seq = 3", (bad_log,))
    raw.execute("UPDATE matches SET game = 'gone' WHERE id = ?", (bad_game,))
    raw.execute("UPDATE matches SET created_at = ? WHERE id = ?", (2**62, bad_time))

    listed = {i.id: i for i in await store.live_matches(guild_id=GUILD)}
    assert set(listed) == {healthy, bad_options, bad_snapshot, bad_log, bad_game}  # not bad_time
    assert "options" in listed[bad_options].problem
    assert [i for i in listed if listed[i].problem] == [bad_options]
    for match_id, verify in (
        (bad_options, False),
        (bad_snapshot, False),
        (bad_log, True),
        (bad_game, False),
        (bad_time, False),
    ):
        with pytest.raises(CorruptMatch) as caught:
            await store.load(match_id, verify=verify)
        assert caught.value.match_id == match_id
        assert str(match_id) in str(caught.value)
    # The snapshot alone still loads; only the replay shows the damaged log.
    assert (await store.load(bad_log)).seq == 4
    assert (await store.load(healthy, verify=True)).match.snapshot() == match.snapshot()
    await store.cancel(bad_options)  # a moderator can still get rid of it
    await play(store, healthy, match, 2)


async def test_a_log_shorter_than_seq_is_corrupt(store, start_keltis, play, raw):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 3)
    raw.drop_trigger("actions_no_delete", "actions")
    raw.execute("DELETE FROM actions WHERE match_id = ? AND seq = 1", (match_id,))
    with pytest.raises(CorruptMatch, match="log"):
        await store.load(match_id)


async def test_load_of_unknown_match(store):
    with pytest.raises(UnknownMatch) as caught:
        await store.load(12345)
    assert caught.value.match_id == 12345
    with pytest.raises(UnknownMatch):
        await store.info(12345)


async def test_open_with_default_clock_and_plain_await(open_store):
    store = await open_store(clock=time.time)
    try:
        match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", None, ALICE)
        created = (await store.info(match_id)).created_at
        assert abs(created.timestamp() - datetime.now(UTC).timestamp()) < 60
        assert json.loads(json.dumps((await store.info(match_id)).options)) == {}
    finally:
        await store.close()


async def test_a_guilds_settings_are_kept_a_few_seconds_and_forgotten_when_written(
    store, raw, monkeypatch
):
    """Read at every move that sets a deadline: kept in memory, forgotten
    when this store writes them or the guild goes, read again after
    SETTINGS_KEPT for what another process wrote."""
    now = [1000.0]
    monkeypatch.setattr(settings_module, "monotonic", lambda: now[0])
    await store.set_setting(GUILD, "reminder", 60)
    assert (await store.settings(GUILD, {}))["reminder"] == 60
    raw.execute("UPDATE guild_settings SET value = '120' WHERE key = 'reminder'")  # elsewhere
    assert (await store.settings(GUILD, {}))["reminder"] == 60
    now[0] += settings_module.SETTINGS_KEPT
    assert (await store.settings(GUILD, {}))["reminder"] == 120
    await store.set_setting(GUILD, "reminder", 30)  # here: at once
    assert (await store.settings(GUILD, {}))["reminder"] == 30
    await store.delete_setting(GUILD, "reminder")
    assert await store.settings(GUILD, {"reminder": 0}) == {"reminder": 0}
    await store.set_setting(GUILD, "reminder", 5)
    assert (await store.settings(GUILD, {}))["reminder"] == 5
    await store.delete_guild(GUILD)
    assert await store.settings(GUILD, {}) == {}
