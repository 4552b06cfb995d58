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

from cogs import answer_first
from storage import SqliteStore
from tests.cogs.helpers import MockInteraction, MockMember, MockMessage
from tests.cogs.matches import new_tables
from tests.cogs.play.test_public_table import no_discord, oracle_match

ALICE, BOB = 11, 12


def interaction(user_id: int):
    """A click on the table by `user_id` (its answer is a new private panel)."""
    response = SimpleNamespace(
        is_done=lambda: False, send_message=AsyncMock(), edit_message=AsyncMock()
    )
    return SimpleNamespace(
        user=SimpleNamespace(id=user_id),
        message=None,
        response=response,
        created_at=discord.utils.utcnow(),
        locale=None,
        edit_original_response=AsyncMock(),
    )


async def test_a_clicks_panel_does_not_wait_for_another_players_redraw(tmp_path):
    async with SqliteStore.open(tmp_path / "games.db") as store:
        tables = new_tables(store, no_discord())
        match_id, _ = await oracle_match(store)
        loaded = await store.load(match_id)
        click = interaction(ALICE)
        async with tables.hands.lock(match_id, BOB):  # Bob's panel being redrawn
            await asyncio.wait_for(tables.hands.render(click, loaded, 0, edit=False), 10)
        click.response.send_message.assert_awaited_once()
        assert tables.hands.live.get(match_id, ALICE).seq == loaded.match.seq


async def test_a_redraw_from_an_older_state_never_replaces_a_later_panel(tmp_path):
    async with SqliteStore.open(tmp_path / "games.db") as store:
        tables = new_tables(store, no_discord())
        match_id, match = await oracle_match(store)
        now = await store.load(match_id)
        older = dataclasses.replace(now, match=type(match).from_record(match.to_record()))
        later = interaction(BOB)
        tables.hands.live.shown(match_id, BOB, later, ("a later panel",), now.match.seq + 1)
        stale = interaction(ALICE)
        tables.hands.live.shown(match_id, ALICE, stale, ("an old panel",), now.match.seq - 1)

        await tables.hands.update(older)
        later.edit_original_response.assert_not_awaited()  # shows a later move: left alone
        stale.edit_original_response.assert_awaited_once()  # older than the load: redrawn
        assert tables.hands.live.get(match_id, ALICE).seq == now.match.seq


async def test_a_click_waiting_for_its_own_panels_redraw_is_acknowledged_first(
    tmp_path, monkeypatch
):
    """Answer first, then wait (issue 40): while the player's panel is being
    redrawn, a click on it is a deferred update, and one on the table a
    private "thinking"; either way the panel then comes through the click's
    token and is kept current through it."""
    monkeypatch.setattr(answer_first, "GRACE", 0.0)  # the redraw takes long
    async with SqliteStore.open(tmp_path / "games.db") as store:
        tables = new_tables(store, no_discord())
        match_id, _ = await oracle_match(store)
        loaded = await store.load(match_id)
        alice = MockMember(id=ALICE)
        on_panel = MockInteraction(user=alice, message=MockMessage(ephemeral=True, shown_to=alice))
        on_table = MockInteraction(user=alice)  # My hand
        async with tables.hands.lock(match_id, ALICE):  # her panel being redrawn
            tasks = [
                asyncio.create_task(tables.hands.render(on_panel, loaded, 0, edit=True)),
                asyncio.create_task(tables.hands.render(on_table, loaded, 0, edit=False)),
            ]
            for _ in range(10):
                await asyncio.sleep(0)
            assert on_panel.response.answered == [("defer", (), {})]
            assert on_table.response.answered == [
                ("defer", (), {"ephemeral": True, "thinking": True})
            ]
            assert not any(t.done() for t in tasks)
        await asyncio.gather(*tasks)
        for click in (on_panel, on_table):
            click.edit_original_response.assert_awaited_once()
            click.followup.send.assert_not_awaited()
        assert tables.hands.live.get(match_id, ALICE).interaction is on_table


# -- who is pinged: a player who is playing, and whose panel shows their turn, is not --


class Thread:
    """The match's thread: records what the bot posts there."""

    def __init__(self):
        self.sent = []

    async def send(self, text, **kwargs):
        self.sent.append(text)
        return SimpleNamespace(id=len(self.sent))

    def get_partial_message(self, message_id):
        return SimpleNamespace(delete=AsyncMock())


async def turn_comes(tmp_path, *, panel: bool, clicked_ago: float | None) -> tuple[str, Thread]:
    """The match's next player's turn comes (after_move) with or without an
    open panel, having last clicked in the match `clicked_ago` seconds ago;
    returns what their panel showed and what was posted in the thread."""
    async with SqliteStore.open(tmp_path / "games.db") as store:
        thread = Thread()
        bot = SimpleNamespace(
            get_guild=lambda guild_id: None, get_partial_messageable=lambda place_id: thread
        )
        tables = new_tables(store, bot)
        tables.editor.show = AsyncMock()  # type: ignore[method-assign]  # not what this is about
        match_id, match = await oracle_match(store)
        seat = match.to_act()[0]
        user = (ALICE, BOB)[seat]
        shown = interaction(user)
        if panel:
            tables.hands.live.shown(match_id, user, shown, ("an older panel",), match.seq - 1)
        if clicked_ago is not None:
            tables.clicked(match_id, user)
            tables._clicked[(match_id, user)] -= clicked_ago
        await tables.after_move(await store.load(match_id), frozenset())
        redrawn = "redrawn" if shown.edit_original_response.await_count else "not redrawn"
        return redrawn, thread


async def test_a_player_playing_with_their_panel_open_is_told_by_the_panel_not_pinged(tmp_path):
    redrawn, thread = await turn_comes(tmp_path, panel=True, clicked_ago=60)
    assert redrawn == "redrawn" and thread.sent == []


async def test_a_player_away_for_a_while_is_pinged_even_with_a_panel_open(tmp_path):
    from cogs.play.tables import ACTIVE_WINDOW

    redrawn, thread = await turn_comes(tmp_path, panel=True, clicked_ago=ACTIVE_WINDOW + 1)
    assert redrawn == "redrawn" and len(thread.sent) == 1 and "your move" in thread.sent[0]


async def test_a_player_without_an_open_panel_is_pinged(tmp_path):
    redrawn, thread = await turn_comes(tmp_path, panel=False, clicked_ago=1)
    assert len(thread.sent) == 1 and "your move" in thread.sent[0]
