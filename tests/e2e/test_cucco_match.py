"""The real bot.py, as a process, against the fake Discord: one user and four
bot seats play a whole deal of Cucco (`/game new … players:5 bots:4` starts
at once). The deal is known from GAMEHOST_TEST_SEED and the bots are
deterministic, so the test scripts the user's every bid and card, checks the
panel offers exactly the engine's legal moves, that the user is told they are
the partner while the table keeps it secret until the called card is played,
and that the final table shows the chips."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from games.cucco.presenter import PRESENTER, hand_text
from rules import Action, Match
from rules.bots import choose_action

from .bot_helpers import answered, choices, current_table, move_ids, press_key

SEED = "cucco1"  # match 1 is dealt from "cucco1-1": there alice ends up the partner
pytestmark = [
    pytest.mark.asyncio(loop_scope="module"),
    pytest.mark.world(guild="Cucco night", channel="cards", users=("alice",), seed=SEED),
]
MOVE = re.compile(r"move (\d+)$")
BOTS = [f"🤖 Greedy {seat + 1}" for seat in range(1, 5)]


def user_choice(match: Match) -> str:
    """Alice's script: her strongest bid on her first turn, then pass; the
    first card offered in play."""
    legal = [a.key() for a in match.legal(0)]
    bids = [k for k in legal if k.startswith("bid:")]
    if bids and not any(seat == 0 for seat, _ in match.log):
        return bids[-1]
    return "pass" if "pass" in legal else legal[0]


def script() -> SimpleNamespace:
    """The whole match as the bot will play it: alice's turns (seq, key,
    legal keys, panel view), the move that reveals her, and the end."""
    match = Match.new("cucco", 5, f"{SEED}-1", {"deals": 1})
    turns, revealed, hands = [], None, {}
    while match.to_act():
        seat = match.to_act()[0]
        hands[match.seq] = [match.view(s)["hand"] for s in range(5)]
        if seat == 0:
            key = user_choice(match)
            turns.append((match.seq, key, {a.key() for a in match.legal(0)}, match.view(0)))
        else:
            key = choose_action(match, seat).key()
        for event in match.act(seat, key, match.seq):
            if event["type"] == "partner" and revealed is None:
                revealed = match.seq
    return SimpleNamespace(match=match, turns=turns, revealed=revealed, hands=hands)


def footer_move(embeds) -> int | None:
    for embed in embeds:
        found = MOVE.search((embed.get("footer") or {}).get("text", ""))
        if found:
            return int(found.group(1))
    return None


def embed_text(embeds) -> str:
    parts = []
    for e in embeds:
        parts += [e.get("description") or ""]
        parts += [f"{f['name']}\n{f['value']}" for f in e.get("fields", [])]
    return "\n".join(parts)


async def test_one_user_and_four_bots_play_a_deal_to_the_final_chips(world):
    w, fake, plan = world, world.fake, script()
    assert plan.match.state.history[0]["partner"] == 0 and plan.revealed, "the seed's premise"
    new = await answered(
        await fake.slash(w.alice, w.channel, "game new", game="cucco", players=5, bots=4, deals=1)
    )
    lobby = await new.wait_reply()
    await fake.wait_until(lambda: "started" in lobby.text, 5, "the lobby to start by itself")
    [thread] = fake.threads(w.channel)
    table = await fake.wait_until(lambda: current_table(w.fake, thread), 5, "the table")
    mid = table.button(custom_id="hand:")["custom_id"].split(":")[1]

    panel = None
    for seq, key, legal, view in plan.turns:
        await fake.wait_until(
            lambda seq=seq: footer_move(current_table(w.fake, thread).embeds) == seq,
            10,
            f"alice's turn at move {seq}",
        )
        if panel is None:
            inter = await answered(
                await fake.click(w.alice, current_table(w.fake, thread), custom_id="hand:")
            )
            panel = await inter.wait_reply()
        else:
            await answered(await fake.click(w.alice, panel, label="Refresh"))
        assert panel.ephemeral and footer_move(panel.embeds) == seq
        assert "**Your decision:**" in panel.text
        assert hand_text(view["hand"]) in panel.text
        offered = {  # key -> label: a button's, or an option's of the move list
            value or custom_id.split(":", 3)[3]: label
            for label, (custom_id, value) in choices(panel).items()
        }
        assert set(offered) == legal
        assert all(label == PRESENTER.label(Action.parse(k), view) for k, label in offered.items())
        if view["phase"] == "play":
            assert "You are the partner" in panel.text
        await press_key(fake, w.alice, panel, f"g:{mid}:{seq}:{key}")

    final = await fake.wait_until(
        lambda: (t := current_table(w.fake, thread)) and "Game over" in t.text and t, 10, "the end"
    )
    names = ["alice", *BOTS]
    outcome = plan.match.outcome()
    for line in PRESENTER.outcome_lines(outcome, names):
        assert line in final.text
    assert "chips" in final.text and "Deal 1: **🤖 Greedy" in final.text
    assert not move_ids(final)
    # Not asserted: a mention of alice. She opens her panel as her turn comes and
    # plays from it, so whether a ping beats her to it is a matter of timing (who
    # is pinged: tests/cogs/play/test_panel_redraws.py, tests/e2e/test_turn_ping.py).
    await fake.wait_until(lambda: thread.archived, 5, "the thread to be archived")
    check_public_messages(w, thread, plan)
    assert fake.problems() == []


def check_public_messages(w, thread, plan):
    """Every public revision: no hand, no 'Your …', and alice named as the
    partner only from the move that revealed her."""
    named = "Partner: **alice**"
    seen_secret = seen_named = 0
    for message in w.fake.messages(thread, ephemeral=False, include_deleted=True):
        for rev in [*message.history, message]:
            text, seq = embed_text(rev.embeds), footer_move(rev.embeds)
            if seq is None:
                continue
            assert "Your hand" not in text and "You are" not in text
            for hand in plan.hands.get(seq, []):
                for line in hand_text(hand).splitlines():
                    if line.count("·") >= 2:
                        assert line not in text
            if seq < plan.revealed:
                assert named not in text and "(partner)" not in text
                seen_secret += "secret until" in text
            else:
                seen_named += named in text
    assert seen_secret and seen_named
