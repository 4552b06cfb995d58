"""The table and the replay share one board-image cache (issue 18): an
unchanged view is never drawn again, whoever asks; names come from the
seats, never from a call to Discord."""

from __future__ import annotations

import random
import unittest.mock
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cogs.clock import Clock
from cogs.config import Config
from cogs.history.logbook import Logbook
from cogs.language import Languages
from cogs.presenters.image_cache import BOARDS
from cogs.services import play_tables
from cogs.shards import Shards
from rules import Match
from storage import SqliteStore, Store
from tests.cogs.helpers import MockBot, MockMessage
from tests.cogs.matches import new_tables


def no_discord():
    """A bot object that fails the test if anything asks Discord."""

    def refuse(*args, **kwargs):
        raise AssertionError("asked Discord")

    return SimpleNamespace(
        get_guild=lambda guild_id: None, fetch_user=refuse, get_partial_messageable=refuse
    )


async def oracle_match(store: Store) -> tuple[int, Match]:
    match_id = await store.create_lobby(5, 6, "oracle", {}, 11)
    await store.add_user_seat(match_id, 11, "Alice")
    await store.add_user_seat(match_id, 12, "Bob")
    match = Match.new("oracle", 2, "images")
    await store.start_match(match_id, match)
    rnd = random.Random(1)
    for _ in range(6):
        seat = match.to_act()[0]
        key = rnd.choice(match.legal(seat)).key()
        await store.commit(match_id, match, match.act(seat, key, match.seq))
    return match_id, match


async def test_an_unchanged_table_is_not_drawn_again_and_the_replay_shares_it(tmp_path):
    async with SqliteStore.open(tmp_path / "games.db") as store:
        tables = new_tables(store, no_discord())
        match_id, match = await oracle_match(store)
        BOARDS.clear()
        before = BOARDS.renders
        loaded = await store.load(match_id)
        first = await tables.public.render(loaded)
        assert first.image and BOARDS.renders == before + 1
        again = await tables.public.render(await store.load(match_id))  # a refresh, a restart
        assert again.image == first.image and BOARDS.renders == before + 1
        embed, image, alt = await Logbook(store, tables.names).frame(
            loaded, match.seq
        )  # the replay's frame
        assert image == first.image and BOARDS.renders == before + 1
        assert "Alice" in str(first.embed.to_dict())  # the stored name, not "Player 1"


async def shown_while_another_process_moves(store: Store, shards: Shards | None) -> list[int]:
    """The seqs a match's table is drawn at when, during its first edit,
    another process moves the match (and this one is not told)."""
    bot = no_discord()
    config = Config(token="unused", database_path=Path("unused.db"), shards=shards)
    tables = play_tables(bot, store, config, Languages(bot, store), Clock())
    match_id, match = await oracle_match(store)
    shown: list[int] = []

    async def edit(loaded) -> None:
        shown.append(loaded.seq)
        if len(shown) == 1:  # meanwhile, elsewhere
            seat = match.to_act()[0]
            await store.commit(match_id, match, match.act(seat, match.legal(seat)[0], match.seq))

    tables.public._show = edit  # type: ignore[method-assign]
    await tables.editor.show(match_id)
    await tables.editor.idle()
    return shown


async def test_with_other_processes_a_table_they_moved_on_meanwhile_is_drawn_again(tmp_path):
    async with SqliteStore.open(tmp_path / "games.db") as store:
        assert await shown_while_another_process_moves(store, Shards(2, (0,))) == [6, 7]


async def test_a_lone_process_does_not_ask_the_store_after_each_edit(tmp_path):
    async with SqliteStore.open(tmp_path / "games.db") as store:
        assert await shown_while_another_process_moves(store, None) == [6]


async def test_the_table_and_its_recent_moves_are_drawn_from_one_moment(tmp_path):
    """Issue 27: a table drawn (`/game status`, an edit) from a match loaded
    just before another move was committed tells the moves up to the loaded
    one, not the later move its board does not show yet."""
    async with SqliteStore.open(tmp_path / "games.db") as store:
        tables = new_tables(store, no_discord())
        match_id, match = await oracle_match(store)
        loaded = await store.load(match_id)
        lines = await tables.public.recent_lines(loaded)
        before = (await tables.public.render(loaded)).embed.to_dict()
        seat = match.to_act()[0]
        await store.commit(match_id, match, match.act(seat, match.legal(seat)[0], match.seq))
        assert await tables.public.recent_lines(loaded) == lines
        assert (await tables.public.render(loaded)).embed.to_dict() == before


async def test_the_recent_moves_start_at_a_turn_as_the_game_cuts_them(tmp_path, monkeypatch):
    """The table's and the replay's windows are cut by the game's own turns
    (its presenter: a Cuttle counter belongs to the one-off it answers), as
    the panels' are."""
    import cogs.play.public_table as public_table
    from cogs.history.story import recent_start
    from cogs.presenters import presenter_for

    seen = []

    def spy(log, owing, presenter=None):
        seen.append(presenter)
        return recent_start(log, owing, presenter)

    import cogs.history.logbook as logbook

    monkeypatch.setattr(public_table, "recent_start", spy)
    monkeypatch.setattr(logbook, "recent_start", spy)
    async with SqliteStore.open(tmp_path / "games.db") as store:
        tables = new_tables(store, no_discord())
        match_id, match = await oracle_match(store)
        loaded = await store.load(match_id)
        await tables.public.render(loaded)
        await Logbook(store, tables.names).frame(loaded, match.seq - 1)  # a replay's frame
    assert seen == [presenter_for("oracle")] * 2


async def test_a_match_deleted_while_its_table_is_posted_is_forgotten_quietly(
    store: Store, caplog: pytest.LogCaptureFixture
):
    """Its server purged or forgotten between the table's post and its
    record: nothing raises (no traceback in the log), the editor forgets it."""
    match_id, _match = await oracle_match(store)
    bot = MockBot()
    tables = new_tables(store, bot)
    channel: Any = bot.get_partial_messageable(6)

    async def deleted_meanwhile(*args, **kwargs):
        await store.delete_guild(5)
        return MockMessage()

    channel.send.side_effect = deleted_meanwhile
    loaded = await store.load(match_id)
    await tables.editor.show(match_id, shows=loaded)
    channel.send.assert_awaited_once()  # the table was posted, then found deleted
    assert match_id not in tables.editor.shown
    assert not [r for r in caplog.records if r.exc_info], "no traceback logged"


async def test_a_permission_lost_while_the_table_is_drawn_sends_nothing(tmp_path: Path) -> None:
    """The board picture may wait for its worker; if the bot lost Send
    Messages meanwhile, the edit Discord would refuse (each refusal counts
    toward its ban) is not sent, and the host is told once instead."""
    async with SqliteStore.open(tmp_path / "games.db") as store:
        tables = new_tables(store, no_discord())  # sending anything fails the test
        match_id, _match = await oracle_match(store)
        places = tables.public.places
        missing: list = []
        places.lacks = lambda info, place_id: list(missing)  # type: ignore[method-assign]
        told = unittest.mock.AsyncMock()
        places.tell = told  # type: ignore[method-assign]
        drawn = tables.public.render

        async def render(loaded: Any, **kwargs: Any) -> Any:
            missing.append("send_messages")  # taken away while drawing
            return await drawn(loaded, **kwargs)

        tables.public.render = render  # type: ignore[method-assign]
        await tables.public._show(await store.load(match_id))
        told.assert_awaited_once()  # the next look finds the place closed
