"""What several processes on one database must not get wrong beyond the
move itself, which SQLite's single writer never had to think about: two
matches of one guild and game finishing at once each update the ratings
from the other's result (no lost update, and a rebuild agrees), and two
replacements of one message kind at once each hand back the other's
message (none is left on Discord unseen)."""

from __future__ import annotations

import asyncio

from pg_helpers import URL
from storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD

from rules import Match
from storage.postgres import PgStore

MATCHES = 12


async def test_matches_finishing_at_once_update_ratings_one_after_another(
    pg_schema, pg_store, pg_raw
):
    other = await PgStore.open(URL, schema_name=pg_schema)
    try:
        ready = []
        for n in range(MATCHES):
            match_id = await pg_store.create_lobby(GUILD, CHANNEL, "cuttle", {}, ALICE)
            users = ((ALICE, BOB), (BOB, CAROL), (CAROL, ALICE))[n % 3]
            for user in users:
                await pg_store.add_user_seat(match_id, user)
            match = Match.new("cuttle", 2, f"at-once-{n}")
            await pg_store.start_match(match_id, match)
            events = match.concede(n % 2, 0)
            ready.append((match_id, match, events))
        await asyncio.gather(
            *(
                (pg_store, other)[n % 2].commit(match_id, match, events)
                for n, (match_id, match, events) in enumerate(ready)
            )
        )
        query = "SELECT user_id, mu, sigma, contests FROM ratings ORDER BY user_id"
        updated = [tuple(r) for r in await pg_raw.fetch(query)]
        assert [r[3] for r in updated] == [MATCHES * 2 // 3] * 3
        assert await pg_store.rebuild_ratings(GUILD, "cuttle") == MATCHES
        assert [tuple(r) for r in await pg_raw.fetch(query)] == updated
    finally:
        await other.close()


async def test_message_replacements_at_once_each_get_the_one_before(pg_schema, pg_store):
    other = await PgStore.open(URL, schema_name=pg_schema)
    try:
        match_id = await pg_store.create_lobby(GUILD, CHANNEL, "keltis", {}, ALICE)
        olds = await asyncio.gather(
            *(
                (pg_store, other)[n % 2].set_message(match_id, "table", CHANNEL, 1000 + n)
                for n in range(40)
            )
        )
        last = (await pg_store.message(match_id, "table")).message_id
        handed_back = sorted(o.message_id for o in olds if o is not None)
        # each message but the one shown now was handed back exactly once
        assert sorted([*handed_back, last]) == list(range(1000, 1040))
        assert olds.count(None) == 1
    finally:
        await other.close()
