"""The fake Discord against the real discord.py client (fixtures/mini_bot.py run as a process).

Each test gets a fresh channel; the bot runs once for the module, and the
restart test near the end kills it with SIGKILL and starts it again.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import pytest
import pytest_asyncio

from playground.fake_discord import CommandNotAvailable, FakeDiscord, python_argv

pytestmark = pytest.mark.asyncio(loop_scope="module")
MINI_BOT = Path(__file__).parent / "fixtures" / "mini_bot.py"


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(fake_discord, spawn_bot):
    fake = fake_discord
    guild = fake.add_guild("Dev")
    world = SimpleNamespace(
        fake=fake,
        guild=guild,
        alice=fake.add_user("alice"),
        bob=fake.add_user("bob"),
        mod=fake.add_user("mod", manage_guild=True),
    )
    world.bot = await spawn_bot(python_argv(MINI_BOT), env={"DEV_GUILD_ID": str(guild.id)})
    return world


@pytest_asyncio.fixture(loop_scope="module")
async def channel(world, request):
    return world.fake.add_text_channel(world.guild, request.node.name[:90])


# -- start-up --------------------------------------------------------------------


async def test_bot_logs_in_and_syncs_its_commands_once(world):
    fake = world.fake
    calls = [f"{r.method} {r.path.removeprefix('/api/v10')}" for r in fake.requests]
    app = fake.application_id
    assert calls[:3] == [
        "GET /users/@me",
        "GET /oauth2/applications/@me",
        f"GET /applications/{app}/guilds/{world.guild.id}/commands",
    ]
    assert fake.command_syncs == [(world.guild.id, ["admin", "game"])]
    game = next(c for c in fake.synced_commands(world.guild) if c["name"] == "game")
    assert int(game["id"]) and {o["name"] for o in game["options"]} >= {"new", "invite", "board"}


# -- slash commands, public messages, threads ----------------------------------------


async def test_slash_command_posts_a_table_with_buttons_and_a_thread(world, channel):
    fake = world.fake
    inter = await fake.slash(world.alice, channel, "game new", game="keltis", players=3)
    table = await inter.wait_reply()

    assert inter.response_type == 4 and inter.answered_after < 3
    assert not table.ephemeral and table.content.endswith("keltis for 3")
    assert table.button("Join")["custom_id"] == f"mini:join:{inter.id}"
    assert table.custom_ids() == ["mini:legacy", f"mini:join:{inter.id}", f"mini:hand:{inter.id}"]
    thread_message = await fake.wait_for_message(  # in this test's table's thread
        predicate=lambda m: m.content == "Table thread for keltis" and m.channel_id == table.id
    )
    [thread] = fake.threads(channel)
    assert (
        thread.id == table.id == thread_message.channel_id
    )  # a message's thread takes the message's id
    assert thread.name == "keltis table"


async def test_slash_options_are_checked_like_discords_client(world, channel):
    with pytest.raises(ValueError, match="outside"):
        await world.fake.slash(world.alice, channel, "game new", game="keltis", players=9)
    with pytest.raises(ValueError, match="missing required"):
        await world.fake.slash(world.alice, channel, "game new", game="keltis")
    with pytest.raises(CommandNotAvailable):
        await world.fake.slash(world.alice, channel, "game fly")


async def test_autocomplete(world, channel):
    inter = await world.fake.autocomplete(world.alice, channel, "game new", "game", game="c")
    await inter.wait_answered()
    assert inter.response_type == 8
    assert [c["value"] for c in inter.choices] == ["cuttle"]


async def test_button_edits_the_message_through_the_interaction(world, channel):
    fake = world.fake
    table = await (
        await fake.slash(world.alice, channel, "game new", game="dice", players=2)
    ).wait_reply()

    click = await fake.click(world.bob, table, label="Join")
    await click.wait_answered()

    assert click.response_type == 7 and click.original is table
    assert table.content.endswith("bob joined") and table.edits == 1
    assert table.history[0].content.endswith("dice for 2")
    assert table.button("Join")  # components survive an edit that does not send them


# -- ephemeral panels ------------------------------------------------------------------


async def test_ephemeral_panel_with_button_and_select(world, channel):
    fake = world.fake
    table = await (
        await fake.slash(world.alice, channel, "game new", game="oracle", players=2)
    ).wait_reply()

    panel = await (await fake.click(world.alice, table, label="My hand")).wait_reply()
    assert panel.ephemeral and panel.visible_to == world.alice.id
    assert panel not in fake.messages(channel, visible_to=world.bob)
    with pytest.raises(PermissionError):
        await fake.click(world.bob, panel, label="Play g7")

    pick = await fake.select(world.alice, panel, ["b"], placeholder="Pick a pile")
    await pick.wait_answered()
    assert panel.content == "You picked b"

    play = await fake.click(world.alice, panel, custom_id="mini:play:")
    await play.wait_answered()
    assert play.response_type == 7 and panel.content == "You played g7" and panel.components == []


async def test_clicks_refuse_ids_the_message_does_not_show_but_forge_sends_them(world, channel):
    fake = world.fake
    table = await (
        await fake.slash(world.alice, channel, "game new", game="dice", players=2)
    ).wait_reply()
    with pytest.raises(LookupError):
        await fake.click(world.bob, table, custom_id="mini:join:1")
    with pytest.raises(LookupError):
        await fake.click(world.bob, table, custom_id="mini:play:")
    stale = dict(table.button("Join"), custom_id="mini:join:1")
    with pytest.raises(LookupError, match="forge"):
        await fake._component(world.bob, table, stale, None)

    carried = await fake.forge(world.bob, channel, table, "mini:play:7:x9")
    assert (
        carried.payload()["message"]["components"][0]["components"][0]["custom_id"]
        == "mini:play:7:x9"
    )
    await carried.wait_answered()
    assert carried.response_type == 7 and table.content == "You played x9"
    bare = await fake.forge(world.bob, channel, table, "mini:play:7:x9", carried=False)
    assert not await bare.answered_within(0.5)  # discord.py drops an id the message does not show
    fake.interactions.remove(bare)  # left unanswered on purpose: keep the health check below clean


async def test_forged_slash_options_skip_the_clients_checks(world, channel):
    inter = await world.fake.forge_slash(
        world.alice, channel, "game new", game="keltis", players=10**30
    )
    assert inter.data["options"][0]["options"][1] == {"name": "players", "type": 4, "value": 10**30}
    await inter.wait_answered()  # nothing left in flight for the tests after this one


async def test_slash_command_with_ephemeral_reply(world, channel):
    inter = await world.fake.slash(world.mod, channel, "admin reset")
    reply = await inter.wait_reply()
    assert reply.ephemeral and reply.visible_to == world.mod.id and reply.content == "reset done"


async def test_default_permissions_hide_moderator_commands(world, channel):
    with pytest.raises(CommandNotAvailable, match="lacks permissions"):
        await world.fake.slash(world.alice, channel, "admin reset")


# -- defer, followups, DMs -------------------------------------------------------------


async def test_defer_then_followups_and_a_dm(world, channel):
    fake = world.fake
    inter = await fake.slash(world.alice, channel, "game invite", player=world.bob)
    await inter.wait_answered()
    assert inter.response_type == 5

    first, second = await inter.wait_followups(2)
    assert first is inter.original and not first.loading  # the first followup resolves "thinking"
    assert first.content == "Invitation sent to bob" and not first.ephemeral
    assert second.ephemeral and second.visible_to == world.alice.id
    [dm] = fake.dms(world.bob)
    assert dm.content == "alice invites you to play" and dm.via == "dm"


async def test_closed_dms_give_discords_403(world, channel):
    fake = world.fake
    carol = fake.add_user("carol")
    fake.close_dms(carol)
    inter = await fake.slash(world.alice, channel, "game invite", player=carol)
    [reply] = await inter.wait_followups(1)
    assert reply.content == "Could not DM carol: their DMs are closed"
    assert fake.dms(carol) == []
    assert any(r.status == 403 and r.code == 50007 for r in fake.failed_requests())


# -- attachments, threads, channel messages, modals ------------------------------------------


async def test_image_attachment(world, channel):
    fake = world.fake
    message = await (await fake.slash(world.alice, channel, "game board")).wait_reply()
    [image] = message.attachments
    assert (image.filename, image.content_type, image.width, image.height) == (
        "board.png",
        "image/png",
        64,
        32,
    )
    assert image.data.startswith(b"\x89PNG")
    assert message.embeds[0]["image"]["url"] == image.url
    async with aiohttp.ClientSession() as http, http.get(image.url) as response:
        assert await response.read() == image.data


async def test_thread_without_a_message(world, channel):
    fake = world.fake
    inter = await fake.slash(world.alice, channel, "game lobby", name="Friday night")
    reply = await inter.wait_reply()
    [thread] = fake.threads(channel)
    assert reply.ephemeral and reply.content == f"Lobby <#{thread.id}>"
    assert set(thread.thread_members) == {fake.bot.id, world.alice.id}
    assert [m.content for m in fake.messages(thread)] == ["Welcome to Friday night"]


async def test_channel_message_send_edit_fetch(world, channel):
    fake = world.fake
    inter = await fake.slash(world.alice, channel, "game ping")
    reply = await inter.wait_reply()
    assert reply.ephemeral and reply.content == "fetched: pong (edited)"
    [pong] = fake.messages(channel, ephemeral=False)
    assert pong.content == "pong (edited)" and [r.content for r in pong.history] == ["pong"]
    assert pong.via == "channel" and pong.interaction is None


async def test_modal(world, channel):
    fake = world.fake
    shown = await fake.slash(world.alice, channel, "game rename")
    await shown.wait_answered()
    assert shown.response_type == 9 and shown.modal["title"] == "Rename the table"

    submitted = await fake.submit_modal(world.alice, shown, **{"mini:rename:name": "Lounge"})
    assert (await submitted.wait_reply()).content == "Renamed to Lounge"


# -- restart ---------------------------------------------------------------------------


async def test_buttons_survive_kill_and_restart(world, channel):
    fake = world.fake
    table = await (
        await fake.slash(world.alice, channel, "game new", game="cuttle", players=2)
    ).wait_reply()
    identifies = fake.gateway.identify_count

    await world.bot.restart()  # kill -9, then a new process

    assert fake.gateway.identify_count == identifies + 1 and len(fake.gateway.sessions) == 1
    table.make_old(hours=2)  # also: clicks on hour-old messages still work
    join = await fake.click(world.bob, table, label="Join")
    await join.wait_answered()
    assert table.content.endswith("bob joined")

    legacy = await fake.click(
        world.bob, table, label="Legacy"
    )  # a plain View died with the old process
    assert not await legacy.answered_within(1.0)
    assert fake.unanswered() == [legacy]
    assert fake.command_syncs == [
        (world.guild.id, ["admin", "game"])
    ]  # unchanged tree: no second sync


async def test_no_unknown_routes_and_every_answer_in_time(world):
    fake = world.fake
    assert fake.unknown_routes == []
    assert fake.answered_late() == []
    assert [p for p in fake.problems() if "mini:legacy" not in p] == []


# -- protocol details, without a bot process ---------------------------------------------


@pytest_asyncio.fixture(loop_scope="module")
async def bare():
    """A separate fake (token 'sekrit') with one guild, channel and user, and an HTTP client."""
    async with FakeDiscord(token="sekrit") as fake, aiohttp.ClientSession() as http:
        guild = fake.add_guild()
        yield SimpleNamespace(
            fake=fake,
            http=http,
            api=fake.api_base,
            auth={"Authorization": "Bot sekrit"},
            channel=fake.add_text_channel(guild, "general"),
            alice=fake.add_user("alice"),
        )


class RawBot:
    """A hand-rolled gateway client, for checking frames discord.py hides."""

    def __init__(self, http: aiohttp.ClientSession, fake: FakeDiscord):
        self.http, self.fake = http, fake

    async def connect(self, token: str):
        self.ws = await self.http.ws_connect(self.fake.gateway_url + "?v=10&encoding=json")
        hello = await self.receive()
        await self.ws.send_json({"op": 2, "d": {"token": token, "intents": 513}})
        return hello

    async def receive(self):
        return await self.ws.receive_json(timeout=2)


async def test_rest_auth_content_type_and_unknown_routes(bare):
    http, api = bare.http, bare.api
    async with http.get(f"{api}/users/@me", headers=bare.auth) as r:
        assert r.headers["Content-Type"] == "application/json" and (await r.json())["bot"] is True
    async with http.get(f"{api}/users/@me", headers={"Authorization": "Bot wrong"}) as r:
        assert r.status == 401 and r.headers["Content-Type"] == "application/json"
    async with http.get(f"{api}/voice/regions", headers=bare.auth) as r:
        assert r.status == 404 and (await r.json()) == {"message": "404: Not Found", "code": 0}
    assert bare.fake.unknown_routes == ["GET /api/v10/voice/regions"]


async def test_gateway_frames_and_interaction_callbacks(bare):
    fake, http, api = bare.fake, bare.http, bare.api
    intruder = RawBot(http, fake)
    await intruder.connect("wrong")
    assert (await intruder.ws.receive()).data == 4004  # close code: authentication failed

    raw = RawBot(http, fake)
    assert (await raw.connect("sekrit"))["op"] == 10
    ready, guild_create = await raw.receive(), await raw.receive()
    assert ready["t"] == "READY" and ready["d"]["resume_gateway_url"] == fake.gateway_url
    assert guild_create["t"] == "GUILD_CREATE" and guild_create["s"] == 2
    assert [m["user"]["id"] for m in guild_create["d"]["members"]] == [
        str(fake.bot.id)
    ]  # no members intent
    await raw.ws.send_json({"op": 1, "d": 2})
    assert (await raw.receive())["op"] == 11
    await raw.ws.send_json({"op": 6, "d": {"token": "sekrit", "session_id": "x", "seq": 2}})
    assert (await raw.receive()) == {"op": 9, "d": False, "s": None, "t": None}

    await fake.wait_until_bot_ready()
    async with http.put(
        f"{api}/applications/{fake.application_id}/commands",
        headers=bare.auth,
        json=[{"name": "ping", "description": "p", "options": []}],
    ) as r:
        [command] = await r.json()
    sent = await fake.slash(bare.alice, bare.channel, "ping")
    created = await raw.receive()
    assert created["t"] == "INTERACTION_CREATE" and created["d"]["data"]["id"] == command["id"]
    assert created["d"]["member"]["permissions"] and created["d"]["attachment_size_limit"]

    callback = f"{api}/interactions/{sent.id}/{sent.token}/callback"
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"type": 4, "data": {"content": "hi", "flags": 64}}))
    form.add_field("files[0]", b"abc", filename="a.txt", content_type="application/octet-stream")
    async with http.post(callback + "?with_response=1", data=form) as r:
        body = await r.json()
    assert body["interaction"]["response_message_ephemeral"] is True
    assert body["resource"]["message"]["attachments"][0]["filename"] == "a.txt"
    async with http.post(callback, json={"type": 4, "data": {"content": "again"}}) as r:
        assert r.status == 400 and (await r.json())["code"] == 40060
    assert sent.refused == ["answered twice"]
    async with http.get(
        f"{api}/channels/{bare.channel.id}/messages/{sent.original.id}", headers=bare.auth
    ) as r:
        assert r.status == 404  # ephemeral messages are not in the channel

    await raw.ws.close()
    await fake.wait_until_bot_disconnected()


async def test_message_limits_and_old_messages(bare):
    http, url = bare.http, f"{bare.api}/channels/{bare.channel.id}/messages"
    async with http.post(url, headers=bare.auth, json={"content": "x" * 2001}) as r:
        assert r.status == 400 and (await r.json())["code"] == 50035
    async with http.post(url, headers=bare.auth, json={}) as r:
        assert r.status == 400 and (await r.json())["code"] == 50006
    async with http.post(url, headers=bare.auth, json={"content": "table"}) as r:
        posted = await r.json()

    message = bare.fake.latest_message(bare.channel)
    message.make_old(hours=2)
    async with http.get(f"{url}/{posted['id']}", headers=bare.auth) as r:
        fetched = await r.json()
    assert (
        fetched["id"] == str(message.id) != posted["id"]
    )  # older snowflake; the old id still resolves
    assert fetched["timestamp"] < posted["timestamp"]
