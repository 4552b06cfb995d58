"""The real bot.py, as a process, against the fake Discord: two users and a bot
seat play a whole Keltis match through slash commands and clicks; the bot is
killed with SIGKILL mid-match and an old button still works afterwards; no
hand ever shows outside its owner's ephemeral messages."""

from __future__ import annotations

import contextlib
import copy
import re
from types import SimpleNamespace

import pytest
import pytest_asyncio

from games.keltis.presenter import card
from rules import Match
from storage import SqliteStore

from .bot_helpers import answered, choices, current_table, move_ids, pick, walk_pages

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Game night",
        channel="games",
        users=("alice", "bob", "carol"),
        env={"LOG_LEVEL": "INFO"},
    ),
]
MOVE = re.compile(r"move (\d+)$")


async def open_hand(w, user, thread):
    inter = await answered(
        await w.fake.click(user, current_table(w.fake, thread), custom_id="hand:")
    )
    return await inter.wait_reply()


def preference(label: str) -> tuple:
    """Build rows first, then draw from the draw pile."""
    return not label.startswith("Play"), "draw pile" not in label


async def take_turn(w, user, panel) -> bool:
    """Make one decision from the panel, preferring to build rows and to draw
    from the draw pile. Returns False when the panel offers nothing."""
    offered = choices(panel)
    if not offered and not panel.selects():
        return False
    best = min(offered, key=preference) if offered else None
    await pick(w.fake, user, panel, lambda label: best is None or label == best)
    return True


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def finished(world):
    """The match two users and a bot play to the end in a thread of the
    module's channel, the bot killed once on the way (made once, for the
    tests of the match and of its log and replay, whichever runs first)."""
    w, fake = world, world.fake
    new = await answered(await fake.slash(w.alice, w.channel, "game new", game="keltis", bots=1))
    lobby = await new.wait_reply()
    assert not lobby.ephemeral and "gathering players" in lobby.text
    await answered(await fake.click(w.bob, lobby, label="Join"))
    assert "(3/2-4 seats)" in lobby.text
    refused = await answered(await fake.click(w.bob, lobby, label="Start"))
    assert refused.original.ephemeral and "creator" in refused.original.text
    await answered(await fake.click(w.alice, lobby, label="Start"))
    [thread] = fake.threads(w.channel)
    await fake.wait_until(lambda: current_table(w.fake, thread), 5, "the table")
    await fake.wait_until(lambda: "started" in lobby.text, 5, "the lobby to show the start")

    panels = {}
    users = {"alice": w.alice, "bob": w.bob}
    killed = False
    moves = 0
    while "Game over" not in current_table(w.fake, thread).text:
        progressed = False
        for name, user in users.items():
            panel = panels.get(name)
            if panel is None:
                panel = panels[name] = await open_hand(w, user, thread)
            else:
                await answered(await fake.click(user, panel, label="Refresh"))
            while await take_turn(w, user, panel):
                progressed = True
                moves += 1
                if moves == 25 and not killed:
                    killed = True
                    old_table = current_table(w.fake, thread)
                    await w.bot.restart(hard=True)
                    # a button on a message sent before the kill still works
                    inter = await answered(await fake.click(w.bob, old_table, custom_id="hand:"))
                    assert (await inter.wait_reply()).ephemeral
                if "Game over" in current_table(w.fake, thread).text:
                    break
        if not progressed:
            await fake.wait_until(lambda: True, 0.05)
            seq_before = current_table(w.fake, thread).text
            with contextlib.suppress(TimeoutError):
                await fake.wait_until(
                    lambda seq_before=seq_before: current_table(w.fake, thread).text != seq_before,
                    3,
                    "a bot move",
                )
    return SimpleNamespace(thread=thread, killed=killed, moves=moves)


async def test_two_users_and_a_bot_play_keltis_to_the_end_surviving_a_kill(world, finished):
    fake, thread = world.fake, finished.thread
    # killed at the people's 25th move, and played on after it to the end (how
    # long the game lasts depends on its seed, so on the match's id: on which
    # of this module's tests made a match first)
    assert finished.killed and finished.moves > 25
    final = current_table(fake, thread)
    assert "🏆" in final.text and not move_ids(final)
    await fake.wait_until(lambda: thread.archived, 5, "the thread to be archived")
    assert fake.problems() == []
    await check_hands_never_leak(world)


async def check_hands_never_leak(w):
    """Replay the stored match; at every move a message shows, no public
    message contains a player's hand, and every panel shows exactly its
    viewer's hand."""
    async with SqliteStore.open(w.db) as store:
        [info] = await store.finished_matches(w.guild.id)
        loaded = await store.load(info.id, verify=True)
    record = loaded.match.to_record()
    seat_of_user = {s.user_id: s.seat for s in loaded.seats if s.user_id}
    hands: dict[int, list[list[str]]] = {}
    replay = Match.new(record["game"], record["players"], record["seed"], record["options"])
    for seq in range(len(record["log"]) + 1):
        hands[seq] = [replay.view(s)["hand"] for s in range(replay.players)]
        if seq < len(record["log"]):
            seat, key = record["log"][seq]
            replay.act(seat, key, seq)

    checked_public = checked_private = 0
    for message in w.fake.messages(include_deleted=True):
        revisions = [*message.history, message]
        for rev in revisions:
            text = "\n".join(
                [rev.content]
                + [str(e.get("description", "")) + str(e.get("fields", "")) for e in rev.embeds]
                + [a.description or "" for a in rev.attachments]  # the board's alt text
            )
            footer = " ".join((e.get("footer") or {}).get("text", "") for e in rev.embeds)
            found = MOVE.search(footer)
            seqs = [int(found.group(1))] if found else list(hands)
            titles = " ".join(e.get("title", "") for e in rev.embeds)
            if message.ephemeral and "Your hand" in text:
                if f"match #{info.id} ·" not in titles:
                    continue  # the panel of another test's match
                seat = seat_of_user[message.visible_to]
                shown = next(
                    f["value"]
                    for e in rev.embeds
                    for f in e.get("fields", [])
                    if f["name"] == "Your hand"
                )
                assert found, "a panel must say which move it shows"
                assert shown == " ".join(card(c) for c in hands[int(found.group(1))][seat])
                checked_private += 1
            elif not message.ephemeral:
                for seq in seqs:
                    for hand in hands[seq]:
                        if len(hand) >= 3:
                            assert " ".join(card(c) for c in hand) not in text
                assert "Your hand" not in text
                checked_public += 1
    assert checked_public > 20 and checked_private > 20


async def test_every_board_picture_on_the_table_carries_its_alt_text(world, finished):
    """Each revision of the table with a board picture describes it in
    words (Discord's attachment description): the game, whose turn it is,
    then at the end who won; within Discord's 1,024 characters."""
    fake, thread = world.fake, finished.thread
    described = []
    for message in fake.messages(thread, ephemeral=False, include_deleted=True):
        for rev in [*message.history, message]:
            for attachment in rev.attachments:
                assert attachment.filename == "table.png"
                assert attachment.description, "a board picture without alt text"
                assert len(attachment.description) <= 1024
                assert attachment.description.startswith("Board of Keltis.")
                described.append(attachment.description)
    assert len(described) > 20
    assert any(" to play." in d for d in described)
    [final] = current_table(fake, thread).attachments
    assert " won" in final.description and "Draw pile:" in final.description
    for name in ("alice", "bob"):
        assert f"{name}: " in final.description


async def test_the_finished_match_has_its_log_and_a_replay_ending_on_the_final_table(
    world, finished
):
    w, fake = world, world.fake
    final = current_table(fake, finished.thread)
    mid = final.buttons()[0]["custom_id"].split(":")[1]
    async with SqliteStore.open(w.db) as store:
        loaded = await store.load(int(mid))
    # the log: bob pages back to the first move; every page is his alone
    log = await (await answered(await fake.click(w.bob, final, label="📜 Log"))).wait_reply()
    assert log.ephemeral and f"match #{mid} · log" in log.text
    pages = await walk_pages(fake, w.bob, log, "p")
    assert pages[-1]["embeds"][0]["description"].startswith("`  1` ")
    told = " ".join(p["embeds"][0]["description"] for p in pages)
    for name in ("**alice**", "**bob**", "**🤖 Greedy 2**"):
        assert name in told
    assert not re.search(r"\b[a-z]+:[a-z0-9]+", told)  # no raw action keys
    # the replay walks every move; its last frame is the final table
    first = await (await answered(await fake.click(w.carol, final, label="🎞️ Replay"))).wait_reply()
    assert first.ephemeral and first.content.startswith(f"Replay of match #{mid} — move 0 of ")
    frames = await walk_pages(fake, w.carol, first, "n")
    assert len(frames) == loaded.match.seq + 1
    last, table = dict(frames[-1]["embeds"][0]), dict(final.embeds[0])
    assert last.pop("image") and table.pop("image")  # each message has its own attachment
    assert last == table
    [frame_image], [table_image] = first.attachments, final.attachments
    assert frame_image.data == table_image.data  # the same board, drawn once (cached)
    assert frame_image.description == table_image.description  # and the same words
    assert " won" in frame_image.description
    assert fake.problems() == []


async def test_stale_foreign_forged_and_unknown_clicks_get_polite_answers(world):
    w, fake = world, world.fake
    new = await answered(
        await fake.slash(w.alice, w.channel, "game new", game="keltis", players=2, here=True)
    )
    lobby = await new.wait_reply()
    await answered(await fake.click(w.bob, lobby, label="Join"))  # full: starts by itself
    table = await fake.wait_until(
        lambda: next(
            (
                m
                for m in fake.messages(w.channel, ephemeral=False)
                if any(c["custom_id"].startswith("hand:") for c in m.buttons())
            ),
            None,
        ),
        5,
        "the table in the channel",
    )
    mid = table.button(custom_id="hand:")["custom_id"].split(":")[1]

    # a spectator opening a hand
    inter = await answered(await fake.click(w.carol, table, custom_id="hand:"))
    assert inter.original.ephemeral and "not playing" in inter.original.text

    # whoever is first plays; the other's old panel button becomes stale
    first = None
    for user in (w.alice, w.bob):
        inter = await answered(await fake.click(user, table, custom_id="hand:"))
        panel = await inter.wait_reply()
        if choices(panel) or panel.selects():  # a move list, or the cards to pick from
            first = (user, panel)
    user, panel = first
    other = w.bob if user is w.alice else w.alice
    stale_panel = copy.deepcopy(panel.components)
    await pick(fake, user, panel, lambda label: "then" not in label)  # a card, not the whole turn
    await fake.wait_until(lambda: "to draw" in table.text, 5, "the table to show the move")
    # the public draw button belongs to the player drawing
    inter = await answered(await fake.click(other, table, custom_id=f"g:{mid}:1:draw:deck"))
    assert inter.original.ephemeral and "not your turn" in inter.original.text

    # the same panel, as it was before the move: its moves are stale now
    panel.components = stale_panel
    await pick(fake, user, panel)
    assert "moved on" in panel.text

    # a forged action for an unknown match, and a custom_id nobody claims
    forged = copy.deepcopy(table.components)
    forged[0]["components"][0]["custom_id"] = "g:999999:0:discard:y5"
    forged[0]["components"].append(
        {"type": 2, "style": 2, "label": "junk", "custom_id": "nothing-of-ours"}
    )
    table.components = forged
    inter = await answered(await fake.click(w.bob, table, custom_id="g:999999:0:discard:y5"))
    assert inter.original.ephemeral and "can't find that match" in inter.original.text
    inter = await answered(await fake.click(w.bob, table, custom_id="nothing-of-ours"))
    assert inter.original.ephemeral and "doesn't belong" in inter.original.text
    assert fake.problems() == []


async def test_sigterm_shuts_the_bot_down_cleanly(world):
    await world.bot.stop(timeout=10)
    try:
        assert world.bot.proc.returncode == 0
        assert "stopping" in world.bot.log_tail(5)
    finally:
        await world.bot.start()  # for the tests that run after this one
