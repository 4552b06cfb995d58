"""`guarded`: whatever a handler raises, the player gets one private answer;
read-only storage is named as such (no retry can help) and logs no traceback.
Only the clicker's own ephemeral panel may be replaced by an answer."""

from __future__ import annotations

import logging
import unittest.mock
from types import SimpleNamespace

import discord
import pytest

from cogs import replies
from cogs.i18n import speaking
from cogs.replies import own_panel
from storage import ReadOnlyStorage, SeatError, StoreClosed, WrongStatus
from tests.cogs.helpers import MockInteraction


class Response:
    def __init__(self):
        self.sent: list[tuple[str, bool]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, text, *, ephemeral=False):
        self.sent.append((text, ephemeral))


class Interaction:
    id = 42

    def __init__(self):
        self.response = Response()


async def fails_with(exc):
    raise exc


async def test_read_only_storage_is_named_and_not_logged_as_a_bug(caplog):
    interaction = Interaction()
    log = logging.getLogger("test.replies")
    await replies.guarded(interaction, fails_with(ReadOnlyStorage("/x/games.db: read-only")), log)
    [(text, ephemeral)] = interaction.response.sent
    assert (
        ephemeral and "the host's storage is read-only" in text and "try again" not in text.lower()
    )
    assert not [r for r in caplog.records if r.name == "test.replies"]


async def test_any_other_failure_apologises_and_logs_the_traceback(caplog):
    interaction = Interaction()
    log = logging.getLogger("test.replies")
    await replies.guarded(interaction, fails_with(RuntimeError("boom")), log)
    assert interaction.response.sent == [(replies.BROKEN, True)]
    [record] = [r for r in caplog.records if r.name == "test.replies"]
    assert record.exc_info and "42" in record.getMessage()


async def test_a_store_closed_by_a_shutdown_says_restarting_without_a_traceback(caplog):
    interaction = Interaction()
    log = logging.getLogger("test.replies")
    await replies.guarded(interaction, fails_with(StoreClosed("/x/games.db: closed")), log)
    assert interaction.response.sent == [(replies.SHUTTING_DOWN, True)]
    assert not [r for r in caplog.records if r.name == "test.replies"]


# -- own_panel: only the clicker's own ephemeral panel may turn into an answer --


def clicked(*, ephemeral: bool, shown_to: int | None, clicker: int = 7, message: bool = True):
    meta = None if shown_to is None else SimpleNamespace(user=SimpleNamespace(id=shown_to))
    msg = SimpleNamespace(flags=SimpleNamespace(ephemeral=ephemeral), interaction_metadata=meta)
    return SimpleNamespace(message=msg if message else None, user=SimpleNamespace(id=clicker))


def test_the_clickers_own_ephemeral_panel_is_theirs():
    assert own_panel(clicked(ephemeral=True, shown_to=7))


@pytest.mark.parametrize(
    "inter",
    [
        clicked(ephemeral=False, shown_to=7),  # a public message (the table)
        clicked(ephemeral=False, shown_to=None),  # a message the bot posted itself
        clicked(ephemeral=True, shown_to=8),  # someone else's panel
        clicked(ephemeral=True, shown_to=None),  # ephemeral, but not shown to anyone we know
        clicked(ephemeral=True, shown_to=7, message=False),
    ],
)
def test_anything_else_is_not(inter):
    assert not own_panel(inter)


# -- an interaction that expired before it was answered (issue 27) ------------------


def unknown_interaction() -> discord.NotFound:
    """What Discord answers to an answer that came too late."""
    response = unittest.mock.Mock(status=404, reason="Not Found")
    return discord.NotFound(response, {"code": 10062, "message": "Unknown interaction"})


def expired_interaction() -> MockInteraction:
    """An interaction whose every answer Discord refuses: it has expired."""
    interaction = MockInteraction(kind=discord.InteractionType.application_command)
    interaction.response.send_message.side_effect = unknown_interaction()
    interaction.followup.send.side_effect = unknown_interaction()
    return interaction


async def answering(interaction) -> None:
    await interaction.response.send_message("Your move", ephemeral=True)


@pytest.mark.parametrize(
    "work",
    [answering, lambda interaction: fails_with(unknown_interaction())],
    ids=["the answer is refused", "the handler raised it"],
)
async def test_an_expired_interaction_is_one_warning_without_a_traceback(caplog, work):
    interaction = expired_interaction()
    log = logging.getLogger("test.replies")
    with caplog.at_level(logging.DEBUG):
        await replies.guarded(interaction, work(interaction), log)
    [record] = [r for r in caplog.records if r.name == "test.replies"]
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert "expired" in record.getMessage() and str(interaction.id) in record.getMessage()
    assert not [r for r in caplog.records if r.exc_info]  # nothing anywhere logged a traceback
    interaction.followup.send.assert_not_awaited()  # no apology tried through a dead interaction


async def test_a_bug_whose_apology_finds_the_interaction_expired_keeps_only_its_own_traceback(
    caplog,
):
    interaction = expired_interaction()
    log = logging.getLogger("test.replies")
    await replies.guarded(interaction, fails_with(RuntimeError("boom")), log)
    bug, late = [r for r in caplog.records if r.name == "test.replies"]
    assert bug.exc_info and bug.levelno == logging.ERROR
    assert late.levelno == logging.WARNING and late.exc_info is None


def test_a_seat_error_is_worded_in_the_players_language():
    taken = SeatError(7, SeatError.ALREADY_SEATED, user_id=42)
    full = SeatError(7, SeatError.LOBBY_FULL, seats=4)
    missing = SeatError(7, SeatError.NO_SEAT, seat=4)
    short = SeatError(7, SeatError.SEAT_COUNT, seats=1, players=2)
    assert "user 42 is already seated" in str(taken)  # storage's own text: logs only
    assert replies.seat_problem(taken) == "<@42> already has a seat in this match"
    assert replies.seat_problem(missing) == "this match has no seat 5"  # counted from 1
    assert replies.seat_problem(short) == "the lobby has 1 seat, the match needs 2"
    with speaking("ja"):
        assert replies.seat_problem(taken) == "<@42>はこの対戦ですでに席に着いています"
        assert replies.seat_problem(full) == "ロビーは満席です（4席）"
        said = replies.conflict_problem(missing)
        assert said == "この対戦に5番の席はありません"
        assert replies.conflict_problem(WrongStatus(7, "active", ("lobby",))).isascii() is False
    for reason in SeatError.LOG_TEXT:  # every reason has its words
        params = {"user_id": 1, "seats": 2, "seat": 0, "players": 3}
        needed = {k: v for k, v in params.items() if "{" + k + "}" in SeatError.LOG_TEXT[reason]}
        with speaking("ja"):
            assert not replies.seat_problem(SeatError(7, reason, **needed)).isascii()
