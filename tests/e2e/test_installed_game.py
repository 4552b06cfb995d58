"""Ships as it is tested: the bot started from exactly the files the image
gets (the Dockerfile's COPY lines less .dockerignore), installed as the image
installs it, with an add-on game installed beside it the Python way
(examples/four_in_a_row: its own distribution declaring the
`gamehost.games` entry point). Nothing names the add-on: no setting, no
edit; the bot finds it by its install and offers it with its own five, and a
whole match of it is played through the fake Discord from the table's
buttons."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from types import SimpleNamespace

import pytest
import pytest_asyncio

from tests.test_dockerfile import declared_games, image_files

from .bot_helpers import ROOT, answered, reply

pytestmark = pytest.mark.asyncio(loop_scope="module")
ADD_ON = ROOT / "examples" / "four_in_a_row"
GAME = "four_in_a_row"


def install(target: Path, *projects: Path) -> None:
    """pip, as the image runs it: no dependencies, no index, the locked
    setuptools (a wheel each, into `target`, like site-packages)."""
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--no-index", "--no-build-isolation", "--target", str(target),
         *map(str, projects)],
        check=True,
    )  # fmt: skip


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(fake_discord, spawn_bot, tmp_path_factory):
    image = tmp_path_factory.mktemp("image")
    app, site = image / "app", image / "site"
    for name in image_files():
        (app / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, app / name)
    add_on = image / ADD_ON.name  # built from a copy: a build leaves files behind
    shutil.copytree(ADD_ON, add_on, ignore=shutil.ignore_patterns("__pycache__"))
    install(site, app, add_on)
    # -S: no site-packages of the test's own environment but the libraries
    # named below, so no editable install of the checkout stands in for the
    # image's files; the image's install (site/) comes first
    libraries = sysconfig.get_paths()["purelib"]
    env = {
        "PYTHONPATH": f"{site}:{libraries}",
        "DATABASE_PATH": str(image / "games.db"),
        "BOT_MOVE_DELAY": "0.02",
        "GAMEHOST_GAMES": "",
    }
    fake = fake_discord
    w = SimpleNamespace(
        fake=fake,
        app=app,
        guild=fake.add_guild("Game night"),
        alice=fake.add_user("alice", locale="en-US"),
        bob=fake.add_user("bob", locale="en-US"),
    )
    w.bot = await spawn_bot([sys.executable, "-S", "bot.py"], env=env, cwd=app)
    return w


async def test_the_image_gets_the_games_but_not_their_tests_or_the_examples():
    files = image_files()
    assert "bot.py" in files and "pyproject.toml" in files
    assert not [f for f in files if f.startswith(("examples/", "tests/")) or "/tests/" in f]
    assert {p.split(".")[0] for p in declared_games().values()} == {"games"}


def table_in(fake, place):
    """The newest public table: the one with the hand button, or the final one."""
    found = [
        m
        for m in fake.messages(place, ephemeral=False)
        if any(c.startswith(("hand:", "rp:")) for c in m.custom_ids())
    ]
    return found[-1] if found else None


async def test_the_installed_add_on_is_offered_beside_the_project_s_games(world):
    synced = [c for commands in world.fake.state.commands.values() for c in commands.values()]
    (game,) = [c.data for c in synced if c.name == "game"]
    new = next(o for o in game["options"] if o["name"] == "new")
    offered = {
        c["value"] for c in next(o for o in new["options"] if o["name"] == "game")["choices"]
    }
    assert offered == {*declared_games(), GAME}


async def test_a_whole_match_of_the_add_on_from_the_table_s_buttons(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "four")
    rules = await reply(await fake.slash(w.alice, channel, "game rules", game=GAME))
    assert rules.ephemeral and "How to play Four in a row" in rules.text
    lobby = await reply(await fake.slash(w.alice, channel, "game new", game=GAME, players=2))
    await answered(await fake.click(w.bob, lobby, label="Join"))
    [thread] = await fake.wait_until(lambda: fake.threads(channel), 5, "the thread")
    await fake.wait_until(lambda: table_in(fake, thread), 5, "the table")
    assert table_in(fake, thread).attachments, "no board picture on the table"
    # each player keeps to a column of their own: whoever starts has four
    # stacked first, in seven drops
    column = {w.alice.id: "Column 1", w.bob.id: "Column 2"}
    assert "**alice** 🔴 to drop a disc." in table_in(fake, thread).text  # the first seat starts
    for _drop in range(7):
        table = table_in(fake, thread)
        if "Game over" in table.text:
            break
        mover = w.alice if "**alice** 🔴 to drop" in table.text else w.bob
        edits = table.edits
        await answered(await fake.click(mover, table, label=column[mover.id]))
        await fake.wait_until(
            lambda t=table, e=edits: table_in(fake, thread) is not t or t.edits > e, 5, "a drop"
        )
    final = table_in(fake, thread)
    assert "**Game over.**" in final.text and "🏆" in final.text
    assert fake.problems() == []
