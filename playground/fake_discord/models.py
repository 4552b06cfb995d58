"""The fake's records: users, roles, members, guilds, channels, synced commands.

Each record renders itself as the JSON payload discord.py expects (the
``payload()`` methods); the key sets follow what discord.py 2.7 reads, so a
missing key here shows up as a KeyError inside the bot, not in the fake.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .ids import iso, now, snowflake_time


class Perm:
    """Permission bits the fake cares about (Discord's values, developers/topics/permissions)."""

    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    SEND_MESSAGES_IN_THREADS = 1 << 38
    ALL = (1 << 51) - 1

    EVERYONE = (
        VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | ADD_REACTIONS
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS
    )
    BOT = EVERYONE | MANAGE_THREADS | CREATE_PRIVATE_THREADS | MANAGE_MESSAGES | MENTION_EVERYONE
    #: what a channel's SEND_MESSAGES (a thread's SEND_MESSAGES_IN_THREADS) implicitly takes away
    #: when it is missing (developers/topics/permissions, "Implicit Permissions")
    NEEDS_SEND = EMBED_LINKS | ATTACH_FILES | MENTION_EVERYONE | SEND_TTS_MESSAGES


class ChannelType:
    TEXT = 0
    DM = 1
    PUBLIC_THREAD = 11
    PRIVATE_THREAD = 12
    THREADS = (10, 11, 12)


@dataclass(eq=False)
class User:
    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    #: the language of the user's Discord client, sent with each interaction
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass(eq=False)
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> dict[str, Any]:
        data = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.bot_id is not None,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class Overwrite:
    """A channel permission overwrite: for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    ROLE, MEMBER = 0, 1

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass(eq=False)
class Member:
    user: User
    guild: Guild
    role_ids: list[int] = field(default_factory=list)
    joined_at: datetime = field(default_factory=now)

    def permissions(self) -> int:
        """Guild-level permissions (Discord's ``compute_base_permissions``); a channel's
        overwrites come on top: :func:`permissions.in_channel`."""
        guild = self.guild
        if self.user.id == guild.owner_id:
            return Perm.ALL
        value = guild.roles[guild.id].permissions
        for role_id in self.role_ids:
            value |= guild.roles[role_id].permissions
        return Perm.ALL if value & Perm.ADMINISTRATOR else value

    def payload(self, *, with_permissions: bool = False) -> dict[str, Any]:
        data = {
            "user": self.user.payload(),
            "roles": [str(r) for r in self.role_ids],
            "nick": None,
            "avatar": None,
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_permissions:
            data["permissions"] = str(self.permissions())
        return data


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner_id: int
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    #: the server's language (Server Settings, Community), sent as guild_locale
    preferred_locale: str = "en-US"

    @property
    def everyone(self) -> Role:
        """The @everyone role (its id is the guild's)."""
        return self.roles[self.id]

    def payload(self) -> dict[str, Any]:
        """Static guild fields; the gateway adds channels, threads and members."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "max_members": 500000,
        }


@dataclass(eq=False)
class Channel:
    """A text channel, thread or DM channel."""

    id: int
    type: int
    name: str = ""
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: User | None = None
    position: int = 0
    topic: str | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    thread_members: dict[int, datetime] = field(default_factory=dict)
    message_count: int = 0
    last_message_id: int | None = None
    deleted: bool = False
    #: when the thread was last archived or unarchived (its archive_timestamp)
    archive_changed_at: datetime | None = None
    #: permission overwrites by role or user id (text channels; threads take their parent's)
    overwrites: dict[int, Overwrite] = field(default_factory=dict)

    @property
    def is_thread(self) -> bool:
        return self.type in ChannelType.THREADS

    @property
    def is_dm(self) -> bool:
        return self.type == ChannelType.DM

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self, *, me_id: int | None = None) -> dict[str, Any]:
        last = None if self.last_message_id is None else str(self.last_message_id)
        if self.is_dm:
            return {
                "id": str(self.id),
                "type": self.type,
                "last_message_id": last,
                "flags": 0,
                "recipients": [self.recipient.payload()] if self.recipient else [],
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "last_message_id": last,
            "rate_limit_per_user": 0,
            "flags": 0,
            "nsfw": False,
            "parent_id": None if self.parent_id is None else str(self.parent_id),
        }
        if not self.is_thread:
            data.update(
                position=self.position,
                topic=self.topic,
                permission_overwrites=[o.payload() for o in self.overwrites.values()],
            )
            return data
        created = snowflake_time(self.id)
        data.update(
            owner_id=str(self.owner_id),
            message_count=self.message_count,
            total_message_sent=self.message_count,
            member_count=len(self.thread_members),
            thread_metadata={
                "archived": self.archived,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": iso(self.archive_changed_at or created),
                "locked": self.locked,
                "invitable": True,
                "create_timestamp": iso(created),
            },
        )
        if me_id is not None and me_id in self.thread_members:
            data["member"] = self.thread_member_payload(me_id)
        return data

    def __repr__(self) -> str:
        kind = {0: "text", 1: "dm", 11: "thread", 12: "private-thread"}.get(self.type, self.type)
        return f"<Channel {kind} {self.id} {self.name or self.recipient!r}>"

    def thread_member_payload(self, user_id: int) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "user_id": str(user_id),
            "join_timestamp": iso(self.thread_members[user_id]),
            "flags": 0,
        }


@dataclass(eq=False)
class AppCommand:
    """A synced application command as stored after a bulk overwrite."""

    id: int
    application_id: int
    guild_id: int | None
    data: dict[str, Any]
    version: int

    @property
    def name(self) -> str:
        return self.data["name"]

    def payload(self) -> dict[str, Any]:
        data = copy.deepcopy(self.data)
        data.setdefault("type", 1)
        data.setdefault("description", "")
        data.setdefault("options", [])
        data.setdefault("default_member_permissions", None)
        data.setdefault("nsfw", False)
        data.update(
            id=str(self.id), application_id=str(self.application_id), version=str(self.version)
        )
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        return data
