"""A member's permissions in a channel or thread, computed as Discord documents it.

developers/topics/permissions: the guild's base permissions (owner: all;
@everyone's plus the member's roles; ADMINISTRATOR: all), then the channel's
overwrites in Discord's order (@everyone deny, allow; the member's roles'
denies, allows; the member's own deny, allow). A thread has no overwrites of
its own: it takes its parent channel's, with SEND_MESSAGES_IN_THREADS in the
role SEND_MESSAGES plays in a channel. "Implicit permissions": without
VIEW_CHANNEL nothing else in the channel counts; without the right to send,
EMBED_LINKS, ATTACH_FILES, MENTION_EVERYONE and SEND_TTS_MESSAGES do not
count either. discord.py's ``permissions_for`` computes the same from the
payloads the fake sends, which the tests check.
"""

from __future__ import annotations

from collections.abc import Mapping

from .models import Channel, ChannelType, Member, Overwrite, Perm


def overwritten(member: Member, channel: Channel, channels: Mapping[int, Channel]) -> int:
    """Base permissions with the channel's (a thread: its parent's) overwrites applied,
    before implicit permissions: what interactions carry as ``app_permissions``."""
    base = member.permissions()
    if base & Perm.ADMINISTRATOR:
        return Perm.ALL
    target = channels.get(channel.parent_id or 0) if channel.is_thread else channel
    if target is None:
        return base
    value = base
    everyone = target.overwrites.get(member.guild.id)
    if everyone is not None and everyone.type == Overwrite.ROLE:
        value = (value & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role_id in member.role_ids:
        found = target.overwrites.get(role_id)
        if found is not None and found.type == Overwrite.ROLE:
            allow |= found.allow
            deny |= found.deny
    value = (value & ~deny) | allow
    own = target.overwrites.get(member.user.id)
    if own is not None and own.type == Overwrite.MEMBER:
        value = (value & ~own.deny) | own.allow
    return value


def in_channel(member: Member, channel: Channel, channels: Mapping[int, Channel]) -> int:
    """What ``member`` may actually do in ``channel``: overwrites plus implicit permissions
    (0 where the channel cannot be seen, as for a private thread it is not in)."""
    value = overwritten(member, channel, channels)
    if value & Perm.ADMINISTRATOR:
        return Perm.ALL
    if not value & Perm.VIEW_CHANNEL:
        return 0
    if (
        channel.type == ChannelType.PRIVATE_THREAD
        and member.user.id not in channel.thread_members
        and not value & Perm.MANAGE_THREADS
    ):
        return 0
    send = Perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else Perm.SEND_MESSAGES
    if not value & send:
        value &= ~Perm.NEEDS_SEND
    return value
