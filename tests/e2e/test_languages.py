"""Languages through the real bot against the fake Discord: a Japanese player
in a Japanese server plays a whole Keltis match and reads no English word;
at a mixed table each player's private answers speak their own language
while the table follows the server (`/game config language:`); a DM
follows the player's last known locale; the synced commands carry `ja`."""

from __future__ import annotations

import asyncio
import re

import pytest

from cogs.i18n import in_language
from cogs.presenters import presenter_for
from rules import get_game
from tests.profiles import games, profile

from .bot_helpers import answered, drawn_reply, reply

# slow: every game played through the real bot in Japanese, ~25 s of CPU
pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.slow,
    pytest.mark.world(
        guild=None,
        guilds={
            "ja_guild": {"name": "ゲーム会", "preferred_locale": "ja"},
            "en_guild": "Game night",
        },
        dev_guild=None,
        channels={"en_channel": ("en_guild", "games")},
        users={"yuki": {"locale": "ja"}, "kenji": {"locale": "ja"}, "alice": {"locale": "en-US"}},
        mods=("mod",),
    ),
]

#: what may stay Latin in a Japanese text: mentions, links, slash command names
#: (they stay English, see cogs/slash_translator.py) and the players' names
ALLOWED = re.compile(
    r"<[@#&!]*\d+>|https?://\S+|`/game[^`]*`|/game(?: \w+)?"
    r"|(?<![A-Za-z])(?:yuki|alice|kenji)(?![A-Za-z])"
    r"|(?<![A-Za-z])(?:Discord|DM|JSON)(?![A-Za-z])"
    r"|(?<![A-Za-z])[IVX]+(?![A-Za-z])"
)  # names (also right before Japanese: "yukiの番"), Discord's own words as its Japanese
# interface writes them (and the JSON of an export), a command quoted as typed
# (`/game tournament standings`, `/game new ヒント:True`), and Cucco's card
# ranks, Roman numerals (also right before Japanese: "🔢VIIIをビッド")
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def table_in(fake, place):
    """The newest public table: the one with the hand button, or the final one."""
    found = [
        m
        for m in fake.messages(place, ephemeral=False)
        if any(c.startswith(("hand:", "rp:")) for c in m.custom_ids())
    ]
    return found[-1] if found else None


def words_seen(message) -> list[str]:
    """Every text of a message and of its earlier revisions: content, embeds,
    button labels, select placeholders and options, pictures' alt texts."""
    texts = []
    for state in [*message.history, message]:
        texts.append(state.content)
        texts += [a.description or "" for a in state.attachments]
        for embed in state.embeds:
            texts += [
                embed.get("title", ""),
                embed.get("description", ""),
                (embed.get("footer") or {}).get("text", ""),
            ]
            texts += [f"{f['name']} {f['value']}" for f in embed.get("fields", ())]
        for row in state.components:
            for c in row.get("components", ()):
                texts += [c.get("label") or "", c.get("placeholder") or ""]
                texts += [o.get("label", "") for o in c.get("options", ())]
    return texts


def english_in(texts) -> list[tuple[str, str]]:
    return [
        (word, text[:120])
        for text in texts
        for word in ENGLISH_WORD.findall(ALLOWED.sub(" ", text))
    ]


async def make_a_move(fake, user, panel) -> bool:
    """The panel's first move (a card first when it asks for one); False when
    it offers none (not this player's turn)."""
    buttons = [b for b in panel.buttons() if b["custom_id"].startswith("g:")]
    moves = next((s for s in panel.selects() if s["custom_id"].startswith("gs:")), None)
    cards = next((s for s in panel.selects() if s["custom_id"].startswith("gg:")), None)
    if buttons:
        await answered(await fake.click(user, panel, custom_id=buttons[0]["custom_id"]))
    elif moves:
        await answered(
            await fake.select(
                user, panel, [moves["options"][0]["value"]], custom_id=moves["custom_id"]
            )
        )
    elif cards:
        await answered(
            await fake.select(
                user, panel, [cards["options"][0]["value"]], custom_id=cards["custom_id"]
            )
        )
        then = [b for b in panel.buttons() if b["custom_id"].startswith("g:")]
        if then:
            await answered(await fake.click(user, panel, custom_id=then[0]["custom_id"]))
    else:
        return False
    return True


async def play_to_the_end(fake, user, place, limit: int = 600) -> None:
    for _ in range(limit):
        table = table_in(fake, place)
        if not any(c.startswith("hand:") for c in table.custom_ids()):
            return
        panel = await reply(await fake.click(user, table, custom_id="hand:"))
        if not await make_a_move(fake, user, panel):
            await asyncio.sleep(0.05)  # the bot seat is thinking
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("game", games())
async def test_a_japanese_player_in_a_japanese_server_reads_no_english(world, game):
    w, fake = world, world.fake
    title = in_language("ja", presenter_for(game).title)
    seats, options = get_game(game).min_players, profile(game).options
    channel = fake.add_text_channel(w.ja_guild, f"ゲーム-{game}")
    rules = await drawn_reply(await fake.slash(w.yuki, channel, "game rules", game=game))
    assert rules.ephemeral and f"{title}の遊び方" in rules.text
    assert all(word in rules.text for word in profile(game).seed_words)  # the seeds' terms
    help_ = await reply(await fake.slash(w.yuki, channel, "game help"))
    assert "対戦を始める" in help_.text
    assert title in [o["label"] for o in help_.select(custom_id="rules")["options"]]
    lobby = await reply(
        await fake.slash(
            w.yuki, channel, "game new", game=game, players=seats, bots=seats - 1, **options
        )
    )
    assert not lobby.ephemeral
    [thread] = await fake.wait_until(lambda: fake.threads(channel), 5, "the thread")
    await fake.wait_until(lambda: table_in(fake, thread), 5, "the table")
    await play_to_the_end(fake, w.yuki, thread)
    log = await reply(await fake.slash(w.yuki, thread, "game log"))
    assert "記録" in log.text
    final = table_in(fake, thread)
    assert "ゲーム終了" in final.text and f"{title} · 対戦 #" in final.text

    seen = [m for place in (channel, thread) for m in fake.messages(place, visible_to=w.yuki)]
    assert len(seen) > 8
    pictures = [a for m in seen for rev in [*m.history, m] for a in rev.attachments]
    assert bool(pictures) == presenter_for(game).has_board  # a picture where the game draws one
    assert all(a.description for a in pictures)  # every board has its alt text
    assert all(a.description.startswith(f"{title}の盤面") for a in pictures)
    texts = [t for m in seen for t in words_seen(m)]
    found = english_in(texts)
    assert found == [], "\n".join(map(str, found))
    assert fake.problems() == []


async def test_a_mixed_table_speaks_each_players_language_privately(world):
    w, fake = world, world.fake
    refused = await reply(await fake.slash(w.alice, w.en_channel, "game config", language="ja"))
    assert refused.ephemeral and "Only members with Manage Server" in refused.text
    done = await reply(await fake.slash(w.mod, w.en_channel, "game config", language="ja"))
    assert done.ephemeral and "Language of the tables and pings: **日本語**" in done.text
    notify = await reply(await fake.slash(w.alice, w.en_channel, "game notify", mode="dm"))
    assert "a direct message" in notify.text  # alice's client is English: answered in English
    rules = await drawn_reply(await fake.slash(w.kenji, w.en_channel, "game rules", game="cuttle"))
    assert "カトルの遊び方" in rules.text  # kenji's is Japanese

    lobby = await reply(
        await fake.slash(w.alice, w.en_channel, "game new", game="keltis", first_player=2)
    )
    assert "がプレイヤーを募集中です" in lobby.text  # the server's language, not alice's
    await answered(await fake.click(w.kenji, lobby, label="参加"))
    await answered(await fake.click(w.alice, lobby, label="開始"))
    [thread] = await fake.wait_until(lambda: fake.threads(w.en_channel), 5, "the thread")
    table = await fake.wait_until(lambda: table_in(fake, thread), 5, "the table")
    assert "対戦 #" in table.text and table.button(label="手札")

    alice_panel = await reply(await fake.click(w.alice, table, custom_id="hand:"))
    kenji_panel = await reply(await fake.click(w.kenji, table, custom_id="hand:"))
    assert "Your hand" in alice_panel.text and "あなたの手札" not in alice_panel.text
    assert "あなたの手札" in kenji_panel.text and "Your hand" not in kenji_panel.text
    alice_rules = await drawn_reply(await fake.slash(w.alice, thread, "game rules", game="keltis"))
    assert "How to play Keltis" in alice_rules.text

    # kenji (seat 2) plays first; then alice is told by DM in her language (her last
    # interaction's), while the table and the thread speak Japanese
    async def panel_if_owing(user):
        panel = await reply(await fake.click(user, table_in(fake, thread), custom_id="hand:"))
        return (
            panel if any(c.startswith(("g:", "gs:", "gg:")) for c in panel.custom_ids()) else None
        )

    assert await panel_if_owing(w.alice) is None
    for inter in fake.state.interactions:  # her panels can't tell her: she gets the DM
        if inter.user is w.alice:
            inter.expire()
    for _ in range(10):  # a Keltis turn: play a card, then draw
        panel = await panel_if_owing(w.kenji)
        if panel is None:
            break
        assert await make_a_move(fake, w.kenji, panel)
    dm = await fake.wait_until(lambda: fake.dms(w.alice), 5, "alice's DM")
    assert "Your move in Keltis #" in dm[-1].text
    assert "**alice** がカードを出す番です。" in table_in(fake, thread).text
    assert fake.problems() == []


async def test_the_synced_commands_carry_japanese(world):
    synced = [c for commands in world.fake.state.commands.values() for c in commands.values()]
    (game,) = [c.data for c in synced if c.name == "game"]
    assert game["description_localizations"]["ja"] == "ここでボードゲームを遊ぶ"
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["description_localizations"]["ja"] == "新しい対戦のロビーを開く"
    option = next(o for o in new["options"] if o["name"] == "game")
    assert option["name_localizations"]["ja"] == "ゲーム"
    assert {c["value"]: c["name_localizations"]["ja"] for c in option["choices"]}[
        "cucco"
    ] == "5人用クク"
