"""The gateway websocket: HELLO, heartbeats, IDENTIFY -> READY + GUILD_CREATE, dispatch.

Plain JSON text frames (discord.py accepts them although it asks for
zlib-stream). RESUME is always refused with INVALID_SESSION(false), so a
reconnecting client simply identifies again. Each connection is a
:class:`Session`; a killed bot process drops its socket and its session
disappears, so successive bot processes can connect one after another.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from .ids import shard_of
from .state import State

log = logging.getLogger(__name__)

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME, RECONNECT, REQUEST_MEMBERS = 0, 1, 2, 3, 6, 7, 8
INVALID_SESSION, HELLO, HEARTBEAT_ACK = 9, 10, 11
GUILD_MEMBERS_INTENT = 1 << 1
MESSAGE_CONTENT_INTENT = 1 << 15


class Session:
    """One gateway connection; frames go out in order through a writer task."""

    def __init__(self, ws: web.WebSocketResponse):
        self.ws = ws
        self.number = 0  # 1 for the first IDENTIFY the fake saw, 2 for the next...
        self.session_id = secrets.token_hex(16)
        self.seq = 0
        self.intents = 0
        self.shard: list[int] | None = None
        self.identified = False
        self.ready = False  # READY and every GUILD_CREATE have been written
        self.closed = False
        self.presence: dict[str, Any] | None = None
        self._loop = asyncio.get_running_loop()  # send() may be called from sync test code
        self._queue: asyncio.Queue[tuple[str, asyncio.Future[None]]] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop())

    def serves(self, guild_id: int | None) -> bool:
        """Whether Discord routes this guild's events (None: DMs) to this
        connection: every guild without sharding, else the guilds of its shard."""
        if self.shard is None:
            return True
        shard, count = self.shard
        return shard_of(guild_id, count) == shard

    def send(self, op: int, d: Any = None, t: str | None = None) -> asyncio.Future[None]:
        """Queue a frame; the future resolves once it is written (or the socket is gone)."""
        frame: dict[str, Any] = {"op": op, "d": d, "s": None, "t": t}
        if op == DISPATCH:
            self.seq += 1
            frame["s"] = self.seq
        done = self._loop.create_future()
        if self.closed:
            done.set_exception(ConnectionError("gateway session is closed"))
        else:
            self._queue.put_nowait((json.dumps(frame), done))
        return done

    def dispatch(self, event: str, data: Any) -> asyncio.Future[None]:
        return self.send(DISPATCH, data, event)

    async def _write_loop(self) -> None:
        while True:
            text, done = await self._queue.get()
            try:
                await self.ws.send_str(text)
            except Exception as exc:  # peer vanished (e.g. kill -9): report, keep draining
                if not done.done():
                    done.set_exception(ConnectionError(f"gateway send failed: {exc!r}"))
            else:
                if not done.done():
                    done.set_result(None)

    def close(self) -> None:
        self.closed = True
        self._writer.cancel()
        while not self._queue.empty():
            _, done = self._queue.get_nowait()
            if not done.done():
                done.set_exception(ConnectionError("gateway session closed"))


class Gateway:
    HEARTBEAT_INTERVAL_MS = 41250

    def __init__(self, state: State, resume_url: Callable[[], str]):
        self.state = state
        self.resume_url = resume_url
        self.sessions: list[Session] = []
        self.identify_count = 0

    def live(self, after: int = 0) -> list[Session]:
        """Ready sessions, optionally only those identified after the ``after``-th IDENTIFY."""
        return [s for s in self.sessions if s.ready and not s.closed and s.number > after]

    def serving(self, guild_id: int | None) -> list[Session]:
        """Ready sessions that receive the events of ``guild_id`` (None: DMs)."""
        return [s for s in self.live() if s.serves(guild_id)]

    def broadcast(self, event: str, data: dict[str, Any], intent: int = 0) -> None:
        """Dispatch to every ready session subscribed to ``intent`` (0: always)."""
        guild_id = int(data["guild_id"]) if data.get("guild_id") else None
        if not self.state.bot_sees(event, data):
            return
        for session in self.live():
            if intent and not session.intents & intent:
                continue
            if guild_id is not None and not session.serves(guild_id):
                continue
            payload = data
            if (
                event.startswith("MESSAGE_")
                and "content" in data
                and not self._sees_content(session, data)
            ):
                payload = dict(data, content="", embeds=[], attachments=[], components=[])
            session.dispatch(event, payload).add_done_callback(_ignore_errors)

    def announce_guild(self, guild) -> None:
        """GUILD_CREATE for a guild added while bots are connected."""
        for session in self.serving(guild.id):
            session.dispatch("GUILD_CREATE", self.guild_create(guild, session)).add_done_callback(
                _ignore_errors
            )

    def _sees_content(self, session: Session, data: dict[str, Any]) -> bool:
        author = data.get("author", {}).get("id")
        return bool(
            session.intents & MESSAGE_CONTENT_INTENT
            or author == str(self.state.bot.id)
            or "guild_id" not in data
            or f"<@{self.state.bot.id}>" in data.get("content", "")
        )

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(timeout=2.0, max_msg_size=0)
        await ws.prepare(request)
        session = Session(ws)
        self.sessions.append(session)
        session.send(HELLO, {"heartbeat_interval": self.HEARTBEAT_INTERVAL_MS})
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                await self._receive(session, json.loads(msg.data))
        except Exception:
            log.exception("gateway session %s failed", session.session_id)
        finally:
            session.close()
            self.sessions.remove(session)
            self.state.touch()
        return ws

    async def _receive(self, session: Session, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        d: Any = frame.get("d")
        if op == HEARTBEAT:
            session.send(HEARTBEAT_ACK)
        elif op == IDENTIFY:
            await self._identify(session, d)
        elif op == RESUME:
            session.send(INVALID_SESSION, False)
        elif op == REQUEST_MEMBERS:
            self._chunk(session, d)
        elif op == PRESENCE:
            session.presence = d
            self.state.touch()

    async def _identify(self, session: Session, d: dict[str, Any]) -> None:
        if d.get("token") != self.state.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        state = self.state
        session.intents, session.shard = d.get("intents", 0), d.get("shard")
        session.identified = True
        self.identify_count += 1
        session.number = self.identify_count
        ready = {
            "v": 10,
            "user": dict(state.bot.payload(), verified=True, mfa_enabled=False),
            "guilds": [
                {"id": str(g), "unavailable": True} for g in state.guilds if session.serves(g)
            ],
            "session_id": session.session_id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_url(),
            "application": {"id": str(state.application_id), "flags": 0},
            "private_channels": [],
            "presences": [],
            "relationships": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
            "user_settings": {},
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        session.dispatch("READY", ready)
        last = None
        for guild in state.guilds.values():
            if session.serves(guild.id):
                last = session.dispatch("GUILD_CREATE", self.guild_create(guild, session))
        try:
            await (last or session.send(HEARTBEAT_ACK))
        except ConnectionError:
            return
        session.ready = True
        state.touch()

    def guild_create(self, guild, session: Session) -> dict[str, Any]:
        state, me = self.state, self.state.bot.id
        channels = [c for c in state.channels.values() if c.guild_id == guild.id and not c.deleted]
        all_members = session.intents & GUILD_MEMBERS_INTENT
        members = [m.payload() for m in guild.members.values() if all_members or m.user.id == me]
        data = guild.payload()
        data.update(
            channels=[c.payload() for c in channels if not c.is_thread],
            threads=[
                c.payload(me_id=me) for c in channels if c.is_thread and self._active_and_seen(c)
            ],
            members=members,
            member_count=len(guild.members),
            large=False,
            unavailable=False,
            joined_at=guild.members[me].joined_at.isoformat(),
            voice_states=[],
            presences=[],
            stage_instances=[],
            guild_scheduled_events=[],
            soundboard_sounds=[],
        )
        return data

    def _active_and_seen(self, thread) -> bool:
        return not thread.archived and self.state.bot_sees("THREAD_CREATE", {"id": thread.id})

    def sync_threads(self, guild, channel_ids: list[int]) -> None:
        """THREAD_LIST_SYNC for channels the bot can see again: their active threads
        (Discord sends it when the bot gains access to a channel)."""
        if not channel_ids:
            return
        me = self.state.bot.id
        threads = [
            c
            for c in self.state.channels.values()
            if c.is_thread
            and c.parent_id in channel_ids
            and not c.deleted
            and self._active_and_seen(c)
        ]
        self.broadcast(
            "THREAD_LIST_SYNC",
            {
                "guild_id": str(guild.id),
                "channel_ids": [str(i) for i in channel_ids],
                "threads": [t.payload(me_id=me) for t in threads],
                "members": [t.thread_member_payload(me) for t in threads if me in t.thread_members],
            },
            1,
        )

    def _chunk(self, session: Session, d: dict[str, Any]) -> None:
        guild = self.state.guilds.get(int(d["guild_id"]))
        if guild is None:
            return
        wanted = {int(u) for u in d.get("user_ids") or []}
        query = (d.get("query") or "").lower()
        members = [
            m.payload()
            for m in guild.members.values()
            if (not wanted or m.user.id in wanted) and m.user.name.lower().startswith(query)
        ]
        session.dispatch(
            "GUILD_MEMBERS_CHUNK",
            {
                "guild_id": str(guild.id),
                "members": members[: d.get("limit") or None],
                "chunk_index": 0,
                "chunk_count": 1,
                "nonce": d.get("nonce"),
                "not_found": [],
            },
        )


def _ignore_errors(future: asyncio.Future[None]) -> None:
    if not future.cancelled():
        future.exception()
