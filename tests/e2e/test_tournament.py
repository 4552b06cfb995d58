"""Tournaments run by the bot (issue 31), through the fake Discord and the
real bot.py: a whole 8-player Swiss tournament of Cuttle (two people, six
bots) with a `kill -9` between rounds and another right as a round is
being paired, a Keltis table of three played on by stand-ins once its
people give up, and the hosts' acts with their refusals."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from contextlib import closing

import pytest

from .bot_helpers import answered, concede, current_table, pick, read_db, replayed, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Tournaments", users=("alice", "bob"), mods=("mod",), delay=0.01, seed="tournament"
    ),
]


def tables(w, tid: int) -> list[tuple[int, int, list[int], int | None]]:
    rows = read_db(
        w.db,
        "SELECT round, table_no, players, match_id FROM tournament_tables"
        " WHERE tournament_id = ? ORDER BY round, table_no",
        tid,
    )
    return [(r, n, json.loads(p), m) for r, n, p, m in rows]


def status(w, tid: int) -> tuple[str, int]:
    [(state, number)] = read_db(w.db, "SELECT status, round FROM tournaments WHERE id = ?", tid)
    return state, number


def match_status(w, match_id: int) -> str:
    [(state,)] = read_db(w.db, "SELECT status FROM matches WHERE id = ?", match_id)
    return state


def bots_play_greedy(w, tid: int) -> None:
    """The tournament's bot entrants play at the greedy level here, not the
    expert one every bot entrant gets (BOT_LEVEL in cogs/tournaments/signups.py):
    bots finish whole matches in these tests, and an expert searches before
    each of its moves (a Keltis table of three outlasted its 60 s wait on a
    loaded machine so: the test depended on how fast an expert thinks).
    Called before Start: the tables' bot seats are opened from the entrants'
    record, which the bot reads afresh at each pairing."""
    with closing(sqlite3.connect(w.db, timeout=10)) as db, db:
        changed = db.execute(
            "UPDATE tournament_entrants SET bot = 'greedy'"
            " WHERE tournament_id = ? AND bot IS NOT NULL",
            (tid,),
        ).rowcount
    assert changed > 0, "no bot entrant to change"


async def open_signup(w, channel, **options):
    signup = await reply(
        await w.fake.slash(w.mod, channel, "game tournament new", game="cuttle", **options)
    )
    assert not signup.ephemeral and "Sign up with **Join**" in signup.text
    [(tid,)] = read_db(w.db, "SELECT max(id) FROM tournaments")
    return signup, tid


async def play_out(w, people: dict, match_id: int, *, moves: int) -> None:
    """The people seated in the match make up to `moves` moves between them
    (each their first offered move, when it is theirs), then the first of
    them still seated gives the match up (unless it is over already)."""
    [(thread_id,)] = read_db(w.db, "SELECT thread_id FROM matches WHERE id = ?", match_id)
    place = w.fake.state.channels[thread_id]
    await w.fake.wait_until(lambda: current_table(w.fake, place), 10, "the match's table")
    rows = read_db(w.db, "SELECT seat, user_id FROM seats WHERE match_id = ?", match_id)
    seated = {seat: people[user] for seat, user in rows if user in people}
    for _ in range(moves):
        match = replayed(w.db, match_id)
        owing = [seated[s] for s in match.to_act() if s in seated]
        if match.is_over() or not owing:
            break
        panel = await reply(
            await w.fake.click(owing[0], current_table(w.fake, place), custom_id="hand:")
        )
        await pick(w.fake, owing[0], panel)
    if not replayed(w.db, match_id).is_over():
        await concede(w.fake, next(iter(seated.values())), place)


async def test_an_eight_player_swiss_tournament_of_cuttle_survives_kills(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "swiss")
    signup, tid = await open_signup(w, channel, format="swiss", rounds=3)
    for user in (w.alice, w.bob):
        await answered(await fake.click(user, signup, label="Join"))
    again = await reply(await fake.click(w.alice, signup, label="Join"))
    assert again.ephemeral and "signed up already" in again.text
    refused = await reply(await fake.click(w.alice, signup, label="🤖 Add bot"))
    assert refused.ephemeral and "Only a host" in refused.text
    for _ in range(6):
        await answered(await fake.click(w.mod, signup, label="🤖 Add bot"))
    assert "Entrants (8)" in signup.text
    bots_play_greedy(w, tid)  # bot against bot plays each round's other tables out
    refused = await reply(await fake.click(w.bob, signup, label="Start"))
    assert refused.ephemeral and "Only a host" in refused.text
    # a double click: two Starts at once pair one round
    first, second = await asyncio.gather(
        fake.click(w.mod, signup, label="Start"), fake.click(w.mod, signup, label="Start")
    )
    answers = [await reply(first), await reply(second)]
    assert sum(a.ephemeral and "closed" in a.text for a in answers) == 1
    # the counter reads the round being played from the Start on (issue 42)
    assert "Round 0" not in signup.text
    await fake.wait_until(lambda: "Round 1 of 3." in signup.text, 20, "round 1 on the sign-up")

    people = {w.alice.id: w.alice, w.bob.id: w.bob}
    for number in (1, 2, 3):
        await fake.wait_until(
            lambda number=number: (
                status(w, tid) == ("running", number)
                and all(
                    m is not None and match_status(w, m) != "lobby"
                    for r, _n, _p, m in tables(w, tid)
                    if r == number
                )
            ),
            20,
            f"round {number} to be paired and its matches started",
        )
        this_round = [t for t in tables(w, tid) if t[0] == number]
        assert len(this_round) == 4 and all(len(p) == 2 for _r, _n, p, _m in this_round)
        if number == 2:  # kill -9 in the middle of the round: it carries on
            await w.bot.restart(hard=True)
        for _r, _n, players, match_id in this_round:
            if any(entrant in people for entrant in players):
                await play_out(w, people, match_id, moves=4 if number == 1 else 0)
        if number == 2:  # killed right as the last match ends: round 3 is paired anyway
            await fake.wait_until(
                lambda: all(
                    match_status(w, m) == "finished" for r, _n, _p, m in tables(w, tid) if r == 2
                ),
                60,
                "round 2's matches to end",
            )
            await w.bot.restart(hard=True)
    await fake.wait_until(lambda: status(w, tid)[0] == "finished", 60, "the tournament's end")

    everything = tables(w, tid)
    assert [r for r, *_ in everything].count(1) == 4 and len(everything) == 12
    met = [frozenset(p) for _r, _n, p, _m in everything]
    assert len(met) == len(set(met)), "a pairing repeated"
    assert len({m for *_x, m in everything}) == 12  # one match per table, none twice
    assert all(match_status(w, m) == "finished" for *_x, m in everything)
    await fake.wait_until(
        lambda: "Finished after round 3 of 3." in signup.text, 10, "the final standings"
    )
    assert signup.text.count(" · Buchholz ") == 8
    assert "Equal scores: the higher Buchholz" in signup.text  # how ties are broken
    assert any("is over. The winner:" in m.text for m in fake.messages(channel))
    # every entrant's three tables: each played one per round
    entrants = read_db(w.db, "SELECT entrant FROM tournament_entrants WHERE tournament_id = ?", tid)
    for (entrant,) in entrants:
        assert sum(entrant in p for _r, _n, p, _m in everything) == 3
    standings = await reply(await fake.slash(w.alice, channel, "game tournament standings"))
    assert standings.ephemeral and "Standings" in standings.text


async def test_hosts_drop_forfeit_pause_and_cancel_and_others_are_refused(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "acts")
    signup, tid = await open_signup(w, channel, format="round_robin")
    for user in (w.alice, w.bob):
        await answered(await fake.click(user, signup, label="Join"))
    for _ in range(2):
        await answered(await fake.click(w.mod, signup, label="🤖 Add bot"))
    for command, options in (
        ("game tournament pause", {}),
        ("game tournament resume", {}),
        ("game tournament cancel", {}),
        ("game tournament drop", {"player": w.bob}),
        ("game tournament forfeit", {"player": w.bob}),
        ("game tournament new", {"game": "cuttle", "format": "swiss"}),
    ):
        no = await reply(await fake.slash(w.alice, channel, command, **options))
        assert no.ephemeral and "Only a host" in no.text, command
    assert read_db(w.db, "SELECT count(*) FROM tournament_acts WHERE tournament_id = ?", tid) == [
        (0,)
    ]
    paused = await reply(await fake.slash(w.mod, channel, "game tournament pause"))
    assert not paused.ephemeral and "paused" in paused.text
    await answered(await fake.click(w.mod, signup, label="Start"))
    await fake.wait_until(
        lambda: "Paused by a host before round 1 of 3" in signup.text, 10, "the paused standings"
    )
    assert tables(w, tid) == []  # paused: round 1 waits
    await reply(await fake.slash(w.mod, channel, "game tournament resume"))
    await fake.wait_until(
        lambda: (
            status(w, tid) == ("running", 1)
            and len(tables(w, tid)) == 2
            and all(m is not None for *_x, m in tables(w, tid))
        ),
        20,
        "round 1",
    )
    # a table is not cancelled as a match: its round needs its result
    [alices] = [m for _r, _n, players, m in tables(w, tid) if w.alice.id in players]
    kept = await reply(await fake.slash(w.mod, channel, "game cancel", match=alices))
    assert kept.ephemeral and "/game tournament forfeit" in kept.text
    assert match_status(w, alices) in ("lobby", "active")  # opening, or under way
    # bob loses his table by forfeit: his match is cancelled, the table decided
    [(_r, _n, players, match_id)] = [t for t in tables(w, tid) if w.bob.id in t[2]]
    done = await reply(await fake.slash(w.mod, channel, "game tournament forfeit", player=w.bob))
    assert not done.ephemeral and "forfeit" in done.text
    assert match_status(w, match_id) == "cancelled"
    again = await reply(await fake.slash(w.mod, channel, "game tournament forfeit", player=w.bob))
    assert again.ephemeral and "over already" in again.text
    dropped = await reply(await fake.slash(w.mod, channel, "game tournament drop", player=w.alice))
    assert "dropped" in dropped.text
    forged = await reply(await fake.forge(w.mod, channel, signup, f"tour:{tid + 500}:start"))
    assert forged.ephemeral and "no such tournament" in forged.text
    assert status(w, tid) == ("running", 1)
    cancelled = await reply(await fake.slash(w.mod, channel, "game tournament cancel"))
    assert "cancelled" in cancelled.text and status(w, tid)[0] == "cancelled"
    rows = read_db(w.db, "SELECT act FROM tournament_acts WHERE tournament_id = ? ORDER BY id", tid)
    acts = [act for (act,) in rows]
    assert acts == ["pause", "start", "resume", "forfeit", "drop", "cancel"]
    assert all(match_status(w, m) in ("cancelled", "finished") for *_x, m in tables(w, tid) if m)


async def test_a_tournament_speaks_the_servers_japanese(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "japanese")
    await reply(await fake.slash(w.mod, channel, "game config", language="ja"))
    try:
        signup = await reply(
            await fake.slash(w.mod, channel, "game tournament new", game="cuttle", format="swiss")
        )
        assert "大会" in signup.text and "スイス式" in signup.text
        await answered(
            await fake.click(w.alice, signup, custom_id=signup.buttons()[0]["custom_id"])
        )
        assert "参加者 (1)" in signup.text
    finally:
        await reply(await fake.slash(w.mod, channel, "game config", language="en"))


async def test_a_tournament_table_of_three_plays_on_when_its_people_give_up(world):
    """A table beyond two: three entrants (two people, a bot) at a Keltis
    table of three. Each person who gives up leaves the server's stand-in
    bot in their seat, the match is played to its end, and the places of
    all three count in the final standings."""
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "threes")
    await reply(await fake.slash(w.mod, channel, "game config", stand_in="random"))
    signup = await reply(
        await fake.slash(
            w.mod,
            channel,
            "game tournament new",
            game="keltis",
            format="swiss",
            rounds=1,
            players_per_match=3,
        )
    )
    [(tid,)] = read_db(w.db, "SELECT max(id) FROM tournaments")
    for user in (w.alice, w.bob):
        await answered(await fake.click(user, signup, label="Join"))
    await answered(await fake.click(w.mod, signup, label="🤖 Add bot"))
    bots_play_greedy(w, tid)  # with the random stand-ins, bots alone finish the match
    await answered(await fake.click(w.mod, signup, label="Start"))
    await fake.wait_until(
        lambda: [m is not None and match_status(w, m) for *_x, m in tables(w, tid)] == ["active"],
        20,
        "the table's match to start",
    )
    [(_r, _n, players, match_id)] = tables(w, tid)
    assert sorted(players)[1:] == sorted([w.alice.id, w.bob.id])
    bots = read_db(w.db, "SELECT bot FROM seats WHERE match_id = ? AND bot IS NOT NULL", match_id)
    assert bots == [("greedy",)]  # the entrant's level (bots_play_greedy)
    [(thread_id,)] = read_db(w.db, "SELECT thread_id FROM matches WHERE id = ?", match_id)
    # the bot has one name: the table's as the standings' (issue 42)
    at_table = await fake.wait_until(
        lambda: current_table(fake, fake.state.channels[thread_id]), 10, "the table"
    )
    assert "🤖 Bot 1 (Greedy)" in at_table.text and "🤖 Greedy" not in at_table.text
    assert "🤖 Bot 1 (Greedy)" in signup.text
    await play_out(w, {w.alice.id: w.alice, w.bob.id: w.bob}, match_id, moves=2)
    await concede(fake, w.bob, fake.state.channels[thread_id])  # alice gave up in play_out
    await fake.wait_until(lambda: status(w, tid)[0] == "finished", 60, "the tournament's end")
    [(seated,)] = read_db(w.db, "SELECT count(*) FROM seats WHERE match_id = ?", match_id)
    assert seated == 3 and match_status(w, match_id) == "finished"
    handed = read_db(
        w.db, "SELECT how, bot FROM seat_holders WHERE match_id = ? AND how != 'start'", match_id
    )
    assert handed == [("conceded", "random"), ("conceded", "random")]  # history kept
    await fake.wait_until(
        lambda: "Finished after round 1 of 1." in signup.text, 10, "the final standings"
    )
    for name in ("alice", "bob"):
        assert name in signup.text
