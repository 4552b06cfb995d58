"""The fake Discord's failure modes: permissions, deleted messages, archived and locked
threads, rate limits and the invalid-request count, each with Discord's status, body and
headers; plus discord.py itself (in this process) computing permissions from what the
fake sends and honouring a 429.

Each test gets its own fake with one guild, a channel and a user; requests go out as
plain aiohttp calls with the bot's token, or through a real ``discord.Client``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator, Callable
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest
import pytest_asyncio
import yarl

from playground.fake_discord import FakeDiscord, Perm

pytestmark = pytest.mark.asyncio(loop_scope="module")

MISSING_PERMISSIONS = {"message": "Missing Permissions", "code": 50013}
MISSING_ACCESS = {"message": "Missing Access", "code": 50001}
UNKNOWN_MESSAGE = {"message": "Unknown Message", "code": 10008}
THREAD_ARCHIVED = {"message": "Thread is archived", "code": 50083}
THREAD_LOCKED = {"message": "Thread is locked", "code": 160005}


class Api:
    """The bot's REST calls, made by hand: ``await api.post(path, json=...)`` ->
    (status, body, headers)."""

    def __init__(self, http: aiohttp.ClientSession, fake: FakeDiscord):
        self.http, self.base = http, fake.api_base
        self.auth = {"Authorization": f"Bot {fake.token}"}

    async def call(self, method: str, path: str, *, auth: bool = True, **kwargs: Any):
        headers = self.auth if auth else {}
        async with self.http.request(method, self.base + path, headers=headers, **kwargs) as r:
            text = await r.text()
            return r.status, (json.loads(text) if text else None), r.headers

    async def get(self, path: str, **kwargs: Any):
        return await self.call("GET", path, **kwargs)

    async def post(self, path: str, **kwargs: Any):
        return await self.call("POST", path, **kwargs)

    async def patch(self, path: str, **kwargs: Any):
        return await self.call("PATCH", path, **kwargs)

    async def put(self, path: str, **kwargs: Any):
        return await self.call("PUT", path, **kwargs)

    async def delete(self, path: str, **kwargs: Any):
        return await self.call("DELETE", path, **kwargs)

    async def send(self, channel, content: str = "hi", **body: Any):
        return await self.post(
            f"/channels/{channel.id}/messages", json={"content": content, **body}
        )


@pytest_asyncio.fixture(loop_scope="module")
async def w() -> AsyncIterator[SimpleNamespace]:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        guild = fake.add_guild("Dev")
        yield SimpleNamespace(
            fake=fake,
            guild=guild,
            channel=fake.add_text_channel(guild, "games"),
            alice=fake.add_user("alice"),
            api=Api(http, fake),
        )


async def posted(w, channel, content: str = "table", **body: Any):
    status, data, _ = await w.api.send(channel, content, **body)
    assert status == 200, data
    return w.fake.state.find_message(data["id"])


async def a_thread(w, name: str = "match"):
    message = await posted(w, w.channel, name)
    status, data, _ = await w.api.post(
        f"/channels/{w.channel.id}/messages/{message.id}/threads", json={"name": name}
    )
    assert status == 200, data
    return w.fake.state.channel(data["id"])


def multipart(payload: dict[str, Any], filename: str = "board.png") -> aiohttp.FormData:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps(payload))
    form.add_field("files[0]", b"\x89PNG", filename=filename, content_type="image/png")
    return form


# -- permissions: overwrites, Discord's bodies ---------------------------------------------


async def test_a_denied_permission_is_refused_with_discords_body_and_given_back(w):
    fake, api, channel = w.fake, w.api, w.channel
    assert (await api.send(channel))[0] == 200  # by default the bot may do everything it needs

    fake.deny(channel, Perm.SEND_MESSAGES)
    status, body, headers = await api.send(channel)
    assert (status, body) == (403, MISSING_PERMISSIONS)
    assert headers["Content-Type"] == "application/json"
    assert not fake.bot_permissions(channel) & Perm.SEND_MESSAGES
    status, data, _ = await api.get(f"/channels/{channel.id}")
    assert data["permission_overwrites"] == [
        {"id": str(fake.bot.id), "type": 1, "allow": "0", "deny": str(Perm.SEND_MESSAGES)}
    ]

    status, listed, _ = await api.get(f"/guilds/{w.guild.id}/channels")
    assert [c["permission_overwrites"] for c in listed if c["id"] == str(channel.id)] == [
        data["permission_overwrites"]
    ]

    fake.allow(channel, Perm.SEND_MESSAGES)
    assert (await api.send(channel))[0] == 200
    fake.clear_overwrite(channel)
    assert (await api.get(f"/channels/{channel.id}"))[1]["permission_overwrites"] == []


async def test_a_channel_the_bot_cannot_see_answers_missing_access(w):
    fake, api, channel = w.fake, w.api, w.channel
    message = await posted(w, channel)
    fake.deny(channel, Perm.VIEW_CHANNEL, role=w.guild.everyone)  # a private channel
    assert fake.bot_permissions(channel) == 0
    for method, path in [
        ("GET", f"/channels/{channel.id}"),
        ("POST", f"/channels/{channel.id}/messages"),
        ("GET", f"/channels/{channel.id}/messages"),
        ("GET", f"/channels/{channel.id}/messages/{message.id}"),
        ("PATCH", f"/channels/{channel.id}/messages/{message.id}"),
        ("DELETE", f"/channels/{channel.id}/messages/{message.id}"),
    ]:
        status, body, _ = await api.call(method, path, json={"content": "x"})
        assert (status, body) == (403, MISSING_ACCESS), (method, path)

    fake.allow(channel, Perm.VIEW_CHANNEL)  # the bot's own overwrite lets it in again
    assert (await api.send(channel))[0] == 200


async def test_guild_level_permissions_leave_every_role_of_the_bot(w):
    fake, api, channel = w.fake, w.api, w.channel
    fake.deny(w.guild, Perm.SEND_MESSAGES)
    assert not w.guild.everyone.permissions & Perm.SEND_MESSAGES
    assert not fake.bot_role(w.guild).permissions & Perm.SEND_MESSAGES
    assert (await api.send(channel))[1] == MISSING_PERMISSIONS
    fake.allow(channel, Perm.SEND_MESSAGES)  # an overwrite beats the guild's roles
    assert (await api.send(channel))[0] == 200
    fake.clear_overwrite(channel)
    fake.allow(w.guild, Perm.SEND_MESSAGES)
    assert fake.bot_role(w.guild).permissions & Perm.SEND_MESSAGES
    assert (await api.send(channel))[0] == 200


async def test_threads_take_their_parents_overwrites_with_send_in_threads(w):
    fake, api, channel = w.fake, w.api, w.channel
    thread = await a_thread(w)
    fake.deny(channel, Perm.SEND_MESSAGES)
    assert (await api.send(thread))[0] == 200  # SEND_MESSAGES has no effect in threads
    fake.deny(channel, Perm.SEND_MESSAGES_IN_THREADS)
    assert (await api.send(thread))[1] == MISSING_PERMISSIONS
    with pytest.raises(ValueError, match="no overwrites per thread"):
        fake.deny(thread, Perm.SEND_MESSAGES_IN_THREADS)


async def test_files_need_attach_files_and_embeds_need_embed_links(w):
    fake, api, channel = w.fake, w.api, w.channel
    fake.deny(channel, Perm.ATTACH_FILES, Perm.EMBED_LINKS)
    status, body, _ = await api.post(
        f"/channels/{channel.id}/messages", data=multipart({"content": "board"})
    )
    assert (status, body) == (403, MISSING_PERMISSIONS)

    embed = {"title": "Keltis", "description": "turn 3"}
    status, data, _ = await api.send(channel, "table", embeds=[embed])
    assert status == 200 and data["embeds"] == []  # Discord drops them
    status, body, _ = await api.send(channel, "", embeds=[embed])
    assert (status, body) == (403, MISSING_PERMISSIONS)  # nothing left to send

    fake.allow(channel, Perm.EMBED_LINKS)
    message = await posted(w, channel, "", embeds=[embed])
    fake.deny(channel, Perm.EMBED_LINKS)
    path = f"/channels/{channel.id}/messages/{message.id}"
    status, body, _ = await api.patch(path, json={"embeds": [dict(embed, title="Keltis 2")]})
    assert (status, body["code"]) == (400, 50006)  # an edit left empty
    status, data, _ = await api.patch(path, json={"content": "v2", "embeds": [embed]})
    assert status == 200 and data["embeds"] == [] and data["content"] == "v2"
    status, body, _ = await api.patch(path, data=multipart({"content": "v3"}))
    assert (status, body) == (403, MISSING_PERMISSIONS)


async def test_an_attachments_description_is_at_most_1024_characters_like_discords(w):
    channel = w.channel
    path = f"/channels/{channel.id}/messages"
    for size, status in ((1024, 200), (1025, 400)):
        attachment = {"id": 0, "filename": "board.png", "description": "a" * size}
        answer, body, _ = await w.api.post(
            path, data=multipart({"content": "board", "attachments": [attachment]})
        )
        assert answer == status
    assert body["code"] == 50035
    assert body["errors"]["attachments"]["0"]["description"]["_errors"][0]["code"] == (
        "BASE_TYPE_MAX_LENGTH"
    )
    [stored] = w.fake.messages(channel)[-1].attachments
    assert stored.description == "a" * 1024


async def test_the_bot_edits_and_deletes_its_messages_without_send_messages(w):
    fake, api, channel = w.fake, w.api, w.channel
    message = await posted(w, channel)
    fake.deny(channel, Perm.SEND_MESSAGES)
    path = f"/channels/{channel.id}/messages/{message.id}"
    assert (await api.patch(path, json={"content": "edited"}))[0] == 200
    assert message.content == "edited"
    said = await fake.say(w.alice, channel, "hello")
    fake.deny(channel, Perm.MANAGE_MESSAGES)
    assert (await api.delete(f"/channels/{channel.id}/messages/{said.id}"))[1] == (
        MISSING_PERMISSIONS
    )
    assert (await api.delete(path))[0] == 204  # its own message


async def test_history_needs_read_message_history(w):
    fake, api, channel = w.fake, w.api, w.channel
    message = await posted(w, channel)
    fake.deny(channel, Perm.READ_MESSAGE_HISTORY)
    assert (await api.get(f"/channels/{channel.id}/messages"))[:2] == (200, [])  # none shown
    status, body, _ = await api.get(f"/channels/{channel.id}/messages/{message.id}")
    assert (status, body) == (403, MISSING_ACCESS)
    status, body, _ = await api.send(
        channel, "reply", message_reference={"message_id": str(message.id)}
    )
    assert (status, body["code"]) == (403, 160002)


async def test_threads_need_create_public_threads_and_manage_threads(w):
    fake, api, channel = w.fake, w.api, w.channel
    message = await posted(w, channel)
    fake.deny(channel, Perm.CREATE_PUBLIC_THREADS)
    status, body, _ = await api.post(
        f"/channels/{channel.id}/messages/{message.id}/threads", json={"name": "t"}
    )
    assert (status, body) == (403, MISSING_PERMISSIONS)
    status, body, _ = await api.post(
        f"/channels/{channel.id}/threads", json={"name": "t", "type": 11}
    )
    assert (status, body) == (403, MISSING_PERMISSIONS)
    fake.allow(channel, Perm.CREATE_PUBLIC_THREADS)
    thread = await a_thread(w)

    fake.deny(channel, Perm.MANAGE_THREADS)
    status, body, _ = await api.patch(f"/channels/{thread.id}", json={"locked": True})
    assert (status, body) == (403, MISSING_PERMISSIONS)
    # its creator may archive it without MANAGE_THREADS
    assert (await api.patch(f"/channels/{thread.id}", json={"archived": True}))[0] == 200
    assert thread.archived
    assert (await api.patch(f"/channels/{thread.id}", json={"archived": False}))[0] == 200
    assert (await api.delete(f"/channels/{thread.id}"))[1] == MISSING_PERMISSIONS


async def test_interactions_are_not_subject_to_channel_permissions(w):
    fake, api, channel = w.fake, w.api, w.channel
    async with discord_client(fake, w.guild):
        await api.put(
            f"/applications/{fake.application_id}/guilds/{w.guild.id}/commands",
            json=[{"name": "ping", "description": "p"}],
        )
        fake.deny(channel, Perm.VIEW_CHANNEL, Perm.SEND_MESSAGES, Perm.EMBED_LINKS)
        inter = await fake.slash(w.alice, channel, "ping")
        assert int(inter.payload()["app_permissions"]) & Perm.SEND_MESSAGES == 0
        callback = f"/interactions/{inter.id}/{inter.token}/callback"
        embed = {"title": "Keltis"}
        status, _, _ = await api.post(
            callback, auth=False, json={"type": 4, "data": {"embeds": [embed]}}
        )
        assert status == 204 and inter.original.embeds[0]["title"] == "Keltis"
        webhook = f"/webhooks/{fake.application_id}/{inter.token}"
        status, data, _ = await api.post(
            webhook + "?wait=true", auth=False, data=multipart({"content": "board"})
        )
        assert status == 200 and data["attachments"]
        status, _, _ = await api.patch(
            webhook + "/messages/@original", auth=False, json={"content": "edited"}
        )
        assert status == 200 and inter.original.content == "edited"
    assert fake.problems() == []


# -- discord.py computes the same permissions from what the fake sends -----------------


@contextlib.asynccontextmanager
async def discord_client(fake: FakeDiscord, guild) -> AsyncIterator[discord.Client]:
    """A real discord.py client in this process, connected to the fake."""
    saved = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = fake.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(fake.gateway_url)
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.1)
    task = asyncio.create_task(client.start(fake.token))
    try:
        await fake.wait_until_bot_ready()
        await eventually(lambda: client.get_guild(guild.id) is not None)
        yield client
    finally:
        await client.close()
        await asyncio.wait_for(task, 5)
        discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = saved


async def eventually(predicate: Callable[[], Any], timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def test_discord_py_computes_the_permissions_the_fake_enforces(w):
    fake, channel = w.fake, w.channel
    thread = await a_thread(w)
    other = fake.add_text_channel(w.guild, "lobby")
    fake.deny(other, Perm.ATTACH_FILES)  # before the bot connects: GUILD_CREATE carries it
    async with discord_client(fake, w.guild) as client:
        guild = client.get_guild(w.guild.id)
        assert guild is not None

        def agree() -> bool:
            """discord.py's permissions_for equals the fake's, in each place."""
            places = [
                (channel, guild.get_channel(channel.id)),
                (other, guild.get_channel(other.id)),
            ]
            places.append((thread, guild.get_thread(thread.id)))
            return all(
                cached is not None
                and cached.permissions_for(guild.me).value == fake.bot_permissions(place)
                for place, cached in places
            )

        assert agree()
        assert not guild.get_channel(other.id).permissions_for(guild.me).attach_files
        fake.deny(channel, Perm.SEND_MESSAGES_IN_THREADS, Perm.ATTACH_FILES)
        await eventually(agree)  # CHANNEL_UPDATE
        cached_thread = guild.get_thread(thread.id)
        assert cached_thread is not None
        assert not cached_thread.permissions_for(guild.me).send_messages_in_threads
        fake.deny(w.guild, Perm.EMBED_LINKS)
        await eventually(agree)  # GUILD_ROLE_UPDATE
        assert not guild.get_channel(other.id).permissions_for(guild.me).embed_links
        fake.deny(channel, Perm.SEND_MESSAGES)  # implicitly takes EMBED_LINKS... in channels
        await eventually(agree)
        fake.deny(channel, Perm.VIEW_CHANNEL, role=w.guild.everyone)
        await eventually(agree)
        assert guild.get_channel(channel.id).permissions_for(guild.me).value == 0
        said = asyncio.ensure_future(client.wait_for("message", timeout=0.5))
        await asyncio.sleep(0)
        await fake.say(w.alice, channel, "unseen")  # no MESSAGE_CREATE from a hidden channel
        with pytest.raises(TimeoutError):
            await said
        said = asyncio.ensure_future(client.wait_for("message", timeout=2))
        await asyncio.sleep(0)
        await fake.say(w.alice, other, "seen")
        assert (await said).channel.id == other.id

        fake.clear_overwrite(channel, role=w.guild.everyone)
        await eventually(agree)  # and THREAD_LIST_SYNC brings the thread back
        fake.allow(w.guild, Perm.EMBED_LINKS)
        fake.clear_overwrite(channel)
        await eventually(agree)
        assert guild.get_channel(channel.id).permissions_for(guild.me).send_messages


async def test_moderators_delete_archive_and_lock_while_discord_py_follows(w):
    fake, channel = w.fake, w.channel
    thread = await a_thread(w)
    in_thread = await posted(w, thread, "turn 1")
    message = await posted(w, channel)
    async with discord_client(fake, w.guild) as client:
        guild = client.get_guild(w.guild.id)
        assert guild is not None
        deleted = asyncio.ensure_future(client.wait_for("raw_message_delete", timeout=3))
        await asyncio.sleep(0)
        fake.delete_message(message)
        assert (await deleted).message_id == message.id

        fake.archive_thread(thread)
        await eventually(lambda: guild.get_thread(thread.id) is None)  # archived: uncached
        place = client.get_partial_messageable(thread.id, guild_id=w.guild.id)
        with pytest.raises(discord.HTTPException) as refused:
            await place.get_partial_message(in_thread.id).edit(content="turn 1 (edited)")
        assert (refused.value.status, refused.value.code) == (400, 50083)
        await place.send("turn 2")
        assert not thread.archived  # sending unarchives it; THREAD_UPDATE caches it again
        await eventually(lambda: guild.get_thread(thread.id) is not None)

        fake.lock_thread(thread)
        await eventually(lambda: getattr(guild.get_thread(thread.id), "locked", False))
        fake.deny(channel, Perm.MANAGE_THREADS)
        with pytest.raises(discord.Forbidden) as locked:
            await place.send("turn 3")
        assert locked.value.code == 160005


# -- 10008, archived and locked threads through plain requests ---------------------------


async def test_a_deleted_message_is_unknown(w):
    fake, api, channel = w.fake, w.api, w.channel
    message = await posted(w, channel)
    fake.delete_message(message)
    path = f"/channels/{channel.id}/messages/{message.id}"
    for method in ("GET", "PATCH", "DELETE"):
        status, body, _ = await api.call(method, path, json={"content": "x"})
        assert (status, body) == (404, UNKNOWN_MESSAGE), method
    status, body, _ = await api.post(f"{path}/threads", json={"name": "t"})
    assert (status, body) == (404, UNKNOWN_MESSAGE)


async def test_archived_threads_refuse_edits_and_unarchive_on_send(w):
    fake, api = w.fake, w.api
    thread = await a_thread(w)
    in_thread = await posted(w, thread, "turn 1")
    fake.archive_thread(thread)
    path = f"/channels/{thread.id}/messages/{in_thread.id}"
    assert (await api.patch(path, json={"content": "turn 2"}))[:2] == (400, THREAD_ARCHIVED)
    assert (await api.put(f"/channels/{thread.id}/thread-members/@me"))[:2] == (
        400,
        THREAD_ARCHIVED,
    )
    status, body, _ = await api.patch(f"/channels/{thread.id}", json={"name": "renamed"})
    assert (status, body) == (400, THREAD_ARCHIVED)
    assert (await api.send(thread, "turn 2"))[0] == 200
    assert not thread.archived
    assert (await api.patch(path, json={"content": "turn 1 (edited)"}))[0] == 200

    fake.archive_thread(thread)
    assert (await api.patch(f"/channels/{thread.id}", json={"archived": False}))[0] == 200
    assert not thread.archived


async def test_locked_threads_refuse_all_but_manage_threads(w):
    fake, api, channel = w.fake, w.api, w.channel
    thread = await a_thread(w)
    in_thread = await posted(w, thread, "turn 1")
    fake.lock_thread(thread)
    assert (await api.send(thread))[0] == 200  # the bot's role has Manage Threads
    fake.deny(channel, Perm.MANAGE_THREADS)
    assert (await api.send(thread))[:2] == (403, THREAD_LOCKED)
    path = f"/channels/{thread.id}/messages/{in_thread.id}"
    assert (await api.patch(path, json={"content": "x"}))[:2] == (403, THREAD_LOCKED)

    fake.archive_thread(thread)  # locked and archived: a send does not unarchive it
    assert (await api.send(thread))[:2] == (403, THREAD_LOCKED)
    status, body, _ = await api.patch(f"/channels/{thread.id}", json={"archived": False})
    assert (status, body) == (403, THREAD_LOCKED) and thread.archived
    fake.allow(channel, Perm.MANAGE_THREADS)
    assert (await api.patch(f"/channels/{thread.id}", json={"archived": False}))[0] == 200
    assert not thread.archived and thread.locked


# -- rate limits and the invalid-request count -------------------------------------------


async def test_rate_limit_headers_and_a_429_as_discord_documents(w):
    fake, api, channel = w.fake, w.api, w.channel
    status, _, headers = await api.send(channel)
    assert status == 200 and "X-RateLimit-Limit" not in headers  # off by default
    message = await posted(w, channel)

    fake.rate_limits(edits_per_channel=(3, 2.0), global_per_second=None)
    path = f"/channels/{channel.id}/messages/{message.id}"
    seen = []
    for n in range(3):
        status, _, headers = await api.patch(path, json={"content": f"v{n}"})
        assert status == 200
        seen.append(int(headers["X-RateLimit-Remaining"]))
    assert seen == [2, 1, 0]
    assert headers["X-RateLimit-Limit"] == "3" and headers["X-RateLimit-Bucket"]
    assert 0 < float(headers["X-RateLimit-Reset-After"]) <= 2.0
    assert abs(float(headers["X-RateLimit-Reset"]) - time.time() - 2.0) < 0.5

    status, body, headers = await api.patch(path, json={"content": "too fast"})
    assert status == 429 and set(body) == {"message", "retry_after", "global"}
    assert body["message"] == "You are being rate limited." and body["global"] is False
    assert 0 < body["retry_after"] <= 2.0
    assert headers["Retry-After"] == "2" and headers["X-RateLimit-Scope"] == "user"
    assert headers["X-RateLimit-Remaining"] == "0" and headers["Via"]
    other = fake.add_text_channel(w.guild, "other")  # buckets are per channel
    elsewhere = await posted(w, other)
    path2 = f"/channels/{other.id}/messages/{elsewhere.id}"
    status, _, headers2 = await api.patch(path2, json={"content": "ok"})
    assert status == 200 and headers2["X-RateLimit-Bucket"] == headers["X-RateLimit-Bucket"]

    await asyncio.sleep(body["retry_after"])
    assert (await api.patch(path, json={"content": "later"}))[0] == 200
    assert message.content == "later"

    fake.rate_limits(False)
    for _ in range(5):
        assert "X-RateLimit-Limit" not in (await api.patch(path, json={"content": "x"}))[2]


async def test_the_global_limit(w):
    fake, api = w.fake, w.api
    fake.rate_limits(global_per_second=5, sends_per_channel=None, edits_per_channel=None)
    answers = [await api.get("/users/@me") for _ in range(7)]
    assert [a[0] for a in answers] == [200] * 5 + [429] * 2
    status, body, headers = answers[-1]
    assert body["global"] is True and headers["X-RateLimit-Global"] == "true"
    assert headers["X-RateLimit-Scope"] == "global" and 0 < body["retry_after"] <= 1.0


async def test_invalid_requests_are_counted_as_discord_counts_them(w):
    fake, api, channel = w.fake, w.api, w.channel
    start = time.time()
    await api.send(channel)  # fine: not counted
    fake.deny(channel, Perm.SEND_MESSAGES)
    await api.send(channel)
    await api.send(channel)
    await api.get("/users/@me", auth=False)  # 401
    fake.rate_limit_channel(channel, 0.5)  # a shared limit: not counted
    status, body, headers = await api.send(channel)
    assert status == 429 and headers["X-RateLimit-Scope"] == "shared"
    assert body["message"] == "The resource is being rate limited."
    fake.rate_limits(sends_per_channel=(1, 5.0))
    fake.allow(channel, Perm.SEND_MESSAGES)
    other = fake.add_text_channel(w.guild, "other")
    await api.send(other)
    await api.send(other)  # 429, scope user
    assert fake.invalid_requests(since=start) == {(403, 50013): 2, (401, 0): 1, (429, None): 1}
    assert sum(fake.invalid_requests().values()) == 4
    assert fake.invalid_requests(since=time.time()) == {}


async def test_discord_py_waits_out_a_429_and_its_buckets(w):
    fake, channel = w.fake, w.channel
    async with discord_client(fake, w.guild) as client:
        cached = client.get_channel(channel.id)
        assert isinstance(cached, discord.TextChannel)
        fake.rate_limits(sends_per_channel=(2, 1.0), global_per_second=None)
        started = time.monotonic()
        for n in range(5):  # the headers make discord.py wait before the bucket runs dry
            await cached.send(f"move {n}")
        assert time.monotonic() - started >= 1.5
        assert not [r for r in fake.requests if r.status == 429]

        fake.rate_limit_channel(channel, 0.6)  # a 429 it did not see coming
        started = time.monotonic()
        sent = await cached.send("after the 429")
        assert sent.content == "after the 429" and time.monotonic() - started >= 0.5
        [refused] = [r for r in fake.requests if r.status == 429]
        assert refused.scope == "shared"
