"""Answer first, then wait (DESIGN.md, "Work off the event loop"): a click
is acknowledged before it waits long for a match's lock, a sign-up's lock
or a player's panel lock, so a burst of clicks on one match is answered within
Discord's 3 s even while the clicks queue; the outcome follows through the
interaction's token (valid 15 minutes).

When the lock is free, nothing changes: the handler answers as it always
did (the edited panel, in the same callback), and so it does when the lock
comes free within GRACE (a quick succession of clicks). When the wait is
longer, the interaction is acknowledged first, in a way that fits the
answer to come:

- UPDATE: the answer edits the clicked message (the clicker's own panel, a
  lobby, a sign-up) or shows nothing (the table shows the move). A click
  gets a deferred update, which the user does not see; the clicked message
  is then edited through `Interaction.edit_original_response` (a deferred
  update's original response is the clicked message: `edit_clicked`), and
  anything said goes as an ephemeral followup (`replies.say`).
- PRIVATE: the answer is a new private message (a panel opened from the
  table or a turn ping): an ephemeral "thinking" message, which the answer
  replaces (`waiting_privately`), so the panel is the interaction's own
  original response and can be kept current through it.
- PUBLIC: the answer is a new public message (an announcement). A click
  gets a deferred update and the announcement a public followup
  (`announce`), refusals still private; a command gets a public "thinking"
  message, which the announcement replaces, so only a command that refuses
  nothing after its wait may use it.

A command has no clicked message: UPDATE acknowledges it as PRIVATE does.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

import discord

#: what the answer to an acknowledged interaction will be (see the module's doc)
Answer = Literal["update", "private", "public"]
UPDATE: Answer = "update"
PRIVATE: Answer = "private"
PUBLIC: Answer = "public"

#: seconds a click may wait for a lock before it is acknowledged: a wait
#: this short (the previous click's answer still on its way to Discord)
#: costs no acknowledgement of its own, and the answer is the one callback
#: it always was; a longer one (a queue of clicks, a slow holder) is
#: acknowledged at GRACE, far within Discord's 3 s
GRACE = 0.25

#: `Interaction.extras` key: acknowledged with an ephemeral "thinking"
#: message, which the answer replaces (`waiting_privately`)
THINKING_PRIVATELY = "gamehost.thinking_privately"

#: the interaction types whose acknowledgement may be a deferred update
#: (Discord allows it for a click and for a modal's submission)
UPDATABLE = (discord.InteractionType.component, discord.InteractionType.modal_submit)


def queued(lock: asyncio.Lock) -> bool:
    """Do others queue for `lock` (its holder aside)?"""
    waiters = getattr(lock, "_waiters", None) or ()
    return any(not waiter.cancelled() for waiter in waiters)


def would_wait(lock: asyncio.Lock) -> bool:
    """Would taking `lock` now wait? It is held, or others queue for it (a
    lock just released stays promised to its first waiter, so `locked()`
    alone is False for a moment while a taker would still queue)."""
    return lock.locked() or queued(lock)


async def acknowledge(interaction: discord.Interaction, answer: Answer = UPDATE) -> None:
    """Acknowledge the interaction (unless it is answered already) in the way
    that fits the `answer` to come; the answer then follows through its
    token."""
    response = interaction.response
    if response.is_done():
        return
    if interaction.type in UPDATABLE and answer != PRIVATE:
        await response.defer()  # a deferred update: the clicked message stays as it is
        return
    private = answer != PUBLIC
    await response.defer(ephemeral=private, thinking=True)
    if private:
        interaction.extras[THINKING_PRIVATELY] = True


@asynccontextmanager
async def holding(
    interaction: discord.Interaction, lock: asyncio.Lock, answer: Answer = UPDATE
) -> AsyncIterator[None]:
    """`lock`, held for the block. A click that finds it taken keeps its
    place in the queue; if the lock is not its own within GRACE seconds, the
    click is acknowledged (see `acknowledge`) and waits on."""
    if not would_wait(lock):
        await lock.acquire()
    else:
        acquiring = asyncio.ensure_future(lock.acquire())
        try:
            done, _pending = await asyncio.wait({acquiring}, timeout=GRACE)
            if not done:
                await acknowledge(interaction, answer)
                await acquiring
        except BaseException:  # cancelled, or the acknowledgement failed
            if acquiring.done() and not acquiring.cancelled():
                lock.release()  # it was taken meanwhile
            else:
                acquiring.cancel()
            raise
    try:
        yield
    finally:
        lock.release()


def waiting_privately(interaction: discord.Interaction) -> bool:
    """Was the interaction acknowledged with an ephemeral "thinking" message
    (PRIVATE), which its answer replaces through `edit_original_response`?"""
    return interaction.extras.get(THINKING_PRIVATELY) is True


def deferred_update(interaction: discord.Interaction) -> bool:
    """Was the interaction acknowledged with a deferred update (its original
    response is then the clicked message)?"""
    return interaction.response.type is discord.InteractionResponseType.deferred_message_update


async def edit_clicked(interaction: discord.Interaction, **fields: Any) -> bool:
    """Edit the clicked message (the caller checked it is one the click may
    rewrite): the interaction's answer, or after a deferred update through
    its token. False when the interaction was answered otherwise (nothing
    edited)."""
    if not interaction.response.is_done():
        await interaction.response.edit_message(**fields)
        return True
    if deferred_update(interaction):
        await interaction.edit_original_response(**fields)
        return True
    return False


async def announce(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """A public message in answer: the interaction's response, or (once it
    was acknowledged) a followup, public (a click's deferred update) or in
    place of the public "thinking" message (a command's)."""
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


async def send_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """A private message in answer (with components, which `replies.say`
    does not send), whether or not the interaction was acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)
