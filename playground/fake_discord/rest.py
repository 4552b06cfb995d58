"""Bot-authenticated REST routes: identity, commands, guilds, channels, messages, threads, DMs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from aiohttp import web

from . import errors
from .access import Access
from .ids import now
from .messages import Message
from .models import Channel, ChannelType
from .state import State
from .web_util import json_response, no_content, read_body


class RestRoutes:
    def __init__(self, state: State, gateway_url: Callable[[], str]):
        self.state = state
        self.gateway_url = gateway_url
        self.access = Access(state)

    def routes(self) -> list[tuple[str, str, Any]]:
        return [
            ("GET", "/users/@me", self.me),
            ("GET", "/users/{user_id}", self.get_user),
            ("POST", "/users/@me/channels", self.open_dm),
            ("GET", "/oauth2/applications/@me", self.application),
            ("GET", "/applications/@me", self.application),
            ("GET", "/gateway", self.gateway),
            ("GET", "/gateway/bot", self.gateway),
            ("GET", "/applications/{app_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/commands", self.put_commands),
            ("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self.put_commands),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.guild_channels),
            ("GET", "/guilds/{guild_id}/roles", self.guild_roles),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("PATCH", "/channels/{channel_id}", self.edit_channel),
            ("DELETE", "/channels/{channel_id}", self.delete_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.history),
            ("POST", "/channels/{channel_id}/messages", self.send),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete),
            ("POST", "/channels/{channel_id}/threads", self.start_thread),
            (
                "POST",
                "/channels/{channel_id}/messages/{message_id}/threads",
                self.start_thread_from_message,
            ),
            ("GET", "/channels/{channel_id}/thread-members", self.thread_members),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.join_thread),
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.leave_thread),
        ]

    # -- identity --------------------------------------------------------------
    async def me(self, request: web.Request) -> web.Response:
        return json_response(
            dict(self.state.bot.payload(), verified=True, mfa_enabled=False, locale="en-US")
        )

    async def get_user(self, request: web.Request) -> web.Response:
        return json_response(self.state.user(request.match_info["user_id"]).payload())

    async def application(self, request: web.Request) -> web.Response:
        s = self.state
        return json_response(
            {
                "id": str(s.application_id),
                "name": s.bot.name,
                "icon": None,
                "description": "",
                "summary": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": s.owner.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "bot": s.bot.payload(),
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "approximate_guild_count": len(s.guilds),
                "integration_types_config": {"0": {}},
            }
        )

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.gateway_url(),
                "shards": self.state.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    # -- application commands ------------------------------------------------------
    def _scope(self, request: web.Request) -> int | None:
        if int(request.match_info["app_id"]) != self.state.application_id:
            raise errors.DiscordError(403, 50001, "Missing Access")
        guild_id = request.match_info.get("guild_id")
        return None if guild_id is None else self.state.guild(guild_id).id

    async def get_commands(self, request: web.Request) -> web.Response:
        commands = self.state.commands.get(self._scope(request), {})
        return json_response([c.payload() for c in commands.values()])

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        payload, _ = await read_body(request)
        commands = cast(list[dict[str, Any]], payload)  # a bulk overwrite's body is an array
        return json_response([c.payload() for c in self.state.sync_commands(scope, commands)])

    # -- guilds ----------------------------------------------------------------------
    async def get_guild(self, request: web.Request) -> web.Response:
        return json_response(self.state.guild(request.match_info["guild_id"]).payload())

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self.state.guild(request.match_info["guild_id"])
        return json_response(
            [
                c.payload()
                for c in self.state.channels.values()
                if c.guild_id == guild.id and not c.is_thread and not c.deleted
            ]
        )

    async def guild_roles(self, request: web.Request) -> web.Response:
        guild = self.state.guild(request.match_info["guild_id"])
        return json_response([r.payload() for r in guild.roles.values()])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.state.guild(request.match_info["guild_id"])
        member = guild.members.get(int(request.match_info["user_id"]))
        if member is None:
            raise errors.unknown("Member")
        return json_response(member.payload())

    # -- channels --------------------------------------------------------------------
    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self.state.channel(request.match_info["channel_id"])
        self.access.see(channel)
        return json_response(channel.payload(me_id=self.state.bot.id))

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self.state.channel(request.match_info["channel_id"])
        body, _ = await read_body(request)
        self.access.edit_channel(channel, body)
        keys = ("name", "auto_archive_duration") if channel.is_thread else ("name", "topic")
        for key in keys:
            if key in body:
                setattr(channel, key, body[key])
        if channel.is_thread:
            self.state.set_thread(channel, archived=body.get("archived"), locked=body.get("locked"))
        else:
            self.state.emit("CHANNEL_UPDATE", channel.payload(), 1)
            self.state.touch()
        return json_response(channel.payload(me_id=self.state.bot.id))

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self.state.channel(request.match_info["channel_id"])
        self.access.delete_channel(channel)
        data = self.state.delete_channel(channel)
        return json_response(data)

    async def typing(self, request: web.Request) -> web.Response:
        self.access.typing(self.state.channel(request.match_info["channel_id"]))
        return no_content()

    async def open_dm(self, request: web.Request) -> web.Response:
        body, _ = await read_body(request)
        user = self.state.user(body.get("recipient_id"))
        channel = self.state.dm_channel(user)
        self.state.touch()
        return json_response(channel.payload())

    # -- messages --------------------------------------------------------------------
    async def history(self, request: web.Request) -> web.Response:
        channel = self.state.channel(request.match_info["channel_id"])
        if not self.access.read_history(channel):
            return json_response([])
        limit = min(int(request.query.get("limit", 50)), 100)
        found = [
            m
            for m in self.state.messages
            if m.channel_id == channel.id and not m.deleted and not m.ephemeral
        ]
        found.sort(key=lambda m: m.id)
        if "before" in request.query:
            found = [m for m in found if m.id < int(request.query["before"])]
        if "after" in request.query:
            found = [m for m in found if m.id > int(request.query["after"])][:limit]
        if "around" in request.query:
            around = int(request.query["around"])
            older = [m for m in found if m.id <= around][-(limit // 2 + 1) :]
            found = older + [m for m in found if m.id > around][: limit - len(older)]
        return json_response([self.state.render(m) for m in reversed(found[-limit:])])

    async def send(self, request: web.Request) -> web.Response:
        channel = self.state.channel(request.match_info["channel_id"])
        body, files = await read_body(request)
        body = self.access.send(channel, body, files)
        via = "dm" if channel.is_dm else "channel"
        msg = self.state.create_message(channel, self.state.bot, body, files, via=via)
        return json_response(self.state.render(msg))

    def _message(
        self, request: web.Request, check: Callable[[Channel], object] | None = None
    ) -> tuple[Channel, Message]:
        """The message in the path (``check(channel)`` first: Discord answers for the
        channel's permissions before it looks for the message)."""
        channel = self.state.channel(request.match_info["channel_id"])
        (check or self.access.see)(channel)
        return channel, self.state.find_message(request.match_info["message_id"], channel=channel)

    async def get_message(self, request: web.Request) -> web.Response:
        _, msg = self._message(request, self.access.read_one)
        return json_response(self.state.render(msg))

    async def edit(self, request: web.Request) -> web.Response:
        channel, msg = self._message(request)
        if msg.author is not self.state.bot:
            raise errors.DiscordError(403, 50005, "Cannot edit a message authored by another user")
        body, files = await read_body(request)
        body = self.access.edit(msg, channel, body, files)
        return json_response(self.state.render(self.state.edit_message(msg, body, files)))

    async def delete(self, request: web.Request) -> web.Response:
        channel, msg = self._message(request)
        self.access.delete(msg, channel)
        self.state.delete_message(msg)
        return no_content()

    # -- threads ---------------------------------------------------------------------
    async def start_thread(self, request: web.Request) -> web.Response:
        parent = self.state.channel(request.match_info["channel_id"])
        body, _ = await read_body(request)
        private = body.get("type") == ChannelType.PRIVATE_THREAD
        self.access.start_thread(parent, private=private)
        thread = self.state.create_thread(
            parent,
            body["name"],
            private=private,
            auto_archive_duration=body.get("auto_archive_duration") or 1440,
        )
        return self._thread_created(thread)

    async def start_thread_from_message(self, request: web.Request) -> web.Response:
        parent, msg = self._message(request)
        self.access.start_thread(parent, private=False)
        if msg.thread_id is not None:
            raise errors.DiscordError(
                400, 160004, "A thread has already been created for this message"
            )
        body, _ = await read_body(request)
        # Discord gives a thread started from a message the message's id.
        thread = self.state.create_thread(
            parent,
            body["name"],
            thread_id=msg.id,
            auto_archive_duration=body.get("auto_archive_duration") or 1440,
        )
        msg.thread_id = thread.id
        return self._thread_created(thread)

    def _thread_created(self, thread: Channel) -> web.Response:
        data = thread.payload(me_id=self.state.bot.id)
        self.state.emit("THREAD_CREATE", dict(data, newly_created=True), 1)
        return json_response(data)

    def _thread(self, request: web.Request) -> Channel:
        thread = self.state.channel(request.match_info["channel_id"])
        if not thread.is_thread:
            raise errors.DiscordError(400, 50024, "Cannot execute action on this channel type")
        return thread

    def _user_id(self, request: web.Request) -> int:
        raw = request.match_info["user_id"]
        return self.state.bot.id if raw == "@me" else self.state.user(raw).id

    async def thread_members(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        self.access.see(thread)
        return json_response([thread.thread_member_payload(u) for u in thread.thread_members])

    async def join_thread(self, request: web.Request) -> web.Response:
        thread, user_id = self._thread(request), self._user_id(request)
        self.access.thread_membership(thread, user_id, joining=True)
        thread.thread_members.setdefault(user_id, now())
        self.state.touch()
        return no_content()

    async def leave_thread(self, request: web.Request) -> web.Response:
        thread, user_id = self._thread(request), self._user_id(request)
        self.access.thread_membership(thread, user_id, joining=False)
        thread.thread_members.pop(user_id, None)
        self.state.touch()
        return no_content()
