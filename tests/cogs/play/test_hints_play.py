"""A hint is one of the panel's own choices (issue 42): named in that
choice's words, a whole turn where the panel offers one, duplicates said as
one move, the gain in the game's points only where the game reckons in
them, and a ▶ Play it button that plays exactly that choice through the
same move path as a panel click (a stale one refused, changing nothing)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

import pytest

from cogs import replies
from cogs.component_table import Component
from cogs.i18n import _, speaking
from cogs.play import hints
from cogs.play.buttons import ITEMS, PlayHintButton
from cogs.presenters import Presenter, presenter_for
from cogs.replies import guarded
from rules import Action, Match
from rules.bots.hint import Hint, hint
from storage import Store
from tests.cogs.helpers import MockBot, MockInteraction, MockMember, MockMessage
from tests.cogs.matches import ALICE, BOB, NAMES

from .test_hints import JAPANESE, Table, table_of

log = logging.getLogger(__name__)


@pytest.fixture
async def table(store: Store) -> AsyncIterator[Table]:
    made = await table_of(store, allowed=True)
    yield made
    await made.tables.stop()


def play_buttons(inter: MockInteraction) -> list[Component]:
    [call] = inter.followup.send.await_args_list
    view = call.kwargs["view"]
    return [item for item in view.children if isinstance(item, PlayHintButton)]


async def press(table: Table, user_id: int, button: Component) -> MockInteraction:
    """`user_id` presses ▶ Play it on the hint's message (their own ephemeral one)."""
    member = MockMember(id=user_id, name=NAMES.get(user_id, f"user{user_id}"))
    message = MockMessage(ephemeral=True, shown_to=member)
    inter = MockInteraction(user=member, message=message, client=MockBot())
    carried = button.carried
    play = table.clicks.on_play_hint(inter, carried["match_id"], carried["seq"], carried["key"])
    await guarded(inter, play, log)
    return inter


def test_the_play_button_is_restart_proof_and_registered():
    button = PlayHintButton(123456789012345678, 987654321, "play:b7+pawn:0+draw:deck")
    assert button.custom_id == "hp:123456789012345678:987654321:play:b7+pawn:0+draw:deck"
    assert PlayHintButton in ITEMS and len(button.custom_id) <= 100
    assert button.item.label == "▶ Play it"
    with speaking("ja"):
        assert JAPANESE.search(PlayHintButton(1, 2, "stop").item.label or "")


async def test_play_it_plays_exactly_the_choice_the_hint_named(table: Table):
    inter = await table.ask(ALICE)
    [button] = play_buttons(inter)
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None
    presenter = presenter_for("keltis")
    found = hint(loaded.match, 0)
    (key, move), _other = hints.hint_choices(presenter, found, loaded.match, 0)
    assert (button.match_id, button.seq, button.key) == (table.match_id, 0, key)
    [(_how, text)] = inter.answers()[1:]
    assert f"**{move}**" in (text or "")

    played = await press(table, ALICE, button)
    after = await table.store.load(table.match_id)
    assert after.match is not None
    assert [k for _seat, k in after.match.log] == key.split("+")  # that choice, all of it
    assert table.tables.moves.committed == 1
    played.edit_original_response.assert_awaited_once_with(view=None)  # its button goes

    again = await press(table, ALICE, button)  # the table has moved on: refused politely
    assert again.answers()[-1][1] == _(replies.STALE_SHORT) and again.private()
    assert (await table.store.load(table.match_id)).match.log == after.match.log  # type: ignore[union-attr]


async def test_a_stale_play_button_is_refused_and_changes_nothing(table: Table):
    inter = await table.ask(ALICE)
    [button] = play_buttons(inter)
    old = PlayHintButton(table.match_id, 5, button.key)  # an earlier (other) move's button
    refused = await press(table, ALICE, old)
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None and loaded.match.log == [] and loaded.seq == 0
    assert table.tables.moves.committed == 0
    assert refused.private() and refused.answers()[-1][1] == _(replies.STALE_SHORT)
    refused.edit_original_response.assert_not_awaited()


async def test_only_the_seats_own_player_plays_it(table: Table):
    inter = await table.ask(ALICE)
    [button] = play_buttons(inter)
    for other, why in ((BOB, replies.NOT_YOUR_TURN), (999, replies.NOT_SEATED)):
        refused = await press(table, other, button)  # the other seat; someone with no seat
        assert refused.private() and refused.answers()[-1][1] == _(why)
    loaded = await table.store.load(table.match_id)
    assert loaded.match is not None and loaded.match.log == []
    assert table.tables.moves.committed == 0


# -- the choice, in the panel's words -----------------------------------------------


def test_the_choice_going_furthest_along_the_turn_is_named():
    presenter = Presenter()
    play, pawn, draw = Action.parse("play:b7"), Action.parse("pawn:0"), Action.parse("draw:deck")
    offered = [
        ("play:b7+pawn:1", "b7, pawn 1"),
        ("play:b7+pawn:0", "b7, pawn 0"),
        ("play:b7+pawn:0+draw:deck", "b7, pawn 0, draw"),
        ("play:b7", "b7 alone"),
        ("play:y1", "y1"),
    ]
    assert hints.panel_choice(presenter, (play, pawn, draw), offered, {}) == offered[2]
    assert hints.panel_choice(presenter, (play, pawn), offered, {}) == offered[1]
    other = Action.parse("pawn:2")  # a follow-up offered in no whole turn: the rest is theirs
    assert hints.panel_choice(presenter, (play, other), offered, {}) == offered[3]
    lone = Action.parse("discard:b7")  # offered in no form: its own label, its own key
    assert hints.panel_choice(presenter, (lone,), offered, {}) == ("discard:b7", "discard:b7")


class Reckoning(Presenter):
    hint_points = True


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_gain_is_in_points_only_where_the_game_reckons_in_them(lang):
    found = Hint(Action.parse("a"), only=False, runner_up=Action.parse("b"), gain=31.2)
    with speaking(lang):
        in_points = hints.hint_text(Reckoning(), found, "A", "B")
        clearly = hints.hint_text(Presenter(), found, "A", "B")
        assert "31" in in_points and "31" not in clearly
        assert clearly.startswith(_(hints.CLEAR, move="A", other="B"))
        even = Hint(Action.parse("a"), only=False, runner_up=Action.parse("b"), gain=0.01)
        assert hints.hint_text(Presenter(), even, "A", "B").startswith(
            _(hints.EVEN, move="A", other="B")
        )
        sole = hints.hint_text(Presenter(), found, "A", None)
        assert sole.startswith(_(hints.SOLE, move="A"))
    if lang == "ja":
        assert JAPANESE.search(clearly) and "clearly" not in clearly


def test_each_game_says_whether_its_bots_reckon_in_its_points():
    for game in hints_games():
        assert isinstance(presenter_for(game).hint_points, bool)
    assert presenter_for("cuttle").hint_points is False  # played to 21; its bots reckon otherwise
    assert presenter_for("keltis").hint_points is True


def hints_games() -> list[str]:
    from tests.profiles import games

    return games()


def test_a_runner_up_that_is_the_same_choice_is_no_second_move():
    match = Match.new("keltis", 2, "same", {"first_player": 0})
    presenter = presenter_for("keltis")
    first = match.legal(0)[0]
    found = Hint(first, only=False, runner_up=first, gain=2.0)
    (key, move), other = hints.hint_choices(presenter, found, match, 0)
    assert other is None and key.startswith(first.key())
    assert hints.hint_text(presenter, found, move, other).startswith(_(hints.SOLE, move=move))


def test_the_dice_are_named_as_the_marking_panel_names_them():
    match = Match.new("keltis_dice", 2, "dice")
    seat = match.to_act()[0]
    match.act(seat, "roll", match.seq)
    presenter = presenter_for("keltis_dice")
    state = match.view(seat)
    offered = dict(hints.panel_choices(presenter, match, seat))
    reroll = next(a for a in match.legal(seat) if a.verb == "reroll")
    found = Hint(reroll, only=False)
    (key, move), _other = hints.hint_choices(presenter, found, match, seat)
    assert key == reroll.key() and offered[key] == move
    marks = [m for m in range(1, 32) for k, _l in presenter.toggle_moves(state, m) if k == key]
    assert move == presenter.toggle_moves(state, min(marks))[0][1]  # the panel's own words
    stop = Action.parse("stop")
    then = tuple(a for a in match.preview(seat, stop).legal(seat))[:1]
    (key, move), _other = hints.hint_choices(
        presenter, Hint(stop, only=False, then=then), match, seat
    )
    assert key == "+".join(a.key() for a in (stop, *then)) and offered[key] == move
