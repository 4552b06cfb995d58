"""The real bot.py, as a process, against the fake Discord: two users and a bot
seat play a whole Keltis dice match (both sides, A then B) through the public
buttons and selects on the table, to the final table with the scores.

The bot deals from a known seed (GAMEHOST_TEST_SEED) and bot seats choose
deterministically, so the test keeps a mirror of the match: it knows every
position, checks the table's labels against it, and plays a purposeful
strategy (keep the commonest colour, make the longest move) so the match ends
in a reasonable number of clicks."""

from __future__ import annotations

import asyncio
import re

import pytest

from games.keltis_dice.engine.board import COLOURS, FACES, FIELDS, STONES_PER_PLAYER
from games.keltis_dice.presenter import PRESENTER
from rules import Action, Match
from rules.bots import choose_action

from .bot_helpers import answered, current_table, move_ids

SEED = "kd-e2e"
pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Dice night",
        channel="games",
        users=("alice", "bob", "carol"),
        seed=SEED,
        env={"LOG_LEVEL": "INFO"},
    ),
]
MOVE = re.compile(r"move (\d+)$")
ALICE, BOT, BOB = 0, 1, 2  # the creator, the bot added with /game new, who joins


def shown_seq(table) -> int:
    found = MOVE.search(table.embeds[0]["footer"]["text"])
    assert found is not None, "a table's footer names its move"
    return int(found.group(1))


def decide(match: Match, seat: int) -> str:
    """A purposeful player: keep the commonest useful colour, reroll the rest,
    make the longest move, use every clover."""
    view = match.view(None)
    legal = [a.key() for a in match.legal(seat)]
    mine, dice = view["stones"][seat], view["dice"]
    if view["phase"] == "roll":
        return "roll"
    if view["phase"] == "reroll":
        useful = [
            c
            for c in COLOURS
            if mine.get(c, 0) < FIELDS and (c in mine or len(mine) < STONES_PER_PLAYER)
        ]
        best = max(useful, key=lambda c: (dice.count(c), c in mine), default=None)
        others = "".join(sorted((f for f in dice if f != best), key=FACES.index))
        if best and others:
            return f"reroll:{others}"
        kept = Match.from_record(match.to_record())  # keep all, and move in the same click
        kept.act(seat, "stop", kept.seq)
        return f"stop+{decide(kept, seat)}"
    if view["phase"] == "move":

        def gain(key):
            c = key.split(":")[1]
            return min(mine.get(c, 0) + dice.count(c), FIELDS) - mine.get(c, 0), c in mine

        return max((k for k in legal if k.startswith("move:")), key=gain, default="pass")
    return next((k for k in legal if k.startswith("clover:")), legal[0])


async def play(w, user, message, mid: int, match: Match, key: str):
    """Choose `key` on a message (the table or a panel) as a person would: a
    reroll by marking its dice one by one, then Reroll; anything else by its
    button. The label shown must be the presenter's."""
    custom_id = f"g:{mid}:{match.seq}:{key}"
    if key.startswith("reroll:"):
        wanted, mask = list(key.split(":")[1]), 0
        for i, face in enumerate(match.view(None)["dice"]):
            if face in wanted:
                wanted.remove(face)
                toggle = f"dt:{mid}:{match.seq}:{mask}:{i}"
                await answered(await w.fake.click(user, message, custom_id=toggle))
                mask |= 1 << i
    else:
        mask = 0
    labels = (
        dict(PRESENTER.toggle_moves(match.view(None), mask))
        if PRESENTER.toggles(match.view(None))
        else {key: PRESENTER.label(Action.parse(key), match.view(None))}
    )
    button = next(b for b in message.buttons() if b["custom_id"] == custom_id)
    assert button["label"] == labels[key]
    return await answered(await w.fake.click(user, message, custom_id=custom_id))


async def test_two_users_and_a_bot_play_both_sides_to_the_final_table(world):
    w, fake = world, world.fake
    new = await answered(
        await fake.slash(w.alice, w.channel, "game new", game="keltis_dice", bots=1, side="both")
    )
    lobby = await new.wait_reply()
    # the bot opens the match's thread after answering; a start before it has
    # stored the thread would post the table in the channel instead
    await fake.wait_until(lambda: fake.threads(w.channel), 5, "the match's thread")
    await asyncio.sleep(0.3)
    [thread] = fake.threads(w.channel)
    await answered(await fake.click(w.bob, lobby, label="Join"))
    await answered(await fake.click(w.alice, lobby, label="Start"))
    await fake.wait_until(lambda: current_table(w.fake, thread), 5, "the table")
    table = current_table(w.fake, thread)
    mid = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    mirror = Match.new("keltis_dice", 3, f"{SEED}-{mid}", {"side": "both"})
    users = {ALICE: w.alice, BOB: w.bob}
    names = ["alice", "🤖 Greedy 2", "bob"]
    assert "Side **A** · game 1 of 2 (A then B)" in table.text

    checked = {"not_your_turn": False, "panel": False, "toggles": False, "game_two": False}
    while True:
        table = current_table(w.fake, thread)
        while mirror.seq < shown_seq(table):  # the bot seat moved: follow it
            seat = mirror.to_act()[0]
            assert seat == BOT, f"the table is ahead at move {mirror.seq} of seat {seat}"
            mirror.act(seat, choose_action(mirror, seat), mirror.seq)
        if mirror.is_over():
            break
        if mirror.view(None)["game_no"] == 2 and not checked["game_two"]:
            assert "Side **B** (⛔ forbidden fields) · game 2 of 2" in table.text
            assert "Game 1 (side A): " in table.text
            checked["game_two"] = True
        seat = mirror.to_act()[0]
        if seat == BOT:
            seen = shown_seq(table)
            await fake.wait_until(
                lambda seen=seen: shown_seq(current_table(w.fake, thread)) > seen, 5, "a bot move"
            )
            continue
        user, key = users[seat], decide(mirror, seat)
        if not checked["not_your_turn"]:
            other = users[BOB if seat == ALICE else ALICE]
            inter = await answered(
                await fake.click(other, table, custom_id=f"g:{mid}:{mirror.seq}:roll")
            )
            assert inter.original.ephemeral and "not your turn" in inter.original.text
            checked["not_your_turn"] = True
        if not checked["panel"] and seat == BOB:
            # once from the panel (My hand): the same choice, redrawn in place
            inter = await answered(await fake.click(user, table, custom_id="hand:"))
            panel = await inter.wait_reply()
            assert panel.ephemeral and "Your stones" in panel.text
            await play(w, user, panel, mid, mirror, key)
            checked["panel"] = True
        else:
            checked["toggles"] |= key.startswith("reroll:")
            await play(w, user, table, mid, mirror, key)
        for part in key.split("+"):
            mirror.act(seat, part, mirror.seq)
        while (forced := mirror.forced(seat)) is not None:  # a 👺 kobold's roll follows at once
            mirror.act(seat, forced, mirror.seq)
        await fake.wait_until(
            lambda: shown_seq(current_table(w.fake, thread)) >= mirror.seq,
            5,
            "the table to show the move",
        )

    assert all(checked.values()), checked
    final = current_table(w.fake, thread)
    await fake.wait_until(lambda: not move_ids(final), 5, "the final table")
    outcome = mirror.outcome()
    assert [g["side"] for g in outcome["games"]] == ["A", "B"]
    expected = "**Game over.**\n" + "\n".join(PRESENTER.outcome_lines(outcome, names))
    assert final.embeds[0]["description"] == expected
    assert "🏆" in final.text and "Game 2 (side B)" in final.text
    await fake.wait_until(lambda: thread.archived, 5, "the thread to be archived")
    assert fake.problems() == []
