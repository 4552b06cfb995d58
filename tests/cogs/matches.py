"""Matches in a real store for the services' tests, started at once with
people and bots in the seats given; and the play extension's Tables over
them, as the composition root builds them or with parts of them mocked."""

from __future__ import annotations

import unittest.mock
from collections.abc import Awaitable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cogs.clock import Clock
from cogs.config import Config
from cogs.language import Languages
from cogs.play.click_timings import ClickTimings
from cogs.play.hand_panels import HandPanels
from cogs.play.moves import DeadlinePlanner, Moves
from cogs.play.names import SeatNames
from cogs.play.pings import Pings
from cogs.play.places import Places
from cogs.play.public_table import PublicTable
from cogs.play.seats import SeatService
from cogs.play.table_editor import TableEditor
from cogs.play.tables import Tables
from cogs.relay import Relay
from cogs.services import play_tables
from cogs.thinking import Thinking
from cogs.thinking.pool import ThinkingPool
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


def test_config(**values: Any) -> Config:
    return Config(token="unused", database_path=Path("unused.db"), **values)


def new_tables(store: Store, bot: Any = None, *, bot_move_delay: float = 0.0) -> Tables:
    """The play extension's core as the composition root builds it
    (cogs/services.py), on a MockBot unless another bot is given."""
    bot = bot if bot is not None else MockBot()
    config = test_config(bot_move_delay=bot_move_delay)
    return play_tables(bot, store, config, Languages(bot, store), Clock())


def tables_with(
    store: Store,
    *,
    config: Config | None = None,
    editor: Any = None,
    pings: Any = None,
    seats: Any = None,
    deadlines: Any = None,
) -> Tables:
    """Tables wired as cogs/services.py wires them, on a MockBot, with the
    parts given (fakes, mocks) in place of the real ones."""
    bot = MockBot()
    config = config or test_config(bot_move_delay=0.0)
    languages = Languages(bot, store)
    redraw: Relay[[int], object] = Relay("a seat's name learnt")
    names = SeatNames(bot, store, redraw)
    places = Places(bot, store, languages)
    public = PublicTable(bot, store, config, languages, names, places)
    editor = editor if editor is not None else TableEditor(public.show_latest)
    redraw.connect(editor.want)
    pings = pings if pings is not None else Pings(bot, store, languages, places)
    moves = Moves(store, pings, Clock().now, deadlines)
    thinking = Thinking(ThinkingPool(config.bot_workers))
    shown: Relay[..., Awaitable[None]] = Relay("a bot seat's move shown")
    if seats is None:
        seats = SeatService(moves, shown, move_delay=config.bot_move_delay, thinking=thinking)
    tables = Tables(
        store,
        config,
        languages,
        names=names,
        places=places,
        public=public,
        editor=editor,
        hands=HandPanels(store, names),
        pings=pings,
        moves=moves,
        seats=seats,
        thinking=thinking,
        timings=ClickTimings(None),
    )
    shown.connect(tables.after_move)
    return tables


@dataclass
class Parts:
    """Tables' parts, replaced by mocks (autospec: a call the real one would
    not take fails the test)."""

    editor: Any
    pings: Any
    seats: Any
    deadlines: Any


def mocked_tables(store: Store, *, bot_move_delay: float = 0.0) -> tuple[Tables, Parts]:
    """Tables with its editor, pings, seat service and deadline plans mocked."""
    parts = Parts(
        editor=unittest.mock.create_autospec(TableEditor, instance=True, spec_set=True),
        pings=unittest.mock.create_autospec(Pings, instance=True, spec_set=True),
        seats=unittest.mock.create_autospec(SeatService, instance=True, spec_set=True),
        deadlines=unittest.mock.create_autospec(DeadlinePlanner, instance=True, spec_set=True),
    )
    parts.deadlines.plan.return_value = None  # a move plans no deadline unless told to
    parts.pings.unstored.return_value = None  # nor stores a ping
    config = test_config(bot_move_delay=bot_move_delay)
    tables = tables_with(
        store,
        config=config,
        editor=parts.editor,
        pings=parts.pings,
        seats=parts.seats,
        deadlines=parts.deadlines,
    )
    return tables, parts
