"""The `/game` commands against the real bot process: status, list, rules,
help, hand, concede, cancel (and who may cancel), typed options of
`/game new`, and a fresh table when the old one is too old to edit."""

from __future__ import annotations

import sqlite3

import pytest

from cogs.presenters import presented_games, presenter_for

from .bot_helpers import (
    answered,
    choices,
    concede,
    current_table,
    drawn_reply,
    match_rows,
    move_ids,
    pick,
    replayed,
    reply,
)

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(guild="Commands", users=("alice", "bob", "carol"), mods=("mod",)),
]


async def two_player_match(w, channel):
    """alice and bob at a Keltis table in the channel itself."""
    lobby = await reply(
        await w.fake.slash(w.alice, channel, "game new", game="keltis", players=2, here=True)
    )
    await (await w.fake.click(w.bob, lobby, label="Join")).wait_answered()
    return await w.fake.wait_until(lambda: current_table(w.fake, channel), 5, "the table")


async def test_rules_list_status_and_hand(world, channel):
    fake = world.fake
    asked = await answered(await fake.slash(world.carol, channel, "game rules", game="keltis"))
    rules = await asked.wait_reply(15.0)  # its pictures may be drawn first
    assert rules.ephemeral and "How to play Keltis" in rules.text and "wishing stone" in rules.text
    newcomer = fake.add_user("newcomer")  # in no match (carol's only one would be shown)
    empty = await reply(await fake.slash(newcomer, channel, "game status"))
    assert empty.ephemeral and "no match in this channel" in empty.text
    table = await two_player_match(world, channel)
    listing = await reply(await fake.slash(world.carol, channel, "game list"))
    assert listing.ephemeral and "Keltis — active" in listing.text
    status = await reply(await fake.slash(world.carol, channel, "game status"))
    assert status.ephemeral and status.embeds[0]["title"] == table.embeds[0]["title"]
    assert "Your hand" not in status.text
    hand = await reply(await fake.slash(world.bob, channel, "game hand"))
    assert hand.ephemeral and hand.visible_to == world.bob.id and "Your hand" in hand.text
    spectator = await reply(await fake.slash(world.carol, channel, "game hand"))
    assert "not playing" in spectator.text
    assert fake.problems() == []


async def test_help_onboards_and_its_chooser_answers_with_each_games_rules(world, channel):
    fake = world.fake
    help_ = await reply(await fake.slash(world.carol, channel, "game help"))
    assert help_.ephemeral and "/game new" in help_.text and "My hand" in help_.text
    assert "Your move" in help_.text and "/game mine" in help_.text
    assert "💡" in help_.text and "🔁 Rematch" in help_.text and "/game season list" in help_.text
    [chooser] = help_.selects()
    hosts = await reply(await fake.click(world.carol, help_, "help:hosts"))
    assert hosts.ephemeral and hosts.visible_to == world.carol.id
    assert "/game tournament new" in hosts.text and "/game season new" in hosts.text
    assert [(o["value"], o["label"]) for o in chooser["options"]] == [
        (game, presenter_for(game).title) for game in presented_games()
    ]  # every game the bot offers: those registered here
    chosen = await answered(await fake.select(world.carol, help_, ["cuttle"], custom_id="rules"))
    rules = await chosen.wait_reply(15.0)  # its pictures may be drawn first
    same = await reply(await fake.slash(world.carol, channel, "game rules", game="cuttle"))
    assert rules.ephemeral and rules.visible_to == world.carol.id
    assert without_urls(rules.embeds) == without_urls(same.embeds)
    assert "How to play Cuttle" in rules.text and "C-5a" in rules.text
    assert [a.data for a in rules.attachments] == [a.data for a in same.attachments]
    forged = await answered(
        await fake.forge(world.carol, channel, help_, "rules", component_type=3, values=["chess"])
    )
    assert "don't know that game" in forged.original.text and forged.original.ephemeral
    # a button of a help message sent before the chooser still answers (restart-proof)
    old = await drawn_reply(await fake.forge(world.carol, channel, help_, "rules:keltis"))
    assert "How to play Keltis" in old.text and old.ephemeral
    forged = await answered(await fake.forge(world.carol, channel, help_, "rules:chess"))
    assert "don't know that game" in forged.original.text and forged.original.ephemeral
    assert fake.problems() == []


def without_urls(embeds: list[dict]) -> list[dict]:
    """Embeds without their images' addresses (each message's attachments have their own)."""
    return [{k: v for k, v in embed.items() if k != "image"} for embed in embeds]


async def test_rules_answer_privately_with_the_games_example_pictures(world, channel):
    """`/game rules` (issue 45): the summary, then each example picture of the
    game's own board in its own embed with its caption, attached, only to the
    asker, in English and in Japanese."""
    fake = world.fake
    yuki = fake.add_user("yuki", locale="ja")
    for user, game_id, words in (
        (world.carol, "oracle", ("How to play Keltis: the Oracle", "O-4A1: Ben played")),
        (yuki, "keltis", ("K-4c：アンの緑の列",)),
    ):
        asked = await fake.slash(user, channel, "game rules", game=game_id)
        await asked.wait_answered(3.0)  # drawing may take longer: acknowledged first
        rules = await asked.wait_reply(15.0)
        assert rules.ephemeral and rules.visible_to == user.id
        assert all(word in rules.text for word in words), rules.text
        summary, *pictures = rules.embeds
        assert summary["description"] and pictures
        assert len(rules.attachments) == len(pictures)
        for picture, attachment in zip(pictures, rules.attachments, strict=True):
            assert picture["description"] and picture["image"]["url"] == attachment.url
            assert attachment.content_type == "image/png" and attachment.data[:4] == b"\x89PNG"
            assert attachment.width and attachment.height and attachment.description
    assert fake.problems() == []


async def test_typed_options_count_seats_from_one_and_refuse_what_a_game_does_not_take(
    world, channel
):
    fake, w = world.fake, world
    before = match_rows(w.db)
    refused = await reply(await fake.slash(w.alice, channel, "game new", game="keltis", side="B"))
    assert refused.ephemeral and refused.text == (
        "Keltis has no `side` option. Keltis takes `first_player`: a seat number from 1 to 4."
    )
    too_far = await reply(
        await fake.slash(w.alice, channel, "game new", game="cuttle", first_player=3)
    )
    assert too_far.text.startswith("`first_player` must be a seat number from 1 to 2.")
    two_only = await reply(await fake.slash(w.alice, channel, "game new", game="cuttle", players=3))
    assert two_only.text == "Cuttle is for 2 players."  # never "2-2 players"
    assert match_rows(w.db) == before
    lobby = await reply(
        await fake.slash(
            w.alice, channel, "game new", game="keltis", players=2, first_player=2, here=True
        )
    )
    assert "first_player: seat 2" in lobby.text
    await answered(await fake.click(w.bob, lobby, label="Join"))
    table = await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    match_id = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    assert replayed(w.db, match_id).to_act() == (1,)  # the lobby's seat 2: bob
    assert "**bob** to play a card" in table.text


async def test_a_first_player_beyond_the_lobbys_seats_is_explained_at_the_start(world, channel):
    fake, w = world.fake, world
    lobby = await reply(
        await fake.slash(
            w.alice, channel, "game new", game="oracle", first_player=3, variant=True, here=True
        )
    )
    assert "variant: yes, first_player: seat 3" in lobby.text
    await answered(await fake.click(w.bob, lobby, label="Join"))
    start = await reply(await fake.click(w.alice, lobby, label="Start"))
    assert start.ephemeral and start.text == (
        "The match can't start with these options: `first_player` must be a seat number "
        "from 1 to 2 with 2 seats."
    )
    await answered(await fake.click(w.carol, lobby, label="Join"))
    await answered(await fake.click(w.alice, lobby, label="Start"))
    table = await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    match_id = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    match = replayed(w.db, match_id)
    assert match.to_act() == (2,) and match.options["clover_other_pawn"] is True
    assert fake.problems() == []


async def test_cancel_is_for_the_creator_or_a_moderator(world, channel):
    fake = world.fake
    table = await two_player_match(world, channel)
    refused = await reply(await fake.slash(world.bob, channel, "game cancel"))
    assert refused.ephemeral and "creator or a moderator" in refused.text
    done = await reply(await fake.slash(world.mod, channel, "game cancel"))
    assert not done.ephemeral and "was cancelled" in done.text
    await fake.wait_until(lambda: "cancelled" in table.text, 5, "the table to show it")
    assert not move_ids(table)
    late = await reply(await fake.slash(world.alice, channel, "game hand"))
    assert late.ephemeral and "not running" in late.text
    assert fake.problems() == []


async def test_concede_ends_a_two_player_match(world, channel):
    fake = world.fake
    table = await two_player_match(world, channel)
    said = await concede(fake, world.alice, channel)
    assert not said.ephemeral and "conceded" in said.text
    await fake.wait_until(lambda: "Game over" in table.text, 5, "the final table")
    assert "🏆 **bob**" in table.text and "🏆 **alice**" not in table.text
    late = await reply(await fake.slash(world.bob, channel, "game concede"))
    assert late.ephemeral and ("no match" in late.text or "over" in late.text)
    assert fake.problems() == []


async def test_an_old_table_is_posted_afresh(world, channel):
    fake = world.fake
    table = await two_player_match(world, channel)
    mid = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    await fake.wait_until(
        lambda: any("your move" in m.text for m in fake.messages(channel)),
        5,
        "the first mention (the bot is done setting up)",
    )
    # the table was posted two hours ago (as the bot's records say)
    table.make_old(hours=2)
    with sqlite3.connect(world.db) as db:
        changed = db.execute(
            "UPDATE messages SET posted_at = posted_at - 7200000"
            " WHERE kind = 'table' AND match_id = ?",
            (mid,),
        ).rowcount
    assert changed == 1
    for player in (world.alice, world.bob):
        hand = await reply(await fake.click(player, table, custom_id="hand:"))
        if choices(hand) or hand.selects():
            break
    await pick(  # the discard alone, not the whole turn
        fake, player, hand, lambda label: label.startswith("Discard") and "then" not in label
    )
    fresh = await fake.wait_until(
        lambda: (t := current_table(fake, channel)) is not table and t, 5, "a fresh table"
    )
    assert "to draw" in fresh.text
    await fake.wait_until(lambda: table.deleted, 5, "the old table to be removed")
    assert fake.problems() == []


async def test_conceding_among_three_hands_the_seat_to_a_bot(world, channel):
    fake = world.fake
    lobby = await reply(
        await fake.slash(
            world.alice, channel, "game new", game="keltis", players=3, bots=1, here=True
        )
    )
    await (await fake.click(world.bob, lobby, label="Join")).wait_answered()
    table = await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    said = await concede(fake, world.bob, channel)
    assert "a bot takes their seat" in said.text
    await fake.wait_until(
        lambda: "🤖 Expert 3" in table.text or "🤖 Expert 3" in current_table(fake, channel).text,
        5,
        "bob's seat shown as a bot",
    )
    assert "Game over" not in current_table(fake, channel).text  # alice plays on
    hand = await reply(
        await fake.click(world.alice, current_table(fake, channel), custom_id="hand:")
    )
    assert "Your hand" in hand.text
    assert fake.problems() == []


async def test_the_host_chooses_how_well_bots_play_and_the_seat_shows_it(world, channel):
    fake = world.fake
    # An expert seat, but nothing here waits for it to move: the table shows
    # at the start, and the match then waits for alice after at most one
    # expert turn (in the background; no test waits for experts to finish a game).
    lobby = await reply(
        await fake.slash(
            world.alice, channel, "game new", game="keltis", bots=1, bot_level="expert", here=True
        )
    )
    assert "2. 🤖 Expert 2" in lobby.text
    assert {"🤖 Random", "🤖 Greedy", "🤖 Expert"} <= {b["label"] for b in lobby.buttons()}
    refused = await answered(await fake.click(world.bob, lobby, label="🤖 Random"))
    assert refused.original.ephemeral and "creator" in refused.original.text
    await answered(await fake.click(world.alice, lobby, label="🤖 Random"))
    assert "3. 🤖 Random 3" in lobby.text
    await answered(await fake.click(world.alice, lobby, label="Start"))
    table = await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    assert "🤖 Expert 2" in table.text and "🤖 Random 3" in table.text
    assert fake.problems() == []


async def test_hosts_choose_which_bot_takes_a_seat_a_person_leaves(world, channel):
    """`/game config stand_in:` (Manage Server): a kicked player's seat goes
    to a bot of that level (default Expert)."""
    fake = world.fake
    no = await reply(await fake.slash(world.alice, channel, "game config", stand_in="greedy"))
    assert no.ephemeral and "Manage Server" in no.text
    said = await reply(await fake.slash(world.mod, channel, "game config", stand_in="greedy"))
    assert "A seat a person leaves goes to: **🤖 Greedy**" in said.text
    try:
        table = await two_player_match(world, channel)
        match_id = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
        await reply(await fake.slash(world.mod, channel, "game kick", member=world.bob))
        with sqlite3.connect(f"file:{world.db}?mode=ro", uri=True) as conn:
            bots = conn.execute(
                "SELECT bot FROM seats WHERE match_id = ? AND user_id IS NULL", (match_id,)
            ).fetchall()
        assert bots == [("greedy",)]
    finally:  # back to the default, the expert: the stand-in of the other tests
        # here (conceding among three) makes at most one turn before alice's, and
        # nothing waits for more than that turn (a single search or two is quick)
        await reply(await fake.slash(world.mod, channel, "game config", stand_in="expert"))
