"""What the bot may do where a match is shown, and what Discord's refusals mean.

Real servers take permissions away, lock or delete threads and delete
messages. The bot asks its own cache before it posts (a refused request
counts towards Discord's ban of 10,000 invalid requests in 10 minutes, so
none is sent that the cache already knows to be refused), reads each
refusal's code when the cache was wrong, and words what is missing the
way Discord's settings name it, so a host can fix it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import discord

from cogs.i18n import N_, _

#: Discord's JSON error codes the bot acts on
MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
THREAD_ARCHIVED = 50083
THREAD_LOCKED = 160005


@dataclass(frozen=True, slots=True)
class Need:
    """A permission the bot needs, with Discord's own name for it and why."""

    flag: str  # the attribute of discord.Permissions
    name: str  # as Server Settings name it (a catalogue message)
    why: str  # what it is for (a catalogue message)


VIEW = Need("view_channel", N_("View Channel"), N_("to see the channel at all"))
SEND = Need("send_messages", N_("Send Messages"), N_("the table and turn pings"))
SEND_IN_THREADS = Need(
    "send_messages_in_threads",
    N_("Send Messages in Threads"),
    N_("the table and turn pings in a match's thread"),
)
CREATE_THREADS = Need(
    "create_public_threads", N_("Create Public Threads"), N_("a thread for each match")
)
MANAGE_THREADS = Need(
    "manage_threads", N_("Manage Threads"), N_("to archive a finished match's thread")
)
EMBEDS = Need("embed_links", N_("Embed Links"), N_("the table and scores are embeds"))
FILES = Need("attach_files", N_("Attach Files"), N_("board pictures"))
HISTORY = Need(
    "read_message_history", N_("Read Message History"), N_("to find the table it posted")
)

#: every permission the bot uses in a channel where matches are played
ALL = (VIEW, SEND, SEND_IN_THREADS, CREATE_THREADS, MANAGE_THREADS, EMBEDS, FILES, HISTORY)
#: without these no table can be shown in a channel (the lobby is an answer)
FOR_TABLES = (VIEW, SEND, EMBEDS)
#: and in a thread
FOR_THREAD_TABLES = (VIEW, SEND_IN_THREADS, EMBEDS)


class Refusal(Enum):
    """What a refused REST call means for the match it was for."""

    MISSING_PERMISSION = "missing permission"  # 50013, 50001: ask a host
    GONE = "gone"  # 10008, 10003: the message or the thread was deleted
    ARCHIVED = "archived"  # 50083: unarchive the thread (or post anew)
    LOCKED = "locked"  # 160005: the thread is closed to the bot: use the channel
    OTHER = "other"


def refusal(exc: discord.HTTPException) -> Refusal:
    code = getattr(exc, "code", 0)
    if code in (MISSING_ACCESS, MISSING_PERMISSIONS):
        return Refusal.MISSING_PERMISSION
    if code in (UNKNOWN_MESSAGE, UNKNOWN_CHANNEL) or isinstance(exc, discord.NotFound):
        return Refusal.GONE
    if code == THREAD_ARCHIVED:
        return Refusal.ARCHIVED
    if code == THREAD_LOCKED:
        return Refusal.LOCKED
    return Refusal.OTHER


def lacking(permissions: discord.Permissions, needs: tuple[Need, ...]) -> list[Need]:
    """The needs that `permissions` do not grant."""
    return [need for need in needs if not getattr(permissions, need.flag)]


def in_place(client: discord.Client, guild_id: int, place_id: int) -> discord.Permissions | None:
    """The bot's permissions where a match is shown, as its cache knows
    them (None when the cache does not know the place: then act, and read
    the refusal). A locked thread takes sending away from all but those who
    may manage threads, and Discord applies that on top of the permissions."""
    guild = client.get_guild(guild_id)
    me = guild.me if guild is not None else None
    if guild is None or me is None:
        return None
    place = guild.get_channel_or_thread(place_id)
    if place is None:
        return None
    try:
        permissions = place.permissions_for(me)
    except discord.ClientException:  # a thread whose channel is not cached
        return None
    if isinstance(place, discord.Thread) and place.locked and not permissions.manage_threads:
        permissions.send_messages_in_threads = False
    return permissions


def table_needs(place_is_thread: bool) -> tuple[Need, ...]:
    return FOR_THREAD_TABLES if place_is_thread else FOR_TABLES


def report(permissions: discord.Permissions) -> str:
    """Each permission the bot uses, granted (✅) or not (❌), with what it
    is for: `/game config`'s check of the channel it is used in."""
    lines = [_("**My permissions in this channel:**")]
    for need in ALL:
        mark = "✅" if getattr(permissions, need.flag) else "❌"
        lines.append(f"{mark} {_(need.name)} — {_(need.why)}")
    return "\n".join(lines)


def words(needs: list[Need]) -> str:
    """The needs in words, Discord's names in bold: "**Send Messages** (the
    table and turn pings)", joined the current language's way."""
    return _(", ").join(
        _("**{name}** ({why})", name=_(need.name), why=_(need.why)) for need in needs
    )
