"""Hosts hand seats over through the seat service: a kick gives the seat to
the stand-in, a replacement to another member; the change is said in
public and the match shown. Anyone else is refused privately and nothing
changes."""

from __future__ import annotations

import unittest.mock

import discord

from cogs import replies
from cogs.hosting.moderation import Moderation
from cogs.play.tables import Tables
from storage import Store
from tests.cogs.helpers import GUILD_ID, MockGuild, MockInteraction, MockMember
from tests.cogs.matches import ALICE, BOB, DAVE, Parts, mocked_tables, started

HOST = 99


async def hosting(store: Store) -> tuple[Moderation, Tables, Parts, int]:
    match_id = await started(store, "keltis", [ALICE, BOB])
    tables, parts = mocked_tables(store)
    tables.after_move = unittest.mock.AsyncMock()  # type: ignore[method-assign]
    return Moderation(store, tables, parts.deadlines), tables, parts, match_id


def asked_by(user_id: int, *, manages: bool) -> MockInteraction:
    rights = discord.Permissions(manage_guild=manages)
    member = MockMember(id=user_id, guild=MockGuild(id=GUILD_ID), permissions=rights)
    return MockInteraction(user=member, kind=discord.InteractionType.application_command)


async def test_a_kick_gives_the_seat_to_the_stand_in_and_says_so(store: Store) -> None:
    moderation, tables, parts, match_id = await hosting(store)
    inter = asked_by(HOST, manages=True)
    await moderation.kick(inter, await store.info(match_id), MockMember(id=BOB))
    parts.seats.to_bot.assert_awaited_once_with(match_id, 1, how="kicked")
    [(how, text)] = inter.answers()
    assert how == "send_message" and "gave" in str(text) and not inter.private()  # public
    tables.after_move.assert_awaited_once()  # type: ignore[attr-defined]


async def test_a_replacement_gives_the_seat_to_the_substitute_by_name(store: Store) -> None:
    moderation, _, parts, match_id = await hosting(store)
    inter = asked_by(HOST, manages=True)
    dave = MockMember(id=DAVE, display_name="Dave")
    await moderation.replace(inter, await store.info(match_id), MockMember(id=ALICE), dave)
    parts.seats.to_member.assert_awaited_once_with(match_id, 0, DAVE, "Dave")
    parts.seats.to_bot.assert_not_awaited()


async def test_a_member_who_is_no_host_is_refused_privately(store: Store) -> None:
    moderation, tables, parts, match_id = await hosting(store)
    inter = asked_by(BOB, manages=False)
    await moderation.kick(inter, await store.info(match_id), MockMember(id=ALICE))
    assert inter.answers() == [("send_message", replies.NOT_HOST)] and inter.private()
    parts.seats.to_bot.assert_not_awaited()
    tables.after_move.assert_not_awaited()  # type: ignore[attr-defined]


# -- /game timer: a match's own settings under its title (issue 27) -----------------


async def test_a_matchs_timers_are_said_without_the_servers_settings(store: Store) -> None:
    moderation, _, parts, match_id = await hosting(store)
    for key, value in (("host_role", 777), ("language", "ja"), ("threads", False)):
        await store.set_setting(GUILD_ID, key, value)
    await store.set_setting(GUILD_ID, "reminder", 3 * 3600)
    shown = asked_by(BOB, manages=False)  # anyone may look
    await moderation.timer(shown, await store.info(match_id), None, None, None)
    changed = asked_by(HOST, manages=True)
    await moderation.timer(changed, await store.info(match_id), "2h", None, "bot")
    for inter, title, reminder, policy in (
        (shown, f"Match #{match_id}:", "3h", "keep waiting"),
        (changed, f"Match #{match_id} now:", "2h", "a bot makes the move"),
    ):
        [(how, text)] = inter.answers()
        assert how == "send_message" and inter.private()
        title_line, *lines = str(text).splitlines()
        assert title_line == title
        assert lines == [
            f"Reminder after: **{reminder}**",
            "Timeout after: **never**",
            f"On timeout: **{policy}**",
        ]
    parts.deadlines.schedule.assert_awaited_once()  # the change rescheduled the match
