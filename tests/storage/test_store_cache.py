"""The stores' cache of loaded matches (storage/sql/cache.py), on both
backends: a load comes from memory only while the database proves it
current, always as a private copy; every change, whoever makes it (another
store, another process, a hand edit), shows on the next load."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import subprocess
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest
from storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, THREAD, random_move

from rules import Match
from storage import CorruptMatch, StaleCommit, Status, UnknownMatch, WrongStatus
from storage.records import LoadedMatch
from storage.sql.cache import LoadedCache

ROOT = Path(__file__).resolve().parents[2]


def same(a, b) -> bool:
    """Two loads agree on everything a caller can see (Match objects have
    no equality of their own; seat names are left out of Seat's)."""

    def plain(loaded):
        return dataclasses.replace(loaded, match=None), [s.name for s in loaded.seats]

    if plain(a) != plain(b) or (a.match is None) != (b.match is None):
        return False
    if a.match is None:
        return True
    return (a.match.snapshot(), a.match.log, a.match.options, a.match.seed, a.match.players) == (
        b.match.snapshot(),
        b.match.log,
        b.match.options,
        b.match.seed,
        b.match.players,
    )


async def full(store, match_id):
    """What the database holds, read and replayed in full (no cache)."""
    return await store.load(match_id, verify=True)


async def move(store, match_id, loaded, rnd, **extra) -> Match:
    match = loaded.match
    seat, key = random_move(match, rnd)
    await store.commit_move(match_id, match, [match.act(seat, key, match.seq)], **extra)
    return match


# -- hits, and what they hand out ----------------------------------------------------


async def test_a_hit_is_equal_to_a_full_load_and_independent(store, start_keltis, play):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 6)
    first = await store.load(match_id)
    assert same(first, await full(store, match_id))
    hits = store._loaded.hits
    second = await store.load(match_id)
    assert store._loaded.hits == hits + 1
    assert same(second, first) and second.match is not first.match
    # The caller owns what it got: playing on it or editing its dicts
    # changes nothing for the next caller.
    snapshot = second.match.snapshot()
    second.match.act(*random_move(second.match, random.Random(5)), second.match.seq)
    second.options["x"] = 1
    second.settings["y"] = 2
    second.match.options["z"] = 3
    third = await store.load(match_id)
    assert store._loaded.hits == hits + 2
    assert third.seq == 6 and third.match.seq == 6 and third.match.snapshot() == snapshot
    assert third.options == {} == third.settings and "z" not in third.match.options
    assert same(third, await full(store, match_id))


async def test_the_load_after_a_move_is_a_hit_showing_the_move(store, start_keltis):
    match_id, _ = await start_keltis(store)
    rnd = random.Random(1)
    loaded = await store.load(match_id)
    for n in range(1, 8):
        played = await move(store, match_id, loaded, rnd, names={ALICE: f"Alice {n}"})
        hits = store._loaded.hits
        loaded = await store.load(match_id)
        assert store._loaded.hits == hits + 1
        assert loaded.seq == n and loaded.match.snapshot() == played.snapshot()
        assert loaded.seats[0].name == f"Alice {n}"  # the names the move stored
        assert same(loaded, await full(store, match_id))


async def test_a_several_step_move_is_cached_as_stored(store):
    match_id = await store.create_lobby(GUILD, CHANNEL, "oracle", {}, ALICE)
    for user in (ALICE, BOB):
        await store.add_user_seat(match_id, user)
    await store.start_match(match_id, Match.new("oracle", 2, "steps"))
    match = (await store.load(match_id)).match
    rnd = random.Random(3)
    steps = []
    for _ in range(3):
        seat, key = random_move(match, rnd)
        steps.append(match.act(seat, key, match.seq))
    await store.commit_move(match_id, match, steps)
    hits = store._loaded.hits
    loaded = await store.load(match_id)
    assert store._loaded.hits == hits + 1 and loaded.seq == 3
    assert same(loaded, await full(store, match_id))


async def test_a_move_finishing_the_match_shows_its_end(store, start_keltis):
    match_id, _ = await start_keltis(store)
    rnd = random.Random(2)
    loaded = await store.load(match_id)
    while loaded.status == Status.ACTIVE:
        await move(store, match_id, loaded, rnd)
        loaded = await store.load(match_id)
    assert loaded.status == Status.FINISHED and loaded.outcome is not None
    assert loaded.ended_at is not None
    assert same(loaded, await full(store, match_id))


async def test_a_move_from_a_match_not_loaded_from_here_is_read_back(store, start_keltis, play):
    match_id, match = await start_keltis(store)  # the caller's own Match, never loaded
    await play(store, match_id, match, 3)
    loaded = await store.load(match_id)
    assert same(loaded, await full(store, match_id)) and loaded.seq == 3
    # commit_action stores what it is given: no Match to cache, read back
    other = loaded.match
    seat, key = random_move(other, random.Random(4))
    events = other.act(seat, key, other.seq)
    await store.commit_action(match_id, 3, seat, key, other.snapshot(), events)
    again = await store.load(match_id)
    assert again.seq == 4 and same(again, await full(store, match_id))


async def test_a_lost_race_leaves_the_winner_showing(store, start_keltis):
    match_id, _ = await start_keltis(store)
    a, b = await store.load(match_id), await store.load(match_id)
    await move(store, match_id, a, random.Random(1))
    with pytest.raises(StaleCommit):
        await move(store, match_id, b, random.Random(2))
    loaded = await store.load(match_id)
    assert loaded.seq == 1 and loaded.match.snapshot() == a.match.snapshot()


# -- every change shows on the next load --------------------------------------------------


async def test_seats_settings_pause_thread_finish_and_archive_show_up(store, start_keltis, clock):
    match_id, _ = await start_keltis(store)
    rnd = random.Random(7)
    changes = [
        lambda: store.replace_seat(match_id, 1, how="replaced", user_id=CAROL, name="Carol"),
        lambda: store.rename_seats(GUILD, ALICE, "Alice"),
        lambda: store.set_match_settings(match_id, {"turn_hours": 4}),
        lambda: store.pause(match_id),
        lambda: store.resume(match_id),
        lambda: store.set_thread(match_id, THREAD),
        lambda: store.finish(match_id, {"winners": [0]}),
        lambda: store.archive(match_id),
    ]
    for change in changes:
        loaded = await store.load(match_id)
        if loaded.status == Status.ACTIVE:
            await move(store, match_id, loaded, rnd)
            await store.load(match_id)  # cached as the move left it
        clock.advance(1)
        await change()
        assert same(await store.load(match_id), await full(store, match_id)), change
    final = await store.load(match_id)
    assert final.status == Status.FINISHED and final.archived_at is not None
    assert final.thread_id == THREAD and final.settings == {"turn_hours": 4}
    assert [(s.user_id, s.name) for s in final.seats] == [(ALICE, "Alice"), (CAROL, "Carol")]


async def test_lobby_seats_start_and_cancel_show_up(store):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    assert (await store.load(match_id)).seats == ()
    await store.add_user_seat(match_id, ALICE)
    await store.add_bot_seat(match_id)
    assert [s.user_id for s in (await store.load(match_id)).seats] == [ALICE, None]
    await store.remove_seat(match_id, 1)
    await store.add_user_seat(match_id, BOB)
    assert [s.user_id for s in (await store.load(match_id)).seats] == [ALICE, BOB]
    assert (await store.load(match_id)).match is None
    await store.start_match(match_id, Match.new("keltis", 2, "s"))
    started = await store.load(match_id)
    assert started.status == Status.ACTIVE and started.match is not None
    await store.cancel(match_id)
    assert (await store.load(match_id)).status == Status.CANCELLED


async def test_a_deleted_match_is_unknown_and_its_counter_goes(store, start_keltis, play, raw):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 3)
    await store.load(match_id)
    assert (
        raw.execute(
            "SELECT version FROM match_versions WHERE match_id = ?", (match_id,)
        ).fetchone()[0]
        > 0
    )
    await store.delete_guild(GUILD)
    with pytest.raises(UnknownMatch):
        await store.load(match_id)
    assert match_id not in store._loaded
    assert raw.execute("SELECT count(*) FROM match_versions").fetchone()[0] == 0


async def test_writes_through_another_store_on_the_database_show_up(store, open_store):
    match_id = await store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    for user in (ALICE, BOB):
        await store.add_user_seat(match_id, user)
    await store.start_match(match_id, Match.new("keltis", 2, "other"))
    async with open_store() as other:
        rnd = random.Random(3)
        for _ in range(3):
            await store.load(match_id)  # cached here...
            theirs = await other.load(match_id)
            await move(other, match_id, theirs, rnd)  # ...moved on there
            mine = await store.load(match_id)
            assert mine.seq == theirs.match.seq
            assert mine.match.snapshot() == theirs.match.snapshot()
        await other.set_match_settings(match_id, {"k": 1})
        await other.rename_seats(GUILD, BOB, "Bob")
        mine = await store.load(match_id)
        assert mine.settings == {"k": 1} and mine.seats[1].name == "Bob"
        assert same(mine, await full(store, match_id))
        # and the other way round: its cache sees this store's moves
        await store.load(match_id)
        await move(store, match_id, await store.load(match_id), random.Random(9))
        assert same(await other.load(match_id), await full(store, match_id))


async def test_writes_from_another_process_show_up(store, open_store, start_keltis):
    match_id, _ = await start_keltis(store)
    await store.load(match_id)
    where = open_store.where
    if where["backend"] == "postgres":
        opening = f"PgStore.open({where['url']!r}, schema_name={where['schema']!r})"
    else:
        opening = f"SqliteStore.open({where['path']!r})"
    script = textwrap.dedent(f"""
        import asyncio, random
        from storage import SqliteStore
        from storage.postgres import PgStore
        from rules import Match
        async def main():
            async with {opening} as store:
                loaded = await store.load({match_id})
                match = loaded.match
                rnd = random.Random(0)
                seat = rnd.choice(match.to_act())
                key = rnd.choice(match.legal(seat)).key()
                await store.commit_move({match_id}, match, [match.act(seat, key, 0)])
                await store.pause({match_id})
        asyncio.run(main())
    """)
    await asyncio.to_thread(
        subprocess.run, [sys.executable, "-c", script], cwd=ROOT, check=True, timeout=60
    )
    loaded = await store.load(match_id)
    assert loaded.seq == 1 and loaded.paused
    assert same(loaded, await full(store, match_id))


async def test_a_hand_edit_shows_up(store, start_keltis, raw):
    match_id, _ = await start_keltis(store)
    await store.load(match_id)
    raw.execute("UPDATE seats SET name = 'Edited' WHERE match_id = ? AND seat = 0", (match_id,))
    assert (await store.load(match_id)).seats[0].name == "Edited"
    raw.execute("UPDATE matches SET settings = '{\"hand\": true}' WHERE id = ?", (match_id,))
    assert (await store.load(match_id)).settings == {"hand": True}


# -- corrupt rows, verify, bounds ---------------------------------------------------------


async def test_a_row_damaged_after_a_cached_load_is_still_corrupt(store, start_keltis, play, raw):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 3)
    await store.load(match_id)
    raw.execute(f"UPDATE matches SET options = {raw.unreadable_json} WHERE id = ?", (match_id,))
    with pytest.raises(CorruptMatch):
        await store.load(match_id)
    raw.drop_trigger("actions_no_delete", "actions")
    raw.execute("UPDATE matches SET options = '{}' WHERE id = ?", (match_id,))
    assert (await store.load(match_id)).seq == 3
    raw.execute("DELETE FROM actions WHERE match_id = ? AND seq = 1", (match_id,))
    with pytest.raises(CorruptMatch, match="log"):
        await store.load(match_id)


async def test_a_move_does_not_cache_over_a_log_changed_under_it(store, start_keltis, raw):
    match_id, _ = await start_keltis(store)
    rnd = random.Random(6)
    loaded = await store.load(match_id)
    for _ in range(3):
        await move(store, match_id, loaded, rnd)
        loaded = await store.load(match_id)
    # A hand edit of the log between the load and the move (the counter moves):
    raw.drop_trigger("actions_no_update", "actions")
    raw.execute("UPDATE actions SET key = 'edited' WHERE match_id = ? AND seq = 1", (match_id,))
    await move(store, match_id, loaded, rnd)
    after = await store.load(match_id)
    assert after.match.log[1][1] == "edited"  # what the database holds, not the cached log


async def test_verify_reads_and_replays_even_when_cached(store, start_keltis, play, raw):
    match_id, match = await start_keltis(store)
    await play(store, match_id, match, 4)
    await store.load(match_id)
    # Damage that goes around the change counter too (its trigger dropped):
    # only a load that reads the database can see it.
    raw.drop_trigger("actions_no_update", "actions")
    raw.drop_trigger("actions_version_update", "actions")
    raw.execute("UPDATE actions SET key = 'done' WHERE match_id = ? AND seq = 2", (match_id,))
    hits = store._loaded.hits
    assert (await store.load(match_id)).seq == 4
    assert store._loaded.hits == hits + 1
    with pytest.raises(CorruptMatch):
        await store.load(match_id, verify=True)


async def test_the_cache_is_bounded_least_recently_used_first(open_store, start_keltis):
    async with open_store(cache_size=3) as store:
        ids = [(await start_keltis(store, seed=f"s{n}"))[0] for n in range(5)]
        for match_id in ids[:3]:
            await store.load(match_id)
        await store.load(ids[0])  # used again: ids[1] is now the oldest
        for match_id in ids[3:]:
            await store.load(match_id)
        assert len(store._loaded) == 3
        assert [m for m in ids if m in store._loaded] == [ids[0], ids[3], ids[4]]
        hits = store._loaded.hits
        assert same(await store.load(ids[1]), await full(store, ids[1]))  # read again
        assert store._loaded.hits == hits


async def test_a_store_without_cache_reads_every_load(open_store, start_keltis, play):
    async with open_store(cache_size=0) as store:
        match_id, match = await start_keltis(store)
        await play(store, match_id, match, 3)
        for _ in range(3):
            assert (await store.load(match_id)).seq == 3
        assert len(store._loaded) == 0 and store._loaded.hits == 0


def test_an_older_read_never_replaces_a_newer_entry():
    cache = LoadedCache(4)
    loaded = dataclasses.replace(_lobby(), seq=0)
    cache.keep(1, 5, loaded)
    cache.keep(1, 4, dataclasses.replace(loaded, thread_id=99))
    assert cache.fresh(1, 0, 5).thread_id is None
    assert cache.fresh(1, 0, 4) is None and 1 not in cache  # stale: dropped
    with pytest.raises(ValueError):
        LoadedCache(-1)


def _lobby():
    at = datetime(2026, 1, 1, tzinfo=UTC)
    return LoadedMatch(
        id=1,
        guild_id=GUILD,
        channel_id=CHANNEL,
        thread_id=None,
        game="keltis",
        status=Status.LOBBY,
        creator_id=ALICE,
        options={},
        players=None,
        seed=None,
        rules_version=None,
        seq=0,
        seats=(),
        outcome=None,
        created_at=at,
        updated_at=at,
        started_at=None,
        ended_at=None,
        archived_at=None,
        match=None,
    )


# -- many random changes, through two stores, against full loads ------------------------------


async def test_random_changes_through_two_stores_always_load_as_stored(
    open_store, clock, start_keltis
):
    rnd = random.Random(11)
    async with open_store(cache_size=2) as a, open_store() as b:
        ids = [(await start_keltis(a, seed=f"r{n}"))[0] for n in range(3)]
        for step in range(150):
            store, match_id = rnd.choice((a, b)), rnd.choice(ids)
            clock.advance(1)
            loaded = await store.load(match_id)
            if loaded.status == Status.ACTIVE:
                what = rnd.random()
                if what < 0.6:
                    await move(
                        store,
                        match_id,
                        loaded,
                        rnd,
                        names={ALICE: f"A{step}"} if rnd.random() < 0.3 else None,
                    )
                elif what < 0.7:
                    await store.set_match_settings(match_id, {"step": step})
                elif what < 0.8:
                    await (store.resume if loaded.paused else store.pause)(match_id)
                elif what < 0.9:
                    await store.rename_seats(GUILD, BOB, f"B{step}")
                else:
                    stale = await store.load(match_id)
                    await move(store, match_id, loaded, rnd)
                    with pytest.raises((StaleCommit, WrongStatus)):  # or it ended
                        await move(store, match_id, stale, rnd)
            for reader in (a, b):
                assert same(await reader.load(match_id), await full(reader, match_id)), step
        assert a._loaded.hits and b._loaded.hits
