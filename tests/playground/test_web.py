"""The playground's web API without a browser: what one person's view shows
(never another's ephemeral messages), typed commands, clicks, the long poll,
board images, the address it binds (127.0.0.1 only) and its own database."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from cogs.config import DEFAULT_DATABASE
from playground.command_line import parse
from playground.world import DEFAULT_DATA_DIR, ROOT, Playground
from tests.e2e.bot_helpers import current_table

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def get(url: str, **params: Any) -> Any:
    async with aiohttp.ClientSession() as http, http.get(url, params=params) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    async with aiohttp.ClientSession() as http, http.post(url, json=body) as response:
        assert response.status == 200, await response.text()
        return await response.json()


async def test_the_page_and_the_api_listen_on_127_0_0_1_only(playground):
    assert playground.url.startswith("http://127.0.0.1:")
    assert {address[0] for address in playground.runner.addresses} == {"127.0.0.1"}
    async with aiohttp.ClientSession() as http, http.get(playground.url) as response:
        assert response.status == 200 and "<title>" in await response.text()


async def test_the_playground_has_a_database_of_its_own(playground, monkeypatch):
    pg = playground.pg
    env = pg.bot_env()
    assert Path(env["DATABASE_PATH"]) == pg.database_path
    assert pg.database_path.parent == pg.data_dir
    assert env["DATABASE_URL"] == ""  # a host's PostgreSQL in .env is never used
    assert pg.database_path.exists()  # the bot made it there
    real = (ROOT / DEFAULT_DATABASE).resolve()
    assert pg.database_path.resolve() != real
    # by default too: .playground/, not the bot's data/ folder, whatever the environment says
    monkeypatch.setenv("DATABASE_PATH", str(real))
    monkeypatch.setenv("DATABASE_URL", "postgresql://host/real")
    default = Playground()
    assert default.data_dir == DEFAULT_DATA_DIR == ROOT / ".playground"
    assert default.database_path != real and default.database_path.parent != real.parent


async def test_a_panel_is_in_its_owners_view_only(playground):
    pg, url = playground.pg, playground.url
    alice, bob = pg.people[0], pg.people[1]
    answer = await post(
        url + "api/command",
        {
            "as": "alice",
            "channel": str(pg.channel.id),
            "text": "/game new game:Cuttle bots:1 players:2",
        },
    )
    assert answer == {"ok": True}
    thread = await pg.fake.wait_until(
        lambda: next((t for t in pg.fake.threads(pg.channel) if current_table(pg.fake, t)), None),
        10,
        "the match's thread",
    )
    # alice is called to play (her button gets a mark while someone else is played)
    called = await pg.fake.wait_until(
        lambda: [m for m in pg.fake.messages(thread) if alice.id in m.mentioned_ids], 10, "a ping"
    )
    seen_by_bob = await get(url + "api/view", **{"as": "bob"})
    assert int(seen_by_bob["attention"][str(alice.id)]) >= called[0].id
    assert seen_by_bob["attention"][str(bob.id)] == "0"

    table = current_table(pg.fake, thread)
    hand = table.button(custom_id="hand:")["custom_id"]
    assert await post(
        url + "api/click", {"as": str(alice.id), "message": str(table.id), "custom_id": hand}
    ) == {"ok": True}
    panel = await pg.fake.wait_for_message(thread, ephemeral=True)
    assert panel.visible_to == alice.id

    mine = await get(url + "api/view", **{"as": "alice", "channel": str(thread.id)})
    theirs = await get(url + "api/view", **{"as": "bob", "channel": str(thread.id)})
    assert mine["channel"]["id"] == theirs["channel"]["id"] == str(thread.id)
    assert str(panel.id) in [m["id"] for m in mine["messages"] if m["ephemeral"]]
    assert not [m for m in theirs["messages"] if m["ephemeral"]]
    assert str(table.id) in [m["id"] for m in theirs["messages"]]
    assert [t["id"] for t in mine["sidebar"]["channels"][0]["threads"]] == [str(thread.id)]

    # bob cannot press alice's panel, even by asking the API for it
    refused = await post(
        url + "api/click", {"as": "bob", "message": str(panel.id), "custom_id": "panel:1"}
    )
    assert "cannot see" in refused["error"]

    # the board image is served from the page's own address
    drawn = next(m for m in mine["messages"] if m["id"] == str(table.id))
    image = drawn["embeds"][0]["image"]["url"]
    assert image.startswith("/attachments/")
    async with aiohttp.ClientSession() as http, http.get(url + image.lstrip("/")) as response:
        assert response.status == 200 and response.content_type == "image/png"
        assert (await response.read()).startswith(b"\x89PNG")
    assert bob.id != alice.id
    assert pg.fake.problems() == []


async def test_the_long_poll_answers_when_something_changes(playground):
    pg, url = playground.pg, playground.url
    now = await get(url + "api/view", **{"as": "carol"})
    waiting = asyncio.ensure_future(
        get(url + "api/view", **{"as": "carol", "since": str(now["version"])})
    )
    await asyncio.sleep(0.3)
    assert not waiting.done()
    answer = await post(
        url + "api/command", {"as": "carol", "channel": now["channel"]["id"], "text": "/game help"}
    )
    assert answer == {"ok": True}
    later = await asyncio.wait_for(waiting, 5)
    assert later["version"] != now["version"]
    answered = await get(url + "api/view", **{"as": "carol"})
    assert any(m["ephemeral"] for m in answered["messages"])  # carol's help, for carol alone
    assert pg.fake.problems() == []


async def test_typed_commands_are_checked_before_reaching_the_bot(playground):
    url = playground.url
    for text, says in [
        ("game help", "starts with /"),
        ("/gmae help", "no command /gmae"),
        ("/game nope", "needs one of"),
        ("/game new game:chess", "one of cucco, cuttle"),
        ("/game new game:cuttle players:nine", "a number"),
        ("/game new game:cuttle players:9", "outside"),
        ("/game new cuttle", "what is 'cuttle'"),
    ]:
        answer = await post(url + "api/command", {"as": "alice", "text": text})
        assert says in answer.get("error", ""), (text, answer)
    dm = playground.pg.fake.state.dm_channel(playground.pg.people[0])
    answer = await post(
        url + "api/command", {"as": "alice", "channel": str(dm.id), "text": "/game help"}
    )
    assert answer == {"error": "Commands are typed in the server: #games or a thread."}


async def test_alice_moderates_so_the_hosts_commands_can_be_tried(playground):
    pg, url = playground.pg, playground.url
    people = await get(url + "api/people")
    assert [(p["name"], p["moderator"]) for p in people] == [
        ("alice", True),
        ("bob", False),
        ("carol", False),
    ]
    before = len(pg.fake.messages(pg.channel))
    answer = await post(url + "api/command", {"as": "alice", "text": "/game config"})
    assert answer == {"ok": True}
    shown = await pg.fake.wait_until(
        lambda: [m for m in pg.fake.messages(pg.channel)[before:] if m.ephemeral], 5, "the answer"
    )
    assert shown[0].visible_to == pg.people[0].id and "Send Messages" in shown[0].text


def leaves(options: list[dict], path: str) -> list[str]:
    """The subcommands under a synced command's options (those of its groups too)."""
    found = []
    for o in options:
        if o["type"] == 1:
            found.append(f"{path} {o['name']}")
        elif o["type"] == 2:
            found += leaves(o.get("options") or [], f"{path} {o['name']}")
    return found


async def test_the_command_box_offers_every_subcommand_the_bot_synced(playground):
    """The page's box is fed /api/commands, what the bot synced to the fake;
    every /game subcommand is offered to a player and to a host, and the page
    lists every suggestion (Discord scrolls; it never cuts the list)."""
    url = playground.url
    for who in ("alice", "bob"):
        commands = await get(url + f"api/commands?as={who}")
        [game] = [c for c in commands if c["name"] == "game"]
        top = [o["name"] for o in game["options"]]
        assert len(top) == 25 and {"help", "config", "season", "tournament"} <= set(top), who
        names = leaves(game["options"], "game")
        assert len(names) > 25 and "game tournament forfeit" in names and "game season new" in names
        for name in names:  # each typed as offered reaches the bot's parser
            path, _options = parse(f"/{name}", commands)
            assert path == name
    script = (ROOT / "playground" / "static" / "app.js").read_text()
    assert ".slice(0, 12)" not in script and "page.suggestions = suggestionsFor(" in script
