"""Rematch (issue 31) against the real bot process: a finished table's
🔁 Rematch opens one lobby with the same game, options and seats (bots
included), the first player moved on by one seat; the other people confirm
with Join and the match starts by itself; a second click opens nothing new,
a click by someone who did not play is refused, Leave frees a seat for
anyone, the lobby speaks the server's language, and a restart between the
click and the last Join keeps it all."""

from __future__ import annotations

import json

import pytest
import pytest_asyncio

from cogs.hosting import rematch
from cogs.i18n import in_language

from .bot_helpers import (
    answer_text,
    answered,
    answered_privately,
    concede,
    current_table,
    match_rows,
    read_db,
    replayed,
    reply,
    tracebacks,
    where_it_stands,
)

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.slow,
    pytest.mark.world(
        guild="Rematches",
        guilds={"ja_guild": {"name": "再戦の会", "preferred_locale": "ja"}},
        dev_guild=None,
        users={"alice": {}, "bob": {}, "carol": {}, "yuki": {"guilds": ["ja_guild"]}},
        delay=0.01,
        seed="rematch",
    ),
]

#: Cucco for five ends after one deal, which bots play in a second or two
GAME = {"game": "cucco", "players": 5, "bots": 3, "deals": 1}


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(world):
    """The shared world, where a seat given up goes to a quick bot."""
    w, fake = world, world.fake
    # The seats alice and bob give up go to quick bots, so the deal ends in
    # seconds even on a loaded machine (the default stand-in thinks longer).
    mod = fake.add_user("mod", manage_guild=True)
    for guild in (w.guild, w.ja_guild):
        setup = fake.add_text_channel(guild, "setup")
        await reply(await fake.slash(mod, setup, "game config", stand_in="random"))
    return w


async def finished_match(w, guild, name: str, *, here: bool = True):
    """alice and bob (and three bots) play Cucco; both give up, so the bots
    finish it: (the place it was played in, its final table, its id)."""
    fake = w.fake
    channel = fake.add_text_channel(guild, name)
    lobby = await reply(await fake.slash(w.alice, channel, "game new", here=here, **GAME))
    [join] = [b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(":join")]
    match_id = int(join.split(":")[1])
    await answered(await fake.click(w.bob, lobby, custom_id=join))  # the last seat: it starts
    place = channel
    if not here:
        place = await fake.wait_until(lambda: next(iter(fake.threads(channel)), None), 5, "thread")
    await fake.wait_until(lambda: current_table(fake, place), 5, "the table")
    for user in (w.alice, w.bob):
        await concede(fake, user, place)
    try:
        table = await fake.wait_until(lambda: final_table(fake, place), 90, "the bots to finish")
    except TimeoutError as timed_out:
        raise AssertionError(where_it_stands(w, match_id)) from timed_out
    return channel, place, table, match_id


def final_table(fake, place):
    """The finished table (in any language): the public message with 🔁 Rematch."""
    found = [
        m
        for m in fake.messages(place, ephemeral=False)
        if any(b["custom_id"].startswith("rm:") for b in m.buttons())
    ]
    return found[-1] if found else None


def rematch_button(table) -> str:
    [found] = [b["custom_id"] for b in table.buttons() if b["custom_id"].startswith("rm:")]
    return found


def rematch_of(w, old_id: int) -> list[int]:
    rows = read_db(w.db, "SELECT id, settings FROM matches WHERE id > ?", old_id)
    return [i for i, s in rows if json.loads(s or "{}").get(rematch.REMATCH_OF) == old_id]


def lobby_of(w, channel, match_id: int):
    found = [
        m
        for m in w.fake.messages(channel, ephemeral=False)
        if any(b["custom_id"] == f"lobby:{match_id}:join" for b in m.buttons())
    ]
    assert found, "no lobby message"
    return found[-1]


def first_to_act(w, match_id: int) -> int:
    [(game, players, seed, options)] = read_db(
        w.db, "SELECT game, players, seed, options FROM matches WHERE id = ?", match_id
    )
    from rules import Match

    return Match.new(game, players, seed, json.loads(options)).to_act()[0]


def seats(w, match_id: int) -> list:
    return [
        r[0] if r[0] is not None else r[1]
        for r in read_db(
            w.db, "SELECT user_id, bot FROM seats WHERE match_id = ? ORDER BY seat", match_id
        )
    ]


async def test_a_rematch_seats_everyone_again_and_starts_once_bob_joins(world):
    w, fake = world, world.fake
    channel, _place, table, old = await finished_match(w, w.guild, "rematch", here=False)
    opened = await reply(await fake.click(w.alice, table, custom_id=rematch_button(table)))
    assert opened.ephemeral and "Your rematch is open" in opened.text
    [new] = rematch_of(w, old)
    # the same order; the bots that stood in for alice and bob give their seats back
    assert seats(w, old) == ["random", "greedy", "greedy", "greedy", "random"]
    assert seats(w, new) == [w.alice.id, "greedy", "greedy", "greedy", w.bob.id]
    lobby = lobby_of(w, channel, new)
    assert f"Rematch of #{old}: waiting for <@{w.bob.id}> to press **Join**" in lobby.text
    assert f"<@{w.bob.id}>" in lobby.content  # he is pinged
    assert read_db(w.db, "SELECT status FROM matches WHERE id = ?", new) == [("lobby",)]
    await answered(await fake.click(w.bob, lobby, label="Join"))
    await fake.wait_until(lambda: "started" in lobby.text, 5, "the rematch to start")
    thread = await fake.wait_until(
        lambda: next((t for t in fake.threads(channel) if str(new) in t.name), None), 5, "thread"
    )
    await fake.wait_until(lambda: current_table(fake, thread), 5, "the rematch's table")
    players = replayed(w.db, old).players
    assert first_to_act(w, new) == (first_to_act(w, old) + 1) % players
    assert tracebacks(w.bot) == [] and fake.problems() == []


async def test_a_second_click_opens_no_second_lobby_and_others_are_refused(world):
    w, fake = world, world.fake
    channel, _place, table, old = await finished_match(w, w.guild, "twice")
    custom_id = rematch_button(table)
    clicks = [await fake.click(w.alice, table, custom_id=custom_id) for _ in range(2)]
    for click in clicks:
        await reply(click)
    assert len(rematch_of(w, old)) == 1
    [new] = rematch_of(w, old)
    lobby = lobby_of(w, channel, new)
    said = [(await c.wait_reply()).text for c in clicks]
    assert any("already open" in text for text in said), said
    stranger = await reply(await fake.click(w.carol, table, custom_id=custom_id))
    assert stranger.ephemeral and "Only the players of this match" in stranger.text
    assert len(rematch_of(w, old)) == 1
    # bob's own click on the old table is his confirmation
    confirmed = await reply(await fake.click(w.bob, table, custom_id=custom_id))
    assert confirmed.ephemeral and "You're in the rematch" in confirmed.text
    await fake.wait_until(lambda: "started" in lobby.text, 5, "the rematch to start")
    assert tracebacks(w.bot) == []


async def test_bob_leaves_and_carol_takes_his_seat(world):
    w, fake = world, world.fake
    channel, _place, table, old = await finished_match(w, w.guild, "leave")
    await reply(await fake.click(w.alice, table, custom_id=rematch_button(table)))
    [new] = rematch_of(w, old)
    lobby = lobby_of(w, channel, new)
    await answered(await fake.click(w.bob, lobby, label="Leave"))
    assert w.bob.id not in seats(w, new) and "waiting for" not in lobby.text
    assert read_db(w.db, "SELECT status FROM matches WHERE id = ?", new) == [("lobby",)]
    await answered(await fake.click(w.carol, lobby, label="Join"))  # the last seat: it starts
    await fake.wait_until(lambda: "started" in lobby.text, 5, "the rematch to start")
    assert w.carol.id in seats(w, new) and w.bob.id not in seats(w, new)
    assert tracebacks(w.bot) == []


async def test_a_restart_between_the_click_and_the_join_keeps_the_rematch(world):
    w, fake = world, world.fake
    channel, _place, table, old = await finished_match(w, w.guild, "restart")
    await reply(await fake.click(w.alice, table, custom_id=rematch_button(table)))
    [new] = rematch_of(w, old)
    lobby = lobby_of(w, channel, new)
    await w.bot.restart(hard=True)
    again = await reply(await fake.click(w.alice, table, custom_id=rematch_button(table)))
    assert "already open" in again.text and rematch_of(w, old) == [new]
    assert read_db(w.db, "SELECT status FROM matches WHERE id = ?", new) == [("lobby",)]
    await answered(await fake.click(w.bob, lobby, label="Join"))
    await fake.wait_until(lambda: "started" in lobby.text, 5, "the rematch to start")
    assert tracebacks(w.bot) == []


async def test_the_rematch_lobby_speaks_japanese_on_a_japanese_server(world):
    w, fake = world, world.fake
    channel, _place, table, old = await finished_match(w, w.ja_guild, "さいせん")
    custom_id = rematch_button(table)
    [label] = [b["label"] for b in table.buttons() if b["custom_id"] == custom_id]
    await reply(await fake.click(w.alice, table, custom_id=custom_id))
    [new] = rematch_of(w, old)
    lobby = lobby_of(w, channel, new)
    assert "参加" in lobby.button(None, custom_id=f"lobby:{new}:join")["label"]
    assert in_language("ja", rematch.WAITING) != rematch.WAITING  # translated
    assert label == in_language("ja", "🔁 Rematch")
    waiting = in_language("ja", rematch.WAITING, match=old, people=f"<@{w.bob.id}>")
    assert waiting in lobby.text


async def test_forged_rematch_ids_are_answered_privately_and_change_nothing(world):
    w, fake = world, world.fake
    channel, _place, table, old = await finished_match(w, w.guild, "forged")
    away = fake.add_text_channel(w.ja_guild, "よそ")
    running = await reply(await fake.slash(w.alice, channel, "game new", game="keltis", here=True))
    lobby_id = int(running.button("Join")["custom_id"].split(":")[1])
    before = match_rows(w.db)
    forged = {
        "unknown match": await fake.forge(w.alice, channel, table, f"rm:{'9' * 18}"),
        "not finished": await fake.forge(w.alice, channel, table, f"rm:{lobby_id}"),
        "other server": await fake.forge(w.alice, away, table, f"rm:{old}"),
        "as a select": await fake.forge(
            w.alice, channel, table, f"rm:{old}", component_type=3, values=["x"]
        ),
    }
    for what, inter in forged.items():
        await answered(inter)
        assert answered_privately(inter), what
    assert "finished match" in answer_text(forged["not finished"])
    assert "another server" in answer_text(forged["other server"])
    assert match_rows(w.db) == before and rematch_of(w, old) == []
    assert tracebacks(w.bot) == []
