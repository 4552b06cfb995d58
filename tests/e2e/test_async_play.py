"""Async play and moderation against the real bot process: a reminder and a
timeout firing across a SIGKILL restart (with a controllable clock), a host
kicking a player (a bot takes the seat), pause/resume, notification choices,
every host command refused to a non-host, and history, stats, export."""

from __future__ import annotations

import asyncio
import json

import pytest

from rules import Match

from .bot_helpers import choices, concede, current_table, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Async", users=("alice", "bob", "carol"), mods=("mod",), clock=True, seed="async"
    ),
]
HOUR = 3600


async def keltis_for_two(w, channel):
    """alice and bob at a Keltis table in `channel`; returns (table, match id)."""
    start = w.fake.mark()
    lobby = await reply(
        await w.fake.slash(w.alice, channel, "game new", game="keltis", players=2, here=True)
    )
    await (await w.fake.click(w.bob, lobby, label="Join")).wait_answered()
    table = await w.fake.wait_until(lambda: current_table(w.fake, channel), 5, "the table")
    match_id = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    await w.fake.wait_for_message(  # the first player is told (in the channel or by DM)
        predicate=lambda m: "your move in keltis" in m.text.lower(), after=start, ephemeral=False
    )
    return table, match_id


def first_player(w, match_id):
    """Who moves first, from the deal the test seed gives."""
    seat = Match.new("keltis", 2, f"async-{match_id}").to_act()[0]
    return (w.alice, w.bob)[seat]


async def test_non_hosts_are_refused_every_host_command(world, channel):
    fake, carol = world.fake, world.carol
    await keltis_for_two(world, channel)
    for command, options in [
        ("game config", {"timeout": "1h"}),
        ("game kick", {"member": world.bob}),
        ("game replace", {"member": world.bob, "substitute": carol}),
        ("game pause", {}),
        ("game resume", {}),
        ("game timer", {"timeout": "1h"}),
        ("game cancel", {}),
    ]:
        answer = await reply(await fake.slash(carol, channel, command, **options))
        assert answer.ephemeral, command
        assert (
            "creator or a host" in answer.text
            or "Manage Server" in answer.text
            or "creator or a moderator" in answer.text
        ), (command, answer.text)
    shown = await reply(await fake.slash(carol, channel, "game timer"))
    assert shown.ephemeral and "Reminder after" in shown.text  # looking is for everyone
    assert fake.problems() == []


async def test_reminder_then_timeout_across_a_restart(world, channel):
    fake, w = world.fake, world
    configured = await reply(
        await fake.slash(w.mod, channel, "game config", reminder="1h", timeout="2h", policy="bot")
    )
    assert "1h" in configured.text and "2h" in configured.text and "bot" in configured.text
    table, match_id = await keltis_for_two(w, channel)
    late = first_player(w, match_id)
    w.advance(HOUR + 60)
    reminder = await fake.wait_for_message(
        channel, predicate=lambda m: "a reminder" in m.text, timeout=10
    )
    assert reminder.mentioned_ids == [late.id]
    await w.bot.kill()
    w.advance(2 * HOUR)  # the timeout passes while the bot is down
    await w.bot.start()
    note = await fake.wait_for_message(
        channel, predicate=lambda m: "Time ran out" in m.text, timeout=20
    )
    assert late.name in note.text
    fresh = await fake.wait_until(
        lambda: (
            (t := current_table(fake, channel)) and "move 1" in str(t.embeds[0].get("footer")) and t
        ),
        10,
        "the table after the bot's move",
    )
    assert "to draw" in fresh.text  # the bot played the card; the draw is the player's again
    await reply(await fake.slash(w.mod, channel, "game config", timeout="never", policy="wait"))
    assert fake.problems() == []


async def test_a_host_kicks_a_player_and_a_bot_plays_on(world, channel):
    fake, w = world.fake, world
    table, match_id = await keltis_for_two(w, channel)
    answer = await reply(await fake.slash(w.mod, channel, "game kick", member=w.bob))
    assert not answer.ephemeral and "to a bot" in answer.text
    await fake.wait_until(
        lambda: "🤖 Expert 2" in current_table(fake, channel).text, 5, "the table to show the bot"
    )
    # bob's seat moves by itself now: the game reaches alice's turns without bob
    # (the default stand-in, the expert: one turn of it, a search or two, is waited for)
    hand = await reply(await fake.click(w.bob, current_table(fake, channel), custom_id="hand:"))
    assert "not playing" in hand.text
    await fake.wait_until(
        lambda: "**alice** to play" in current_table(fake, channel).text, 5, "alice's turn"
    )
    assert fake.problems() == []


async def test_a_kick_and_a_cancel_at_once_leave_no_turn_ping(world, channel):
    """Issue 27: the stand-in's first move, shown while the match is being
    cancelled, pings the other player; that ping is removed, and so is the
    match's last one: a cancelled match's Your move leads nowhere."""
    fake, w = world.fake, world
    table, match_id = await keltis_for_two(w, channel)
    kick = await fake.slash(w.mod, channel, "game kick", member=first_player(w, match_id))
    cancel = await fake.slash(w.mod, channel, "game cancel")  # not waiting for the kick
    await reply(kick)
    assert "was cancelled" in (await reply(cancel)).text
    await fake.wait_until(lambda: "was cancelled" in table.text, 5, "the cancelled table")
    await asyncio.sleep(1.0)  # the stand-in moves after 0.02 s: its ping, if any, is done

    def live_pings():
        return [
            m
            for m in fake.messages(channel, ephemeral=False)
            if f"your move in Keltis #{match_id}" in m.text
        ]

    assert live_pings() == []
    assert fake.problems() == []


async def test_pause_blocks_moves_until_resumed(world, channel):
    fake, w = world.fake, world
    table, match_id = await keltis_for_two(w, channel)
    mover = first_player(w, match_id)
    paused = await reply(await fake.slash(w.alice, channel, "game pause"))  # the creator may
    assert "paused match" in paused.text
    await fake.wait_until(
        lambda: "Paused by a host" in current_table(fake, channel).text, 5, "pause"
    )
    panel = await reply(await fake.click(mover, current_table(fake, channel), custom_id="hand:"))
    custom_id, value = next(iter(choices(panel).values()))
    refused = await (
        fake.click(mover, panel, custom_id=custom_id)
        if value is None
        else fake.select(mover, panel, [value], custom_id=custom_id)
    )
    await refused.wait_answered()
    assert (
        "paused" in refused.followups[0].text
        if refused.followups
        else "paused" in (refused.original.text if refused.original else panel.text)
    )
    resumed = await reply(await fake.slash(w.mod, channel, "game resume"))
    assert "resumed" in resumed.text
    await fake.wait_until(lambda: "Paused" not in current_table(fake, channel).text, 5, "resume")
    assert fake.problems() == []


async def test_direct_message_nudges_fall_back_to_a_mention(world, channel):
    fake, w = world.fake, world
    for user in (w.alice, w.bob):
        said = await reply(await fake.slash(user, channel, "game notify", mode="dm"))
        assert said.ephemeral and "direct message" in said.text
    fake.close_dms(w.bob)
    before_dms = len(fake.dms(w.alice))
    table, match_id = await keltis_for_two(w, channel)
    first = first_player(w, match_id)
    if first is w.alice:
        # (a ping of an earlier match of hers, now by DM too, may come first)
        await fake.wait_until(
            lambda: any(f"#{match_id}" in m.text for m in fake.dms(w.alice)[before_dms:]),
            5,
            "a DM to alice about this match",
        )
    else:  # bob's DMs are closed: he is mentioned in the thread instead
        ping = await fake.wait_for_message(
            channel, predicate=lambda m: "— your move" in m.text, ephemeral=False
        )
        assert ping.mentioned_ids == [w.bob.id]
    for user in (w.alice, w.bob):
        await reply(await fake.slash(user, channel, "game notify", mode="mention"))
    assert fake.problems() == []


async def test_history_stats_leaderboard_and_export(world, channel):
    fake, w = world.fake, world
    table, match_id = await keltis_for_two(w, channel)
    await concede(fake, w.alice, channel)
    await fake.wait_until(lambda: "Game over" in current_table(fake, channel).text, 5, "the end")
    history = await reply(await fake.slash(w.carol, channel, "game history"))
    assert f"#{match_id}" in history.text and "🏆" in history.text
    stats = await reply(await fake.slash(w.carol, channel, "game stats", member=w.bob))
    assert "won of" in stats.text
    board = await reply(await fake.slash(w.carol, channel, "game leaderboard", game="keltis"))
    assert f"<@{w.bob.id}>" in board.text
    export = await reply(await fake.slash(w.carol, channel, "game export", match=match_id))
    [attachment] = export.attachments
    record = json.loads(attachment.data)
    replayed = Match.replay(record)
    assert replayed.outcome()["winners"] == [1] and record["seed"] == f"async-{match_id}"
    shown_here = await reply(await fake.slash(w.carol, channel, "game export"))
    assert json.loads(shown_here.attachments[0].data)["match_id"] == match_id
    elsewhere = fake.add_text_channel(w.guild, "no-match-here")
    listing = await reply(await fake.slash(w.carol, elsewhere, "game export"))
    assert listing.ephemeral and not listing.attachments
    assert f"**#{match_id}** Keltis — ended <t:" in listing.text
    assert fake.problems() == []


async def test_forfeit_on_timeout_hands_the_seat_to_a_bot(world, channel):
    fake, w = world.fake, world
    table, match_id = await keltis_for_two(w, channel)
    late = first_player(w, match_id)
    set_timer = await reply(
        await fake.slash(w.alice, channel, "game timer", timeout="1h", policy="forfeit")
    )  # the creator may
    assert "On timeout: **a bot takes the seat**" in set_timer.text and "1h" in set_timer.text
    w.advance(HOUR + 60)
    note = await fake.wait_for_message(
        channel, predicate=lambda m: "ran out of time" in m.text, timeout=10
    )
    assert f"<@{late.id}>" in note.content and "takes their seat" in note.text
    hand = await reply(await fake.click(late, current_table(fake, channel), custom_id="hand:"))
    assert "not playing" in hand.text  # the seat is the bot's now
    assert fake.problems() == []


async def test_a_host_replaces_a_player_with_another_member(world, channel):
    fake, w = world.fake, world
    table, match_id = await keltis_for_two(w, channel)
    answer = await reply(
        await fake.slash(w.mod, channel, "game replace", member=w.bob, substitute=w.carol)
    )
    assert "to <@" in answer.content and str(w.carol.id) in answer.content
    panel = await reply(await fake.click(w.carol, current_table(fake, channel), custom_id="hand:"))
    assert panel.ephemeral and "Your hand" in panel.text  # carol holds bob's cards now
    refused = await reply(
        await fake.slash(w.mod, channel, "game replace", member=w.alice, substitute=w.carol)
    )
    assert refused.ephemeral and "already has a seat" in refused.text
    spectator = await reply(await fake.slash(w.bob, channel, "game status"))
    assert spectator.ephemeral and "Your hand" not in spectator.text
    assert spectator.embeds[0]["title"] == current_table(fake, channel).embeds[0]["title"]
    assert fake.problems() == []


async def test_a_host_role_decides_who_may_open_matches(world, channel):
    fake, w = world.fake, world
    role = fake.add_role(w.guild, "Game host")
    fake.give_role(w.carol, role)
    set_role = await reply(await fake.slash(w.mod, channel, "game config", host_role=role))
    assert f"<@&{role.id}>" in set_role.text
    refused = await reply(await fake.slash(w.bob, channel, "game new", game="keltis"))
    assert refused.ephemeral and "only hosts" in refused.text
    allowed = await reply(await fake.slash(w.carol, channel, "game new", game="keltis", here=True))
    assert not allowed.ephemeral and "gathering players" in allowed.text
    cancelled = await reply(await fake.slash(w.carol, channel, "game cancel"))
    assert "was cancelled" in cancelled.text
    await reply(await fake.slash(w.mod, channel, "game config", clear_host_role=True))
    assert fake.problems() == []
