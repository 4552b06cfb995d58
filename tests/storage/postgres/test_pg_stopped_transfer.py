"""A match stopped for having no end (Store.stop_endless, issue 43) goes
SQLite -> PostgreSQL -> SQLite (storage/transfer.py) with why it stopped:
both stores then read it as stopped, a draw for its tournament places."""

from __future__ import annotations

from pathlib import Path

from pg_helpers import URL

from rules import Match
from storage import SqliteStore, Status, stopped_after
from storage.postgres import PgStore
from storage.transfer import transfer


async def test_a_stopped_match_goes_to_postgres_and_back(pg_schema, tmp_path: Path) -> None:
    source, back = tmp_path / "source.db", tmp_path / "back.db"
    async with SqliteStore.open(source) as store:
        match_id = await store.create_lobby(1, 2, "keltis", None, 3)
        for _ in range(2):
            await store.add_bot_seat(match_id, "random")
        match = Match.new("keltis", 2, "stopped")
        await store.start_match(match_id, match)
        seat = match.to_act()[0]
        await store.commit(match_id, match, match.act(seat, match.legal(seat)[0], match.seq))
        await store.stop_endless(match_id, expected_seq=1)
    await transfer(str(source), URL, target_schema=pg_schema)
    await transfer(URL, str(back), source_schema=pg_schema)
    pg = await PgStore.open(URL, schema_name=pg_schema)
    try:
        for path in (source, back):
            async with SqliteStore.open(path) as again:
                info = await again.info(match_id)
                assert info.status == Status.CANCELLED and stopped_after(info) == 1
                assert await again.seat_places(match_id) == [1, 1]
        info = await pg.info(match_id)
        assert info.status == Status.CANCELLED and stopped_after(info) == 1
        assert await pg.seat_places(match_id) == [1, 1]
    finally:
        await pg.close()
