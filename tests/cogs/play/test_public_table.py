"""The table and the replay share one board-image cache (issue 18): an
unchanged view is never drawn again, whoever asks; names come from the
seats, never from a call to Discord."""

from __future__ import annotations

import random
from types import SimpleNamespace

from cogs.history.logbook import Logbook
from cogs.presenters.image_cache import BOARDS
from rules import Match
from storage import SqliteStore, Store
from tests.cogs.matches import new_tables


def no_discord():
    """A bot object that fails the test if anything asks Discord."""

    def refuse(*args, **kwargs):
        raise AssertionError("asked Discord")

    return SimpleNamespace(
        get_guild=lambda guild_id: None, fetch_user=refuse, get_partial_messageable=refuse
    )


async def oracle_match(store: Store) -> tuple[int, Match]:
    match_id = await store.create_lobby(5, 6, "oracle", {}, 11)
    await store.add_user_seat(match_id, 11, "Alice")
    await store.add_user_seat(match_id, 12, "Bob")
    match = Match.new("oracle", 2, "images")
    await store.start_match(match_id, match)
    rnd = random.Random(1)
    for _ in range(6):
        seat = match.to_act()[0]
        key = rnd.choice(match.legal(seat)).key()
        await store.commit(match_id, match, match.act(seat, key, match.seq))
    return match_id, match


async def test_an_unchanged_table_is_not_drawn_again_and_the_replay_shares_it(tmp_path):
    async with SqliteStore.open(tmp_path / "games.db") as store:
        tables = new_tables(store, no_discord())
        match_id, match = await oracle_match(store)
        BOARDS.clear()
        before = BOARDS.renders
        loaded = await store.load(match_id)
        first = await tables.public.render(loaded)
        assert first.image and BOARDS.renders == before + 1
        again = await tables.public.render(await store.load(match_id))  # a refresh, a restart
        assert again.image == first.image and BOARDS.renders == before + 1
        embed, image = await Logbook(store, tables.names).frame(
            loaded, match.seq
        )  # the replay's frame
        assert image == first.image and BOARDS.renders == before + 1
        assert "Alice" in str(first.embed.to_dict())  # the stored name, not "Player 1"
