"""Quick passes (issue 42): a player who chose them (`/game notify
quick_pass:`, off by default) is not asked a decision that is their only
one and that their game lets be made for them (Cuttle: let a one-off
resolve when they hold no 2). The seat service makes it through the
click's move path, as their own move, after a bot's pause; they are not
pinged for it; the engine still asks (it is unchanged)."""

from __future__ import annotations

import unittest.mock

import discord

from cogs.hosting.moderation import Moderation
from cogs.play.moves import Mover
from cogs.play.quick_pass import QUICK_PASS_KEY, passable, quick_passes
from cogs.play.seats import SeatService
from cogs.presenters import presenter_for
from storage import Store
from tests.cogs.helpers import MockInteraction, MockMember
from tests.cogs.matches import ALICE, BOB, mocked_tables, started, tables_with
from tests.cogs.play.test_resume import with_editor
from tests.cogs.play.test_seats import rig, until

#: dealer 1: Alice (seat 0) starts holding a 6; seeds found once (see `counter_window`)
NO_TWO_SEED = "qp18"  # Bob holds no 2
TWO_SEED = "qp0"  # Bob holds a 2


async def counter_window(store: Store, seed: str) -> int:
    """Alice played her 6 as a one-off: Bob owes the counter decision."""
    match_id = await started(store, "cuttle", [ALICE, BOB], seed=seed, options={"dealer": 1})
    r = rig(store)
    async with r.moves.lock(match_id):
        await r.moves.play(match_id, Mover(ALICE, None), None, ["oneoff:6c"])
    loaded = await store.load(match_id)
    assert loaded.match is not None and loaded.match.to_act() == (1,)
    return match_id


async def test_only_a_player_holding_no_2_has_a_quick_pass_and_only_if_they_chose_it(
    store: Store,
) -> None:
    no_two = await store.load(await counter_window(store, NO_TWO_SEED))
    two = await store.load(await counter_window(store, TWO_SEED))
    assert passable(no_two) == {BOB: (1, "resolve")}
    assert passable(two) == {}  # asked: they may counter
    assert await quick_passes(store, no_two) == {}  # off by default
    await store.set_user_setting(BOB, QUICK_PASS_KEY, True)
    assert await quick_passes(store, no_two) == {BOB: (1, "resolve")}
    assert await quick_passes(store, two) == {}


async def test_the_engine_still_asks_the_counter_decision(store: Store) -> None:
    loaded = await store.load(await counter_window(store, NO_TWO_SEED))
    assert loaded.match is not None
    assert [a.key() for a in loaded.match.legal(1)] == ["resolve"]
    assert loaded.match.forced(1) is None  # not made without asking by the engine


async def test_a_quick_pass_is_made_as_the_players_own_move(store: Store) -> None:
    match_id = await counter_window(store, NO_TWO_SEED)
    await store.set_user_setting(BOB, QUICK_PASS_KEY, True)
    r = rig(store)
    seats = r.seats()
    seats.schedule(await store.load(match_id))
    await until(lambda: shown_once(r.shown))
    await seats.idle()
    loaded = await store.load(match_id, verify=True)  # the log replays to the snapshot
    assert loaded.match is not None
    seat, action = loaded.match.log[-1]
    assert (seat, str(action)) == (1, "resolve")  # Bob's own resolve, in the history
    assert loaded.match.to_act() == (1,)  # now their own turn, asked
    [call] = r.shown.await_args_list
    assert call.args[0].seq == loaded.seq and call.args[1] == frozenset()  # then pinged
    await seats.stop()


async def shown_once(shown: unittest.mock.AsyncMock) -> bool:
    return shown.await_count > 0


async def test_without_the_choice_the_player_is_asked(store: Store) -> None:
    match_id = await counter_window(store, NO_TWO_SEED)
    r = rig(store)
    seats = r.seats()
    seats.schedule(await store.load(match_id))
    await seats.idle()
    assert r.commit.await_count == 0 and r.shown.await_count == 0
    assert (await store.load(match_id)).seq == 1
    await seats.stop()


async def test_the_player_passed_for_is_not_pinged_but_the_table_waits(store: Store) -> None:
    match_id = await counter_window(store, NO_TWO_SEED)
    tables, parts = mocked_tables(store)
    loaded = await store.load(match_id)
    await tables.after_move(loaded, frozenset({ALICE}), burst=True)
    parts.pings.notify.assert_awaited_once()  # asked: pinged
    parts.pings.reset_mock()
    parts.editor.reset_mock()
    await store.set_user_setting(BOB, QUICK_PASS_KEY, True)
    await tables.after_move(loaded, frozenset({ALICE}), burst=True)
    parts.pings.notify.assert_not_awaited()
    parts.editor.show.assert_not_awaited()
    parts.editor.want.assert_called()  # the table waits for the pass, as for a bot


async def test_notify_stores_the_choice_and_says_what_it_tells_others(store: Store) -> None:
    tables, parts = mocked_tables(store)
    moderation = Moderation(store, tables, parts.deadlines)
    answers = []
    for quick_pass in (None, True, None, False):
        inter = MockInteraction(
            user=MockMember(id=BOB), kind=discord.InteractionType.application_command
        )
        await moderation.notify(inter, None, quick_pass)
        [(_, text)] = inter.answers()
        answers.append(str(text))
    assert await store.get_user_setting(BOB, QUICK_PASS_KEY) is False
    off, on, still_on, off_again = answers
    cuttle = presenter_for("cuttle").quick_passes["resolve"]
    assert "Quick passes are off" in off and cuttle not in off
    assert "Quick passes are on" in on and cuttle in on and 'read a quick pass as "no 2"' in on
    assert still_on == on and off_again == off
    assert "mention" in off  # the notify mode is said too, unchanged
    forged = MockInteraction(
        user=MockMember(id=BOB), kind=discord.InteractionType.application_command
    )
    await moderation.notify(forged, None, "yes")  # type: ignore[arg-type]
    assert await store.get_user_setting(BOB, QUICK_PASS_KEY) is False


async def test_a_restart_makes_a_quick_pass_still_owed(store: Store) -> None:
    """The process stopped between a one-off and the pass made for the
    player: the resume makes it (no bot seat in that match)."""
    match_id = await counter_window(store, NO_TWO_SEED)
    await store.set_message(match_id, "table", 500, 600 + match_id)
    await store.set_user_setting(BOB, QUICK_PASS_KEY, True)
    seats = unittest.mock.create_autospec(SeatService, instance=True, spec_set=True)
    seats.owns.return_value = True
    tables, _ = with_editor(store)
    tables = tables_with(store, editor=tables.editor, seats=seats)
    await tables.resume()
    [call] = seats.schedule.call_args_list
    assert call.args[0].id == match_id and passable(call.args[0]) == {BOB: (1, "resolve")}
