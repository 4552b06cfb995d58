"""Every button works for the person it is shown to (issue 26): whole
matches of every game the bot offers, played as by chat over days. Two people sit at
each table (bots fill the rest): one is told by a mention in the thread and
speaks English, the other by DM and speaks Japanese (in every other match
the two swap how they are told). Each comes back to an expired panel and
acts only through what the bot showed them: the notification, its panel,
`/game mine` now and then. The bot is killed and restarted in the middle of
every match. Every click must be answered within 3 s and never with a
refusal, and every match must finish. Clicks per turn, from the
notification, are printed (`-s`) for docs/performance.md.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests import profiles
from tests.profiles import games, profile

from .bot_helpers import current_table, reply, tracebacks
from .crawler import Crawl, Person, summary

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.slow,
    pytest.mark.world(
        guild="Crawl",
        users={"alice": {"locale": "en-US"}, "bob": {"locale": "ja"}},
        delay=0.2,  # the mover is away before the bots answer
        seed="crawl",
    ),
]

#: every game the bot offers, each as its profile says (tests/profiles.py)
GAMES = games()
#: a turn opened from `/game mine` instead of the notification, every so many
MINE_EVERY = 7
#: the turn before which the bot is killed and started again
RESTART_AT = 5


async def start(w, game: str, players: int, bots: int, options: dict):
    """alice opens the match in a thread, bob joins: it starts when full."""
    channel = w.fake.add_text_channel(w.guild, game)
    lobby = await reply(
        await w.fake.slash(
            w.alice, channel, "game new", game=game, players=players, bots=bots, **options
        )
    )
    await (await w.fake.click(w.bob, lobby, label="Join")).wait_answered(3.0)
    thread = await w.fake.wait_until(lambda: next(iter(w.fake.threads(channel)), None), 5, "thread")
    table = await w.fake.wait_until(lambda: current_table(w.fake, thread), 5, "the table")
    return thread, int(table.button(custom_id="hand:")["custom_id"].split(":")[1])


def seats(w, mid: int) -> dict[int, object]:
    from .bot_helpers import read_db

    rows = read_db(w.db, "SELECT seat, user_id FROM seats WHERE match_id = ?", mid)
    by_id = {w.alice.id: w.alice, w.bob.id: w.bob}
    return {seat: by_id[uid] for seat, uid in rows if uid in by_id}


@pytest.mark.parametrize("game", GAMES)
async def test_a_whole_match_from_notifications_alone(world, game):
    w, fake = world, world.fake
    (players, bots), options = profiles.seats(game, crawled=True), profile(game).options
    swap = GAMES.index(game) % 2  # alice is told by DM in every other match
    modes = {w.alice: ("dm", "mention")[1 - swap], w.bob: ("mention", "dm")[1 - swap]}
    for user, mode in modes.items():
        said = await reply(
            await fake.slash(user, fake.add_text_channel(w.guild, "x"), "game notify", mode=mode)
        )
        assert said.ephemeral
    thread, mid = await start(w, game, players, bots, options)
    people = {seat: Person(user, modes[user]) for seat, user in seats(w, mid).items()}
    crawl = Crawl(fake, w.db, mid, thread, people, random.Random(f"crawl-{game}"))
    n = 0
    while (found := await crawl.owing()) is not None:
        n += 1
        restart = w.bot.restart if n == RESTART_AT else None
        await crawl.turn(
            found[0], guild=w.guild, use_mine=n % MINE_EVERY == 0, before_click=restart
        )
        assert n < 500, "the match does not end"
    assert crawl.finished()
    median, most = summary(crawl.turns)
    print(
        f"\n{game}: {len(crawl.turns)} turns from notifications (+{crawl.by_mine} from /game mine),"
        f" clicks per turn median {median}, max {most}, {len(crawl.clicks)} clicks;"
        f" turns by clicks {dict(sorted(Counter(crawl.turns).items()))}"
    )
    for chosen in crawl.long_turns:
        print(f"  Your move, then {' / '.join(chosen)}")
    assert crawl.dead_ends == []
    assert all(i.answered and i.answered_after <= 3.0 for i in crawl.clicks)
    assert median <= profile(game).clicks, f"{game}: a turn takes {median} clicks"
    assert tracebacks(w.bot) == []
