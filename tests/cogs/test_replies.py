"""`guarded`: whatever a handler raises, the player gets one private answer;
read-only storage is named as such (no retry can help) and logs no traceback.
Only the clicker's own ephemeral panel may be replaced by an answer."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import pytest

from cogs import replies
from cogs.replies import own_panel
from storage import ReadOnlyStorage, StoreClosed


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
