"""The playground's web page and its small JSON API, served by aiohttp.

The page (static/) asks ``/api/view`` for one person's screen and asks again
with ``since=<version>``: the answer waits until the fake's state changes
(long polling, so edits show as they happen with nothing but ``fetch``).
Clicks, selects and typed commands go to ``/api/click``, ``/api/select`` and
``/api/command``, which act as that person through the fake's own
``click``/``select``/``slash``: the same checks as a Discord client (a
disabled button, someone else's ephemeral message, an option out of range)
are refused here with words the page shows.

Only ever bound to 127.0.0.1: whoever reaches the page plays as anyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from . import view
from .command_line import CHANNEL, MENTIONABLE, ROLE, USER, CommandLineError, parse
from .fake_discord import Channel, CommandNotAvailable, Interaction, Message, User
from .world import Playground

HOST = "127.0.0.1"
STATIC = Path(__file__).parent / "static"
#: how long a long poll waits for a change before answering anyway
POLL_SECONDS = 20.0
#: how long an action waits for the bot's answer (Discord's own limit is 3 s)
ANSWER_SECONDS = 3.5
PLAYGROUND: web.AppKey[Playground] = web.AppKey("playground", Playground)


def build_app(pg: Playground) -> web.Application:
    app = web.Application()
    app[PLAYGROUND] = pg
    app.router.add_get("/", index)
    app.router.add_static("/static/", STATIC)
    app.router.add_get("/api/people", people)
    app.router.add_get("/api/view", view_of)
    app.router.add_get("/api/commands", commands)
    app.router.add_post("/api/command", command)
    app.router.add_post("/api/click", click)
    app.router.add_post("/api/select", select)
    app.router.add_get(view.ATTACHMENTS + "/{message}/{attachment}", attachment)
    return app


async def serve(pg: Playground, port: int = 0) -> tuple[web.AppRunner, str]:
    """Start the page on 127.0.0.1:``port`` (0: any free port); returns the runner and URL."""
    runner = web.AppRunner(build_app(pg), access_log=None, shutdown_timeout=0.5)
    await runner.setup()
    await web.TCPSite(runner, HOST, port).start()
    host, bound = runner.addresses[0][:2]
    return runner, f"http://{host}:{bound}/"


# -- reading -------------------------------------------------------------------------
async def index(request: web.Request) -> web.FileResponse:
    return web.FileResponse(STATIC / "index.html")


async def people(request: web.Request) -> web.Response:
    return web.json_response(view.people(request.app[PLAYGROUND]))


async def view_of(request: web.Request) -> web.Response:
    """One person's screen: ``?as=<user>&channel=<id>[&since=<version>]``.

    ``version`` is a digest of the screen itself, so with ``since`` the answer
    waits until this person's screen differs (the bot's other work wakes the
    wait, but is not sent), or until ``POLL_SECONDS`` have passed.
    """
    pg = request.app[PLAYGROUND]
    me = _person(pg, request.query.get("as"))
    since = request.query.get("since")
    loop = asyncio.get_running_loop()
    deadline = loop.time() + POLL_SECONDS
    while True:
        changed = _changed_from(pg, pg.fake.state.version)
        screen = _screen(pg, me, _channel(pg, request.query.get("channel"), me))
        remaining = deadline - loop.time()
        if screen["version"] != since or remaining <= 0:
            return web.json_response(screen)
        with contextlib.suppress(TimeoutError):
            await pg.fake.wait_until(changed, remaining, "a change")


def _changed_from(pg: Playground, version: int) -> Callable[[], bool]:
    return lambda: pg.fake.state.version != version


def _screen(pg: Playground, me: User, channel: Channel) -> dict[str, Any]:
    screen = {
        "me": {"id": str(me.id), "name": me.name},
        "bot": pg.fake.bot.name,
        "sidebar": view.sidebar(pg, me),
        "names": view.names(pg),
        "channel": {
            "id": str(channel.id),
            "name": view.channel_title(pg, channel),
            "dm": channel.is_dm,
            "thread": channel.is_thread,
        },
        "messages": view.messages(pg, channel, me),
        "attention": view.attention(pg),
        "bot_running": pg.bot is not None and pg.bot.alive,
    }
    digest = hashlib.sha1(json.dumps(screen, sort_keys=True).encode(), usedforsecurity=False)
    return {"version": digest.hexdigest()[:20], **screen}


async def commands(request: web.Request) -> web.Response:
    pg = request.app[PLAYGROUND]
    return web.json_response(view.commands(pg, _person(pg, request.query.get("as"))))


async def attachment(request: web.Request) -> web.Response:
    pg = request.app[PLAYGROUND]
    msg = _message(pg, request.match_info["message"])
    found = next(
        (a for a in msg.attachments if str(a.id) == request.match_info["attachment"]), None
    )
    if found is None:
        raise web.HTTPNotFound()
    return web.Response(
        body=found.data, content_type=found.content_type or "application/octet-stream"
    )


# -- acting as a person ------------------------------------------------------------------
async def command(request: web.Request) -> web.Response:
    """``{"as", "channel", "text": "/game new game:cuttle bots:1"}``."""
    pg, body = request.app[PLAYGROUND], await _body(request)
    me = _person(pg, body.get("as"))
    channel = _channel(pg, body.get("channel"), me)

    def lookup(kind: int, name: str) -> Any:
        if kind in (USER, MENTIONABLE):
            user = next((u for u in pg.fake.state.users.values() if u.name == name), None)
            if user is not None or kind == USER:
                return user
        if kind == CHANNEL:
            return next(
                (
                    c
                    for c in pg.fake.state.channels.values()
                    if c.name == name and c.guild_id == pg.guild.id and not c.deleted
                ),
                None,
            )
        if kind in (ROLE, MENTIONABLE):
            return next((r for r in pg.guild.roles.values() if r.name == name), None)
        return None

    if channel.is_dm:  # the bot registers its commands for the server only (DEV_GUILD_ID)
        return web.json_response({"error": "Commands are typed in the server: #games or a thread."})
    try:
        path, options = parse(str(body.get("text", "")), view.commands(pg, me), lookup)
        inter = await pg.fake.slash(me, channel, path, **options)
    except (CommandLineError, CommandNotAvailable, ValueError, TypeError) as exc:
        return web.json_response({"error": str(exc)})
    return await _answered(inter)


async def click(request: web.Request) -> web.Response:
    """``{"as", "message", "custom_id"}``: press a button."""
    pg, body = request.app[PLAYGROUND], await _body(request)
    me = _person(pg, body.get("as"))
    msg = _message(pg, body.get("message"))
    try:
        inter = await pg.fake.click(me, msg, custom_id=str(body.get("custom_id")))
    except (LookupError, PermissionError) as exc:
        return web.json_response({"error": str(exc)})
    return await _answered(inter)


async def select(request: web.Request) -> web.Response:
    """``{"as", "message", "custom_id", "values": [...]}``: choose in a select menu."""
    pg, body = request.app[PLAYGROUND], await _body(request)
    me = _person(pg, body.get("as"))
    msg = _message(pg, body.get("message"))
    values = body.get("values")
    if not isinstance(values, list):
        raise web.HTTPBadRequest(text="values: a list")
    try:
        inter = await pg.fake.select(me, msg, values, custom_id=str(body.get("custom_id")))
    except (LookupError, PermissionError, ValueError) as exc:
        return web.json_response({"error": str(exc)})
    return await _answered(inter)


async def _answered(inter: Interaction) -> web.Response:
    """Wait for the bot's answer as Discord does; unanswered, say so as Discord's client does."""
    with contextlib.suppress(TimeoutError, asyncio.TimeoutError):
        await inter.wait_answered(ANSWER_SECONDS)
    if not inter.answered:
        return web.json_response({"error": "This interaction failed (the bot did not answer)."})
    return web.json_response({"ok": True})


# -- lookups ---------------------------------------------------------------------------
async def _body(request: web.Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise web.HTTPBadRequest(text="a JSON body") from None
    if not isinstance(body, dict):
        raise web.HTTPBadRequest(text="a JSON object")
    return body


def _person(pg: Playground, user_id: Any) -> User:
    found = next((u for u in pg.people if str(user_id) in (str(u.id), u.name)), None)
    if found is None:
        raise web.HTTPBadRequest(text="as=<the id or name of one of the people>")
    return found


def _channel(pg: Playground, channel_id: Any, me: User) -> Channel:
    """The server's channels and threads, or my own DMs; the #games channel otherwise."""
    channel = pg.fake.state.channels.get(int(channel_id)) if str(channel_id).isdigit() else None
    if channel is None or channel.deleted:
        return pg.channel
    if channel.is_dm and channel.recipient is not me:
        return pg.channel
    return channel


def _message(pg: Playground, message_id: Any) -> Message:
    wanted = int(message_id) if str(message_id).isdigit() else -1
    for msg in reversed(pg.fake.state.messages):
        if (msg.id == wanted or wanted in msg.aliases) and not msg.deleted:
            return msg
    raise web.HTTPNotFound(text="no such message")
