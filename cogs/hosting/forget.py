"""`/game config forget:yes`: a server has all its game data deleted at once.

Only members with Manage Server may ask, and nothing happens before they
press Yes on a private confirmation. The confirmation's custom_id names its
server and the time it was issued, so it survives a restart, works only in
its own server and expires with the interaction token (15 minutes).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Protocol

import discord

from cogs.clock import Clock
from cogs.component_table import Spec, components, number, one_of
from cogs.components import served
from cogs.i18n import N_, _
from cogs.replies import say
from storage import Store

log = logging.getLogger(__name__)

CONFIRM_TTL = 15 * 60  # seconds; Discord lets an ephemeral message be edited this long

ASK = N_(
    "⚠️ This deletes **all** of this server's game data at once: every match (lobbies, "
    "running and finished ones, with their moves), the history, stats and leaderboards, "
    "and the server's game settings. It cannot be undone.\n\nDelete everything now?"
)
ONLY_MANAGERS = N_("Only members with Manage Server can have this server's game data deleted.")
WRONG_SERVER = N_("That confirmation belongs to another server; nothing was deleted.")
KEPT = N_("Nothing was deleted.")
EXPIRED = N_(
    "That confirmation has expired; nothing was deleted. "
    "Run `/game config forget:yes` again if you still want it."
)
DONE = N_(
    "Done: I deleted this server's game data ({removed} match(es), the history and the "
    "server's settings). Old tables and buttons no longer do anything."
)


class BotSeats(Protocol):
    async def stop_matches(self, match_ids: Iterable[int]) -> None: ...


class ForgetDesk(Protocol):
    """The services the confirmation uses."""

    @property
    def clock(self) -> Clock: ...

    @property
    def store(self) -> Store: ...

    @property
    def seats(self) -> BotSeats: ...


def desk(interaction: discord.Interaction) -> ForgetDesk:
    return served(interaction)


def may_forget(member) -> bool:
    perms = getattr(member, "guild_permissions", None)
    return bool(perms and (perms.manage_guild or perms.administrator))


async def ask(interaction: discord.Interaction) -> None:
    """The private Yes/No question (after checking the asker's rights)."""
    if not may_forget(interaction.user):
        await say(interaction, ONLY_MANAGERS)
        return
    guild_id = interaction.guild_id
    assert guild_id is not None  # /game runs in servers only (cogs/game_group.py)
    issued = int(desk(interaction).clock.time())
    view = discord.ui.View(timeout=None)
    for answer in ("yes", "no"):
        view.add_item(ForgetButton(guild_id, issued, answer))
    await interaction.response.send_message(_(ASK), view=view, ephemeral=True)


LABELS = {"yes": N_("Yes, delete everything"), "no": N_("No, keep it")}
STYLES = {"yes": discord.ButtonStyle.danger, "no": discord.ButtonStyle.secondary}


def _answer(custom_id: str, carried: dict) -> discord.ui.Button:
    answer = carried["answer"]
    return discord.ui.Button(label=_(LABELS[answer]), style=STYLES[answer], custom_id=custom_id)


#: the confirmation's buttons: name, prefix, the fields of the custom_id,
#: kind, what a click does, how it looks
TABLE = (
    Spec(
        "ForgetButton",
        "forget",
        (number("guild_id", 20), number("issued", 12), one_of("answer", "yes", "no")),
        discord.ui.Button,
        lambda i, c: answered(i, c.guild_id, c.issued, c.answer),
        _answer,
    ),
)


async def answered(
    interaction: discord.Interaction, guild_id: int, issued: int, answer: str
) -> None:
    """Yes deletes (if still valid here and for this member); No keeps."""
    services = desk(interaction)
    if interaction.guild_id != guild_id:
        await say(interaction, WRONG_SERVER)
    elif not may_forget(interaction.user):
        await say(interaction, ONLY_MANAGERS)
    elif answer != "yes":
        await conclude(interaction, KEPT)
    elif not 0 <= services.clock.time() - issued <= CONFIRM_TTL:
        await conclude(interaction, EXPIRED)
    else:
        doomed = await services.store.live_matches(guild_id=guild_id)
        await services.seats.stop_matches([info.id for info in doomed])
        removed = await services.store.delete_guild(guild_id)
        log.info(
            "server %s asked to be forgotten: deleted %d match(es) and its settings",
            guild_id,
            removed,
        )
        await conclude(interaction, _(DONE, removed=removed))


async def conclude(interaction: discord.Interaction, text: str) -> None:
    """Replace the confirmation, the clicker's own private message, with the
    outcome; a click claiming to come from any other message gets a new one."""
    message = interaction.message
    if message is not None and message.flags.ephemeral and not interaction.response.is_done():
        await interaction.response.edit_message(content=_(text), view=None)
    else:
        await say(interaction, text)


(ForgetButton,) = components(TABLE, __name__)
