"""FakeDiscord: the aiohttp server plus the API tests drive it with."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from aiohttp import web

from .app import API, build_app
from .commands import CommandNotAvailable, build_command_data
from .gateway import Gateway, Session
from .ids import snowflake_in_shard
from .interactions import (
    AUTOCOMPLETE,
    COMMAND,
    COMPONENT,
    MODAL_SUBMIT,
    Interaction,
    component_data,
    modal_submit_data,
)
from .messages import Message
from .models import Channel, Guild, Member, Overwrite, Perm, Role, User
from .ratelimits import EDITS, SENDS
from .rest import RestRoutes
from .state import RequestRecord, State
from .webhooks import WebhookRoutes

T = TypeVar("T")
GUILDS_INTENT, GUILD_MEMBERS_INTENT = 1 << 0, 1 << 1


def _bits(perms: tuple[int, ...]) -> int:
    if not perms:
        raise TypeError("name at least one permission, e.g. Perm.SEND_MESSAGES")
    value = 0
    for bit in perms:
        value |= bit
    return value


class FakeDiscord:
    """A local Discord (REST v10 + gateway) for one bot application.

    ``callback_deadline`` is Discord's 3 s limit for the first answer; a later
    callback gets Discord's "Unknown interaction" (set ``None`` to disable).
    """

    def __init__(
        self,
        token: str = "fake-bot-token",
        *,
        bot_name: str = "GameBot",
        callback_deadline: float | None = 3.0,
    ):
        self.base_url = self.gateway_url = ""
        self.state = State(token, bot_name)
        self.gateway = Gateway(self.state, lambda: self.gateway_url)
        self.state.emit = self.gateway.broadcast
        self.webhooks = WebhookRoutes(self.state, callback_deadline)
        self._rest = RestRoutes(self.state, lambda: self.gateway_url)
        self._runner: web.AppRunner | None = None
        self._everywhere: dict[User, bool] = {}  # users joining future guilds -> manage_guild

    # -- lifecycle -----------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> FakeDiscord:
        app = build_app(self.state, self.gateway, self._rest, self.webhooks)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, host, port).start()
        bound_host, bound_port = self._runner.addresses[0][:2]
        self.base_url = self.state.base_url = f"http://{bound_host}:{bound_port}"
        self.gateway_url = f"ws://{bound_host}:{bound_port}/gateway"
        return self

    async def stop(self) -> None:
        for session in list(self.gateway.sessions):
            await session.ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    @property
    def token(self) -> str:
        return self.state.token

    @property
    def api_base(self) -> str:
        return self.base_url + API

    @property
    def bot(self) -> User:
        return self.state.bot

    @property
    def application_id(self) -> int:
        return self.state.application_id

    def env(self) -> dict[str, str]:
        """Environment for a bot process: token and the two redirections."""
        return {
            "DISCORD_TOKEN": self.token,
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_GATEWAY_URL": self.gateway_url,
        }

    # -- the world -----------------------------------------------------------------
    def add_guild(
        self,
        name: str = "Test Server",
        *,
        preferred_locale: str = "en-US",
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A guild with the bot in it (a connected bot gets its GUILD_CREATE, as after an invite);
        ``preferred_locale`` is the server's language (sent as the interactions' guild_locale);
        ``shard=(k, n)`` gives it an id that Discord routes to shard k of n."""
        guild_id = snowflake_in_shard(*shard) if shard is not None else None
        guild = self.state.add_guild(name, preferred_locale=preferred_locale, guild_id=guild_id)
        for user, manage_guild in self._everywhere.items():
            self.state.add_member(
                guild, user, [self._moderator_role(guild)] if manage_guild else []
            )
        self.gateway.announce_guild(guild)
        return guild

    def add_text_channel(self, guild: Guild, name: str) -> Channel:
        channel = self.state.add_channel(guild, name)
        self.gateway.broadcast("CHANNEL_CREATE", channel.payload(), GUILDS_INTENT)
        return channel

    def add_role(self, guild: Guild, name: str, *, permissions: int = 0) -> Role:
        role = self.state.add_role(guild, name, permissions)
        self.gateway.broadcast(
            "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}, GUILDS_INTENT
        )
        return role

    def add_user(
        self,
        name: str,
        *,
        bot: bool = False,
        guilds: Iterable[Guild] | None = None,
        manage_guild: bool = False,
        roles: Iterable[Role] = (),
        locale: str = "en-US",
    ) -> User:
        """A user who is a member of ``guilds`` (default: every guild, present and future).

        ``manage_guild`` gives them a "Moderator" role with Manage Server; ``locale`` is their
        Discord client's language, sent with their interactions (``user.locale`` may be changed).
        """
        user = self.state.add_user(name, bot=bot, locale=locale)
        if guilds is None:
            self._everywhere[user] = manage_guild
        for guild in self.state.guilds.values() if guilds is None else guilds:
            member_roles = [r for r in roles if r.guild_id == guild.id]
            if manage_guild:
                member_roles.append(self._moderator_role(guild))
            self._join(guild, user, member_roles)
        return user

    def _moderator_role(self, guild: Guild) -> Role:
        found = next((r for r in guild.roles.values() if r.name == "Moderator"), None)
        return found or self.add_role(guild, "Moderator", permissions=Perm.MANAGE_GUILD)

    def _join(self, guild: Guild, user: User, roles: list[Role]) -> Member:
        member = self.state.add_member(guild, user, roles)
        self.gateway.broadcast(
            "GUILD_MEMBER_ADD", dict(member.payload(), guild_id=str(guild.id)), GUILD_MEMBERS_INTENT
        )
        return member

    def give_role(self, user: User, role: Role) -> None:
        member = self.member(self.state.guilds[role.guild_id], user)
        member.role_ids.append(role.id)
        self.gateway.broadcast(
            "GUILD_MEMBER_UPDATE",
            dict(member.payload(), guild_id=str(role.guild_id)),
            GUILD_MEMBERS_INTENT,
        )

    def member(self, guild: Guild, user: User) -> Member:
        return guild.members[user.id]

    def close_dms(self, user: User, closed: bool = True) -> None:
        """Sending this user a DM now fails with 403 / 50007, as with closed DMs."""
        user.dms_open = not closed

    # -- a moderator's hand: permissions, deletions, threads ---------------------------
    def deny(self, place: Guild | Channel, *perms: int, role: Role | None = None) -> None:
        """Take permissions (``Perm`` bits) from the bot, as a moderator would.

        In a channel: a permission overwrite denying them to the bot (to ``role`` if
        given, e.g. ``guild.everyone``), sent as CHANNEL_UPDATE; it applies to the
        channel's threads too (Discord has no overwrites per thread: to shut the bot out
        of one thread, lock it). In a guild: the bits leave every role the bot has,
        @everyone included (guild permissions are the union of one's roles; only
        ``role`` if given), sent as GUILD_ROLE_UPDATE.
        """
        self._change_permissions(place, _bits(perms), role, grant=False)

    def allow(self, place: Guild | Channel, *perms: int, role: Role | None = None) -> None:
        """Give permissions back (or for the first time): in a channel an overwrite allowing
        them (the bot's, or ``role``'s); in a guild they join the bot's own role (or
        ``role``)."""
        self._change_permissions(place, _bits(perms), role, grant=True)

    def clear_overwrite(self, channel: Channel, *, role: Role | None = None) -> None:
        """Remove the bot's (or ``role``'s) overwrite from the channel (CHANNEL_UPDATE)."""
        guild = self._guild_for_overwrites(channel)
        seen = self._bot_views(guild)
        if channel.overwrites.pop(self.bot.id if role is None else role.id, None) is not None:
            self.gateway.broadcast("CHANNEL_UPDATE", channel.payload(), GUILDS_INTENT)
        self._after_permissions(guild, seen)

    def bot_permissions(self, channel: Channel) -> int:
        """What the bot may do in a channel or thread now (``Perm`` bits), overwrites and
        implicit permissions included: what discord.py's ``permissions_for`` should say."""
        return self.state.bot_permissions(channel)

    def _change_permissions(self, place, bits: int, role: Role | None, *, grant: bool) -> None:
        if isinstance(place, Guild):
            guild = place
            seen = self._bot_views(guild)
            if role is not None:
                roles = [role]
            elif grant:
                roles = [self.bot_role(guild)]
            else:
                member = guild.members[self.bot.id]
                roles = [guild.everyone, *(guild.roles[r] for r in member.role_ids)]
            for changed in roles:
                changed.permissions = (
                    changed.permissions | bits if grant else changed.permissions & ~bits
                )
                self.gateway.broadcast(
                    "GUILD_ROLE_UPDATE",
                    {"guild_id": str(guild.id), "role": changed.payload()},
                    GUILDS_INTENT,
                )
        else:
            guild = self._guild_for_overwrites(place)
            seen = self._bot_views(guild)
            target, kind = (
                (self.bot.id, Overwrite.MEMBER) if role is None else (role.id, Overwrite.ROLE)
            )
            overwrite = place.overwrites.setdefault(target, Overwrite(target, kind))
            if grant:
                overwrite.allow, overwrite.deny = overwrite.allow | bits, overwrite.deny & ~bits
            else:
                overwrite.allow, overwrite.deny = overwrite.allow & ~bits, overwrite.deny | bits
            self.gateway.broadcast("CHANNEL_UPDATE", place.payload(), GUILDS_INTENT)
        self._after_permissions(guild, seen)

    def _guild_for_overwrites(self, channel: Channel) -> Guild:
        if channel.is_thread:
            raise ValueError(
                f"{channel!r} is a thread: Discord has no overwrites per thread (it takes its"
                " parent's); change the parent channel, or lock_thread() it"
            )
        if channel.guild_id is None:
            raise ValueError(f"{channel!r} is a DM: it has no permissions to change")
        return self.state.guilds[channel.guild_id]

    def _bot_views(self, guild: Guild) -> set[int]:
        """The guild's channels the bot can see."""
        return {
            c.id
            for c in self.state.channels.values()
            if c.guild_id == guild.id
            and not c.is_thread
            and not c.deleted
            and self.state.bot_permissions(c) & Perm.VIEW_CHANNEL
        }

    def _after_permissions(self, guild: Guild, seen_before: set[int]) -> None:
        """Channels the bot can see again get THREAD_LIST_SYNC of their active threads,
        as on Discord when one gains access to a channel."""
        self.gateway.sync_threads(guild, sorted(self._bot_views(guild) - seen_before))
        self.state.touch()

    def bot_role(self, guild: Guild) -> Role:
        """The bot's own (managed) role in a guild."""
        return next(r for r in guild.roles.values() if r.bot_id == self.bot.id)

    def delete_message(self, message: Message) -> None:
        """A moderator deletes a message (MESSAGE_DELETE); the bot's requests for it now get
        404 10008 Unknown Message, clicks on it raise LookupError."""
        self.state.delete_message(message)

    def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a channel (and its threads) or a thread: CHANNEL_DELETE /
        THREAD_DELETE, then 404 10003 Unknown Channel for it."""
        self.state.delete_channel(channel)

    def archive_thread(self, thread: Channel, archived: bool = True) -> None:
        """Archive (or unarchive) a thread, as a moderator or Discord's auto-archive after
        its ``auto_archive_duration`` of quiet does (THREAD_UPDATE)."""
        self.state.set_thread(self._a_thread(thread), archived=archived)

    def lock_thread(self, thread: Channel, locked: bool = True) -> None:
        """Lock (or unlock) a thread (THREAD_UPDATE): only MANAGE_THREADS may then post,
        edit or unarchive there."""
        self.state.set_thread(self._a_thread(thread), locked=locked)

    @staticmethod
    def _a_thread(channel: Channel) -> Channel:
        if not channel.is_thread:
            raise ValueError(f"{channel!r} is not a thread")
        return channel

    # -- Discord's round trip ----------------------------------------------------------
    def round_trip(self, seconds: float) -> None:
        """Every answer of the REST API (interaction callbacks and webhooks
        included) comes back ``seconds`` late, as from Discord's servers far
        away (0: at once, the default). A request still arrives at once: an
        interaction callback is timed on arrival."""
        self.state.latency = max(0.0, seconds)

    # -- rate limits and Discord's invalid-request ban ---------------------------------
    def rate_limits(
        self,
        enabled: bool = True,
        *,
        sends_per_channel: tuple[int, float] | None = (5, 5.0),
        edits_per_channel: tuple[int, float] | None = (5, 5.0),
        global_per_second: int | None = 50,
        routes: dict[str, tuple[int, float]] | None = None,
    ) -> None:
        """Turn Discord's rate limits on (off: ``rate_limits(False)``; off by default).

        ``sends_per_channel`` / ``edits_per_channel``: (requests, seconds) per channel for
        POST / PATCH ``/channels/{id}/messages[/{id}]``; ``global_per_second``: every
        bot-token request (interaction callbacks and webhooks exempt); ``routes``: more
        buckets, ``{"DELETE /channels/{channel_id}/messages/{message_id}": (5, 1.0)}``.
        None leaves a limit out. Limited routes answer with X-RateLimit-* headers; past a
        limit: 429 (scope user, or global).
        """
        buckets: dict[str, tuple[int, float]] = {}
        if enabled:
            if sends_per_channel is not None:
                buckets[SENDS] = sends_per_channel
            if edits_per_channel is not None:
                buckets[EDITS] = edits_per_channel
            buckets.update(routes or {})
        self.state.limits.configure(buckets, global_per_second if enabled else None)

    def rate_limit_channel(self, channel: Channel, seconds: float) -> None:
        """A shared (per-resource) limit, as when a busy channel hits its write limit: for
        ``seconds`` every write to it (send, edit, delete...) gets 429 with
        ``X-RateLimit-Scope: shared``, which Discord does not count as invalid."""
        self.state.limits.limit_channel(channel.id, seconds)

    def invalid_requests(self, since: float | None = None) -> Counter[tuple[int, int | None]]:
        """What counts towards Discord's ban (10,000 invalid requests in 10 minutes bans the
        IP for an hour): answers 401, 403 and 429 (not 429s of scope shared) since
        ``since`` (a ``time.time()``; default: the last 10 minutes), counted by
        (status, Discord error code); e.g. ``{(403, 50013): 3, (429, None): 1}``.
        ``sum(c.values())`` is the number Discord compares with 10,000."""
        start = time.time() - 600 if since is None else since
        return Counter(
            (r.status, r.code) for r in self.state.requests if r.at >= start and r.invalid
        )

    # -- the bot's connection ------------------------------------------------------
    @property
    def bot_connected(self) -> bool:
        return bool(self.gateway.live())

    async def wait_until_bot_ready(
        self, timeout: float = 15.0, *, after: int | None = None
    ) -> None:
        """A bot session has identified and received READY + every GUILD_CREATE.

        Interactions dispatched from now on are processed after the guilds are
        cached. This is *not* discord.py's ``on_ready``, which fires
        ``guild_ready_timeout`` (2 s by default) after the last GUILD_CREATE.
        ``after`` (a value of ``fake.gateway.identify_count``) ignores sessions
        that identified before it was read.
        """
        await self.wait_until(
            lambda: self.gateway.live(after or 0), timeout, "the bot to connect and identify"
        )

    @property
    def bot_presence(self) -> dict[str, Any] | None:
        """The last presence (op 3) the connected bot sent, e.g. from ``on_ready``."""
        live = self.gateway.live()
        return live[-1].presence if live else None

    async def wait_until_bot_disconnected(self, timeout: float = 5.0) -> None:
        await self.wait_until(lambda: not self.gateway.sessions, timeout, "the bot to disconnect")

    async def reconnect_bot(self) -> None:
        """Ask the bot to reconnect (op 7), as Discord does during maintenance."""
        for session in self.gateway.live():
            await session.send(7)

    def _session(self, guild_id: int | None = None) -> Session:
        """The connection Discord would send a guild's interaction to (DMs: shard 0)."""
        live = self.gateway.serving(guild_id)
        if not live:
            raise RuntimeError(
                "no bot is connected to the fake gateway for this guild"
                " (await fake.wait_until_bot_ready())"
            )
        return live[-1]

    # -- interactions --------------------------------------------------------------
    async def slash(
        self, user: User, channel: Channel, command: str, /, **options: Any
    ) -> Interaction:
        """Run ``/command`` (e.g. ``"game new"``) as ``user`` in ``channel``; returns the
        record at once."""
        data = await self._command_data(user, channel, command, options, None)
        return await self._dispatch(
            Interaction(
                self.state, type=COMMAND, user=user, channel=channel, data=data, name=command
            )
        )

    async def autocomplete(
        self, user: User, channel: Channel, command: str, focused: str, /, **options: Any
    ) -> Interaction:
        """The user is typing option ``focused`` (its current text is ``options[focused]``)."""
        data = await self._command_data(user, channel, command, options, focused)
        return await self._dispatch(
            Interaction(
                self.state, type=AUTOCOMPLETE, user=user, channel=channel, data=data, name=command
            )
        )

    async def _command_data(self, user, channel, command, options, focused) -> dict[str, Any]:
        guild = self._guild_of(channel)
        if (
            not self.state.command_syncs
        ):  # a bot that syncs late (e.g. in on_ready): give it a moment
            with contextlib.suppress(TimeoutError):
                await self.wait_until(lambda: self.state.command_syncs, 5.0, "a command sync")
        member = self._member_or_none(guild, user)
        return build_command_data(self.state, guild, member, command, options, focused=focused)

    async def click(
        self,
        user: User,
        message: Message,
        custom_id: str | None = None,
        *,
        label: str | None = None,
    ) -> Interaction:
        """Press a button, found by ``custom_id`` (or prefix ending in ':') or ``label``."""
        button = message.button(label, custom_id=custom_id)
        return await self._component(user, message, button, None)

    async def select(
        self,
        user: User,
        message: Message,
        values: list[Any],
        custom_id: str | None = None,
        *,
        placeholder: str | None = None,
    ) -> Interaction:
        """Choose ``values`` in a select (option values, or fake users/roles/channels for
        those selects)."""
        select = message.select(placeholder, custom_id=custom_id)
        low, high = select.get("min_values", 1), select.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(
                f"select {select['custom_id']!r} takes {low}..{high} values, got {values}"
            )
        if select["type"] == 3:
            allowed = [o["value"] for o in select.get("options", [])]
            if any(v not in allowed for v in values):
                raise ValueError(f"{values} not among the options {allowed}")
        return await self._component(user, message, select, values)

    async def _component(
        self, user: User, message: Message, component: dict[str, Any], values
    ) -> Interaction:
        if message.component(component.get("custom_id", "")) is not component:
            raise LookupError(
                f"{component.get('custom_id')!r} is not on {message!r}: Discord's clients "
                "only send what a message shows (forge() sends anything)"
            )
        if message.deleted:
            raise LookupError(f"{message!r} was deleted")
        if message.visible_to not in (None, user.id):
            raise PermissionError(f"{user.name} cannot see the ephemeral {message!r}")
        if component.get("disabled"):
            raise PermissionError(f"component {component.get('custom_id')!r} is disabled")
        channel = self.state.channel(message.channel_id)
        guild = self._guild_of(channel)
        self._member_or_none(guild, user)
        data = component_data(message, component, values, guild, self.state)
        return await self._dispatch(
            Interaction(
                self.state, type=COMPONENT, user=user, channel=channel, data=data, message=message
            )
        )

    # -- forged requests: what a tampered client could send ---------------------------
    async def forge(
        self,
        user: User,
        channel: Channel,
        message: Message | None,
        custom_id: Any,
        *,
        component_type: Any = 2,
        values: list[Any] | None = None,
        carried: bool = True,
    ) -> Interaction:
        """A raw component interaction, with none of the checks of :meth:`click`.

        ``user`` clicks in ``channel`` (any guild's, or a DM) on ``message``
        (any message, even another server's or someone's ephemeral one, or
        None). With ``carried`` the payload's message shows the forged
        component, as if Discord had relayed it, so the bot's own checks are
        what decides; without it the id is not on the message.
        """
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        inter = Interaction(
            self.state, type=COMPONENT, user=user, channel=channel, data=data, message=message
        )
        if (
            carried
            and message is not None
            and component_type in (2, 3)
            and isinstance(custom_id, str)
        ):
            inter.carried = (
                {"type": 2, "style": 1, "label": "forged", "custom_id": custom_id}
                if component_type == 2
                else {
                    "type": 3,
                    "custom_id": custom_id,
                    "min_values": 0,
                    "max_values": 25,
                    "options": [
                        {"label": str(v)[:100], "value": str(v)[:100]} for v in values or ["forged"]
                    ][:25],
                }
            )
        return await self._dispatch(inter)

    async def forge_slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        /,
        *,
        scope: Guild | None = None,
        **options: Any,
    ) -> Interaction:
        """``/command`` with option values no client would send (unchecked types,
        choices, ranges and lengths); ``scope`` finds guild commands from a DM."""
        guild = self._guild_of(channel)
        member = guild.members.get(user.id) if guild else None
        data = build_command_data(
            self.state, guild, member, command, options, checked=False, scope=scope
        )
        return await self._dispatch(
            Interaction(
                self.state, type=COMMAND, user=user, channel=channel, data=data, name=command
            )
        )

    async def submit_modal(self, user: User, shown: Interaction, **values: Any) -> Interaction:
        """Fill in and submit the modal the bot answered ``shown`` with (values by input
        custom_id)."""
        if shown.modal is None:
            raise LookupError(f"{shown!r} was not answered with a modal")
        data = modal_submit_data(shown.modal, values)
        return await self._dispatch(
            Interaction(
                self.state,
                type=MODAL_SUBMIT,
                user=user,
                channel=shown.channel,
                data=data,
                message=shown.message,
            )
        )

    async def _dispatch(self, inter: Interaction) -> Interaction:
        session = self._session(inter.channel.guild_id if inter.channel is not None else None)
        payload = inter.payload()
        self.state.interactions.append(inter)
        inter.dispatched_at = asyncio.get_running_loop().time()
        await session.dispatch("INTERACTION_CREATE", payload)
        self.state.touch()
        return inter

    def _guild_of(self, channel: Channel) -> Guild | None:
        return self.state.guilds.get(channel.guild_id) if channel.guild_id else None

    @staticmethod
    def _member_or_none(guild: Guild | None, user: User) -> Member | None:
        if guild is None:
            return None
        if user.id not in guild.members:
            raise CommandNotAvailable(f"{user.name} is not a member of {guild.name}")
        return guild.members[user.id]

    async def say(self, user: User, channel: Channel, content: str) -> Message:
        """A user posts a plain message (dispatched as MESSAGE_CREATE)."""
        return self.state.create_message(channel, user, {"content": content})

    # -- what the bot did ------------------------------------------------------------
    def messages(
        self,
        channel: Channel | None = None,
        *,
        author: User | None = None,
        ephemeral: bool | None = None,
        visible_to: User | None = None,
        include_deleted: bool = False,
    ) -> list[Message]:
        """Stored messages, oldest first. ``visible_to`` = public ones plus that user's
        ephemerals."""
        return [
            m
            for m in self.state.messages
            if (channel is None or m.channel_id == channel.id)
            and (author is None or m.author is author)
            and (ephemeral is None or m.ephemeral == ephemeral)
            and (visible_to is None or m.visible_to in (None, visible_to.id))
            and (include_deleted or not m.deleted)
        ]

    def latest_message(self, channel: Channel, **filters: Any) -> Message | None:
        found = self.messages(channel, **filters)
        return found[-1] if found else None

    def mark(self) -> int:
        """A point in the message log, for ``wait_for_message(after=...)``."""
        return len(self.state.messages)

    async def wait_for_message(
        self,
        channel: Channel | None = None,
        *,
        predicate: Callable[[Message], Any] | None = None,
        after: int = 0,
        timeout: float = 5.0,
        **filters: Any,
    ) -> Message:
        """The first stored message matching (only those stored after
        ``after = fake.mark()``, if given)."""

        def found() -> Message | None:
            return next(
                (
                    m
                    for m in self.messages(channel, **filters)
                    if self.state.messages.index(m) >= after and (predicate is None or predicate(m))
                ),
                None,
            )

        message = await self.wait_until(found, timeout, f"a message in {channel!r}")
        assert message is not None  # wait_until returns once truthy
        return message

    async def wait_for_edit(
        self, message: Message, edits: int = 1, timeout: float = 5.0
    ) -> Message:
        """Wait until ``message`` has been edited ``edits`` times in total."""
        edited = await self.wait_until(
            lambda: message.edits >= edits and message, timeout, f"edit #{edits} of {message!r}"
        )
        assert edited  # wait_until returns once truthy
        return edited

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        return [
            c
            for c in self.state.channels.values()
            if c.is_thread and not c.deleted and (parent is None or c.parent_id == parent.id)
        ]

    def dm_channel(self, user: User) -> Channel | None:
        return next(
            (c for c in self.state.channels.values() if c.is_dm and c.recipient is user), None
        )

    def dms(self, user: User) -> list[Message]:
        channel = self.dm_channel(user)
        return [] if channel is None else self.messages(channel)

    def synced_commands(self, guild: Guild | None = None) -> list[dict[str, Any]]:
        return [
            c.payload() for c in self.state.commands.get(guild.id if guild else None, {}).values()
        ]

    @property
    def command_syncs(self) -> list[tuple[int | None, list[str]]]:
        """Every bulk overwrite the bot made: (guild id or None, command names)."""
        return self.state.command_syncs

    @property
    def interactions(self) -> list[Interaction]:
        return self.state.interactions

    def unanswered(self) -> list[Interaction]:
        return [i for i in self.state.interactions if not i.answered]

    def answered_late(self, limit: float = 3.0) -> list[Interaction]:
        return [i for i in self.state.interactions if i.answered and i.answered_after > limit]

    @property
    def unknown_routes(self) -> list[str]:
        """``"METHOD /path"`` of every request the fake has no route for."""
        return self.state.unknown_routes

    @property
    def requests(self) -> list[RequestRecord]:
        return self.state.requests

    def failed_requests(self) -> list[RequestRecord]:
        return [r for r in self.state.requests if r.status >= 400]

    def problems(self) -> list[str]:
        """Everything a healthy bot should never cause, in words (empty = fine)."""
        found = [f"unknown route {r}" for r in self.state.unknown_routes]
        found += [f"fake bug: {e.splitlines()[-1]}" for e in self.state.internal_errors]
        found += [f"unanswered {i!r}" for i in self.unanswered()]
        found += [f"answered after {i.answered_after:.2f}s: {i!r}" for i in self.answered_late()]
        found += [
            f"refused ({reason}): {i!r}" for i in self.state.interactions for reason in i.refused
        ]
        return found

    async def wait_until(
        self, predicate: Callable[[], T], timeout: float = 5.0, what: str = "condition"
    ) -> T:
        return await self.state.wait_for(predicate, timeout, what)
