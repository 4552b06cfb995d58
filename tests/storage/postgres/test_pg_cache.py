"""The change counter behind the cache of loads, as PostgreSQL keeps it
(storage/postgres/schema.py, V3), where the SQLite tests cannot reach:
several transactions open at once. A seat's bump waits for the commit, so
what is not committed is not seen and what is, is; no bump is lost to a
concurrent one; and a rename holding a seat never deadlocks a move or a
lobby's seat change waiting for that seat."""

from __future__ import annotations

import asyncio
import random

from pg_helpers import URL, connect_in
from storage_helpers import ALICE, BOB, CHANNEL, GUILD, random_move

from storage import StaleCommit, Status, WrongStatus
from storage.postgres import PgStore


async def version(conn, match_id: int) -> int:
    return await conn.fetchval(
        "SELECT coalesce((SELECT version FROM match_versions WHERE match_id = $1), 0)", match_id
    )


async def test_a_seat_changed_in_an_open_transaction_shows_once_committed(
    pg_store, pg_schema, start_keltis
):
    match_id, _ = await start_keltis(pg_store)
    await pg_store.load(match_id)
    conn = await connect_in(pg_schema)
    try:
        tx = conn.transaction()
        await tx.start()
        await conn.execute(
            "UPDATE seats SET name = 'Later' WHERE match_id = $1 AND seat = 0", match_id
        )
        hits = pg_store._loaded.hits
        assert (await pg_store.load(match_id)).seats[0].name is None  # not committed yet
        assert pg_store._loaded.hits == hits + 1
        await tx.commit()
        assert (await pg_store.load(match_id)).seats[0].name == "Later"
        assert pg_store._loaded.hits == hits + 1
    finally:
        await conn.close()


async def test_concurrent_changes_each_bump_the_counter(pg_store, pg_schema, start_keltis):
    match_id, _ = await start_keltis(pg_store)
    conns = [await connect_in(pg_schema) for _ in range(2)]
    try:
        before = await version(conns[0], match_id)
        txs = [conn.transaction() for conn in conns]
        for seat, (conn, tx) in enumerate(zip(conns, txs, strict=True)):
            await tx.start()
            await conn.execute(
                "UPDATE seats SET name = $1 WHERE match_id = $2 AND seat = $3",
                f"n{seat}",
                match_id,
                seat,
            )
        await asyncio.gather(*(tx.commit() for tx in txs))
        assert await version(conns[0], match_id) == before + 2
    finally:
        for conn in conns:
            await conn.close()


async def test_a_move_storing_a_name_waits_for_a_rename_without_deadlock(
    pg_store, pg_schema, start_keltis
):
    """The rename holds Alice's seat and bumps the counter at its commit;
    the move locks the match, then waits for the seat: it must not hold the
    counter by then (its names go before its log)."""
    match_id, _ = await start_keltis(pg_store)
    loaded = await pg_store.load(match_id)
    match = loaded.match
    conn = await connect_in(pg_schema)
    try:
        tx = conn.transaction()
        await tx.start()
        await conn.execute("UPDATE seats SET name = 'Renamed' WHERE user_id = $1", ALICE)
        seat, key = random_move(match, random.Random(1))
        events = match.act(seat, key, match.seq)
        moving = asyncio.create_task(
            pg_store.commit_move(match_id, match, [events], names={ALICE: "Clicked"})
        )
        await asyncio.sleep(0.3)
        assert not moving.done()  # waiting for Alice's seat
        await asyncio.wait_for(tx.commit(), 5)
        assert await asyncio.wait_for(moving, 5) == 1
    finally:
        await conn.close()
    after = await pg_store.load(match_id)
    assert after.seq == 1 and after.seats[0].name == "Clicked"
    full = await pg_store.load(match_id, verify=True)
    assert full.match.snapshot() == after.match.snapshot() and full.seats == after.seats


async def test_a_lobby_seat_leaving_waits_for_a_rename_without_deadlock(pg_store, pg_schema):
    """Removing seat 0 renumbers Bob's seat, which a rename holds: the
    removal must not hold the counter the rename bumps at its commit. Nor
    does the rename hold the counter before its commit (a statement locking
    seats, then the counter, could close the circle): others bump it freely."""
    match_id = await pg_store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
    for user in (ALICE, BOB):
        await pg_store.add_user_seat(match_id, user)
    await pg_store.load(match_id)
    conn = await connect_in(pg_schema)
    try:
        tx = conn.transaction()
        await tx.start()
        await conn.execute("UPDATE seats SET name = 'Bobby' WHERE user_id = $1", BOB)
        await asyncio.wait_for(pg_store.set_match_settings(match_id, {"k": 1}), 2)
        leaving = asyncio.create_task(pg_store.remove_seat(match_id, 0))
        await asyncio.sleep(0.3)
        assert not leaving.done()  # waiting for Bob's seat
        await asyncio.wait_for(tx.commit(), 5)
        await asyncio.wait_for(leaving, 5)
    finally:
        await conn.close()
    seats = (await pg_store.load(match_id)).seats
    assert [(s.seat, s.user_id, s.name) for s in seats] == [(0, BOB, "Bobby")]
    assert (await pg_store.load(match_id)).settings == {"k": 1}


async def test_two_processes_playing_at_once_deadlock_never_and_load_as_stored(
    pg_store, pg_schema, clock, start_keltis
):
    """Two stores (two processes' caches) and four tasks at once: moves that
    store names, settings, pauses and renames, on three matches. Nothing
    deadlocks, and afterwards both caches load what a full read finds."""
    ids = [(await start_keltis(pg_store, seed=f"c{n}"))[0] for n in range(3)]
    other = await PgStore.open(URL, schema_name=pg_schema, clock=clock)
    try:

        async def worker(n: int) -> None:
            rnd = random.Random(n)
            for step in range(40):
                store, match_id = rnd.choice((pg_store, other)), rnd.choice(ids)
                loaded = await store.load(match_id)
                what = rnd.random()
                try:
                    if loaded.status != Status.ACTIVE or what < 0.1:
                        user = rnd.choice((ALICE, BOB))
                        await store.rename_seats(GUILD, user, f"{user}.{n}.{step}")
                    elif what < 0.7:
                        match = loaded.match
                        seat, key = random_move(match, rnd)
                        events = match.act(seat, key, match.seq)
                        user = rnd.choice((ALICE, BOB))
                        await store.commit_move(
                            match_id, match, [events], names={user: f"{n}.{step}"}
                        )
                    elif what < 0.85:
                        await store.set_match_settings(match_id, {"n": n, "step": step})
                    else:
                        await (store.resume if loaded.paused else store.pause)(match_id)
                except (StaleCommit, WrongStatus):
                    pass  # another task moved first, or the match ended meanwhile

        await asyncio.wait_for(asyncio.gather(*(worker(n) for n in range(4))), 120)
        for match_id in ids:
            full = await pg_store.load(match_id, verify=True)
            for store in (pg_store, other):
                loaded = await store.load(match_id)
                assert (loaded.seq, loaded.status, loaded.settings, loaded.paused) == (
                    full.seq,
                    full.status,
                    full.settings,
                    full.paused,
                )
                assert [s.name for s in loaded.seats] == [s.name for s in full.seats]
                assert loaded.match.snapshot() == full.match.snapshot()
        assert pg_store._loaded.hits and other._loaded.hits
    finally:
        await other.close()


async def test_two_renames_at_once_of_players_seated_together_never_deadlock(
    pg_store, pg_schema, clock, start_keltis
):
    """Alice and Bob sit together at three matches and are renamed at the
    same instant by two processes: each rename locks the matches in id
    order before their seats, as a move does, so neither waits in a circle
    (PostgreSQL would fail one of them after a second). Without that order
    the circle needs their counters bumped in opposite orders, which is
    rare: this tries fifteen times."""
    ids = [(await start_keltis(pg_store, seed=f"r{n}"))[0] for n in range(3)]
    other = await PgStore.open(URL, schema_name=pg_schema, clock=clock)
    try:
        for i in range(15):
            renamed = await asyncio.wait_for(
                asyncio.gather(
                    pg_store.rename_seats(GUILD, ALICE, f"Alice {i}"),
                    other.rename_seats(GUILD, BOB, f"Bob {i}"),
                ),
                10,
            )
            assert renamed == [3, 3]
        for match_id in ids:
            for store in (pg_store, other):
                names = [s.name for s in (await store.load(match_id)).seats]
                assert names == ["Alice 14", "Bob 14"]
    finally:
        await other.close()
