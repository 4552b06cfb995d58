"""Live panels under load (issue 18): each player's panel is ordered by its
own lock, so a click's answer never waits for the redraw of someone else's
panel, and a redraw drawn from an older load never lands over a panel that
shows a later move."""
from __future__ import annotations

import asyncio
import dataclasses
from types import SimpleNamespace
from unittest.mock import AsyncMock

import discord

from cogs.tables import Tables
from storage import Store
from tests.cogs.test_tables_images import no_discord, oracle_match

ALICE, BOB = 11, 12


def interaction(user_id: int):
    """A click on the table by `user_id` (its answer is a new private panel)."""
    response = SimpleNamespace(is_done=lambda: False, send_message=AsyncMock(),
                               edit_message=AsyncMock())
    return SimpleNamespace(user=SimpleNamespace(id=user_id), message=None, response=response,
                           created_at=discord.utils.utcnow(), locale=None,
                           edit_original_response=AsyncMock())


async def test_a_clicks_panel_does_not_wait_for_another_players_redraw(tmp_path):
    async with Store.open(tmp_path / "games.db") as store:
        tables = Tables(no_discord(), store, SimpleNamespace(bot_move_delay=0.0))
        match_id, _ = await oracle_match(store)
        loaded = await store.load(match_id)
        click = interaction(ALICE)
        async with tables.panel_lock(match_id, BOB):  # Bob's panel being redrawn
            await asyncio.wait_for(tables.render_panel(click, loaded, 0, edit=False), 10)
        click.response.send_message.assert_awaited_once()
        assert tables.panels.get(match_id, ALICE).seq == loaded.match.seq


async def test_a_redraw_from_an_older_load_never_replaces_a_later_panel(tmp_path):
    async with Store.open(tmp_path / "games.db") as store:
        tables = Tables(no_discord(), store, SimpleNamespace(bot_move_delay=0.0))
        match_id, match = await oracle_match(store)
        now = await store.load(match_id)
        older = dataclasses.replace(now, match=type(match).from_record(match.to_record()))
        later = interaction(BOB)
        tables.panels.shown(match_id, BOB, later, ("a later panel",), now.match.seq + 1)
        stale = interaction(ALICE)
        tables.panels.shown(match_id, ALICE, stale, ("an old panel",), now.match.seq - 1)

        async def load(_):
            return older
        tables.store = SimpleNamespace(load=load, seat_history=store.seat_history)
        await tables.update_panels(match_id)
        later.edit_original_response.assert_not_awaited()  # shows a later move: left alone
        stale.edit_original_response.assert_awaited_once()  # older than the load: redrawn
        assert tables.panels.get(match_id, ALICE).seq == now.match.seq
