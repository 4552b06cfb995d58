"""`/game leaderboard` and `/game stats` by season: the current one by
default, a closed one as it closed, a number the server never had refused
privately; each reply says which season it shows."""

from __future__ import annotations

from datetime import UTC, datetime

import discord

from cogs.history.results import History
from cogs.history.seasons import podiums, podiums_text, season_line
from cogs.i18n import speaking
from rules import Match
from storage.records import Season
from tests.cogs.helpers import CHANNEL_ID, GUILD_ID, MockInteraction, MockMember
from tests.cogs.matches import ALICE, BOB, CAROL, DAVE


async def duel(store, winner: int, loser: int, seed: str) -> None:
    match_id = await store.create_lobby(GUILD_ID, CHANNEL_ID, "cuttle", {}, winner)
    for user in (winner, loser):
        await store.add_user_seat(match_id, user)
    match = Match.new("cuttle", 2, seed)
    await store.start_match(match_id, match)
    await store.commit(match_id, match, match.concede(1, match.seq))


def asked() -> MockInteraction:
    return MockInteraction(kind=discord.InteractionType.application_command)


def embed_of(interaction: MockInteraction, *, deferred: bool = False) -> discord.Embed:
    """The private embed answered: at once, or (a closed season, replayed)
    after deferring, as the followup."""
    [(how, _, kwargs)] = interaction.response.answered
    assert how == ("defer" if deferred else "send_message") and kwargs["ephemeral"]
    if deferred:
        [call] = interaction.followup.send.await_args_list
        kwargs = call.kwargs
        assert kwargs["ephemeral"]
    return kwargs["embed"]


async def test_a_closed_season_keeps_its_ranking_and_the_new_one_starts_empty(store) -> None:
    await duel(store, ALICE, BOB, "one")
    await store.new_season(GUILD_ID, CAROL)
    await duel(store, CAROL, ALICE, "two")
    history = History(store)
    old = asked()
    await history.leaderboard(old, "cuttle", 1)
    embed = embed_of(old, deferred=True)
    assert embed.title == "Cuttle leaderboard — season 1"
    assert [line.split(" — ")[0] for line in (embed.description or "").splitlines()] == [
        f"1. <@{ALICE}>",
        f"2. <@{BOB}>",
    ]
    now = asked()
    await history.leaderboard(now, "cuttle")
    embed = embed_of(now)
    assert embed.title == "Cuttle leaderboard — season 2"
    assert (embed.description or "").splitlines()[0].startswith(f"1. <@{CAROL}> — ")
    assert f"<@{BOB}>" not in (embed.description or "")
    await store.new_season(GUILD_ID, CAROL)
    empty = asked()
    await history.leaderboard(empty, "cuttle")
    assert empty.answers() == [
        ("send_message", "Nobody has finished a Cuttle match here in season 3.")
    ]


async def test_stats_by_season(store) -> None:
    await duel(store, BOB, ALICE, "s1")
    await duel(store, BOB, CAROL, "s1b")
    await store.new_season(GUILD_ID, CAROL)
    history = History(store)
    bob = MockMember(id=BOB, name="bob")
    old = asked()
    await history.stats(old, bob, 1)
    embed = embed_of(old, deferred=True)
    assert embed.title == "bob's games — season 1"
    assert (embed.description or "").startswith("**2** won of **2** played")
    now = asked()
    await history.stats(now, bob)
    assert now.answers() == [
        ("send_message", f"<@{BOB}> has not finished a match here in season 2.")
    ]


async def test_a_season_the_server_never_had_is_refused_privately(store) -> None:
    history = History(store)
    for season in (2, 0, -3, "x"):
        for look in (
            lambda i, s: history.leaderboard(i, "cuttle", s),
            lambda i, s: history.stats(i, MockMember(id=ALICE), s),
        ):
            interaction = asked()
            await look(interaction, season)
            [(_, said)] = interaction.answers()
            assert said is not None and "This server has had no season" in said
            assert "it is in season 1" in said and interaction.private()


def test_a_season_line_says_since_when_and_who_started_it() -> None:
    started = datetime(2026, 5, 1, 20, tzinfo=UTC)
    assert season_line(Season(1, 0, None, None), 2) == "**Season 1** — from the first match"
    assert season_line(Season(2, 40, started, BOB), 2) == (
        f"**Season 2** — from <t:{int(started.timestamp())}:D>, started by <@{BOB}> (current)"
    )


async def against_bot(store, user: int, seed: str, *, conceded: bool) -> None:
    """`user` against a bot, conceding (a loss) or the bot conceding (a
    win): unrated either way."""
    match_id = await store.create_lobby(GUILD_ID, CHANNEL_ID, "cuttle", {}, user)
    await store.add_user_seat(match_id, user)
    await store.add_bot_seat(match_id, "random")
    match = Match.new("cuttle", 2, seed)
    await store.start_match(match_id, match)
    await store.commit(match_id, match, match.concede(0 if conceded else 1, match.seq))


async def test_a_medal_needs_a_rated_win_in_the_season(store) -> None:
    """Season 1's podium (issue 42): carol conceded her only match to a
    bot, dave only beat bots, bob lost to alice: alice alone has a rated
    win, so alice alone has a medal, however their ratings stand; the rule
    is told under it, in English and Japanese."""
    await against_bot(store, CAROL, "conceded", conceded=True)
    await against_bot(store, DAVE, "beat a bot", conceded=False)
    await duel(store, ALICE, BOB, "rated")
    await store.new_season(GUILD_ID, CAROL)
    assert await podiums(store, GUILD_ID, 1) == [f"**Cuttle**: 🥇 <@{ALICE}>"]
    text = await podiums_text(store, GUILD_ID, 1)
    assert text is not None
    assert text.splitlines()[:2] == ["**Season 1's best players:**", f"**Cuttle**: 🥇 <@{ALICE}>"]
    assert text.splitlines()[2].startswith("-# Medals go by rating")
    with speaking("ja"):
        text = await podiums_text(store, GUILD_ID, 1)
        assert text is not None and "シーズン1" in text and "カトル" in text
        assert "レーティング順" in text.splitlines()[-1]


async def test_a_season_of_no_rated_win_names_nobody(store) -> None:
    await against_bot(store, CAROL, "conceded", conceded=True)
    await against_bot(store, DAVE, "beat a bot", conceded=False)
    await store.new_season(GUILD_ID, CAROL)
    assert len(await store.leaderboard(GUILD_ID, "cuttle", season=1)) == 2  # they played
    assert await podiums(store, GUILD_ID, 1) == []
    assert await podiums_text(store, GUILD_ID, 1) is None


async def test_medals_go_by_rating_among_the_rated_winners(store) -> None:
    """alice beat bob twice, bob beat carol, carol beat a bot: alice 🥇,
    bob 🥈 (a rated win), carol none (rated, but no rated win)."""
    await duel(store, ALICE, BOB, "one")
    await duel(store, ALICE, BOB, "two")
    await duel(store, BOB, CAROL, "three")
    await against_bot(store, CAROL, "carol beat a bot", conceded=False)
    await store.new_season(GUILD_ID, CAROL)
    assert await podiums(store, GUILD_ID, 1) == [f"**Cuttle**: 🥇 <@{ALICE}> 🥈 <@{BOB}>"]
