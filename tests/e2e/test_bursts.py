"""Answer first, then wait (issue 40, item 3), against the real bot.py: a
burst of clicks that queue behind one lock is acknowledged within Discord's
3 s (the fake refuses a later answer), the lock still makes one change of
it, and each click queued behind it gets its outcome afterwards, in the
clicker's language: 500 identical move clicks on one match (one move, 499
"the table has moved on" on the clicker's panel), and 300 members pressing
Join on one tournament sign-up (each signed up once), then some of them
pressing it again (each told privately they are in already)."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
import pytest_asyncio

from cogs import replies
from cogs.i18n import _, speaking
from cogs.play.moves import forced_steps
from cogs.tournaments.signups import CONFLICTS
from storage.tournament_records import TournamentConflict

from .bot_helpers import (
    answered,
    answered_privately,
    current_table,
    read_db,
    replayed,
    reply,
)

#: Discord's deadline for the first answer to an interaction
DEADLINE = 3.0
MOVE_CLICKS = 500
MEMBERS = 300
AGAIN = 30  # of them press Join a second time
#: seconds each REST call of the bot takes to come back from the fake Discord
ROUND_TRIP = 0.02
#: how long a burst's outcomes may trail its acknowledgements (seconds)
TRAIL = 60.0

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Bursts",
        channel="games",
        users={
            # the move burst's players speak Japanese: their refusals must too
            "alice": {"locale": "ja"},
            "bob": {"locale": "ja"},
            "mod": {"manage_guild": True},
            **{f"member{i}": {"locale": "ja" if i % 3 == 0 else "en-US"} for i in range(MEMBERS)},
        },
        seed="bursts",
        # Discord answers each REST call after a round trip (a fraction of real
        # Discord's): an answer made behind the lock waits for those before it
        round_trip=ROUND_TRIP,
    ),
]


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(world):
    """The shared world, and its members in a list (the sign-up burst's)."""
    world.members = [world.users[f"member{i}"] for i in range(MEMBERS)]
    return world


def in_language(locale: str, text: str) -> str:
    with speaking(locale):
        return _(text)


async def all_answered(fake, inters) -> None:
    """Wait until every interaction is answered, or Discord's deadline has
    passed for the last one dispatched (the fake refuses later answers)."""
    loop = asyncio.get_running_loop()
    last = max(i.dispatched_at for i in inters)
    remaining = max(0.1, last + DEADLINE + 0.5 - loop.time())
    with contextlib.suppress(TimeoutError):
        await fake.wait_until(lambda: all(i.answered for i in inters), remaining, "answers")


def said(inter) -> str | None:
    """The text a press was answered with in words: its message, or (after a
    deferred update) its first followup; None while there is none."""
    if inter.response_type == 4 and inter.original is not None:
        return inter.original.text
    return inter.followups[0].text if inter.followups else None


def told_privately(inter) -> bool:
    """Answered in words only the presser sees: an ephemeral message, or a
    deferred update (the clicked message unchanged) and ephemeral followups."""
    if inter.response_type == 4:
        return inter.original is not None and inter.original.ephemeral
    return inter.response_type == 6 and all(m.ephemeral for m in inter.followups)


def acknowledged_in_time(inters) -> tuple[list, float]:
    """(those not answered within DEADLINE, the slowest acknowledgement)."""
    late = [i for i in inters if not i.answered or i.answered_after > DEADLINE or i.refused]
    slowest = max((i.answered_after for i in inters if i.answered), default=0.0)
    return late, slowest


def logged(w, match_id: int) -> list[tuple[int, str]]:
    return [
        (seat, key)
        for seat, key in read_db(
            w.db, "SELECT seat, key FROM actions WHERE match_id = ? ORDER BY seq", match_id
        )
    ]


async def test_a_burst_of_identical_move_clicks_makes_one_move_and_answers_every_click(world):
    w, fake = world, world.fake
    lobby = await reply(
        await fake.slash(w.alice, w.channel, "game new", game="keltis", players=2, here=True)
    )
    await answered(await fake.click(w.bob, lobby, label="Join"))
    table = await fake.wait_until(lambda: current_table(fake, w.channel), 5, "the table")
    match_id = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    expected = replayed(w.db, match_id)
    seat = expected.to_act()[0]
    user = (w.alice, w.bob)[seat]
    panel = await reply(await fake.click(user, table, custom_id="hand:"))
    moves = next(s for s in panel.selects() if s["custom_id"].startswith("gs:"))
    custom_id, key = moves["custom_id"], moves["options"][0]["value"]
    before = logged(w, match_id)
    # what one application of the move logs: its decisions and those that follow by themselves
    for part in key.split("+"):
        expected.act(seat, part, expected.seq)
    forced_steps(expected, seat)
    revisions = len(panel.history)

    loop = asyncio.get_running_loop()
    started = loop.time()
    clicks = await asyncio.gather(
        *(fake.select(user, panel, [key], custom_id=custom_id) for _ in range(MOVE_CLICKS))
    )
    await all_answered(fake, clicks)
    late, slowest = acknowledged_in_time(clicks)
    assert not late, f"{len(late)} of {MOVE_CLICKS} not acknowledged within {DEADLINE} s"

    # each click's outcome, afterwards: its answer edited the clicker's own panel
    await fake.wait_until(lambda: all(panel in i.touched for i in clicks), TRAIL, "outcomes")
    trailed = loop.time() - started
    assert all(answered_privately(i) for i in clicks)
    assert logged(w, match_id) == expected.log, "one move, applied once"
    assert len(expected.log) > len(before)
    stale = in_language(user.locale, replies.STALE)
    states = [*(r.embeds for r in panel.history[revisions:]), panel.embeds]
    noted = sum(stale in str(embeds) for embeds in states)
    assert noted == MOVE_CLICKS - 1, "every other click was told the table moved on"
    deferred = sum(i.response_type == 6 for i in clicks)
    print(
        f"\n{MOVE_CLICKS} move clicks: slowest acknowledgement {slowest:.3f} s, "
        f"{deferred} by a deferred update, the last outcome after {trailed:.2f} s"
    )
    assert not fake.problems()


async def test_a_burst_of_joins_signs_each_member_up_once(world):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, "cup")
    signup = await reply(
        await fake.slash(w.mod, channel, "game tournament new", game="cuttle", format="swiss")
    )
    assert "Sign up with **Join**" in signup.text
    [(tid,)] = read_db(w.db, "SELECT max(id) FROM tournaments")
    edits = signup.edits

    loop = asyncio.get_running_loop()
    started = loop.time()
    joins = await asyncio.gather(*(fake.click(m, signup, label="Join") for m in w.members))
    await all_answered(fake, joins)
    late, slowest = acknowledged_in_time(joins)
    assert not late, f"{len(late)} of {MEMBERS} Joins not acknowledged within {DEADLINE} s"
    assert all(i.response_type in (6, 7) and not i.followups for i in joins)  # nothing refused
    shown = f"Entrants ({MEMBERS})"
    await fake.wait_until(lambda: shown in signup.text, TRAIL, "the sign-up to show everyone")
    trailed = loop.time() - started
    rows = read_db(
        w.db,
        "SELECT entrant, count(*) FROM tournament_entrants WHERE tournament_id = ?"
        " GROUP BY entrant",
        tid,
    )
    assert dict(rows) == {m.id: 1 for m in w.members}

    # pressed again, at once: each is told privately, in their language
    again = w.members[:AGAIN]
    presses = await asyncio.gather(*(fake.click(m, signup, label="Join") for m in again))
    await all_answered(fake, presses)
    late_again, slowest_again = acknowledged_in_time(presses)
    assert not late_again
    await fake.wait_until(lambda: all(said(i) for i in presses), TRAIL, "the refusals")
    for press in presses:
        refusal = in_language(press.user.locale, CONFLICTS[TournamentConflict.JOINED])
        assert told_privately(press) and refusal in (said(press) or ""), press
    assert len(read_db(w.db, "SELECT 1 FROM tournament_entrants WHERE tournament_id = ?", tid)) == (
        MEMBERS
    )
    print(
        f"\n{MEMBERS} Joins: slowest acknowledgement {slowest:.3f} s, "
        f"{sum(i.response_type == 6 for i in joins)} by a deferred update, everyone "
        f"shown after {trailed:.2f} s in {signup.edits - edits} redraws; {AGAIN} Joins again: "
        f"slowest acknowledgement {slowest_again:.3f} s"
    )
    assert not fake.problems()
