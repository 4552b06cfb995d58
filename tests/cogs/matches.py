"""Matches in a real store for the services' tests, started at once with
people and bots in the seats given; and the play extension's Tables over
them, whole or with its parts mocked."""

from __future__ import annotations

import unittest.mock
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cogs.config import Config
from cogs.language import Languages
from cogs.play.moves import DeadlinePlanner
from cogs.play.pings import Pings
from cogs.play.seats import SeatService
from cogs.play.table_editor import TableEditor
from cogs.play.tables import Tables
from rules import Match
from storage import Store
from tests.cogs.helpers import CHANNEL_ID, GUILD_ID, MockBot

ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAVE: "Dave"}


async def started(
    store: Store,
    game: str,
    seats: list[int | str],
    *,
    seed: str = "seats",
    options: dict[str, Any] | None = None,
) -> int:
    """A started match of `game` in GUILD_ID: each seat a user id (a
    person, named from NAMES) or a bot's level, in seat order."""
    match_id = await store.create_lobby(GUILD_ID, CHANNEL_ID, game, {}, ALICE)
    for seat in seats:
        if isinstance(seat, int):
            await store.add_user_seat(match_id, seat, NAMES.get(seat))
        else:
            await store.add_bot_seat(match_id, seat)
    await store.start_match(match_id, Match.new(game, len(seats), seed, options or {}))
    return match_id


def new_tables(store: Store, bot: Any = None, *, bot_move_delay: float = 0.0) -> Tables:
    """The play extension's services as its setup makes them, on a MockBot
    unless another bot is given."""
    bot = bot if bot is not None else MockBot()
    config = Config(token="unused", database_path=Path("unused.db"), bot_move_delay=bot_move_delay)
    return Tables(bot, store, config, Languages(bot, store))


@dataclass
class Parts:
    """Tables' parts, replaced by mocks (autospec: a call the real one would
    not take fails the test)."""

    editor: Any
    pings: Any
    seats: Any
    deadlines: Any


def mock_parts(tables: Tables) -> Parts:
    parts = Parts(
        editor=unittest.mock.create_autospec(TableEditor, instance=True, spec_set=True),
        pings=unittest.mock.create_autospec(Pings, instance=True, spec_set=True),
        seats=unittest.mock.create_autospec(SeatService, instance=True, spec_set=True),
        deadlines=unittest.mock.create_autospec(DeadlinePlanner, instance=True, spec_set=True),
    )
    parts.deadlines.plan.return_value = None  # a move plans no deadline unless told to
    parts.pings.unstored.return_value = None  # nor stores a ping
    tables.editor, tables.pings = parts.editor, parts.pings
    tables.public.editor = parts.editor
    tables.seats, tables.moves.deadlines = parts.seats, parts.deadlines
    tables.moves.pings = parts.pings
    return parts
