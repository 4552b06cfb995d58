"""The real bot.py, as a process, against the fake Discord, playing Cuttle:
a scripted counter chain between two users (a one-off answered by a 2 and
re-countered by a 2: the responder is told each time (by their open panel,
redrawn, since they are playing: no ping), the panels offer
the counter, the table shows the chain and then its resolution), and a whole
match between a user and a bot seat, to the final table."""

from __future__ import annotations

import re

import pytest
import pytest_asyncio

from games.cuttle.presenter import card
from rules import Match

from .bot_helpers import answered, choices, concede, current_table, move_ids, pick

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(
        guild="Card night",
        channel="cuttle",
        users=("alice", "bob"),
        env={"LOG_LEVEL": "INFO"},
        start=False,  # once the seed is found (the world fixture below)
    ),
]
MOVE = re.compile(r"move (\d+)$")
POINT_RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10")


def chain_script(seed: str) -> dict | None:
    """The deal allows: the first player P plays points, the other O plays a
    King, P plays a 6 (scrap every permanent), O counters with a 2, P
    re-counters with a 2, O lets it resolve: the King is scrapped."""
    match = Match.new("cuttle", 2, seed)
    p = match.to_act()[0]
    o = 1 - p
    mine, theirs = match.view(p)["hand"], match.view(o)["hand"]

    def of(hand, *ranks):
        return [c for c in hand if c[:-1] in ranks]

    points = of(mine, "a", "3", "4", "5", "7", "8", "9", "10")
    if not (
        points
        and of(mine, "6")
        and of(mine, "2")
        and of(theirs, "k")
        and of(theirs, "2")
        and not of(theirs, "q")
    ):
        return None
    return {
        "p": p,
        "points": points[-1],
        "six": of(mine, "6")[0],
        "p_two": of(mine, "2")[0],
        "king": of(theirs, "k")[0],
        "o_two": of(theirs, "2")[0],
    }


def find_prefix(start: int = 35_621) -> str:
    """A seed prefix whose matches #1 and #2 both allow the chain (either test
    may run first). The search starts where it succeeded last time, so it is
    instant while the engine deals the same; else it takes a few seconds."""
    for i in [*range(start, start + 2000), *range(start)]:
        if all(chain_script(f"chain{i}-{mid}") for mid in (1, 2)):
            return f"chain{i}"
    raise AssertionError("no seed prefix allows the scripted chain")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def world(world):
    """The shared world, its bot dealing from a seed prefix that allows the chain."""
    world.prefix = find_prefix()
    world.env["GAMEHOST_TEST_SEED"] = world.prefix
    world.bot = await world.spawn()
    return world


# -- helpers ------------------------------------------------------------------------


def description(message) -> str:
    return message.embeds[0].get("description", "")


def fields(message) -> dict[str, str]:
    return {f["name"]: f["value"] for f in message.embeds[0].get("fields", [])}


def field_of(message, name: str) -> str:
    """The value of the field whose name starts with `name` after the seat's
    colour (a player's field name goes on with points and hand size)."""
    return next(v for k, v in fields(message).items() if k.split(" ", 1)[-1].startswith(name))


def seq_of(message) -> int:
    found = MOVE.search(message.embeds[0]["footer"]["text"])
    assert found is not None, "a table's footer names its move"
    return int(found.group(1))


async def table_at(w, thread, seq: int):
    return await w.fake.wait_until(
        lambda: (t := current_table(w.fake, thread)) is not None and seq_of(t) >= seq and t,
        5,
        f"the table at move {seq}",
    )


async def start(w, *users, **options):
    """`/game new` by the first user, the others join; returns (thread, match id)."""
    known = set(map(id, w.fake.threads(w.channel)))
    new = await answered(
        await w.fake.slash(users[0], w.channel, "game new", game="cuttle", **options)
    )
    lobby = await new.wait_reply()
    for user in users[1:]:
        await answered(await w.fake.click(user, lobby, label="Join"))
    thread = await w.fake.wait_until(
        lambda: next(
            (
                t
                for t in w.fake.threads(w.channel)
                if id(t) not in known and current_table(w.fake, t)
            ),
            None,
        ),
        5,
        "the table in its thread",
    )
    mid = int(current_table(w.fake, thread).button(custom_id="hand:")["custom_id"].split(":")[1])
    return thread, mid


async def open_panel(w, user, thread):
    inter = await answered(
        await w.fake.click(user, current_table(w.fake, thread), custom_id="hand:")
    )
    panel = await inter.wait_reply()
    assert panel.ephemeral and panel.visible_to == user.id
    return panel


def action_buttons(panel) -> dict[str, tuple[str, str | None]]:
    """label -> where to click, of every move the panel offers in one click."""
    return choices(panel)


async def choose_card(w, user, panel, code: str) -> dict[str, tuple[str, str | None]]:
    """The moves of one card: from the card list when the panel groups by
    card (a card with one use is played by choosing it), else those of the
    panel's move list that name the card."""
    select = next((s for s in panel.selects() if s["custom_id"].startswith("gg:")), None)
    if select is None:
        return {
            label: where
            for label, where in choices(panel).items()
            if label.startswith((card(code), f"One-off {card(code)}"))
        }
    assert code in [o["value"] for o in select["options"]]
    await answered(await w.fake.select(user, panel, [code], custom_id=select["custom_id"]))
    return action_buttons(panel)


async def press(w, user, panel, label: str) -> None:
    custom_id, value = action_buttons(panel)[label]
    if value is None:
        await answered(await w.fake.click(user, panel, custom_id=custom_id))
    else:
        await answered(await w.fake.select(user, panel, [value], custom_id=custom_id))


def assert_no_hand_in_public(w, thread) -> None:
    """Hands appear only in ephemeral panels, in every revision of every message."""
    for message in w.fake.messages(thread, ephemeral=False, include_deleted=True):
        for rev in [*message.history, message]:
            text = str(rev.embeds) + rev.content
            assert "Your hand" not in text and "Their hand" not in text


async def told_by_panel(w, user, panel):
    """`user`, playing with their panel open, is told it's their decision by
    that panel, redrawn for them (they are not pinged: cogs/play/after_move.py)."""
    await w.fake.wait_until(
        lambda: "**Your decision:**" in description(panel),
        5,
        f"{user.name}'s panel to show their decision",
    )


# -- the scripted counter chain ---------------------------------------------------------
async def test_a_one_off_countered_and_recountered_between_two_users(world):
    w, fake = world, world.fake
    thread, mid = await start(w, w.alice, w.bob, players=2)  # alice seat 0, bob seat 1
    s = chain_script(f"{w.prefix}-{mid}")
    users = (w.alice, w.bob)
    p, o = users[s["p"]], users[1 - s["p"]]
    names = ("alice", "bob")
    p_name, o_name = names[s["p"]], names[1 - s["p"]]
    p_panel, o_panel = await open_panel(w, p, thread), await open_panel(w, o, thread)
    assert "Your decision" in description(p_panel) and "Your decision" not in description(o_panel)

    # P plays points, O a King (target 14)
    await choose_card(w, p, p_panel, s["points"])
    await press(
        w,
        p,
        p_panel,
        next(
            label
            for label in action_buttons(p_panel)
            if label.startswith(f"{card(s['points'])} as points")
        ),
    )
    await answered(await fake.click(o, o_panel, label="Refresh"))
    buttons = await choose_card(w, o, o_panel, s["king"])
    assert list(buttons) == [f"{card(s['king'])} as King (lowers your target)"]
    await press(w, o, o_panel, list(buttons)[0])
    table = await table_at(w, thread, 2)
    king = card(s["king"])
    assert field_of(table, f"{o_name} · 0/14 points (👑×1)") == f"no point cards\n👑 {king}"

    # P: the 6 as a one-off; O is told and offered the counter
    await answered(await fake.click(p, p_panel, label="Refresh"))
    buttons = await choose_card(w, p, p_panel, s["six"])
    six = f"One-off {card(s['six'])}: scrap every permanent"
    assert six in buttons
    await press(w, p, p_panel, six)
    assert not action_buttons(p_panel)  # P's panel, redrawn, waits for O
    await told_by_panel(w, o, o_panel)
    table = await table_at(w, thread, 3)
    assert description(table) == (
        f"**{o_name}** may counter {card(s['six'])} with a 2, or let it resolve."
    )
    assert fields(table)["One-off"] == f"{p_name}'s {card(s['six'])}: scrap every permanent"
    assert not [b for b in table.buttons() if b["custom_id"].startswith("g:")]  # all in panels
    await answered(await fake.click(o, o_panel, label="Refresh"))
    assert description(o_panel) == (
        f"**Your decision:** Counter their one-off {card(s['six'])} "
        "(scrap every permanent) with a 2, or let it resolve."
    )
    counter = f"Counter with {card(s['o_two'])}"
    assert counter in action_buttons(o_panel) and "Let it resolve" in action_buttons(o_panel)

    # O counters; P is told and may re-counter
    await press(w, o, o_panel, counter)
    await told_by_panel(w, p, p_panel)
    table = await table_at(w, thread, 4)
    assert description(table) == (
        f"**{p_name}** may counter {card(s['o_two'])} with a 2, or let it resolve."
    )
    assert fields(table)["One-off"].endswith(f"\nCounters: {card(s['o_two'])}")
    await answered(await fake.click(p, p_panel, label="Refresh"))
    assert description(p_panel).startswith(
        f"**Your decision:** Counter their counter {card(s['o_two'])} (against your one-off"
    )
    recounter = f"Counter with {card(s['p_two'])}"
    assert recounter in action_buttons(p_panel) and "Let it resolve" in action_buttons(p_panel)

    # P re-counters; O is told again and lets it resolve: the 6 scraps the King
    await press(w, p, p_panel, recounter)
    await told_by_panel(w, o, o_panel)
    table = await table_at(w, thread, 5)
    assert fields(table)["One-off"].endswith(f"\nCounters: {card(s['o_two'])} ← {card(s['p_two'])}")
    await answered(await fake.click(o, o_panel, label="Refresh"))
    assert set(action_buttons(o_panel)) <= {"Let it resolve"} | {
        f"Counter with {card(c)}" for c in ("2c", "2d", "2h", "2s")
    }
    await press(w, o, o_panel, "Let it resolve")
    table = await table_at(w, thread, 6)
    assert description(table) == f"**{o_name}** to play: draw, or play a card."
    assert "One-off" not in fields(table)
    assert field_of(table, f"{o_name} · 0/21 points") == "no point cards\nno permanents"
    assert f"scrap: 4 cards, top {king}\nScrap, oldest first: " in fields(table)["Deck and scrap"]
    # the one-off, its counters and what came of it: one entry
    assert fields(table)["Recent moves"].split("\n")[-1] == (
        f"**{p_name}** played {card(s['six'])} as a one-off: scrap every permanent; "
        f"**{o_name}** countered with {card(s['o_two'])}; "
        f"**{p_name}** countered with {card(s['p_two'])}; "
        f"**{o_name}** let it resolve ({card(s['six'])} resolves: scrapped {king})."
    )

    # O concedes: the final table names the winner
    await concede(fake, o, thread)
    final = await fake.wait_until(
        lambda: "Game over" in current_table(w.fake, thread).text and current_table(w.fake, thread),
        5,
        "the final table",
    )
    assert description(final).split("\n")[:2] == ["**Game over.**", "Won by concession."]
    assert f"🏆 **{p_name}**" in description(final)
    assert f"🏆 **{o_name}**" not in description(final)
    assert_no_hand_in_public(w, thread)
    assert fake.problems() == []


# -- a whole match against a bot --------------------------------------------------------
def value(label: str) -> int:
    """Card select option `10♦` -> 10, `A♠` -> 1, a J/Q/K or a revealed card -> 0."""
    rank = label.split(" ")[0][:-1]
    return 1 if rank == "A" else int(rank) if rank.isdigit() else 0


async def play_once(w, user, panel) -> None:
    """One decision: the highest card as points when possible, else draw or
    pass; counter windows resolve; otherwise the first choice offered."""
    buttons = action_buttons(panel)
    if "Let it resolve" in buttons:
        await press(w, user, panel, "Let it resolve")
        return
    points = sorted((b for b in buttons if " as points" in b), key=lambda b: -value(b))
    if points:
        await press(w, user, panel, points[0])
        return
    if buttons:
        first = next((b for b in buttons if b.startswith(("Draw", "Pass"))), next(iter(buttons)))
        await press(w, user, panel, first)
        return
    await pick(w.fake, user, panel)


async def test_a_user_plays_a_whole_match_against_a_bot(world):
    w, fake = world, world.fake
    thread, mid = await start(w, w.alice, players=2, bots=1)
    panel = await open_panel(w, w.alice, thread)
    moves = 0
    while True:
        table = await fake.wait_until(
            lambda: (
                (t := current_table(w.fake, thread))
                and ("Game over" in t.text or description(t).startswith("**alice**"))
                and t
            ),
            5,
            "alice's turn or the end",
        )
        if "Game over" in table.text:
            break
        await answered(await fake.click(w.alice, panel, label="Refresh"))
        if "Your decision" not in description(panel):
            continue  # the table was drawn just before the bot's move
        before = seq_of(panel)
        await play_once(w, w.alice, panel)
        await table_at(w, thread, before + 1)
        moves += 1
        assert moves < 200
    final = current_table(w.fake, thread)
    lines = description(final).split("\n")
    assert lines[0] == "**Game over.**"
    assert "🏆" in description(final) or lines[1].startswith("**Draw**")
    assert any(name.split(" ", 1)[-1].startswith("alice · ") for name in fields(final))
    assert any(name.split(" ", 1)[-1].startswith("🤖 Greedy 2 · ") for name in fields(final))
    assert not move_ids(final)
    assert_no_hand_in_public(w, thread)
    assert fake.problems() == []
