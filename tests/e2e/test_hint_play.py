"""Taking a hint is 💡 + ▶ Play it (issue 42), in every game the bot
offers, from an async panel: alice, against bots, is away between turns
(Discord has forgotten her panels); told it is her move, she presses
**Your move**, then 💡 Hint in the panel it opens: the hint names one of
that panel's own choices in its own words (a card's use one click
further, behind the card), and its ▶ Play it button plays
exactly that choice (the match's log shows its keys from that move on,
made by her seat). A second press, the table having moved on, changes nothing."""

from __future__ import annotations

import pytest

from cogs import replies
from cogs.presenters import presenter_for
from rules import Action, get_game
from tests.profiles import games, profile

from .bot_helpers import current_table, read_db, replayed, reply

pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(guild="Hinted", users=("alice",), seed="hint-play"),
]


def labels(panel) -> set[str]:
    """Every move a panel offers, in its words (buttons and select options)."""
    found = {b["label"] for b in panel.buttons() if b["custom_id"].startswith("g:")}
    for select in panel.selects():
        if select["custom_id"].startswith("gs:"):
            found |= {o["label"] for o in select["options"]}
    return found


async def alices_turn(w, mid: int, seat: int) -> int:
    """The move at which alice owes her decision, the bots' done (also
    those deciding at the same time: their move would make her buttons
    stale, as any panel's)."""

    def ready():
        match = replayed(w.db, mid)
        assert not match.is_over(), match.outcome()
        return (match.seq,) if match.to_act() == (seat,) else None

    return (await w.fake.wait_until(ready, 15, "alice's turn"))[0]


@pytest.mark.parametrize("game", games())
async def test_a_hint_taken_with_play_it_from_an_async_panel(world, game):
    w, fake = world, world.fake
    channel = fake.add_text_channel(w.guild, f"hint-{game}")
    players = get_game(game).min_players
    await reply(
        await fake.slash(
            w.alice,
            channel,
            "game new",
            game=game,
            players=players,
            bots=players - 1,
            here=True,
            hints=True,
            **profile(game).options,
        )
    )
    table = await fake.wait_until(lambda: current_table(fake, channel), 5, "the table")
    mid = int(table.button(custom_id="hand:")["custom_id"].split(":")[1])
    [(seat,)] = read_db(
        w.db, "SELECT seat FROM seats WHERE match_id = ? AND user_id = ?", mid, w.alice.id
    )
    await alices_turn(w, mid, seat)
    for inter in fake.state.interactions:  # away for hours: Discord forgets her panels
        if inter.user is w.alice:
            inter.expire()
    told = await fake.wait_until(
        lambda: next(
            (
                m
                for m in reversed(fake.messages(channel, ephemeral=False))
                if any(b["custom_id"] == f"turn:{mid}" for b in m.buttons())
            ),
            None,
        ),
        10,
        "the notification of alice's move",
    )
    panel = await reply(await fake.click(w.alice, told, custom_id=f"turn:{mid}"))
    assert panel.ephemeral and panel.visible_to == w.alice.id
    at = await alices_turn(w, mid, seat)  # (the dice game's roll is made by Your move)
    hint = next(b for b in panel.buttons() if b["custom_id"] == f"hint:{mid}:{at}")
    answer = await reply(await fake.click(w.alice, panel, custom_id=hint["custom_id"]))
    assert answer.ephemeral and answer.visible_to == w.alice.id
    named = answer.text.split("**")[1]
    [play] = [b for b in answer.buttons() if b["custom_id"].startswith(f"hp:{mid}:{at}:")]
    assert play["label"] == "▶ Play it"
    keys = play["custom_id"].split(":", 3)[3].split("+")
    marking = any(s["custom_id"].startswith("mk:") for s in panel.selects())
    group = presenter_for(game).group(Action.parse(keys[0]))
    if named not in labels(panel) and len(keys) == 1 and group is not None:
        # a card's use, one click further: the card chosen, the panel lists its uses
        cards = next(s for s in panel.selects() if s["custom_id"].startswith("gg:"))
        await reply(await fake.select(w.alice, panel, [group], custom_id=cards["custom_id"]))
        await fake.wait_until(lambda: named in labels(panel), 5, "the card's uses")
    assert named in labels(panel) or (marking and keys[0].startswith("reroll:")), (
        named,
        labels(panel),
    )

    pressed = await fake.click(w.alice, answer, custom_id=play["custom_id"])
    await pressed.wait_answered(3.0)
    await fake.wait_until(
        lambda: len([s for s, _k in moves_from(w, mid, at) if s == seat]) >= len(keys),
        10,
        "her move",
    )
    rows = moves_from(w, mid, at)
    hers = [k for s, k in rows if s == seat]  # (a bot may decide at the same time)
    assert hers[: len(keys)] == keys, rows  # that choice, all of it, by her seat
    await fake.wait_until(
        lambda: not any(b["custom_id"].startswith("hp:") for b in answer.buttons()),
        5,
        "the hint's button gone",
    )
    # the same button pressed again (an older copy of the message): the
    # table has moved on, so it is refused privately and changes nothing
    said = await reply(await fake.forge(w.alice, channel, answer, play["custom_id"]))
    assert said.ephemeral and said.text == replies.STALE_SHORT
    assert moves_from(w, mid, at)[: len(rows)] == rows
    assert fake.problems() == []


def moves_from(w, mid: int, seq: int) -> list[tuple[int, str]]:
    """(seat, key) of the match's moves from `seq` on."""
    query = "SELECT seat, key FROM actions WHERE match_id = ? AND seq >= ? ORDER BY seq"
    return [(s, k) for s, k in read_db(w.db, query, mid, seq)]
