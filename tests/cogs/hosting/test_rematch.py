"""Rematch (issue 31): the new lobby keeps the game, the options and the
seats in their order (bots at their level, a person a bot stood in for asked
back), moves the first player on by one seat as the engine deals it, and
starts once every person has confirmed; one lobby per finished match, and
whoever did not play is refused privately with nothing changed."""

from __future__ import annotations

import unittest.mock
from typing import Any

import pytest

from cogs import replies
from cogs.hosting import rematch
from cogs.hosting.lobby import Lobbies
from cogs.hosting.lobby_button import START_NOW
from cogs.play.seats import STAND_IN_KEY
from rules import Match, all_games, get_game
from storage import Status, Store
from tests.cogs.helpers import (
    CHANNEL_ID,
    GUILD_ID,
    MockBot,
    MockGuild,
    MockInteraction,
    MockMember,
)
from tests.cogs.matches import ALICE, BOB, CAROL, DAVE, new_tables, started


async def finished(store: Store, game: str, seats: list[int | str], **kw: Any) -> int:
    match_id = await started(store, game, seats, **kw)
    await store.finish(match_id, {"winners": [0]})
    return match_id


def moved_first(game: str, players: int, seed: str) -> None:
    """Deal a match by lot, then its rematch's: the first to act moved on one seat."""
    info = unittest.mock.Mock(
        game=game, players=players, seed=seed, options={}, seats=[None] * players
    )
    options = rematch.moved_on(info)
    first = Match.new(game, players, seed, {}).to_act()[0]
    again = Match.new(game, players, "another seed", options).to_act()[0]
    assert again == (first + 1) % players, (game, seed)


@pytest.mark.parametrize(
    "game", [g for g in sorted(all_games()) if rematch.first_player_option(g) is not None]
)
def test_the_first_player_moves_on_by_one_seat_in_every_game_that_has_the_option(game):
    players = get_game(game).max_players
    for seed in ("a", "b", "c", "d", "e", "f"):
        moved_first(game, players, seed)


def test_a_game_without_a_first_player_option_keeps_its_options():
    assert rematch.first_player_option("keltis_dice") is None  # drawn by lot, always
    info = unittest.mock.Mock(
        game="keltis_dice", players=2, seed="x", options={"side": "B"}, seats=[None] * 2
    )
    assert rematch.moved_on(info) == {"side": "B"}


async def test_the_plan_keeps_the_seats_in_order_and_the_bots_at_their_level(store: Store):
    match_id = await finished(store, "keltis", [BOB, "expert", ALICE, "random"])
    info = await store.info(match_id)
    plan = rematch.plan(info, await store.seat_history(match_id), ALICE)
    assert [(s.user_id, s.bot) for s in plan.seats] == [
        (BOB, None),
        (None, "expert"),
        (ALICE, None),
        (None, "random"),
    ]
    assert plan.lobby_options["seats"] == 4 and plan.game == "keltis"
    assert plan.settings[rematch.PENDING] == [BOB]  # the clicker owes nothing
    assert plan.settings[rematch.REMATCH_OF] == match_id


async def test_a_stated_first_player_moves_on_and_wraps_around(store: Store):
    for first, then in ((0, 1), (2, 0)):
        match_id = await finished(
            store, "keltis", [ALICE, BOB, CAROL], options={"first_player": first}
        )
        info = await store.info(match_id)
        plan = rematch.plan(info, await store.seat_history(match_id), ALICE)
        assert plan.lobby_options["options"]["first_player"] == then


async def test_a_person_a_bot_stood_in_for_is_asked_back_to_their_seat(store: Store):
    match_id = await started(store, "keltis", [ALICE, BOB, CAROL])
    await store.replace_seat(match_id, 1, how="conceded", bot="expert")
    await store.finish(match_id, {"winners": [0]})
    info = await store.info(match_id)
    history = await store.seat_history(match_id)
    assert rematch.players(info, history) == {ALICE, BOB, CAROL}
    plan = rematch.plan(info, history, CAROL)
    assert [s.user_id for s in plan.seats] == [ALICE, BOB, CAROL]
    assert plan.settings[rematch.PENDING] == [ALICE, BOB]


async def test_confirmations_are_kept_per_person_and_only_for_seated_ones(store: Store):
    match_id = await store.create_lobby(GUILD_ID, CHANNEL_ID, "keltis", {}, ALICE)
    for user in (ALICE, BOB, CAROL):
        await store.add_user_seat(match_id, user)
    await store.set_match_settings(match_id, {rematch.PENDING: [BOB, CAROL, DAVE]})
    info = await store.info(match_id)
    assert rematch.pending(info) == [BOB, CAROL]  # dave holds no seat
    after = rematch.confirmed(info, BOB)
    assert after is not None and after[rematch.PENDING] == [CAROL, DAVE]
    assert rematch.confirmed(info, ALICE) is None  # owed nothing


# -- the click ------------------------------------------------------------------------


def clicked_by(user_id: int) -> MockInteraction:
    return MockInteraction(user=MockMember(id=user_id, guild=MockGuild(id=GUILD_ID)))


def lobbies_on(store: Store) -> Lobbies:
    bot = MockBot()
    lobbies = Lobbies(bot, store, new_tables(store, bot))
    lobbies.start = unittest.mock.AsyncMock()  # type: ignore[method-assign]
    lobbies.refresh_lobby = unittest.mock.AsyncMock()  # type: ignore[method-assign]
    posted = iter(range(900, 999))

    async def post(info, send, *, thread: bool):
        message_id = next(posted)
        await store.set_message(info.id, "lobby", CHANNEL_ID, message_id)
        return unittest.mock.Mock(id=message_id, channel=unittest.mock.Mock(id=CHANNEL_ID))

    lobbies.post = post  # type: ignore[method-assign]
    return lobbies


async def rematch_lobbies(store: Store) -> list[int]:
    return [
        m.id
        for m in await store.live_matches(guild_id=GUILD_ID)
        if m.settings.get(rematch.REMATCH_OF) is not None
    ]


async def test_a_click_opens_one_lobby_and_a_second_click_confirms(store: Store):
    old = await finished(store, "keltis", [ALICE, BOB, "greedy"], options={"first_player": 1})
    lobbies = lobbies_on(store)
    first = clicked_by(ALICE)
    await lobbies.rematch(first, old)
    [new] = await rematch_lobbies(store)
    info = await store.info(new)
    assert info.status == Status.LOBBY and info.creator_id == ALICE
    assert [(s.user_id, s.bot) for s in info.seats] == [
        (ALICE, None),
        (BOB, None),
        (None, "greedy"),
    ]
    assert info.options["options"] == {"first_player": 2}
    assert rematch.pending(info) == [BOB] and first.private()
    assert "rematch is open" in str(first.answers()[-1][1])
    lobbies.start.assert_not_awaited()  # type: ignore[attr-defined]
    again = clicked_by(BOB)  # bob's click on the old table counts as his Join
    await lobbies.rematch(again, old)
    assert await rematch_lobbies(store) == [new] and again.private()
    assert "You're in the rematch" in str(again.answers()[-1][1])
    lobbies.start.assert_awaited_once()  # type: ignore[attr-defined]
    twice = clicked_by(ALICE)
    await lobbies.rematch(twice, old)
    assert "already open" in str(twice.answers()[-1][1])


async def test_a_click_by_someone_who_did_not_play_changes_nothing(store: Store):
    old = await finished(store, "keltis", [ALICE, BOB])
    lobbies = lobbies_on(store)
    inter = clicked_by(DAVE)
    await lobbies.rematch(inter, old)
    assert inter.answers() == [("send_message", rematch.NOT_A_PLAYER)] and inter.private()
    assert await rematch_lobbies(store) == []


async def test_a_forged_or_unfinished_match_is_refused(store: Store):
    running = await started(store, "keltis", [ALICE, BOB])
    lobbies = lobbies_on(store)
    for match_id, said in ((running, rematch.NOT_FINISHED), (987654, replies.UNKNOWN_MATCH)):
        inter = clicked_by(ALICE)
        await lobbies.rematch(inter, match_id)
        assert inter.answers() == [("send_message", said)] and inter.private()
    assert await rematch_lobbies(store) == []


async def test_only_hosts_open_a_rematch_where_only_hosts_open_matches(store: Store):
    old = await finished(store, "keltis", [ALICE, BOB])
    await store.set_setting(GUILD_ID, "host_role", 777)
    lobbies = lobbies_on(store)
    inter = clicked_by(BOB)
    await lobbies.rematch(inter, old)
    assert inter.answers() == [("send_message", rematch.ONLY_HOSTS)] and inter.private()
    assert await rematch_lobbies(store) == []


async def test_join_confirms_leave_frees_the_seat_and_the_lobby_stays_open(store: Store):
    old = await finished(store, "keltis", [ALICE, BOB, CAROL])
    lobbies = lobbies_on(store)
    await lobbies.rematch(clicked_by(ALICE), old)
    [new] = await rematch_lobbies(store)
    await lobbies.on_button(clicked_by(BOB), new, "join")
    assert rematch.pending(await store.info(new)) == [CAROL]
    lobbies.start.assert_not_awaited()  # type: ignore[attr-defined]
    start = clicked_by(ALICE)  # not while carol has still to say
    await lobbies.on_button(start, new, "start")
    assert "Still waiting for" in str(start.answers()[-1][1])
    stranger = clicked_by(DAVE)  # every seat is taken
    await lobbies.on_button(stranger, new, "join")
    assert str(stranger.answers()[-1][1]) == rematch.SEATS_TAKEN
    await lobbies.on_button(clicked_by(CAROL), new, "leave")
    info = await store.info(new)
    assert rematch.pending(info) == [] and info.user_ids == (ALICE, BOB)
    await lobbies.on_button(clicked_by(DAVE), new, "join")  # someone else takes it
    lobbies.start.assert_awaited_once()  # type: ignore[attr-defined]


async def test_a_host_starts_without_those_who_never_confirmed(store: Store):
    """Start while someone still owes Join: the host is asked, privately,
    whether to start without them; that button gives their seats, in place,
    to the server's stand-in bots and starts. Nobody else may press it."""
    old = await finished(store, "keltis", [ALICE, BOB, CAROL])
    await store.set_setting(GUILD_ID, STAND_IN_KEY, "random")
    lobbies = lobbies_on(store)
    await lobbies.rematch(clicked_by(ALICE), old)
    [new] = await rematch_lobbies(store)
    start = clicked_by(ALICE)
    await lobbies.on_button(start, new, "start")
    [(how, (text,), said)] = start.response.answered
    assert how == "send_message" and said["ephemeral"]
    assert "Still waiting for" in text and f"<@{BOB}>, <@{CAROL}>" in text
    [button] = said["view"].children
    assert button.custom_id == f"lobby:{new}:{START_NOW}"
    lobbies.start.assert_not_awaited()  # type: ignore[attr-defined]
    await lobbies.on_button(clicked_by(BOB), new, "join")  # bob confirms; carol never does
    stranger = clicked_by(BOB)
    await lobbies.on_button(stranger, new, START_NOW)
    assert "Only the match's creator" in str(stranger.answers()[-1][1])
    assert rematch.pending(await store.info(new)) == [CAROL]
    await lobbies.on_button(clicked_by(ALICE), new, START_NOW)
    info = await store.info(new)
    assert [(s.user_id, s.bot) for s in info.seats] == [
        (ALICE, None),
        (BOB, None),
        (None, "random"),
    ]
    assert rematch.pending(info) == []
    lobbies.start.assert_awaited_once()  # type: ignore[attr-defined]
