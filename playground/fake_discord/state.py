"""The fake's world: registries, message bookkeeping and change notification.

Everything the REST routes, the gateway and the tests share lives here. Any
change calls :meth:`State.touch`, which wakes every ``wait_*`` helper, so
tests wait on conditions instead of sleeping.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from . import errors
from .ids import now, snowflake
from .message_bodies import BodyApplier, UploadedFile
from .messages import EPHEMERAL, Message
from .models import AppCommand, Channel, ChannelType, Guild, Member, Perm, Role, User
from .permissions import in_channel, overwritten
from .ratelimits import RateLimits

T = TypeVar("T")


@dataclass
class RequestRecord:
    method: str
    path: str
    status: int
    code: int | None = None
    message: str | None = None
    #: a 429's X-RateLimit-Scope (user, global, shared)
    scope: str | None = None
    #: when it was answered (time.time())
    at: float = field(default_factory=time.time)

    @property
    def invalid(self) -> bool:
        """What Discord counts towards its ban of 10,000 invalid requests in 10 minutes:
        401, 403 and 429, except a 429 with ``X-RateLimit-Scope: shared``."""
        return self.status in (401, 403) or (self.status == 429 and self.scope != "shared")

    def __str__(self) -> str:
        detail = f" ({self.code}: {self.message})" if self.code is not None else ""
        return f"{self.method} {self.path} -> {self.status}{detail}"


class State:
    def __init__(self, token: str, bot_name: str):
        self.token = token
        self.base_url = ""  # set when the server starts
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.shard_count = 1  # what GET /gateway/bot recommends
        self.channels: dict[int, Channel] = {}
        self.messages: list[Message] = []
        self.commands: dict[int | None, dict[tuple[int, str], AppCommand]] = {}
        self.command_syncs: list[tuple[int | None, list[str]]] = []
        self.interactions: list[Any] = []
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[str] = []
        self.internal_errors: list[str] = []
        self.limits = RateLimits()
        #: seconds every REST answer comes back late (FakeDiscord.round_trip)
        self.latency = 0.0
        self.emit: Callable[[str, dict[str, Any], int], None] = lambda event, data, intent: None
        self.bot = self.add_user(bot_name, bot=True)
        self.owner = self.add_user("app-owner")
        self.application_id = self.bot.id  # as on Discord: the bot user id is the application id
        self.bodies = BodyApplier(
            lambda ch, att, name: f"{self.base_url}/attachments/{ch}/{att}/{name}"
        )
        self._changed: asyncio.Event | None = None
        #: counts changes: a watcher (the playground's page) asks "anything since N?"
        self.version = 0

    # -- change notification -------------------------------------------------
    def touch(self) -> None:
        self.version += 1
        if self._changed is not None:
            self._changed.set()
        self._changed = None

    async def wait_for(self, predicate: Callable[[], T], timeout: float, what: str) -> T:
        """Return ``predicate()`` once truthy; TimeoutError naming ``what`` otherwise."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                recent = "\n  ".join(str(r) for r in self.requests[-8:]) or "(none)"
                raise TimeoutError(
                    f"timed out after {timeout}s waiting for {what}; last requests:\n  {recent}"
                )
            if self._changed is None:
                self._changed = asyncio.Event()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)

    # -- users, guilds, channels ---------------------------------------------
    def add_user(self, name: str, *, bot: bool = False, locale: str = "en-US") -> User:
        user = User(snowflake(), name, bot, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(
        self, name: str, *, preferred_locale: str = "en-US", guild_id: int | None = None
    ) -> Guild:
        guild = Guild(
            guild_id or snowflake(), name, self.owner.id, preferred_locale=preferred_locale
        )
        guild.roles[guild.id] = Role(guild.id, guild.id, "@everyone", Perm.EVERYONE)
        bot_role = self.add_role(guild, self.bot.name, Perm.BOT)
        bot_role.bot_id = self.bot.id
        self.guilds[guild.id] = guild
        self.add_member(guild, self.owner)
        self.add_member(guild, self.bot, [bot_role])
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int = 0) -> Role:
        role = Role(snowflake(), guild.id, name, permissions, position=len(guild.roles))
        guild.roles[role.id] = role
        return role

    def add_member(self, guild: Guild, user: User, roles: Sequence[Role] = ()) -> Member:
        member = Member(user, guild, [r.id for r in roles])
        guild.members[user.id] = member
        return member

    def add_channel(self, guild: Guild, name: str) -> Channel:
        position = sum(
            1 for c in self.channels.values() if c.guild_id == guild.id and not c.is_thread
        )
        channel = Channel(snowflake(), ChannelType.TEXT, name, guild.id, position=position)
        self.channels[channel.id] = channel
        return channel

    def create_thread(
        self,
        parent: Channel,
        name: str,
        *,
        thread_id: int | None = None,
        private: bool = False,
        auto_archive_duration: int = 1440,
    ) -> Channel:
        if parent.is_dm or parent.is_thread:
            raise errors.DiscordError(400, 50024, "Cannot execute action on this channel type")
        kind = ChannelType.PRIVATE_THREAD if private else ChannelType.PUBLIC_THREAD
        thread = Channel(
            thread_id or snowflake(),
            kind,
            name,
            parent.guild_id,
            parent.id,
            self.bot.id,
            auto_archive_duration=auto_archive_duration,
        )
        thread.thread_members[self.bot.id] = now()
        self.channels[thread.id] = thread
        self.touch()
        return thread

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.is_dm and channel.recipient is user:
                return channel
        channel = Channel(snowflake(), ChannelType.DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    # -- permissions -------------------------------------------------------------
    def permissions(self, user: User, channel: Channel, *, implicit: bool = True) -> int:
        """``user``'s permissions in a guild channel or thread, overwrites included (and
        implicit permissions, unless ``implicit=False``: what interactions carry)."""
        if channel.guild_id is None:
            return Perm.EVERYONE
        member = self.guilds[channel.guild_id].members[user.id]
        compute = in_channel if implicit else overwritten
        return compute(member, channel, self.channels)

    def bot_permissions(self, channel: Channel) -> int:
        return self.permissions(self.bot, channel)

    def bot_sees(self, event: str, data: dict[str, Any]) -> bool:
        """Whether Discord sends the bot this event: nothing about messages or threads of a
        channel it cannot view (channel and role events always: bots get every channel)."""
        if event.startswith(("MESSAGE_", "TYPING_")):
            channel = self.channels.get(int(data.get("channel_id") or 0))
        elif event.startswith("THREAD_") and event != "THREAD_LIST_SYNC":
            channel = self.channels.get(int(data.get("id") or 0))
        else:
            return True
        if channel is None or channel.guild_id is None:
            return True
        return bool(self.bot_permissions(channel) & Perm.VIEW_CHANNEL)

    def set_thread(
        self, thread: Channel, *, archived: bool | None = None, locked: bool | None = None
    ) -> None:
        """Archive/unarchive or lock/unlock a thread, with the gateway events Discord sends:
        THREAD_UPDATE, and when it is unarchived THREAD_MEMBER_UPDATE for the bot."""
        was_archived = thread.archived
        if archived is not None:
            thread.archived = archived
            thread.archive_changed_at = now()
        if locked is not None:
            thread.locked = locked
        self.emit("THREAD_UPDATE", thread.payload(me_id=self.bot.id), 1)
        if was_archived and not thread.archived and self.bot.id in thread.thread_members:
            member = dict(thread.thread_member_payload(self.bot.id), guild_id=str(thread.guild_id))
            self.emit("THREAD_MEMBER_UPDATE", member, 1)
        self.touch()

    def delete_channel(self, channel: Channel) -> dict[str, Any]:
        """Delete a channel (and its threads) or a thread: CHANNEL_DELETE / THREAD_DELETE;
        from now on its id answers 404 10003 Unknown Channel."""
        channel.deleted = True
        for thread in self.channels.values():
            if thread.parent_id == channel.id:
                thread.deleted = True
        data = channel.payload(me_id=self.bot.id)
        self.emit("THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", data, 1)
        self.touch()
        return data

    # -- lookups that fail the way Discord does --------------------------------
    def user(self, user_id: Any) -> User:
        try:
            return self.users[int(user_id)]
        except (KeyError, ValueError):
            raise errors.unknown("User") from None

    def guild(self, guild_id: Any) -> Guild:
        try:
            return self.guilds[int(guild_id)]
        except (KeyError, ValueError):
            raise errors.unknown("Guild") from None

    def channel(self, channel_id: Any) -> Channel:
        try:
            channel = self.channels[int(channel_id)]
        except (KeyError, ValueError):
            raise errors.unknown("Channel") from None
        if channel.deleted:
            raise errors.unknown("Channel")
        return channel

    def find_message(
        self, message_id: Any, *, channel: Channel | None = None, ephemeral_ok: bool = False
    ) -> Message:
        try:
            wanted = int(message_id)
        except ValueError:
            raise errors.unknown("Message") from None
        for msg in reversed(self.messages):
            if msg.id == wanted or wanted in msg.aliases:
                if msg.deleted or (channel is not None and msg.channel_id != channel.id):
                    break
                if msg.ephemeral and not ephemeral_ok:
                    break
                return msg
        raise errors.unknown("Message")

    # -- messages ----------------------------------------------------------------
    def render(self, msg: Message) -> dict[str, Any]:
        data = msg.payload(application_id=self.application_id)
        data["mentions"] = [
            self.users[i].payload() for i in dict.fromkeys(msg.mentioned_ids) if i in self.users
        ]
        if msg.thread_id is not None and msg.thread_id in self.channels:
            data["thread"] = self.channels[msg.thread_id].payload(me_id=self.bot.id)
        return data

    def create_message(
        self,
        channel: Channel,
        author: User,
        body: dict[str, Any],
        files: Sequence[UploadedFile] = (),
        *,
        interaction: Any = None,
        via: str = "channel",
        flags: int = 0,
    ) -> Message:
        """Validate and store a new message; Discord's errors propagate as DiscordError."""
        if (
            channel.is_dm
            and author is self.bot
            and not (channel.recipient and channel.recipient.dms_open)
        ):
            raise errors.cannot_dm()
        msg = Message(
            snowflake(),
            channel.id,
            channel.guild_id,
            author,
            flags=flags,
            interaction=interaction,
            via=via,
        )
        self.bodies.apply(msg, body, list(files), creating=True)
        if msg.ephemeral:
            if interaction is None:
                msg.flags &= ~EPHEMERAL  # only interaction messages can be ephemeral
            else:
                msg.visible_to = interaction.user.id
        if interaction is not None and interaction.type == 2 and via == "response":
            msg.type = 20
        self.messages.append(msg)
        if not msg.ephemeral:
            channel.last_message_id = msg.id
            if channel.is_thread:
                channel.message_count += 1
                if channel.archived:  # posting into an archived thread unarchives it
                    self.set_thread(channel, archived=False)
            self._emit_message("MESSAGE_CREATE", msg, channel)
        self.touch()
        return msg

    def create_loading_message(self, interaction: Any, flags: int) -> Message:
        """The "Bot is thinking..." placeholder of a deferred response (exempt from the
        empty check)."""
        channel = interaction.channel
        msg = Message(
            snowflake(),
            channel.id,
            channel.guild_id,
            self.bot,
            flags=flags,
            interaction=interaction,
            via="response",
            type=20 if interaction.type == 2 else 0,
        )
        self.messages.append(msg)
        if msg.ephemeral:
            msg.visible_to = interaction.user.id
        else:
            channel.last_message_id = msg.id
            self._emit_message("MESSAGE_CREATE", msg, channel)
        self.touch()
        return msg

    def edit_message(
        self, msg: Message, body: dict[str, Any], files: Sequence[UploadedFile] = ()
    ) -> Message:
        before = msg.snapshot()
        self.bodies.apply(msg, body, list(files), creating=False)
        msg.history.append(before)
        if not msg.ephemeral:
            self._emit_message("MESSAGE_UPDATE", msg, self.channels.get(msg.channel_id))
        self.touch()
        return msg

    def delete_message(self, msg: Message) -> None:
        msg.deleted = True
        channel = self.channels.get(msg.channel_id)
        if channel is not None and channel.is_thread and not msg.ephemeral:
            channel.message_count = max(channel.message_count - 1, 0)
        if not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            if msg.guild_id:
                data["guild_id"] = str(msg.guild_id)
            self.emit("MESSAGE_DELETE", data, self._message_intent(msg))
        self.touch()

    def _emit_message(self, event: str, msg: Message, channel: Channel | None) -> None:
        data = self.render(msg)
        if (
            channel is not None
            and msg.guild_id is not None
            and msg.author.id in self.guilds[msg.guild_id].members
        ):
            member = self.guilds[msg.guild_id].members[msg.author.id].payload()
            member.pop("user")
            data["member"] = member
        self.emit(event, data, self._message_intent(msg))

    @staticmethod
    def _message_intent(msg: Message) -> int:
        return 1 << 9 if msg.guild_id is not None else 1 << 12  # GUILD_MESSAGES / DIRECT_MESSAGES

    # -- commands ------------------------------------------------------------------
    def sync_commands(
        self, guild_id: int | None, payload: list[dict[str, Any]]
    ) -> list[AppCommand]:
        """Bulk overwrite as Discord does: same name keeps its id, version bumps."""
        old = self.commands.get(guild_id, {})
        new = {}
        for data in payload:
            key = (data.get("type", 1), data["name"])
            previous = old.get(key)
            cmd_id = previous.id if previous else snowflake()
            version = snowflake() if previous is None or previous.data != data else previous.version
            new[key] = AppCommand(cmd_id, self.application_id, guild_id, data, version)
        self.commands[guild_id] = new
        self.command_syncs.append((guild_id, sorted(name for _, name in new)))
        self.touch()
        return list(new.values())
