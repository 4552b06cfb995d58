"""Shared fixtures of the storage tests: real database files in tmp_path,
a controllable clock, and helpers to get a match into a given state."""
from __future__ import annotations

import random
import sqlite3

import pytest
from storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, FakeClock, random_move

from rules import Match
from storage import SqliteStore, Store


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.db"


@pytest.fixture
async def store(db_path, clock):
    async with SqliteStore.open(db_path, clock=clock) as opened:
        yield opened


@pytest.fixture
def raw(db_path):
    """A plain sqlite3 connection to the same file, for looking under the
    hood and for damaging rows the way a disk or a hand edit would."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.row_factory = sqlite3.Row
    yield conn
    conn.close()


@pytest.fixture
def start_keltis():
    """`await start_keltis(store, players=2, seed=..., guild=..., ...)`: a
    started Keltis match with user seats; returns (match_id, Match)."""
    async def start(store: Store, *, players: int = 2, seed: str = "seed",
                    guild: int = GUILD, channel: int = CHANNEL, thread: int | None = None,
                    users: tuple[int, ...] = (ALICE, BOB, CAROL, 14)) -> tuple[int, Match]:
        match_id = await store.create_lobby(guild, channel, "keltis", {}, users[0], thread)
        for user in users[:players]:
            await store.add_user_seat(match_id, user)
        match = Match.new("keltis", players, seed)
        await store.start_match(match_id, match)
        return match_id, match
    return start


@pytest.fixture
def play():
    """`await play(store, match_id, match, moves, rnd)`: apply and commit
    `moves` random legal moves (or fewer, if the match ends)."""
    async def run(store: Store, match_id: int, match: Match, moves: int,
                  rnd: random.Random | None = None) -> None:
        rnd = rnd or random.Random(0)
        for _ in range(moves):
            if match.is_over():
                return
            seat, key = random_move(match, rnd)
            events = match.act(seat, key, match.seq)
            await store.commit(match_id, match, events)
    return run
