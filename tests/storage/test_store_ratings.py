"""Stats and ratings in the store: derived from seat history and outcomes
when a match finishes (in the same transaction), and rebuilt from the stored
history to the same figures."""

from __future__ import annotations

import random

import pytest
from storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, random_move

from rules import Match, all_games
from storage.ratings import FRESH, FRESH_ORDINAL

DAVE = 14
USERS = (ALICE, BOB, CAROL, DAVE, 15, 16, 17)
#: every registered game, at each of its player counts, with its default options
GAMES: list[tuple[str, tuple[int, ...], dict[str, object]]] = [
    (game_id, tuple(range(game.min_players, game.max_players + 1)), {})
    for game_id, game in all_games().items()
]


async def play_to_end(store, match_id, match, rnd, *, hand_overs=0.0):
    """Random legal moves to the end; with probability `hand_overs` per move a
    random seat changes hands first (to a bot, or to a user not seated)."""
    while not match.is_over():
        if rnd.random() < hand_overs:
            info = await store.info(match_id)
            seat = rnd.randrange(match.players)
            free = [u for u in USERS if info.seat_of(u) is None]
            how = rnd.choice(("conceded", "kicked", "forfeited", "replaced"))
            if how == "replaced" and free:
                await store.replace_seat(match_id, seat, user_id=rnd.choice(free), how=how)
            else:
                await store.replace_seat(
                    match_id, seat, bot="bot", how="kicked" if how == "replaced" else how
                )
        seat, key = random_move(match, rnd)
        await store.commit(match_id, match, match.act(seat, key, match.seq))


async def start(store, game, seats, seed, *, options=None, guild=GUILD):
    """A started match; `seats` are user ids or None for a bot."""
    match_id = await store.create_lobby(guild, CHANNEL, game, options or {}, ALICE)
    for user in seats:
        if user is None:
            await store.add_bot_seat(match_id)
        else:
            await store.add_user_seat(match_id, user)
    match = Match.new(game, len(seats), seed, options)
    await store.start_match(match_id, match)
    return match_id, match


def all_ratings(raw):
    return raw.execute(
        "SELECT guild_id, game, user_id, mu, sigma, ordinal, contests"
        " FROM ratings ORDER BY guild_id, game, user_id"
    ).fetchall()


def all_results(raw):
    return raw.execute("SELECT * FROM results ORDER BY match_id, user_id").fetchall()


async def test_a_leaver_among_three_keeps_the_loss_and_a_substitute_shares_the_seat(store):
    rnd = random.Random(3)
    match_id, match = await start(store, "keltis", (ALICE, BOB, CAROL), "leaver")
    for _ in range(5):
        seat, key = random_move(match, rnd)
        await store.commit(match_id, match, match.act(seat, key, match.seq))
    await store.replace_seat(match_id, 1, bot="bot", how="conceded")
    await store.replace_seat(match_id, 2, user_id=DAVE, how="replaced")
    await play_to_end(store, match_id, match, rnd)
    won = set(match.outcome()["winners"])
    bob = (await store.player_stats(GUILD, BOB))["keltis"]
    assert (bob.played, bob.won) == (1, 0)
    for user in (CAROL, DAVE):  # both credited with seat 2's result, for their part
        record = (await store.player_stats(GUILD, user))["keltis"]
        assert (record.played, record.won) == (1, int(2 in won))
    board = await store.leaderboard(GUILD, "keltis")
    assert {r.user_id for r in board} == {ALICE, BOB, CAROL, DAVE}  # the bot is not there
    assert board[-1].user_id == BOB and bob.rating < FRESH_ORDINAL  # ranked last


async def test_two_players_concession_and_a_finish_outside_the_rules_are_rated(store):
    match_id, match = await start(store, "cuttle", (ALICE, BOB), "concede")
    await store.commit(match_id, match, match.concede(0, match.seq))
    alice = (await store.player_stats(GUILD, ALICE))["cuttle"]
    assert (alice.played, alice.won) == (1, 0) and alice.rating < FRESH_ORDINAL
    match_id, _ = await start(store, "keltis", (CAROL, DAVE), "finish")
    await store.finish(match_id, {"winners": [1], "scores": [3, 2]})
    assert (await store.leaderboard(GUILD, "keltis"))[0].user_id == DAVE


async def test_a_match_against_bots_counts_in_stats_but_not_in_ratings(store):
    match_id, match = await start(store, "keltis", (ALICE, None), "bots")
    await play_to_end(store, match_id, match, random.Random(1))
    [record] = await store.leaderboard(GUILD, "keltis")
    assert (record.user_id, record.played, record.rating) == (ALICE, 1, None)


async def test_cucco_rates_each_deal_declarer_side_against_the_rest(store, raw):
    users = (ALICE, BOB, CAROL, DAVE, 15)
    match_id, match = await start(store, "cucco", users, "cucco", options={"deals": 3})
    await play_to_end(store, match_id, match, random.Random(2))
    contests = dict(raw.execute("SELECT user_id, contests FROM ratings").fetchall())
    assert contests == {u: 3 for u in users}  # one update per deal, everybody in each
    assert len(match.outcome()["teams"]) == 3


async def test_ratings_are_written_in_the_transaction_that_finishes_the_match(store, raw):
    match_id, match = await start(store, "cuttle", (ALICE, BOB), "atomic")
    raw.refuse_inserts("ratings", "ratings refused")
    seq = match.seq
    with pytest.raises(raw.Error, match="ratings refused"):
        await store.commit(match_id, match, match.concede(1, match.seq))
    info = await store.info(match_id)
    assert (info.status, info.seq) == ("active", seq)  # the finishing move is not stored
    assert all_results(raw) == [] and raw.execute("SELECT * FROM finishes").fetchall() == []


async def test_a_rebuild_equals_the_ratings_updated_match_by_match(store, raw):
    rnd = random.Random(14)
    for n in range(24):
        game, counts, options = rnd.choice(GAMES)
        players = rnd.choice(counts)
        seats = [rnd.choice((None,) + USERS) for _ in range(players)]
        seats = [u if u is None or seats.index(u) == i else None for i, u in enumerate(seats)]
        match_id, match = await start(
            store, game, seats, f"r{n}", options=options, guild=GUILD + n % 2
        )
        if players == 2 and rnd.random() < 0.2:
            await store.commit(match_id, match, match.concede(rnd.randrange(2), 0))
        else:
            await play_to_end(store, match_id, match, rnd, hand_overs=0.01)
    incremental, results_then = all_ratings(raw), all_results(raw)
    assert len(incremental) > 10 and any(r["contests"] > 1 for r in incremental)
    for guild in (GUILD, GUILD + 1):
        for game, _, _ in GAMES:
            await store.rebuild_ratings(guild, game)
    assert all_ratings(raw) == incremental and all_results(raw) == results_then


async def test_matches_finished_before_ratings_existed_are_rated_at_open(open_store, raw):
    async with open_store() as store:
        for n, users in enumerate([(ALICE, BOB), (BOB, CAROL), (CAROL, ALICE)]):
            match_id, match = await start(store, "cuttle", users, f"old{n}")
            await play_to_end(store, match_id, match, random.Random(n))
    rated = all_ratings(raw)
    # as the RATINGS migration leaves a database that had finished matches
    raw.execute("DELETE FROM ratings")
    raw.execute("DELETE FROM results")
    raw.execute("UPDATE finishes SET rated = 0")
    async with open_store() as store:
        assert all_ratings(raw) == rated
        assert (await store.player_stats(GUILD, BOB))["cuttle"].played == 2
        assert await store.rate_unrated() == 0  # nothing left to do


async def test_leaving_a_guild_forgets_its_ratings(store, raw):
    match_id, match = await start(store, "cuttle", (ALICE, BOB), "gone")
    await store.commit(match_id, match, match.concede(0, 0))
    assert all_ratings(raw)
    await store.delete_guild(GUILD)
    assert all_ratings(raw) == [] and await store.player_stats(GUILD, BOB) == {}


async def test_a_matchs_rating_changes_are_replayed_from_the_record(store, raw):
    """Each match's changes chain: its `after` is the rating the next match
    of those players starts from, and the last ones are the stored ratings;
    an unrated or unfinished match has none."""
    rnd = random.Random(30)
    finished = []
    for n, users in enumerate([(ALICE, BOB), (BOB, CAROL), (ALICE, CAROL), (ALICE, BOB)]):
        match_id, match = await start(store, "cuttle", users, f"chg{n}")
        await play_to_end(store, match_id, match, rnd)
        finished.append((match_id, users))
    current: dict[int, tuple[float, float]] = {}
    for match_id, users in finished:
        changes = await store.rating_changes(match_id)
        assert [c.user_id for c in changes] == sorted(users)
        for c in changes:
            assert c.before == current.get(c.user_id, FRESH) and c.after != c.before
            current[c.user_id] = c.after
    stored = {r["user_id"]: (r["mu"], r["sigma"]) for r in all_ratings(raw)}
    assert stored == current
    # asked in any order (each replayed afresh, or on from the last): the same
    in_order = [await store.rating_changes(m) for m, _ in finished]
    backwards = [await store.rating_changes(m) for m, _ in reversed(finished)]
    assert backwards[::-1] == in_order
    # a server forgotten and back starts everyone afresh, whatever was replayed
    await store.delete_guild(GUILD)
    again, match = await start(store, "cuttle", (ALICE, BOB), "again")
    await play_to_end(store, again, match, rnd)
    assert all(c.before == FRESH for c in await store.rating_changes(again))
    bots, match = await start(store, "cuttle", (ALICE, None), "bots")
    assert await store.rating_changes(bots) == []  # running
    await play_to_end(store, bots, match, rnd)
    assert await store.rating_changes(bots) == []  # finished, against a bot: not rated
