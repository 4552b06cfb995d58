"""The log is the truth: a long Keltis match committed move by move and
reloaded after a restart replays, from seed and log alone, to exactly the
stored snapshot (and to the state the players saw)."""

from __future__ import annotations

import random

from storage_helpers import random_move

from rules import Match
from storage import Status


async def test_replaying_a_long_keltis_match_gives_its_snapshot(open_store, clock, start_keltis):
    rnd = random.Random(3)
    async with open_store() as store:
        match_id, match = await start_keltis(store, players=4, seed="long")
        seen = {0: match.snapshot()}
        while not match.is_over():
            seat, key = random_move(match, rnd)
            events = match.act(seat, key, match.seq)
            clock.advance(rnd.uniform(1, 3600))
            await store.commit(match_id, match, events)
            if match.seq % 50 == 0:
                seen[match.seq] = match.snapshot()
                assert (await store.load(match_id)).match.snapshot() == seen[match.seq]
    assert match.seq > 300

    async with open_store() as store:
        loaded = await store.load(match_id, verify=True)
    assert loaded.status == Status.FINISHED and loaded.seq == match.seq
    record = loaded.match.to_record()
    replayed = Match.replay(record)
    assert replayed.snapshot() == record["snapshot"] == match.snapshot()
    assert replayed.log == match.log
    assert replayed.outcome() == loaded.outcome == match.outcome()
    # and every intermediate state on the way, from a prefix of the log
    for seq, snapshot in seen.items():
        assert Match.replay({**record, "log": record["log"][:seq]}).snapshot() == snapshot
