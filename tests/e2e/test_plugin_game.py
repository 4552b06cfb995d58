"""A game that lives in a folder of its own (tests/games/hidden_bid: engine,
presenter, Japanese catalogue), offered by one setting (GAMEHOST_GAMES
names its package, and the bot offers that game alone), played whole
through the real bot against the fake Discord: `/game new` with the game's
own option, bids by clicking panels, the finish, `/game log` and the
replay, in an English and in a Japanese client.
Nothing in rules/, cogs/ or locales/ names it; its hand appears only in its
owner's ephemeral panels."""

from __future__ import annotations

import asyncio
import re

import pytest

from .bot_helpers import answered, reply, walk_pages
from .test_languages import english_in, words_seen

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild=None,
        guilds={
            "en_guild": "Bid night",
            "ja_guild": {"name": "入札の会", "preferred_locale": "ja"},
        },
        dev_guild=None,
        users={
            "alice": {"locale": "en-US"},
            "bob": {"locale": "en-US"},
            "yuki": {"locale": "ja"},
            "kenji": {"locale": "ja"},
        },
        env={"GAMEHOST_GAMES": "tests.games.hidden_bid"},
    ),
]
GAME = "hidden_bid"
CARDS = 3


def table_in(fake, place):
    """The newest public table: the one with the hand button, or the final one."""
    found = [
        m
        for m in fake.messages(place, ephemeral=False)
        if any(c.startswith(("hand:", "rp:")) for c in m.custom_ids())
    ]
    return found[-1] if found else None


def running(table) -> bool:
    return any(c.startswith("hand:") for c in table.custom_ids())


async def new_match(w, first, second, channel, join: str):
    """`/game new` with the game's own option; the second player joins."""
    lobby = await reply(
        await w.fake.slash(first, channel, "game new", game=GAME, players=2, cards=CARDS)
    )
    assert not lobby.ephemeral
    await answered(await w.fake.click(second, lobby, label=join))
    [thread] = await w.fake.wait_until(lambda: w.fake.threads(channel), 5, "the thread")
    await w.fake.wait_until(lambda: table_in(w.fake, thread), 5, "the table")
    return thread


async def bid_until_the_end(w, users, thread) -> dict:
    """Each player opens their panel from the table and bids its highest
    card until the match ends; the hands each panel showed, by player."""
    hands: dict[str, list[str]] = {u.name: [] for u in users}
    for _ in range(10 * CARDS):
        table = table_in(w.fake, thread)
        if not running(table):
            return hands
        moved = False
        for user in users:
            panel = await reply(await w.fake.click(user, table, custom_id="hand:"))
            assert panel.ephemeral and panel.visible_to == user.id
            if not panel.embeds:  # over: the table is being redrawn
                await w.fake.wait_until(lambda: not running(table_in(w.fake, thread)), 5, "end")
                return hands
            hand = panel.embeds[0]["fields"][0]["value"]
            hands[user.name].append(hand)
            bids = [b for b in panel.buttons() if b["custom_id"].startswith("g:")]
            if bids:
                assert len(bids) == len(hand.split(" · "))  # a button per card held
                # the highest: the bids shown then never read as a hand held
                await answered(await w.fake.click(user, panel, custom_id=bids[-1]["custom_id"]))
                moved = True
        if not moved:
            await asyncio.sleep(0.05)
    raise AssertionError("the match did not end")


def assert_hands_only_in_their_owners_panels(w, places, hands, words) -> None:
    for place in places:
        for message in w.fake.messages(place, include_deleted=True):
            for rev in [*message.history, message]:
                text = str(rev.embeds) + rev.content
                if message.ephemeral:
                    continue
                assert not any(word in text for word in words)
                for shown in hands.values():
                    for hand in shown:
                        if len(hand.split(" · ")) > 1:
                            assert hand not in text


async def test_a_whole_match_in_an_english_client(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.en_guild, "bids")
    rules = await reply(await fake.slash(w.alice, channel, "game rules", game=GAME))
    assert rules.ephemeral and "How to play Hidden bids" in rules.text
    thread = await new_match(w, w.alice, w.bob, channel, "Join")
    table = table_in(fake, thread)
    assert "Hidden bids · match #" in table.text and "Prize turned up" in table.text
    assert "waiting for **alice**, **bob** to bid." in table.text
    hands = await bid_until_the_end(w, (w.alice, w.bob), thread)
    assert all(len(shown) == CARDS for shown in hands.values())  # one panel per bid

    final = table_in(fake, thread)
    assert "**Game over.**" in final.text and "🏆" in final.text
    log = await reply(await fake.slash(w.bob, thread, "game log"))
    assert log.ephemeral and "· log" in log.text
    told = " ".join(p["embeds"][0]["description"] for p in await walk_pages(fake, w.bob, log, "p"))
    assert "**alice** bid a card face down" in told and "The bids are shown (alice " in told
    assert not re.search(r"\bbid:\d", told)  # no raw action keys

    replay = await reply(await fake.click(w.alice, final, custom_id="rp:"))
    assert replay.ephemeral and replay.content.startswith("Replay of match #")
    frames = await walk_pages(fake, w.alice, replay, "n")
    assert len(frames) == 2 * CARDS + 1
    assert frames[-1]["embeds"][0] == final.embeds[0]
    assert_hands_only_in_their_owners_panels(w, (channel, thread), hands, ("Your hand", "Your bid"))
    assert fake.problems() == []


async def test_a_whole_match_in_a_japanese_client_reads_no_english(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.ja_guild, "入札")
    rules = await reply(await fake.slash(w.yuki, channel, "game rules", game=GAME))
    assert "伏せ札ビッドの遊び方" in rules.text and "賞品" in rules.text
    thread = await new_match(w, w.yuki, w.kenji, channel, "参加")
    assert "表向きの賞品" in table_in(fake, thread).text
    hands = await bid_until_the_end(w, (w.yuki, w.kenji), thread)
    final = table_in(fake, thread)
    assert "ゲーム終了" in final.text and "伏せ札ビッド · 対戦 #" in final.text
    log = await reply(await fake.slash(w.yuki, thread, "game log"))
    assert "記録" in log.text and "手札を 1 枚伏せてビッドした" in log.text + str(log.embeds)
    replay = await reply(await fake.click(w.yuki, final, custom_id="rp:"))
    await walk_pages(fake, w.yuki, replay, "n")

    seen = [m for place in (channel, thread) for m in fake.messages(place, visible_to=w.yuki)]
    found = english_in([t for m in seen for t in words_seen(m)])
    assert found == [], "\n".join(map(str, found))
    assert_hands_only_in_their_owners_panels(
        w, (channel, thread), hands, ("あなたの手札", "あなたのビッド")
    )
    assert fake.problems() == []


async def test_the_games_option_is_offered_in_japanese_too(world):
    synced = [c for commands in world.fake.state.commands.values() for c in commands.values()]
    (game,) = [c.data for c in synced if c.name == "game"]
    new = next(o for o in game["options"] if o["name"] == "new")
    cards = next(o for o in new["options"] if o["name"] == "cards")
    assert cards["name_localizations"]["ja"] == "枚数"
    assert cards["description_localizations"]["ja"] == "各プレイヤーの手札の枚数 — 伏せ札ビッド"
    choices = next(o for o in new["options"] if o["name"] == "game")["choices"]
    assert {c["value"]: c["name_localizations"]["ja"] for c in choices}[GAME] == "伏せ札ビッド"


async def test_the_help_offers_the_sixth_game_and_its_rules(world):
    """`/game help`'s chooser lists the games GAMEHOST_GAMES names (this one
    alone), and choosing it answers with its rules, as `/game rules` does."""
    fake, w = world.fake, world
    channel = fake.add_text_channel(w.en_guild, "help")
    help_ = await reply(await fake.slash(w.alice, channel, "game help"))
    options = help_.select(custom_id="rules")["options"]
    assert [(o["label"], o["value"]) for o in options] == [("Hidden bids", GAME)]
    rules = await reply(await fake.select(w.alice, help_, [GAME], custom_id="rules"))
    same = await reply(await fake.slash(w.alice, channel, "game rules", game=GAME))
    assert rules.ephemeral and rules.embeds == same.embeds
    assert "How to play Hidden bids" in rules.text
    assert fake.problems() == []
