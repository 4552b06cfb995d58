"""One racing process of test_pg_race: `python pg_race_worker.py URL SCHEMA
MATCH_ID ATTEMPTS SEED`. Opens its own PgStore, prints "ready", waits for a
line on stdin (so both racers start together), then makes ATTEMPTS commits
on the match, each a random legal move computed from the match as just
loaded, like an impatient player. Prints one JSON line: the (seq, seat, key)
it won, how many it lost, how many it made, and whether the match ended."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from storage_helpers import random_move

from storage import StaleCommit, WrongStatus
from storage.postgres import PgStore


async def race(url: str, schema: str, match_id: int, attempts: int, seed: int) -> dict:
    store = await PgStore.open(url, schema_name=schema, max_size=1)
    try:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        rnd = random.Random(seed)
        won, lost, made, over = [], 0, 0, False
        started = time.perf_counter()
        while made < attempts:
            match = (await store.load(match_id)).match
            assert match is not None
            if match.is_over():
                over = True
                break
            seat, key = random_move(match, rnd)
            events = match.act(seat, key, match.seq)
            made += 1
            try:
                await store.commit(match_id, match, events)
            except (StaleCommit, WrongStatus):  # WrongStatus: the other one ended it
                lost += 1
                continue
            won.append((match.seq - 1, seat, key))
        seconds = time.perf_counter() - started
        return {"won": won, "lost": lost, "made": made, "over": over, "seconds": seconds}
    finally:
        await store.close()


if __name__ == "__main__":
    url, schema, match_id, attempts, seed = sys.argv[1:]
    print(json.dumps(asyncio.run(race(url, schema, int(match_id), int(attempts), int(seed)))))
