"""A learn match's guide (issue 45): each kind of decision explained in the
panel the first time it comes, a **Why?** on later panels, the guide's
hint on the learner's first three choices; what was met is read from the
match's own record, so a bot restarted mid-match still knows it. Why?
pressed stale, by someone else or on another match is refused privately
and changes nothing."""

from __future__ import annotations

import logging
import unittest.mock
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest

from cogs import replies
from cogs.component_table import Component
from cogs.hosting.learn import NOT_LEARN, NOT_YOURS, WHY_STALE, Learning
from cogs.i18n import _
from cogs.play.hand_panels import HandPanels
from cogs.play.learn_buttons import ITEMS, WhyButton
from cogs.play.learn_guide import GUIDED, NEW_KIND, guidance, progress
from cogs.presenters import presenter_for
from cogs.presenters.lessons import Lesson
from cogs.replies import guarded
from rules import Match, get_game
from storage import LoadedMatch, SqliteStore, Store
from tests.cogs.helpers import CHANNEL_ID, GUILD_ID, MockBot, MockInteraction, MockMember
from tests.cogs.matches import ALICE, BOB, CAROL, NAMES, new_tables

log = logging.getLogger(__name__)

LESSONS = {
    "play": Lesson(("K-1",), "Play a card or discard one."),
    "draw": Lesson(("K-2",), "Draw a card."),
}


@pytest.fixture(autouse=True)
def kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keltis names two kinds here (whatever its own are): the draw, and the
    rest; its presenter has a lesson for each."""

    def kind(self, state, seat):
        return "draw" if any(a.verb == "draw" for a in self.legal(state, seat)) else "play"

    game = type(get_game("keltis"))
    monkeypatch.setattr(game, "decision_kind", kind)
    monkeypatch.setattr(game, "decision_kinds", ("play", "draw"))
    monkeypatch.setattr(type(presenter_for("keltis")), "lessons", LESSONS)


class Names:
    async def names_for(self, loaded: LoadedMatch) -> list[str]:
        return ["Alice", "Bob"]


async def lesson(store: Store, *, learn: bool = True) -> int:
    """A Keltis learn match of Alice (seat 0, to play first) and Bob."""
    match_id = await store.create_lobby(GUILD_ID, CHANNEL_ID, "keltis", {}, ALICE, learn=learn)
    for user in (ALICE, BOB):
        await store.add_user_seat(match_id, user, NAMES[user])
    await store.start_match(match_id, Match.new("keltis", 2, "learn", {"first_player": 0}))
    return match_id


async def move(store: Store, match_id: int) -> None:
    """The seat to act makes its first legal move (committed)."""
    loaded = await store.load(match_id)
    match = loaded.match
    assert match is not None
    seat = match.to_act()[0]
    events = match.act(seat, match.legal(seat)[0], match.seq)
    await store.commit(match_id, match, events)


async def panel(store: Store, match_id: int) -> tuple[discord.Embed, discord.ui.View]:
    """Alice's panel as a freshly started bot draws it (no memory of before)."""
    embed, view, _seen = await HandPanels(store, Names()).message(  # type: ignore[arg-type]
        await store.load(match_id), 0
    )
    return embed, view


def lesson_fields(embed: discord.Embed) -> list[str]:
    return [str(f.value) for f in embed.fields if f.name == _(NEW_KIND)]


def whys(view: discord.ui.View) -> list[Component]:
    return [item for item in view.children if isinstance(item, WhyButton)]


async def test_kinds_met_survive_a_restart_and_the_guide_steps_back(tmp_path: Path):
    path = tmp_path / "games.db"
    async with SqliteStore.open(path) as store:
        match_id = await lesson(store)
        embed, view = await panel(store, match_id)
        [text] = lesson_fields(embed)
        assert "Play a card or discard one." in text and "K-1" in text
        assert whys(view) == []  # explained in the panel itself
        assert any("(1/3)" in str(f.name) for f in embed.fields)  # the guide's first
        await move(store, match_id)  # Alice plays or discards: the draw comes
        embed, view = await panel(store, match_id)
        [text] = lesson_fields(embed)
        assert "Draw a card." in text and "K-2" in text
        await move(store, match_id)  # her draw, then Bob's turn
        await move(store, match_id)
        await move(store, match_id)
    # the bot restarted: a new store, nothing in memory; the record says it all
    async with SqliteStore.open(path) as store:
        loaded = await store.load(match_id)
        assert loaded.match is not None and loaded.match.to_act() == (0,)
        met = progress(loaded.match, 0)
        assert met.kinds == {"play", "draw"}
        embed, view = await panel(store, match_id)
        assert lesson_fields(embed) == []  # met before the restart: not again
        [why] = whys(view)
        assert why.custom_id == f"lw:{match_id}:{loaded.match.seq}"
        guide = guidance(presenter_for("keltis"), loaded.match, 0)
        assert guide.guided == met.choices + 1 <= GUIDED
        for _turn in range(8):  # four more turns of Alice's and Bob's
            await move(store, match_id)
        loaded = await store.load(match_id)
        assert loaded.match is not None
        assert progress(loaded.match, 0).choices > GUIDED
        embed, _view = await panel(store, match_id)
        assert not any("🧭" in str(f.name) for f in embed.fields)  # the guide stepped back


async def test_a_match_not_learnt_has_no_guide(store: Store):
    match_id = await lesson(store, learn=False)
    embed, view = await panel(store, match_id)
    assert lesson_fields(embed) == [] and whys(view) == []
    assert not any("🧭" in str(f.name) for f in embed.fields)


@pytest.fixture
async def learning(store: Store) -> AsyncIterator[Learning]:
    tables = new_tables(store)
    yield Learning(MockBot(), store, tables, unittest.mock.Mock())
    await tables.stop()


async def why(learning: Learning, user_id: int, match_id: int, seq: int) -> MockInteraction:
    inter = MockInteraction(user=MockMember(id=user_id, name=NAMES[user_id]))
    await guarded(inter, learning.why(inter, match_id, seq), log)
    return inter


async def test_why_shows_the_decisions_lesson_again_only_to_its_player(learning, store):
    match_id = await lesson(store)
    inter = await why(learning, ALICE, match_id, 0)
    [(how, args, kwargs)] = inter.response.answered
    assert how == "send_message" and kwargs["ephemeral"]
    assert "Play a card or discard one." in kwargs["embed"].description
    assert "K-1" in kwargs["embed"].description


async def test_stale_and_foreign_why_presses_are_refused_privately_changing_nothing(
    learning, store
):
    match_id = await lesson(store)
    await move(store, match_id)
    before = (await store.load(match_id)).match
    assert before is not None
    stale = await why(learning, ALICE, match_id, 0)  # an earlier decision's
    assert stale.answers() == [("send_message", _(WHY_STALE))] and stale.private()
    foreign = await why(learning, CAROL, match_id, before.seq)  # no seat here
    assert foreign.answers() == [("send_message", _(replies.NOT_SEATED))] and foreign.private()
    not_learnt = await lesson(store, learn=False)
    other = await why(learning, ALICE, not_learnt, 0)
    assert other.answers() == [("send_message", _(NOT_LEARN))] and other.private()
    after = (await store.load(match_id)).match
    assert after is not None and after.log == before.log


async def test_the_real_match_button_is_only_its_learners(learning, store):
    match_id = await lesson(store)
    before = len(await store.live_matches())
    inter = MockInteraction(user=MockMember(id=BOB, name=NAMES[BOB]))
    await guarded(inter, learning.real_match(inter, match_id), log)
    assert inter.answers() == [("send_message", _(NOT_YOURS))] and inter.private()
    not_learnt = await lesson(store, learn=False)
    inter = MockInteraction(user=MockMember(id=ALICE, name=NAMES[ALICE]))
    await guarded(inter, learning.real_match(inter, not_learnt), log)
    assert inter.answers() == [("send_message", _(NOT_LEARN))] and inter.private()
    assert len(await store.live_matches()) == before + 1  # only the match made here


def test_the_learn_buttons_are_restart_proof_and_registered():
    from cogs.hosting.extension import ITEMS as HOSTED

    button = WhyButton(123456789012345678, 987654321)
    assert button.custom_id == "lw:123456789012345678:987654321"
    assert set(ITEMS) <= set(HOSTED)
