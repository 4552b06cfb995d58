"""Rating seasons in the store: a new season starts everyone fresh, each
finished match counts for the season it finished in, a past season reads
as it did when it closed (replayed from the record), and closing a season
rewrites nothing a rebuild would not give again."""

from __future__ import annotations

import asyncio
import random

import pytest
from storage_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, random_move

from rules import Match
from storage.ratings import FRESH

DAVE = 14
OTHER_GUILD = GUILD + 1


async def start(store, game, seats, seed, *, guild=GUILD):
    match_id = await store.create_lobby(guild, CHANNEL, game, {}, ALICE)
    for user in seats:
        await store.add_user_seat(match_id, user)
    match = Match.new(game, len(seats), seed)
    await store.start_match(match_id, match)
    return match_id, match


async def duel(store, winner, loser, seed, *, guild=GUILD):
    """A Cuttle match the loser concedes at once: rated, and quick."""
    match_id, match = await start(store, "cuttle", (winner, loser), seed, guild=guild)
    await store.commit(match_id, match, match.concede(1, match.seq))
    return match_id


async def played_out(store, game, seats, seed, *, guild=GUILD):
    match_id, match = await start(store, game, seats, seed, guild=guild)
    rnd = random.Random(seed)
    while not match.is_over():
        seat, key = random_move(match, rnd)
        await store.commit(match_id, match, match.act(seat, key, match.seq))
    return match_id


def ratings_of(raw, guild=GUILD):
    return raw.execute(
        "SELECT game, user_id, mu, sigma, ordinal, contests FROM ratings"
        " WHERE guild_id = ? ORDER BY game, user_id",
        (guild,),
    ).fetchall()


async def test_a_new_season_starts_everyone_fresh_and_keeps_the_old_one_readable(store, raw):
    await duel(store, ALICE, BOB, "a")
    await duel(store, ALICE, CAROL, "b")
    await duel(store, BOB, ALICE, "other", guild=OTHER_GUILD)
    other_before = ratings_of(raw, OTHER_GUILD)
    before = await store.leaderboard(GUILD, "cuttle")
    assert before[0].user_id == ALICE and {s.user_id for s in before} == {ALICE, BOB, CAROL}
    assert await store.current_season(GUILD) == 1

    assert await store.new_season(GUILD, DAVE) == 2
    assert await store.current_season(GUILD) == 2
    assert await store.current_season(OTHER_GUILD) == 1
    assert await store.leaderboard(GUILD, "cuttle") == []  # the new season: nobody yet
    assert await store.player_stats(GUILD, ALICE) == {}
    assert ratings_of(raw) == [] and ratings_of(raw, OTHER_GUILD) == other_before
    assert await store.leaderboard(GUILD, "cuttle", season=1) == before
    first, second = await store.seasons(GUILD)
    assert (first.number, first.started_at, first.started_by) == (1, None, None)
    assert (second.number, second.started_by) == (2, DAVE) and second.started_at is not None
    # the record is untouched: every result is still there
    assert raw.execute("SELECT count(*) FROM results").fetchone()[0] == 6


async def test_matches_count_for_the_season_they_finished_in(store):
    await duel(store, ALICE, BOB, "s1")
    await store.new_season(GUILD, DAVE)
    await duel(store, BOB, ALICE, "s2a")
    await duel(store, BOB, CAROL, "s2b")
    old = (await store.player_stats(GUILD, ALICE, season=1))["cuttle"]
    new = (await store.player_stats(GUILD, ALICE))["cuttle"]
    assert (old.played, old.won) == (1, 1) and (new.played, new.won) == (1, 0)
    assert new == (await store.player_stats(GUILD, ALICE, season=2))["cuttle"]
    assert CAROL not in {s.user_id for s in await store.leaderboard(GUILD, "cuttle", season=1)}
    board = await store.leaderboard(GUILD, "cuttle")
    assert board[0].user_id == BOB and (board[0].played, board[0].won) == (2, 2)
    # in season 1 alice beat bob once; in season 2 bob is on top
    assert (await store.leaderboard(GUILD, "cuttle", season=1))[0].user_id == ALICE


async def test_the_first_match_of_a_new_season_changes_a_fresh_rating(store):
    old = await duel(store, ALICE, BOB, "c1")
    await duel(store, ALICE, BOB, "c2")
    told_then = await store.rating_changes(old)
    await store.new_season(GUILD, CAROL)
    first = await duel(store, BOB, ALICE, "c3")
    changes = await store.rating_changes(first)
    assert [c.user_id for c in changes] == [ALICE, BOB]
    assert all(c.before == FRESH for c in changes)
    second = await duel(store, BOB, ALICE, "c4")
    after_first = {c.user_id: c.after for c in changes}
    assert {c.user_id: c.before for c in await store.rating_changes(second)} == after_first
    # a match of the closed season still tells what it did then
    assert await store.rating_changes(old) == told_then
    assert all(c.before == FRESH for c in await store.rating_changes(first))


async def test_a_past_season_reads_as_it_did_when_it_closed(store):
    for n, seats in enumerate([(ALICE, BOB, CAROL), (BOB, CAROL), (CAROL, DAVE, ALICE)]):
        await played_out(store, "keltis", seats, f"k{n}")
    for n, (winner, loser) in enumerate([(ALICE, BOB), (CAROL, BOB), (DAVE, ALICE)]):
        await duel(store, winner, loser, f"d{n}")
    boards = {g: await store.leaderboard(GUILD, g) for g in ("keltis", "cuttle")}
    stats = {u: await store.player_stats(GUILD, u) for u in (ALICE, BOB, CAROL, DAVE)}
    assert all(s.rating is not None for board in boards.values() for s in board)
    await store.new_season(GUILD, ALICE)
    for n, seats in enumerate([(DAVE, BOB), (ALICE, DAVE)]):
        await played_out(store, "keltis", seats, f"new{n}")
    await duel(store, BOB, CAROL, "new")
    for _ in range(2):  # replayed, then as kept
        for game, board in boards.items():
            assert await store.leaderboard(GUILD, game, season=1) == board
        for user, record in stats.items():
            assert await store.player_stats(GUILD, user, season=1) == record
    limited = await store.leaderboard(GUILD, "keltis", season=1, limit=2)
    assert limited == boards["keltis"][:2]


async def test_a_rebuild_after_a_new_season_gives_the_same_ratings(store, raw):
    await duel(store, ALICE, BOB, "r1")
    await played_out(store, "keltis", (ALICE, BOB, CAROL), "r2")
    await store.new_season(GUILD, ALICE)
    await duel(store, CAROL, BOB, "r3")
    await played_out(store, "keltis", (BOB, DAVE), "r4")
    ratings = ratings_of(raw)
    results = raw.execute("SELECT * FROM results ORDER BY match_id, user_id").fetchall()
    assert {r["contests"] for r in ratings} == {1}  # one match each this season
    for game in ("cuttle", "keltis"):
        await store.rebuild_ratings(GUILD, game)
    assert ratings_of(raw) == ratings
    assert raw.execute("SELECT * FROM results ORDER BY match_id, user_id").fetchall() == results
    raw.execute("UPDATE finishes SET rated = 0")  # as after the ratings migration
    raw.execute("DELETE FROM ratings")
    assert await store.rate_unrated() == 2
    assert ratings_of(raw) == ratings


async def test_concurrent_new_seasons_get_distinct_consecutive_numbers(store):
    await duel(store, ALICE, BOB, "x")
    numbers = await asyncio.gather(*(store.new_season(GUILD, u) for u in range(20, 26)))
    assert sorted(numbers) == [2, 3, 4, 5, 6, 7]
    assert [s.number for s in await store.seasons(GUILD)] == [1, 2, 3, 4, 5, 6, 7]
    assert await store.current_season(GUILD) == 7
    # seasons with no match are empty, and the first keeps its match
    assert await store.leaderboard(GUILD, "cuttle", season=3) == []
    assert len(await store.leaderboard(GUILD, "cuttle", season=1)) == 2


async def test_an_unknown_season_is_refused(store):
    await store.new_season(GUILD, ALICE)
    for season in (0, 3, -1, True):
        with pytest.raises(ValueError):
            await store.leaderboard(GUILD, "cuttle", season=season)
        with pytest.raises(ValueError):
            await store.player_stats(GUILD, ALICE, season=season)
    assert await store.leaderboard(GUILD, "cuttle", season=2) == []


async def test_a_finish_after_a_new_season_counts_for_it_whatever_was_forgotten(store):
    """SQLite numbers a finish after the greatest one still stored: with
    that one gone (its guild forgotten), the next finish still counts for
    the season just started."""
    await duel(store, ALICE, BOB, "mine")
    await duel(store, CAROL, DAVE, "theirs", guild=OTHER_GUILD)  # the greatest finish
    await store.new_season(GUILD, ALICE)
    await store.delete_guild(OTHER_GUILD)
    new = await duel(store, BOB, ALICE, "after")
    assert all(c.before == FRESH for c in await store.rating_changes(new))
    assert [s.user_id for s in await store.leaderboard(GUILD, "cuttle")] == [BOB, ALICE]
    old = await store.leaderboard(GUILD, "cuttle", season=1)
    assert [(s.user_id, s.played) for s in old] == [(ALICE, 1), (BOB, 1)]


async def test_forgetting_a_guild_forgets_its_seasons(store):
    await store.new_season(GUILD, ALICE)
    await store.delete_guild(GUILD)
    assert [s.number for s in await store.seasons(GUILD)] == [1]
    assert await store.current_season(GUILD) == 1


async def against_bots(store, user, seed, *, conceded: bool):
    """A Cuttle match of `user` against a bot, which `user` concedes (a
    loss) or the bot does (a win): not rated either way."""
    match_id = await store.create_lobby(GUILD, CHANNEL, "cuttle", {}, user)
    await store.add_user_seat(match_id, user)
    await store.add_bot_seat(match_id, "random")
    match = Match.new("cuttle", 2, seed)
    await store.start_match(match_id, match)
    await store.commit(match_id, match, match.concede(0 if conceded else 1, match.seq))


async def test_only_a_win_over_another_person_counts_as_a_rated_win(store):
    """Wins against bots count as wins, not as rated ones (issue 42: a
    season's medals go to rated wins only), in the current season and in
    a closed one replayed; a season's count is its own."""
    await duel(store, ALICE, BOB, "rated")
    await against_bots(store, CAROL, "lost", conceded=True)
    await against_bots(store, CAROL, "won", conceded=False)
    await against_bots(store, ALICE, "alice won", conceded=False)
    expected = {ALICE: (2, 2, 1), BOB: (1, 0, 0), CAROL: (2, 1, 0)}  # played, won, rated won
    board = await store.leaderboard(GUILD, "cuttle")
    assert {s.user_id: (s.played, s.won, s.rated_won) for s in board} == expected
    [carol] = (await store.player_stats(GUILD, CAROL)).values()
    assert (carol.won, carol.rated_won, carol.rating) == (1, 0, None)
    await store.new_season(GUILD, DAVE)
    await duel(store, BOB, ALICE, "next")
    closed = await store.leaderboard(GUILD, "cuttle", season=1)
    assert {s.user_id: (s.played, s.won, s.rated_won) for s in closed} == expected
    assert (await store.player_stats(GUILD, ALICE, season=1))["cuttle"].rated_won == 1
    now = {s.user_id: s.rated_won for s in await store.leaderboard(GUILD, "cuttle")}
    assert now == {BOB: 1, ALICE: 0}
