"""The real bot.py, as a process, against the fake Discord: two users and a bot
seat play a whole game of Keltis: the Oracle through slash commands and
clicks, to the final table with its board image attached.

The deal is known (GAMEHOST_TEST_SEED), so the test keeps its own copy of the
match, replaying every logged action from the database (read only), and its
users play a short greedy game: race pawns into the sanctuary, take clovers,
skip spirals and goblins, draw from the draw pile on the public table.
"""

from __future__ import annotations

import re
import sqlite3

import pytest

from cogs.presenters.base import board_view
from cogs.presenters.drawing import BANNER_H
from games.keltis.presenter import card
from games.oracle.board import render
from games.oracle.engine.board import NEXT
from rules import Action, Match

from .bot_helpers import answered, current_table, move_ids, press_key

SEED = "oe14"  # with the play below, this deal ends in the sanctuary after ~135 moves
pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Game night",
        channel="games",
        users=("alice", "bob"),
        seed=SEED,
        env={"LOG_LEVEL": "INFO"},
    ),
]
MOVE = re.compile(r"move (\d+)$")
PNG = b"\x89PNG\r\n\x1a\n"


# -- what the test reads ------------------------------------------------------------
def shown_seq(message) -> int | None:
    footer = " ".join((e.get("footer") or {}).get("text", "") for e in message.embeds)
    found = MOVE.search(footer)
    return int(found.group(1)) if found else None


def read_db(w, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(f"file:{w.db}?mode=ro", uri=True) as db:
        return db.execute(sql, args).fetchall()


def catch_up(w, match: Match, match_id: int) -> None:
    """Apply to our copy every action the bot logged since."""
    for seq, seat, key in read_db(
        w,
        "SELECT seq, seat, key FROM actions WHERE match_id = ? AND seq >= ? ORDER BY seq",
        match_id,
        match.seq,
    ):
        match.act(seat, key, seq)


def seats_of(seats: dict[int, int | None], user_id: int) -> int:
    return next(seat for seat, uid in seats.items() if uid == user_id)


def logged_seq(w, match_id: int) -> int:
    return read_db(w, "SELECT count(*) FROM actions WHERE match_id = ?", match_id)[0][0]


# -- how the users play -------------------------------------------------------------
def greedy(match: Match, seat: int) -> Action:
    """The move that takes a pawn furthest; clovers yes, spirals and goblins no."""
    legal = match.legal(seat)
    view = match.view(seat)
    pawns = view["players"][seat]["pawns"]
    by_key = {a.key(): a for a in legal}
    if view["phase"] == "play":

        def reach(action: Action) -> int:
            colour = action.args[0][0]
            return max(
                (NEXT[f][colour] - f for f in pawns if NEXT[f][colour] is not None), default=-1
            )

        plays = [a for a in legal if a.verb == "play"]
        return max(plays, key=reach) if plays else legal[0]
    if view["phase"] == "move":
        colour = view["played"][0]
        moves = [a for a in legal if a.verb == "pawn"]
        return max(moves, key=lambda a: NEXT[pawns[int(a.args[0])]][colour]) if moves else legal[-1]
    if view["phase"] == "tile":
        return next((a for a in legal if a.verb == "clover"), by_key["skip"])
    return by_key.get("draw:deck", legal[0])


async def play(w, user, thread, match_id: int, seq: int, action: Action) -> None:
    """One decision through Discord: draws on the public table, the rest in the
    user's panel (a card is picked in the select first, then its button)."""
    fake = w.fake
    custom_id = f"g:{match_id}:{seq}:{action.key()}"
    if action.verb == "draw":
        table = await fake.wait_until(
            lambda: (t := current_table(w.fake, thread)) and shown_seq(t) == seq and t,
            5,
            "the table",
        )
        await answered(await fake.click(user, table, custom_id=custom_id))
        return
    panel = w.panels.get(user.id)
    if panel is None:
        opened = await answered(
            await fake.click(user, current_table(w.fake, thread), custom_id="hand:")
        )
        panel = w.panels[user.id] = await opened.wait_reply()
    if shown_seq(panel) != seq:
        await answered(await fake.click(user, panel, label="Refresh"))
    assert shown_seq(panel) == seq and "**Your decision:**" in panel.text
    await press_key(fake, user, panel, custom_id, group=action.args[0] if action.args else None)
    assert shown_seq(panel) == seq + 1  # the panel was redrawn in place


async def test_two_users_and_a_bot_play_the_oracle_to_the_final_board(world):
    w, fake = world, world.fake
    new = await answered(await fake.slash(w.alice, w.channel, "game new", game="oracle", bots=1))
    lobby = await new.wait_reply()
    await answered(await fake.click(w.bob, lobby, label="Join"))
    await answered(await fake.click(w.alice, lobby, label="Start"))
    [thread] = fake.threads(w.channel)
    table = await fake.wait_until(lambda: current_table(w.fake, thread), 5, "the table")
    assert [a.filename for a in table.attachments] == ["table.png"]
    match_id = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])

    seats = dict(read_db(w, "SELECT seat, user_id FROM seats WHERE match_id = ?", match_id))
    users = {
        seat: {w.alice.id: w.alice, w.bob.id: w.bob}[uid]
        for seat, uid in seats.items()
        if uid is not None
    }
    assert len(users) == 2 and len(seats) == 3
    match = Match.new("oracle", 3, f"{SEED}-{match_id}", {})
    w.panels = {}
    while True:
        catch_up(w, match, match_id)
        if not match.to_act():
            break
        seat = match.to_act()[0]
        if seat not in users:
            seq = match.seq
            await fake.wait_until(lambda seq=seq: logged_seq(w, match_id) > seq, 5, "a bot move")
            continue
        await play(w, users[seat], thread, match_id, match.seq, greedy(match, seat))
    assert match.outcome()["reason"] == "sanctuary" and match.seq < 300

    final = await fake.wait_until(
        lambda: (t := current_table(w.fake, thread)) and "Game over" in t.text and t,
        5,
        "the final table",
    )
    assert "🏆" in final.text and "the sanctuary is full" in final.text
    assert not move_ids(final) and shown_seq(final) == match.seq
    [image] = final.attachments
    assert image.filename == "table.png" and image.content_type == "image/png"
    # the final board: with the winner banner on top
    assert image.data[:8] == PNG and (image.width, image.height) == (800, 950 + BANNER_H)
    assert final.embeds[0]["image"]["url"] == image.url
    # the names the bot used, from the players' headers ("🔴 alice · ⭐16 · …")
    names = [f["name"].split(" · ")[0].split(" ", 1)[1] for f in final.embeds[0]["fields"][:3]]
    assert names[seats_of(seats, w.alice.id)] == "alice"
    final_view = board_view(match.view(None), match.outcome())
    assert image.data == render(final_view, names)  # the final board, exactly
    assert image.description.startswith("Board of Keltis: the Oracle.")
    assert " won" in image.description
    first = next(r for r in [*final.history, final] if r.attachments)
    assert first.attachments[0].data != image.data  # the board moved on during the game
    await fake.wait_until(lambda: thread.archived, 5, "the thread to be archived")
    check_hands_never_leak(w, match)
    assert fake.problems() == []


def check_hands_never_leak(w, match: Match) -> None:
    """No public message ever shows a hand of three or more cards."""
    record = match.to_record()
    replay = Match.new(record["game"], record["players"], record["seed"], record["options"])
    hands = set()
    for seq, (seat, key) in enumerate(record["log"]):
        hands |= {" ".join(card(c) for c in replay.view(s)["hand"]) for s in range(3)}
        replay.act(seat, key, seq)
    hands |= {" ".join(card(c) for c in replay.view(s)["hand"]) for s in range(3)}
    hands = {h for h in hands if h.count(" ") >= 2}
    public = 0
    for message in w.fake.messages(include_deleted=True):
        if message.ephemeral:
            continue
        for rev in [*message.history, message]:
            text = "\n".join([rev.content] + [str(e) for e in rev.embeds])
            assert "Your hand" not in text and not any(h in text for h in hands)
            public += 1
    assert public > 50


async def test_sigterm_shuts_the_bot_down_cleanly(world):
    await world.bot.stop(timeout=10)
    try:
        assert world.bot.proc.returncode == 0
    finally:
        await world.bot.start()  # for the tests that run after this one
