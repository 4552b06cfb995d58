"""What the bot may do where, and what Discord's refusals mean."""

from __future__ import annotations

import unittest.mock

import discord
import pytest

from cogs.i18n import speaking
from cogs.permissions import (
    ALL,
    FOR_TABLES,
    SEND,
    Refusal,
    in_place,
    lacking,
    refusal,
    report,
    words,
)


def http_error(kind: type[discord.HTTPException], status: int, code: int) -> discord.HTTPException:
    response = unittest.mock.Mock(status=status, reason="refused")
    return kind(response, {"code": code, "message": "refused"})


@pytest.mark.parametrize(
    "kind, status, code, meaning",
    [
        (discord.Forbidden, 403, 50013, Refusal.MISSING_PERMISSION),
        (discord.Forbidden, 403, 50001, Refusal.MISSING_PERMISSION),
        (discord.NotFound, 404, 10008, Refusal.GONE),
        (discord.NotFound, 404, 10003, Refusal.GONE),
        (discord.HTTPException, 400, 50083, Refusal.ARCHIVED),
        (discord.Forbidden, 403, 160005, Refusal.LOCKED),
        (discord.HTTPException, 400, 50035, Refusal.OTHER),
    ],
)
def test_a_refusal_is_read_from_its_code(kind, status, code, meaning) -> None:
    assert refusal(http_error(kind, status, code)) is meaning


def test_what_is_lacking_is_said_in_discords_words() -> None:
    permissions = discord.Permissions(view_channel=True, embed_links=True)
    assert lacking(permissions, FOR_TABLES) == [SEND]
    assert words([SEND]) == "**Send Messages** (the table and turn pings)"
    with speaking("ja"):
        assert "メッセージを送信" in words([SEND])


def test_the_config_check_marks_each_permission() -> None:
    text = report(discord.Permissions(view_channel=True, send_messages=True))
    lines = text.splitlines()[1:]
    assert len(lines) == len(ALL)
    assert lines[0].startswith("✅ View Channel") and lines[1].startswith("✅ Send Messages")
    assert sum(line.startswith("❌") for line in lines) == len(ALL) - 2


def client_with(place: object, *, guild: bool = True) -> unittest.mock.Mock:
    client = unittest.mock.Mock(spec=discord.Client)
    found = unittest.mock.Mock(spec=discord.Guild)
    found.me = unittest.mock.Mock(spec=discord.Member)
    found.get_channel_or_thread.return_value = place
    client.get_guild.return_value = found if guild else None
    return client


def test_permissions_come_from_the_cache_or_are_unknown() -> None:
    channel = unittest.mock.Mock(spec=discord.TextChannel)
    channel.permissions_for.return_value = discord.Permissions(send_messages=True)
    assert in_place(client_with(channel), 1, 2) == discord.Permissions(send_messages=True)
    assert in_place(client_with(channel, guild=False), 1, 2) is None  # unknown: try it
    assert in_place(client_with(None), 1, 2) is None


def test_a_locked_thread_takes_sending_away_unless_threads_may_be_managed() -> None:
    thread = unittest.mock.create_autospec(discord.Thread, instance=True)
    thread.locked = True
    thread.permissions_for.return_value = discord.Permissions(send_messages_in_threads=True)
    assert not in_place(client_with(thread), 1, 2).send_messages_in_threads  # type: ignore[union-attr]
    thread.permissions_for.return_value = discord.Permissions(
        send_messages_in_threads=True, manage_threads=True
    )
    assert in_place(client_with(thread), 1, 2).send_messages_in_threads  # type: ignore[union-attr]
