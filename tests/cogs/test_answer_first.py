"""Answer first, then wait (cogs/answer_first.py): an interaction is
acknowledged before it waits for a lock, in the way its answer needs (a
deferred update of the clicked message, a private or public "thinking"
message), and only when it would wait; the answer then goes through its
token."""

from __future__ import annotations

import asyncio

import discord
import pytest

from cogs import answer_first
from cogs.answer_first import (
    PRIVATE,
    PUBLIC,
    UPDATE,
    acknowledge,
    announce,
    edit_clicked,
    holding,
    queued,
    send_private,
    waiting_privately,
    would_wait,
)
from tests.cogs.helpers import MockInteraction

COMMAND = discord.InteractionType.application_command


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_a_lock_just_released_to_a_waiter_would_still_make_a_taker_wait() -> None:
    lock = asyncio.Lock()
    assert not would_wait(lock)
    await lock.acquire()
    assert would_wait(lock) and not queued(lock)
    waiter = asyncio.create_task(lock.acquire())
    await settle()
    assert queued(lock)
    lock.release()  # promised to the waiter, which has not run yet
    assert not lock.locked() and would_wait(lock)
    await waiter
    lock.release()
    assert not would_wait(lock)


async def test_a_free_lock_is_taken_without_acknowledging() -> None:
    inter = MockInteraction()
    async with holding(inter, asyncio.Lock()):
        assert not inter.response.is_done()


async def test_a_click_that_must_wait_long_is_acknowledged_and_keeps_its_place(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(answer_first, "GRACE", 0.0)  # the lock is held long
    lock = asyncio.Lock()
    inter, behind = MockInteraction(), MockInteraction()
    entered: list[MockInteraction] = []

    async def click(who: MockInteraction) -> None:
        async with holding(who, lock):
            entered.append(who)

    async with lock:
        first = asyncio.create_task(click(inter))
        await settle()
        second = asyncio.create_task(click(behind))
        await settle()
        assert inter.answers() == behind.answers() == [("defer", None)] and not entered
        assert inter.response.type is discord.InteractionResponseType.deferred_message_update
    await asyncio.gather(first, second)
    assert entered == [inter, behind]  # in the order they came
    assert not lock.locked()


async def test_a_wait_within_the_grace_costs_no_acknowledgement(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(answer_first, "GRACE", 60.0)
    lock = asyncio.Lock()
    inter = MockInteraction()
    answered_inside: list[bool] = []

    async def click() -> None:
        async with holding(inter, lock):
            answered_inside.append(inter.response.is_done())

    await lock.acquire()
    task = asyncio.create_task(click())
    await settle()
    lock.release()  # the previous click is done
    await task
    assert answered_inside == [False]  # its answer is the one callback it always was
    assert not inter.response.is_done() and not lock.locked()


async def test_a_click_cancelled_while_it_waits_leaves_the_lock_to_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(answer_first, "GRACE", 0.0)
    lock = asyncio.Lock()

    async def click() -> None:
        async with holding(MockInteraction(), lock):
            pass

    async with lock:
        task = asyncio.create_task(click())
        await settle()
        task.cancel()
        await settle()
    assert task.cancelled() and not would_wait(lock)


async def test_each_answer_to_come_is_acknowledged_its_own_way() -> None:
    update, private, public = MockInteraction(), MockInteraction(), MockInteraction()
    await acknowledge(update, UPDATE)
    await acknowledge(private, PRIVATE)
    await acknowledge(public, PUBLIC)
    assert update.response.answered == [("defer", (), {})]
    assert private.response.answered == [("defer", (), {"ephemeral": True, "thinking": True})]
    assert public.response.answered == [("defer", (), {})]  # a click's: the followup is public
    assert waiting_privately(private) and not waiting_privately(update)
    command = MockInteraction(kind=COMMAND)
    await acknowledge(command, UPDATE)  # a command has no message to update
    assert command.response.answered == [("defer", (), {"ephemeral": True, "thinking": True})]
    announcing = MockInteraction(kind=COMMAND)
    await acknowledge(announcing, PUBLIC)
    assert announcing.response.answered == [("defer", (), {"ephemeral": False, "thinking": True})]
    assert not waiting_privately(announcing)
    await acknowledge(update, PRIVATE)  # answered already: nothing more
    assert len(update.response.answered) == 1


async def test_after_a_deferred_update_the_clicked_message_is_edited_through_the_token() -> None:
    fresh, deferred, answered = MockInteraction(), MockInteraction(), MockInteraction()
    assert await edit_clicked(fresh, content="a")
    assert fresh.response.answered == [("edit_message", (), {"content": "a"})]
    await acknowledge(deferred)
    assert await edit_clicked(deferred, content="b")
    deferred.edit_original_response.assert_awaited_once_with(content="b")
    await answered.response.send_message("no", ephemeral=True)
    assert not await edit_clicked(answered, content="c")
    answered.edit_original_response.assert_not_awaited()


async def test_announcements_and_private_words_go_as_followups_once_acknowledged() -> None:
    inter = MockInteraction()
    await announce(inter, "said")
    await send_private(inter, "only you")
    assert inter.response.answered == [("send_message", ("said",), {})]
    inter.followup.send.assert_awaited_once_with("only you", ephemeral=True)
    later = MockInteraction()
    await acknowledge(later)
    await announce(later, "said")
    later.followup.send.assert_awaited_once_with("said")
