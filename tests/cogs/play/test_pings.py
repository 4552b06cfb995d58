"""Turn pings are for running matches only (issue 27): a match cancelled
after it was loaded gets none, a ping posted while the match was being
cancelled is removed, and a cancel withdraws the match's last ping, posted
or stored. A running match's ping stays until the next one replaces it."""

from __future__ import annotations

import asyncio
from typing import Any

from cogs.play.tables import Tables
from storage import LoadedMatch, Store
from tests.cogs.helpers import CHANNEL_ID, MockMessage
from tests.cogs.matches import ALICE, BOB, new_tables, started


async def running(store: Store) -> tuple[Tables, LoadedMatch, Any]:
    """Alice and Bob at Keltis, loaded; the pings' place (the match's channel)."""
    match_id = await started(store, "keltis", [ALICE, BOB])
    tables = new_tables(store)
    return tables, await store.load(match_id), tables.pings.bot.get_partial_messageable(CHANNEL_ID)


def deleted(channel: Any, message_id: int) -> bool:
    return channel.get_partial_message(message_id).delete.await_count > 0


async def test_a_running_matchs_ping_is_posted_and_stays(store: Store) -> None:
    tables, loaded, channel = await running(store)
    await tables.pings.notify(loaded, frozenset({ALICE}))
    channel.send.assert_awaited_once()
    ping = tables.pings.unstored(loaded.id)
    assert ping is not None and not deleted(channel, ping.message_id)


async def test_no_ping_for_a_match_cancelled_since_it_was_loaded(store: Store) -> None:
    tables, loaded, channel = await running(store)
    await store.cancel(loaded.id)
    await tables.pings.notify(loaded, frozenset({ALICE}))
    await tables.pings.notify(loaded, frozenset({ALICE}), reminder=True)
    channel.send.assert_not_awaited()
    assert tables.pings.unstored(loaded.id) is None


async def test_a_ping_posted_while_the_match_was_cancelled_is_removed(store: Store) -> None:
    tables, loaded, channel = await running(store)
    posted = MockMessage()

    async def cancelled_meanwhile(*args: Any, **kwargs: Any) -> MockMessage:
        await store.cancel(loaded.id)  # a host's /game cancel, committed during the post
        return posted

    channel.send.side_effect = cancelled_meanwhile
    await tables.pings.notify(loaded, frozenset({ALICE}))
    channel.send.assert_awaited_once()
    assert deleted(channel, posted.id)
    assert tables.pings.unstored(loaded.id) is None  # nor stored at shutdown


async def test_a_cancel_withdraws_the_last_ping_posted_or_stored(store: Store) -> None:
    tables, loaded, channel = await running(store)
    await tables.pings.notify(loaded, frozenset({ALICE}))
    ping = tables.pings.unstored(loaded.id)
    assert ping is not None
    await store.cancel(loaded.id)
    await tables.pings.withdraw(loaded.id)  # the cancel came after the ping looked
    assert deleted(channel, ping.message_id) and tables.pings.unstored(loaded.id) is None

    other_tables, other, _ = await running(store)
    await store.set_message(other.id, "ping", CHANNEL_ID, 4242)  # stored with a move
    await store.cancel(other.id)
    await other_tables.pings.withdraw(other.id)
    assert deleted(other_tables.pings.bot.get_partial_messageable(CHANNEL_ID), 4242)


async def finished(store: Store) -> tuple[Tables, LoadedMatch, Any]:
    """A rated match between Alice and Bob, over (Bob conceded), not wrapped up."""
    tables, loaded, channel = await running(store)
    assert loaded.match is not None
    await store.commit(loaded.id, loaded.match, loaded.match.concede(1, loaded.match.seq))
    return tables, await store.load(loaded.id), channel


async def test_a_wrap_up_tells_the_ratings_once_and_is_recorded(store: Store) -> None:
    tables, loaded, channel = await finished(store)
    await tables.pings.wrap_up(loaded)
    [(text,), _] = channel.send.await_args
    assert "→" in text  # "+34 → 1,534"
    assert await store.message(loaded.id, "ratings") is not None
    assert await store.message(loaded.id, "closed") is not None
    assert await store.unclosed_matches() == []
    await tables.pings.wrap_up(loaded)  # again (a start after a crash in between)
    channel.send.assert_awaited_once()


async def test_a_start_wraps_up_a_match_the_last_process_left_unwrapped(store: Store) -> None:
    """The process stopped between the last move's table and its wrap-up:
    the next start shows the final table and wraps the match up."""
    _, loaded, _ = await finished(store)
    done, done_loaded, _ = await finished(store)
    await done.pings.wrap_up(done_loaded)  # wrapped up before the stop
    restarted = new_tables(store)
    shown: list[int] = []

    async def show(match_id: int, **kwargs: Any) -> None:
        shown.append(match_id)

    restarted.editor.show = show  # type: ignore[method-assign]
    await restarted.resume()
    await asyncio.gather(*restarted._wrapping)
    assert shown == [loaded.id]
    assert await store.message(loaded.id, "closed") is not None
    assert await store.unclosed_matches() == []
