"""`/game mine` lists the matches waiting on the person asking: only those
where the engine says they owe a decision, longest waiting first, this
server's (every server's from a DM), at most 25 with a Your move button
each, a friendly word when there is none, and a damaged match left out."""

from __future__ import annotations

import logging
import unittest.mock
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest

from cogs.clock import Clock
from cogs.component_table import Component
from cogs.play.waiting import NOTHING_WAITING, show_waiting
from cogs.replies import guarded
from rules import Match
from storage import CorruptMatch, SqliteStore, Store
from tests.cogs.helpers import CHANNEL_ID, GUILD_ID, MockInteraction, MockMember
from tests.cogs.matches import ALICE, BOB

OTHER_GUILD = 7
HOUR = 3600.0


class SetClock(Clock):
    """The store's clock and the bot's, set by the test (seconds)."""

    def __init__(self) -> None:
        self.now_s = 1_000_000.0

    def time(self) -> float:
        return self.now_s


@pytest.fixture
def clock() -> SetClock:
    return SetClock()


@pytest.fixture
async def store(tmp_path: Path, clock: SetClock) -> AsyncIterator[Store]:
    async with SqliteStore.open(tmp_path / "games.db", clock=clock.time) as opened:
        yield opened


async def keltis(
    store: Store, first: int, *, guild: int = GUILD_ID, seats: tuple[int, ...] = (ALICE, BOB)
) -> int:
    """A started Keltis match in `guild` whose seat `first` plays first."""
    match_id = await store.create_lobby(guild, CHANNEL_ID, "keltis", {}, ALICE)
    for user in seats:
        await store.add_user_seat(match_id, user)
    await store.start_match(match_id, Match.new("keltis", len(seats), "w", {"first_player": first}))
    return match_id


async def mine(
    store: Store, clock: Clock, *, user: int = ALICE, **kwargs: Any
) -> tuple[MockInteraction, discord.Embed | None, list[Component]]:
    """Run `/game mine` as `user`, as the command does (in the user's
    language): the interaction, the embed and the buttons sent."""
    inter = MockInteraction(
        user=MockMember(id=user), kind=discord.InteractionType.application_command, **kwargs
    )
    await guarded(inter, show_waiting(inter, store, clock), logging.getLogger(__name__))
    assert inter.private()
    sent = inter.followup.send.await_args
    if sent is None or "embed" not in sent.kwargs:
        return inter, None, []
    return inter, sent.kwargs["embed"], list(sent.kwargs["view"].children)


async def test_only_matches_where_the_user_owes_a_decision_are_listed(store, clock):
    alices = await keltis(store, 0)
    await keltis(store, 1)  # Bob's turn
    await keltis(store, 0, seats=(BOB, ALICE))  # Bob's turn again: he is seat 0
    lobby = await store.create_lobby(GUILD_ID, CHANNEL_ID, "keltis", {}, ALICE)
    await store.add_user_seat(lobby, ALICE)
    _inter, embed, buttons = await mine(store, clock)
    assert embed is not None and embed.description is not None
    assert [b.match_id for b in buttons] == [alices]
    assert embed.description.count("\n") == 0 and f"#{alices}]" in embed.description
    assert f"(https://discord.com/channels/{GUILD_ID}/{CHANNEL_ID})" in embed.description


async def test_the_longest_waiting_comes_first_and_says_how_long(store, clock):
    clock.now_s += 2 * HOUR
    recent = await keltis(store, 0)
    clock.now_s -= 2 * 24 * HOUR  # a later match id that has waited longer
    oldest = await keltis(store, 0)
    clock.now_s += 2 * 24 * HOUR + HOUR
    _inter, embed, buttons = await mine(store, clock)
    assert [b.match_id for b in buttons] == [oldest, recent]
    assert embed is not None and embed.description is not None
    first, second = embed.description.split("\n")
    assert "**Keltis**" in first and "waiting for 2 days" in first, first
    assert "waiting for 1 hr" in second, second
    assert buttons[0].item.label == f"#{oldest} Keltis" and buttons[0].item.emoji is not None
    assert buttons[0].item.custom_id == f"turn:{oldest}"


async def test_the_durations_are_in_the_users_language(store, clock):
    await keltis(store, 0)
    clock.now_s += 3 * HOUR
    _inter, embed, _buttons = await mine(store, clock, locale=discord.Locale.japanese)
    assert embed is not None and "**ケルト**" in (embed.description or "")
    assert "3 時間" in (embed.description or "")


async def test_in_a_server_only_its_matches_from_a_dm_every_servers(store, clock):
    here = await keltis(store, 0)
    there = await keltis(store, 0, guild=OTHER_GUILD)
    _inter, _embed, in_server = await mine(store, clock)
    assert [b.match_id for b in in_server] == [here]
    _inter, embed, in_dm = await mine(store, clock, guild_id=None)
    assert [b.match_id for b in in_dm] == [here, there]
    assert embed is not None and f"/channels/{OTHER_GUILD}/{CHANNEL_ID})" in (
        embed.description or ""
    )


async def test_more_than_25_get_25_buttons_and_say_how_many_more(store, clock):
    ids = []
    for _ in range(27):
        ids.append(await keltis(store, 0))
        clock.now_s += 60
    _inter, embed, buttons = await mine(store, clock)
    assert [b.match_id for b in buttons] == ids[:25]
    assert embed is not None and embed.description is not None
    assert len(embed.description) <= 4096
    assert embed.description.endswith("…and 2 more matches.")
    rows = discord.ui.View(timeout=None)
    for button in buttons:
        rows.add_item(button)  # Discord's 5 rows of 5: a 26th would not fit


async def test_a_paused_match_is_listed_without_a_button(store, clock):
    playing = await keltis(store, 0)
    paused = await keltis(store, 0)
    await store.pause(paused)
    _inter, embed, buttons = await mine(store, clock)
    assert [b.match_id for b in buttons] == [playing]
    assert embed is not None and "paused" in (embed.description or "").split("\n")[1]


async def test_nothing_waiting_gets_a_friendly_private_word(store, clock):
    await keltis(store, 1)  # Bob's turn
    inter, embed, buttons = await mine(store, clock)
    assert embed is None and not buttons
    assert inter.answers() == [("defer", None), ("followup", NOTHING_WAITING)]
    assert "/game new" in NOTHING_WAITING


async def test_a_damaged_match_is_left_out_and_the_rest_listed(store, clock, caplog):
    damaged = await keltis(store, 0)
    fine = await keltis(store, 0)
    real_load = store.load

    async def load(match_id: int, **kwargs: Any):
        if match_id == damaged:
            raise CorruptMatch(match_id, "bad snapshot")
        return await real_load(match_id, **kwargs)

    with unittest.mock.patch.object(store, "load", load):
        _inter, _embed, buttons = await mine(store, clock)
    assert [b.match_id for b in buttons] == [fine]
    assert f"match {damaged}" in caplog.text


async def test_the_wait_counts_from_the_last_move_not_a_hosts_change(store, clock):
    mid = await keltis(store, 1)  # Bob plays first
    loaded = await store.load(mid)
    assert loaded.match is not None
    card = loaded.match.view(1)["hand"][0]
    steps = [loaded.match.act(1, f"discard:{card}", 0), loaded.match.act(1, "draw:deck", 1)]
    await store.commit_move(mid, loaded.match, steps)  # Bob's move: now Alice's turn
    clock.now_s += 5 * HOUR
    await store.set_match_settings(mid, {"reminder": 60})  # a host's change, not a move
    clock.now_s += HOUR
    _inter, embed, _buttons = await mine(store, clock)
    assert embed is not None and "waiting for 6 hr" in (embed.description or "")
