"""kill -9 while a lobby gathers players, and while a match starts: after the
restart the lobby, or the started match, is intact and playable (issue 13)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from .bot_helpers import (
    answered,
    current_table,
    match_rows,
    pick,
    read_db,
    replayed,
    reply,
    tracebacks,
)

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(guild="Kills", users=("alice", "bob", "carol"), seed="kills"),
]


def status_of(w, match_id: int) -> str:
    return read_db(w.db, "SELECT status FROM matches WHERE id = ?", match_id)[0][0]


async def play_one_move(w, channel, match_id: int) -> None:
    """The seat owing a decision opens their hand and makes the first move offered."""
    match = replayed(w.db, match_id)
    seats = dict(read_db(w.db, "SELECT seat, user_id FROM seats WHERE match_id = ?", match_id))
    user = next(u for u in (w.alice, w.bob, w.carol) if u.id == seats[match.to_act()[0]])
    panel = await reply(await w.fake.slash(user, channel, "game hand", match=match_id))
    assert panel.ephemeral
    moves = [s for s in panel.selects() if s["custom_id"].startswith("gs:")]
    buttons = [b for b in panel.buttons() if b["custom_id"].startswith("g:")]
    if moves:  # a move list (whole turns first)
        await answered(
            await w.fake.select(
                user, panel, [moves[0]["options"][0]["value"]], custom_id=moves[0]["custom_id"]
            )
        )
    elif buttons:
        await answered(await w.fake.click(user, panel, custom_id=buttons[0]["custom_id"]))
    else:  # a card first, then its first use
        await pick(w.fake, user, panel)
    await w.fake.wait_until(lambda: replayed(w.db, match_id).seq > match.seq, 5, "the move")


def forget_killed(w, inters) -> None:
    """Interactions the killed process never answered (Discord says 'failed' for those)."""
    for inter in inters:
        if not inter.answered and inter in w.fake.interactions:
            w.fake.interactions.remove(inter)


async def test_kill_during_the_lobby(world, channel):
    w, fake = world, world.fake
    lobby = await reply(await fake.slash(w.alice, channel, "game new", game="keltis", here=True))
    match_id = int(lobby.button("Join")["custom_id"].split(":")[1])
    await answered(await fake.click(w.bob, lobby, label="Join"))
    seats = match_rows(w.db)[match_id]
    await w.bot.restart(hard=True)
    assert match_rows(w.db)[match_id] == seats
    join = await answered(await fake.click(w.carol, lobby, label="Join"))  # a pre-kill button works
    assert join.response_type == 7 and "(3/2-4 seats)" in lobby.text
    await answered(await fake.click(w.alice, lobby, label="Start"))
    await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    await play_one_move(w, channel, match_id)
    assert tracebacks(w.bot) == []


@pytest.mark.parametrize(
    "when", ["at the click", "once the match is stored", "once the lobby shows it"]
)
async def test_kill_during_the_start_of_a_match(world, channel, when):
    w, fake = world, world.fake
    lobby = await reply(
        await fake.slash(w.alice, channel, "game new", game="cuttle", players=2, here=True)
    )
    match_id = int(lobby.button("Join")["custom_id"].split(":")[1])
    join = await fake.click(w.bob, lobby, label="Join")  # the last seat: the match starts
    if when == "once the match is stored":
        await fake.wait_until(lambda: status_of(w, match_id) == "active", 5, "the start")
    elif when == "once the lobby shows it":
        await fake.wait_until(lambda: "started" in lobby.text, 5, "the lobby's edit")
    await w.bot.restart(hard=True)
    forget_killed(w, [join])
    if status_of(w, match_id) == "lobby":  # killed before the start was stored: start again
        assert match_rows(w.db)[match_id][3].count(",") == 0 or "started" not in lobby.text
        # bob presses Join again, as the lobby still invites him to: seated or
        # not by the killed click, that fills the lobby and starts the match
        await answered(await fake.click(w.bob, lobby, label="Join"))
    assert await fake.wait_until(lambda: status_of(w, match_id) == "active", 5, "the match")
    await fake.wait_until(
        lambda: current_table(fake, channel), 5, "the table, posted after the restart"
    )
    await fake.wait_until(lambda: "started" in lobby.text, 5, "the lobby to show the start")
    await play_one_move(w, channel, match_id)
    await asyncio.sleep(0)
    assert tracebacks(w.bot) == [] and fake.problems() == []


async def test_a_lobby_posted_but_never_recorded_is_adopted_at_the_next_click(world, channel):
    """The kill came between posting the lobby and recording it (made certain
    here by removing the record while the bot is down)."""
    w, fake = world, world.fake
    lobby = await reply(await fake.slash(w.alice, channel, "game new", game="keltis", here=True))
    match_id = int(lobby.button("Join")["custom_id"].split(":")[1])
    await w.bot.kill()
    with sqlite3.connect(w.db) as db:
        db.execute("DELETE FROM messages WHERE match_id = ? AND kind = 'lobby'", (match_id,))
    await w.bot.start()
    join = await answered(await fake.click(w.bob, lobby, label="Join"))
    assert join.response_type == 7 and "(2/2-4 seats)" in lobby.text
    assert read_db(
        w.db, "SELECT message_id FROM messages WHERE match_id = ? AND kind = 'lobby'", match_id
    ) == [(lobby.id,)]
    await answered(await fake.click(w.alice, lobby, label="Start"))
    await fake.wait_until(lambda: "started" in lobby.text, 5, "the lobby to show the start")


async def test_a_full_lobby_left_unstarted_by_a_kill_starts_at_the_next_join(world, channel):
    """The kill came after the last seat was stored and before the start
    (made certain here by seating bob while the bot is down): the lobby still
    shows an open seat, and bob's Join starts the match."""
    w, fake = world, world.fake
    lobby = await reply(
        await fake.slash(w.alice, channel, "game new", game="cuttle", players=2, here=True)
    )
    match_id = int(lobby.button("Join")["custom_id"].split(":")[1])
    await w.bot.kill()
    with sqlite3.connect(w.db) as db:
        db.execute(
            "INSERT INTO seats (match_id, seat, user_id, bot, joined_at) VALUES (?, 1, ?, NULL, 0)",
            (match_id, w.bob.id),
        )
    await w.bot.start()
    await answered(await fake.click(w.bob, lobby, label="Join"))
    assert await fake.wait_until(lambda: status_of(w, match_id) == "active", 5, "the match")
    await fake.wait_until(lambda: "started" in lobby.text, 5, "the lobby to show the start")
    assert tracebacks(w.bot) == [] and fake.problems() == []
