"""No table of bots plays for ever (issue 43), end to end: the real bot.py
against the fake Discord, offering a Keltis whose matches may make SHORT
actions at most (tests/e2e/short_keltis.py). A table where a person still
sits plays on past it; once she leaves, her stand-in's table is stopped,
said in its thread and on its table, unrated. A tournament of bots only,
whose every table is stopped, counts each a draw and plays its rounds to
the end."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing

import pytest

from cogs.presenters import loaded_packages

from .bot_helpers import answered, concede, pick, read_db, replayed, reply, tracebacks

#: tests/e2e/short_keltis.py's SHORT (not imported: it would lower Keltis's
#: bound in this process too)
SHORT = 12
STOPPED = "passed {moves} moves without an end, so it was stopped"

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Endless",
        users=("alice",),
        mods=("mod",),
        delay=0.01,
        seed="endless",
        env={"GAMEHOST_GAMES": ",".join([*loaded_packages(), "tests.e2e.short_keltis"])},
    ),
]


def match_row(w, match_id: int) -> tuple[str, int, dict | None]:
    [(status, seq, outcome)] = read_db(
        w.db, "SELECT status, seq, outcome FROM matches WHERE id = ?", match_id
    )
    return status, seq, json.loads(outcome) if outcome else None


def newest_match(w) -> int:
    [(match_id,)] = read_db(w.db, "SELECT max(id) FROM matches")
    return match_id


def shown_table(w, place, match_id: int):
    """The match's table message in `place` (by the id the bot recorded), or None."""
    rows = read_db(
        w.db, "SELECT message_id FROM messages WHERE match_id = ? AND kind = 'table'", match_id
    )
    return next((m for m in w.fake.messages(place) if rows and m.id == rows[0][0]), None)


def table_text(w, place, match_id: int) -> str:
    """The text of the match's table in `place` ("" before it is posted)."""
    table = shown_table(w, place, match_id)
    return table.text if table is not None else ""


async def table_of(w, place, match_id: int):
    """The match's table message in `place`, once posted."""
    return await w.fake.wait_until(lambda: shown_table(w, place, match_id), 10, "the table")


async def start_with_two_bots(w, channel) -> tuple[int, int]:
    """Alice starts a Keltis here with two random bots, whose stand-in is a
    random bot too: the match and her seat, once it is running."""
    fake = w.fake
    await reply(await fake.slash(w.mod, channel, "game config", stand_in="random"))
    await reply(
        await fake.slash(
            w.alice,
            channel,
            "game new",
            game="keltis",
            players=3,
            bots=2,
            bot_level="random",
            here=True,
        )
    )
    match_id = newest_match(w)
    await fake.wait_until(lambda: match_row(w, match_id)[0] == "active", 10, "the start")
    [(seat,)] = read_db(
        w.db, "SELECT seat FROM seats WHERE match_id = ? AND user_id = ?", match_id, w.alice.id
    )
    return match_id, seat


async def test_a_table_is_stopped_once_no_person_is_left_in_it(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "bots-only")
    match_id, seat = await start_with_two_bots(w, channel)
    # alice plays on past the bound: a person seated is never stopped
    while replayed(w.db, match_id).seq <= SHORT:
        await fake.wait_until(lambda: seat in replayed(w.db, match_id).to_act(), 20, "alice's turn")
        table = await table_of(w, channel, match_id)
        panel = await reply(await fake.click(w.alice, table, custom_id="hand:"))
        await pick(fake, w.alice, panel)
    assert match_row(w, match_id)[0] == "active"
    # she leaves: a stand-in takes her seat, and the table of bots is stopped
    await fake.wait_until(
        lambda: seat in replayed(w.db, match_id).to_act(), 20, "alice's turn again"
    )
    await concede(fake, w.alice, channel)
    await fake.wait_until(lambda: match_row(w, match_id)[0] == "cancelled", 20, "the stop")
    status, seq, outcome = match_row(w, match_id)
    assert seq > SHORT and outcome == {"stopped": "endless", "moves": seq}
    assert not replayed(w.db, match_id).is_over()
    notice = STOPPED.format(moves=seq)
    await fake.wait_until(
        lambda: any(notice in m.text for m in fake.messages(channel)), 10, "the notice"
    )
    await fake.wait_until(
        lambda: f"Stopped: no end after {seq} moves" in (table_text(w, channel, match_id)),
        10,
        "the stopped table",
    )
    assert read_db(w.db, "SELECT count(*) FROM finishes WHERE match_id = ?", match_id) == [(0,)]
    assert read_db(w.db, "SELECT count(*) FROM ratings") == [(0,)]  # unrated
    assert tracebacks(w.bot) == []


def tournament_status(w, tid: int) -> tuple[str, int]:
    [(state, number)] = read_db(w.db, "SELECT status, round FROM tournaments WHERE id = ?", tid)
    return state, number


async def test_a_tournament_of_bots_counts_stopped_tables_as_draws_and_ends(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "bots-tournament")
    signup = await reply(
        await fake.slash(
            w.mod, channel, "game tournament new", game="keltis", format="swiss", rounds=2
        )
    )
    [(tid,)] = read_db(w.db, "SELECT max(id) FROM tournaments")
    for _ in range(4):
        await answered(await fake.click(w.mod, signup, label="🤖 Add bot"))
    with closing(sqlite3.connect(w.db, timeout=10)) as db, db:  # quick bots (not experts)
        db.execute("UPDATE tournament_entrants SET bot = 'random' WHERE tournament_id = ?", (tid,))
    await answered(await fake.click(w.mod, signup, label="Start"))
    await fake.wait_until(
        lambda: tournament_status(w, tid)[0] == "finished", 60, "the tournament's end"
    )
    tables = read_db(
        w.db, "SELECT round, match_id FROM tournament_tables WHERE tournament_id = ?", tid
    )
    assert sorted(r for r, _m in tables) == [1, 1, 2, 2]
    for _r, match_id in tables:  # every table stopped: none ended by the rules
        status, seq, outcome = match_row(w, match_id)
        assert status == "cancelled" and seq == SHORT  # bots from the start: stopped at once
        assert outcome == {"stopped": "endless", "moves": SHORT}
    await fake.wait_until(
        lambda: "Finished after round 2 of 2." in signup.text, 10, "the final standings"
    )
    await fake.wait_until(
        lambda: any("is over. The winner:" in m.text for m in fake.messages(channel)),
        10,
        "the winner told",
    )
    await fake.wait_until(  # each told (maybe after the end another table's result brought)
        lambda: sum("stopped, no end after" in m.text for m in fake.messages(channel)) == 4,
        10,
        "every stopped table told",
    )
    assert all(
        "counts as a draw" in m.text
        for m in fake.messages(channel)
        if "stopped, no end after" in m.text
    )
    assert signup.text.count("score 1 ·") == 4  # two draws each: half a point a table
    assert tracebacks(w.bot) == []
