"""What real Discord does to a bot (issue 27): a channel loses the bot's
permission to send while 50 matches run there, a table is deleted, a
match's thread is locked or archived, files are refused, a channel has
none of what a table needs. Every match stays playable (the players' panels
are interactions, which channel permissions do not touch), the bot sends no
request its cache knows will be refused (Discord bans an IP for an hour
after 10,000 invalid requests in 10 minutes: the count is printed with
`-s`), a host is told once what is missing where, and the tables come back
when the permission does.
"""

from __future__ import annotations

import re
import time

import pytest

from playground.fake_discord import Perm

from .bot_helpers import answered, pick, replayed, reply, tracebacks

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.slow,
    pytest.mark.world(guild="Refusals", users=("alice", "bob"), delay=0.01, seed="refusals"),
]
MOVE = re.compile(r"move (\d+)")
MATCHES = 50


def tables(fake, place) -> dict[int, object]:
    """match id -> its newest table message in `place`."""
    found = {}
    for message in fake.messages(place, ephemeral=False):
        for button in message.buttons():
            if button["custom_id"].startswith("hand:"):
                found[int(button["custom_id"].split(":")[1])] = message
    return found


def shows(message) -> int:
    found = [MOVE.search((e.get("footer") or {}).get("text", "")) for e in message.embeds]
    return int(found[0].group(1)) if found and found[0] else -1


async def against_a_bot(w, channel, *, here: bool = True) -> int:
    """alice against a bot, started at once; the match's id."""
    before = set(tables(w.fake, channel)) | {
        mid for thread in w.fake.threads(channel) for mid in tables(w.fake, thread)
    }
    await reply(
        await w.fake.slash(
            w.alice, channel, "game new", game="keltis", players=2, bots=1, here=here
        )
    )

    def new():
        places = [channel, *w.fake.threads(channel)]
        found = {mid for place in places for mid in tables(w.fake, place)} - before
        return next(iter(found), None)

    return await w.fake.wait_until(new, 5, "the new match's table")


async def alice_moves(w, mid: int, place) -> None:
    """alice, once it is her turn, opens her panel (`/game hand`: an
    interaction, which channel permissions do not touch) and makes her
    whole turn."""
    await w.fake.wait_until(lambda: 0 in replayed(w.db, mid).to_act(), 5, "alice's turn")
    before = replayed(w.db, mid).seq
    panel = await reply(await w.fake.slash(w.alice, place, "game hand", match=mid))
    assert panel.ephemeral
    await pick(w.fake, w.alice, panel, lambda label: "then draw" in label)
    await w.fake.wait_until(
        lambda: (m := replayed(w.db, mid)).seq > before + 1 and 0 in m.to_act(),
        5,
        "the bot's answer",
    )


async def test_fifty_matches_lose_the_send_permission_and_get_it_back(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "fifty")
    mids = [await against_a_bot(w, channel) for _ in range(MATCHES)]
    shown = tables(fake, channel)
    assert set(mids) <= set(shown)
    dms_before = len(fake.dms(w.alice))

    fake.deny(channel, Perm.SEND_MESSAGES)
    since = time.time()
    for mid in mids:  # a turn each, from the panel: interactions need no channel permission
        await alice_moves(w, mid, channel)
    invalid = fake.invalid_requests(since=since)
    moves = sum(replayed(w.db, mid).seq for mid in mids)
    told = [m for m in fake.dms(w.alice)[dms_before:] if "Send Messages" in m.text]
    print(
        f"\n{MATCHES} matches without Send Messages: {sum(invalid.values())} invalid requests"
        f" ({dict(invalid)}) over {moves} moves in {time.time() - since:.1f} s;"
        f" {len(told)} notice(s) to the host"
    )
    assert sum(invalid.values()) <= MATCHES // 10  # Discord bans at 10,000 in 10 minutes
    assert len(told) == 1 and f"<#{channel.id}>" in told[0].text  # once, saying where
    updated = [mid for mid in mids if shows(tables(fake, channel)[mid]) == replayed(w.db, mid).seq]
    assert updated == []  # nothing could be shown meanwhile

    fake.allow(channel, Perm.SEND_MESSAGES)  # given back: every table catches up by itself
    back = time.time()
    await fake.wait_until(
        lambda: all(shows(tables(fake, channel)[mid]) == replayed(w.db, mid).seq for mid in mids),
        20,
        "every table to show its match again",
    )
    print(f"all {MATCHES} tables current {time.time() - back:.2f} s after the permission's return")
    assert sum(fake.invalid_requests(since=since).values()) <= MATCHES // 10
    assert tracebacks(w.bot) == []


async def test_a_deleted_table_is_posted_again(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "deleted")
    mid = await against_a_bot(w, channel)
    table = tables(fake, channel)[mid]
    fake.delete_message(table)
    await alice_moves(w, mid, channel)
    fresh = await fake.wait_until(
        lambda: (t := tables(fake, channel).get(mid)) and not t.deleted and t, 5, "a new table"
    )
    await fake.wait_until(lambda: shows(fresh) == replayed(w.db, mid).seq, 5, "the move shown")


async def test_a_locked_thread_sends_the_match_to_its_channel(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "locked")
    mid = await against_a_bot(w, channel, here=False)
    [thread] = fake.threads(channel)
    fake.deny(channel, Perm.MANAGE_THREADS)  # (with it, the bot may still post there)
    fake.lock_thread(thread)
    await alice_moves(w, mid, channel)
    moved = await fake.wait_until(lambda: tables(fake, channel).get(mid), 5, "the table moved")
    await fake.wait_until(lambda: shows(moved) == replayed(w.db, mid).seq, 5, "the move shown")
    notices = [m for m in fake.messages(channel) if f"Match #{mid}" in m.text]
    assert len(notices) == 1 and "locked" in notices[0].text
    await alice_moves(w, mid, channel)  # and play goes on there
    await fake.wait_until(lambda: shows(moved) == replayed(w.db, mid).seq, 5, "the next move")


async def test_an_archived_thread_is_opened_again(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "archived")
    mid = await against_a_bot(w, channel, here=False)
    [thread] = fake.threads(channel)
    fake.archive_thread(thread)
    await alice_moves(w, mid, channel)
    await fake.wait_until(
        lambda: shows(tables(fake, thread)[mid]) == replayed(w.db, mid).seq, 5, "the move shown"
    )
    assert not thread.archived and mid not in tables(fake, channel)


async def test_where_files_are_refused_the_table_goes_without_its_picture(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "no-files")
    fake.deny(channel, Perm.ATTACH_FILES)
    since = time.time()
    inter = await answered(
        await fake.slash(w.alice, channel, "game new", game="keltis", players=2, bots=1, here=True)
    )
    note = await fake.wait_until(
        lambda: next((m for m in inter.followups if m.ephemeral), None), 5, "the note"
    )
    assert "Attach Files" in note.text
    mid = await fake.wait_until(lambda: next(iter(tables(fake, channel)), None), 5, "the table")
    await alice_moves(w, mid, channel)
    table = tables(fake, channel)[mid]
    await fake.wait_until(lambda: shows(table) == replayed(w.db, mid).seq, 5, "the move shown")
    assert table.attachments == [] and sum(fake.invalid_requests(since=since).values()) == 0


async def test_a_channel_without_what_a_table_needs_opens_no_match(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "closed")
    fake.deny(channel, Perm.SEND_MESSAGES)
    said = await reply(await fake.slash(w.alice, channel, "game new", game="keltis"))
    assert said.ephemeral and "**Send Messages**" in said.text and "/game config" in said.text
    assert tables(fake, channel) == {} and not fake.messages(channel, ephemeral=False)
    check = await reply(await fake.slash(w.alice, channel, "game config"))
    assert "❌ Send Messages" in check.text and "✅ View Channel" in check.text


async def test_rate_limits_are_waited_out_and_every_click_answered(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "busy")
    mids = [await against_a_bot(w, channel) for _ in range(3)]
    fake.rate_limits(edits_per_channel=(2, 2.0), sends_per_channel=(2, 2.0))
    try:
        since = time.time()
        for _ in range(2):
            for mid in mids:
                await alice_moves(w, mid, channel)
        await fake.wait_until(
            lambda: all(
                shows(tables(fake, channel)[mid]) == replayed(w.db, mid).seq for mid in mids
            ),
            30,
            "the tables to catch up within the limits",
        )
        limited = fake.invalid_requests(since=since)
        print(f"\nrate limited: {dict(limited)}")
        assert sum(limited.values()) <= 5  # discord.py waits on the headers, not on 429s
    finally:
        fake.rate_limits(False)
    assert all(i.answered for i in fake.interactions)


async def test_the_lobby_answer_is_unaffected_by_a_missing_send_permission(world):
    """The lobby is the command's answer (an interaction), so a channel that
    refuses the bot's own posts still shows it, and says what is missing."""
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "answers")
    fake.deny(channel, Perm.CREATE_PUBLIC_THREADS)
    inter = await answered(await fake.slash(w.alice, channel, "game new", game="cuttle"))
    lobby = await inter.wait_reply()
    assert not lobby.ephemeral and "Join" in [b["label"] for b in lobby.buttons()]
    note = await fake.wait_until(
        lambda: next((m for m in inter.followups if m.ephemeral), None), 5, "the note"
    )
    assert "Create Public Threads" in note.text and fake.threads(channel) == []
