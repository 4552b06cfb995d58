"""Stats and ratings against the real bot process: whoever concedes among
three keeps the loss in `/game stats`, though a bot finished the seat, and
the leaderboard ranks people by rating, bots left out; a rated match ends
with each person's change on the Elo-like scale ("+17 → 1,517"), in the
server's language, which the leaderboard and stats then show."""

from __future__ import annotations

import asyncio
import re

import pytest

from .bot_helpers import concede, current_table, move_button, reply, walk_pages

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Ratings",
        guilds={"ja_guild": {"name": "レーティング会", "preferred_locale": "ja"}},
        dev_guild=None,
        users=("alice", "bob", "carol", "dave"),
        mods=("mod",),
        delay=0.01,
        seed="ratings",
    ),
]


async def test_a_concede_among_three_leaves_the_leavers_loss_in_stats(world):
    fake, w = world.fake, world
    channel = fake.add_text_channel(w.guild, "three")
    # The seats alice and bob give up go to quick bots, which finish the match
    # in seconds on a loaded machine too (the default stand-in, the expert,
    # searches before each of its moves: the wait depended on how fast it thinks).
    await reply(await fake.slash(w.mod, channel, "game config", stand_in="random"))
    lobby = await reply(
        await fake.slash(
            w.alice, channel, "game new", game="keltis_dice", players=3, bots=1, here=True
        )
    )
    await (await fake.click(w.bob, lobby, label="Join")).wait_answered()
    await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    mover = await make_a_move(fake, channel, (w.alice, w.bob))
    said = await concede(fake, w.bob, channel)
    assert "a bot takes their seat" in said.text
    nothing_yet = await reply(await fake.slash(w.carol, channel, "game stats", member=w.bob))
    assert "has not finished a match" in nothing_yet.text  # the match is still on
    # alice leaves too, so the bots play the match to its end
    await concede(fake, w.alice, channel)
    await fake.wait_until(
        lambda: "Game over" in current_table(fake, channel).text, 90, "the bots to finish the match"
    )
    for leaver in (w.bob, w.alice):
        stats = await reply(await fake.slash(w.carol, channel, "game stats", member=leaver))
        assert "**0** won of **1** played" in stats.text
        assert "Keltis dice game: 0 won of 1 · rating" in stats.text
    board = await reply(await fake.slash(w.carol, channel, "game leaderboard", game="keltis_dice"))
    assert f"<@{w.alice.id}>" in board.text and f"<@{w.bob.id}>" in board.text
    assert "Bot" not in board.text and "3." not in board.text  # people only
    # the history keeps the leavers: their own moves still carry their names
    log = await reply(await fake.slash(w.carol, channel, "game log"))
    told = " ".join(p["text"] for p in await walk_pages(fake, w.carol, log, "p"))
    assert f"**{mover.name}**" in told  # (however the sentence words the move)
    assert fake.problems() == []


async def make_a_move(fake, channel, users):
    """One of `users` makes the move they owe (waiting while bots move first)."""
    for _ in range(100):
        try:
            user, panel, custom_id = await move_button(fake, channel, users)
        except AssertionError:
            await asyncio.sleep(0.05)
            continue
        await (await fake.click(user, panel, custom_id=custom_id)).wait_answered()
        return user
    raise AssertionError("no person got a move")


#: one person's line of the ratings message: mention, signed change, new rating
CHANGE = re.compile(r"<@(\d+)> ([+−]\d+|±0) → (\d,\d{3})")


def ratings_message(fake, place, heading):
    found = [m for m in fake.messages(place, ephemeral=False) if heading in m.text]
    return found[-1] if found else None


async def concede_a_duel(fake, guild, winner, loser, name):
    """A two-person Cuttle match that `loser` concedes at once: rated."""
    channel = fake.add_text_channel(guild, name)
    lobby = await reply(
        await fake.slash(winner, channel, "game new", game="cuttle", players=2, here=True)
    )
    [join] = [b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(":join")]
    await (await fake.click(loser, lobby, custom_id=join)).wait_answered()  # in any language
    await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    await concede(fake, loser, channel)
    return channel


def changes_in(message) -> dict[int, tuple[int, int]]:
    """user id -> (change, new rating) as the ratings message shows them."""
    return {
        int(user): (int(change.replace("−", "-").replace("±", "")), int(rating.replace(",", "")))
        for user, change, rating in CHANGE.findall(message.content)
    }


async def test_a_rated_match_ends_with_each_persons_change_on_the_familiar_scale(world):
    fake, w = world.fake, world
    channel = await concede_a_duel(fake, w.guild, w.carol, w.dave, "duel")
    said = await fake.wait_until(
        lambda: ratings_message(fake, channel, "Ratings after this match"), 10, "the ratings"
    )
    shown = changes_in(said)
    assert set(shown) == {w.carol.id, w.dave.id}, said.content
    (won, carol), (lost, dave) = shown[w.carol.id], shown[w.dave.id]
    assert 10 < won < 60 and -60 < lost < 0  # a few dozen points, from 1,500
    assert (carol, dave) == (1500 + won, 1500 + lost)
    board = await reply(await fake.slash(w.carol, channel, "game leaderboard", game="cuttle"))
    assert f"<@{w.carol.id}> — rating **{carol:,}**" in board.text
    assert f"<@{w.dave.id}> — rating **{dave:,}**" in board.text
    stats = await reply(await fake.slash(w.dave, channel, "game stats"))
    assert f"Cuttle: 0 won of 1 · rating **{dave:,}**" in stats.text
    # a second match starts from there: the change adds to the shown rating
    channel = await concede_a_duel(fake, w.guild, w.carol, w.dave, "rematch")
    again = await fake.wait_until(
        lambda: ratings_message(fake, channel, "Ratings after this match"), 10, "the ratings"
    )
    (won2, carol2) = changes_in(again)[w.carol.id]
    assert carol2 == carol + won2 and won2 > 0
    assert fake.problems() == []


async def test_the_ratings_message_speaks_the_servers_language(world):
    fake, w = world.fake, world
    channel = await concede_a_duel(fake, w.ja_guild, w.alice, w.bob, "対戦")
    said = await fake.wait_until(
        lambda: ratings_message(fake, channel, "この対戦後のレーティング"), 10, "the ratings"
    )
    shown = changes_in(said)
    assert set(shown) == {w.alice.id, w.bob.id} and shown[w.alice.id][0] > 0, said.content
    assert "Ratings" not in said.content
    assert fake.problems() == []
