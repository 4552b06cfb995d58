"""Rating seasons against the real bot process: only a host starts a new
season (announced publicly, with the closed season's best players); the
closed season's leaderboard and stats read as they were, the new season
starts everyone from 1,500; in English and in Japanese."""

from __future__ import annotations

import re

import pytest

from .bot_helpers import concede, current_table, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Seasons",
        guilds={"ja_guild": {"name": "シーズン会", "preferred_locale": "ja"}},
        dev_guild=None,
        users={
            "alice": {},
            "bob": {},
            "host": {"manage_guild": True},
            "kenji": {"manage_guild": True, "locale": "ja"},
            "yuki": {"locale": "ja"},
        },
        delay=0.01,
        seed="seasons",
    ),
]

#: one person's line of the ratings message: mention, signed change, new rating
CHANGE = re.compile(r"<@(\d+)> ([+−]\d+|±0) → (\d,\d{3})")


async def duel(fake, guild, winner, loser, name):
    """A two-person Cuttle match that `loser` concedes at once (rated); its
    ratings message."""
    channel = fake.add_text_channel(guild, name)
    lobby = await reply(
        await fake.slash(winner, channel, "game new", game="cuttle", players=2, here=True)
    )
    [join] = [b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(":join")]
    await (await fake.click(loser, lobby, custom_id=join)).wait_answered()
    await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    await concede(fake, loser, channel)

    def told():
        found = [m for m in fake.messages(channel, ephemeral=False) if CHANGE.search(m.content)]
        return found[-1] if found else None

    return await fake.wait_until(told, 10, "the ratings message")


def shown(message) -> dict[int, tuple[int, int]]:
    """user id -> (change, new rating) as a ratings message shows them."""
    return {
        int(user): (int(change.replace("−", "-").replace("±", "")), int(rating.replace(",", "")))
        for user, change, rating in CHANGE.findall(message.content)
    }


async def test_a_host_starts_a_season_and_the_last_one_stays_readable(world):
    fake, w = world.fake, world
    await duel(fake, w.guild, w.alice, w.bob, "one")
    await duel(fake, w.guild, w.alice, w.bob, "two")
    channel = fake.add_text_channel(w.guild, "lounge")
    before = await reply(await fake.slash(w.bob, channel, "game leaderboard", game="cuttle"))
    assert "Cuttle leaderboard — season 1" in before.text

    refused = await reply(await fake.slash(w.bob, channel, "game season new"))
    assert refused.ephemeral and "Only a host" in refused.text
    still = await reply(await fake.slash(w.bob, channel, "game leaderboard", game="cuttle"))
    assert still.text == before.text  # nothing changed

    started = await fake.slash(w.host, channel, "game season new")
    said = await reply(started)
    assert not said.ephemeral and "Season 1 is over; season 2 starts now" in said.text
    best = await fake.wait_until(lambda: started.followups, 5, "the best players")
    # bob lost both: no rated win, no medal (issue 42)
    assert f"**Cuttle**: 🥇 <@{w.alice.id}>\n" in best[0].text
    assert f"<@{w.bob.id}>" not in best[0].text and "at least one rated win" in best[0].text

    old = await reply(await fake.slash(w.bob, channel, "game leaderboard", game="cuttle", season=1))
    assert old.text == before.text  # as it was when the season closed
    fresh = await reply(await fake.slash(w.bob, channel, "game leaderboard", game="cuttle"))
    assert "Nobody has finished a Cuttle match here in season 2" in fresh.text
    stats = await reply(await fake.slash(w.bob, channel, "game stats", season=1))
    assert "season 1" in stats.text and "**0** won of **2** played" in stats.text
    none_yet = await reply(await fake.slash(w.bob, channel, "game stats"))
    assert "has not finished a match here in season 2" in none_yet.text
    unknown = await reply(
        await fake.slash(w.bob, channel, "game leaderboard", game="cuttle", season=3)
    )
    assert unknown.ephemeral and "no season 3; it is in season 2" in unknown.text

    # the first match of the new season starts both from 1,500
    ratings = shown(await duel(fake, w.guild, w.bob, w.alice, "three"))
    (won, bob), (lost, alice) = ratings[w.bob.id], ratings[w.alice.id]
    assert (bob, alice) == (1500 + won, 1500 + lost) and won > 0 > lost
    now = await reply(await fake.slash(w.alice, channel, "game leaderboard", game="cuttle"))
    assert now.text.index(f"<@{w.bob.id}>") < now.text.index(f"<@{w.alice.id}>")
    listed = await reply(await fake.slash(w.alice, channel, "game season list"))
    assert "**Season 1** — from the first match" in listed.text
    assert "**Season 2** — from <t:" in listed.text and "(current)" in listed.text
    assert fake.problems() == []


async def test_seasons_in_japanese(world):
    fake, w = world.fake, world
    await duel(fake, w.ja_guild, w.alice, w.bob, "対戦")
    channel = fake.add_text_channel(w.ja_guild, "ロビー")
    refused = await reply(await fake.slash(w.yuki, channel, "game season new"))
    assert refused.ephemeral and "ホスト" in refused.text
    started = await fake.slash(w.kenji, channel, "game season new")
    said = await reply(started)
    assert "シーズン1が終了し、シーズン2が始まりました" in said.text
    best = await fake.wait_until(lambda: started.followups, 5, "the best players")
    assert f"🥇 <@{w.alice.id}>" in best[0].text and f"<@{w.bob.id}>" not in best[0].text
    assert "レート戦で1勝以上した人" in best[0].text  # the medal rule, in Japanese
    old = await reply(
        await fake.slash(w.yuki, channel, "game leaderboard", game="cuttle", season=1)
    )
    assert "カトルランキング — シーズン1" in old.text and f"<@{w.alice.id}>" in old.text
    unknown = await reply(await fake.slash(w.yuki, channel, "game stats", season=9))
    assert "シーズン9はありません" in unknown.text
    assert fake.problems() == []
