"""A tournament table whose match of bots was stopped for having no end
(cogs/play/endless.py, issue 43) has a result, a draw, so its round can
finish; the standings say so in words, in English and Japanese."""

from __future__ import annotations

from cogs.i18n import speaking
from cogs.tournaments.board import render
from cogs.tournaments.record import played
from cogs.tournaments.runner import is_done, next_round
from storage import Store
from tests.cogs.tournaments.test_record import concede, round_one
from tournaments.scoring import scores


async def test_a_stopped_table_is_a_draw_and_its_round_finishes(store: Store) -> None:
    tournament = await round_one(store)
    [first, second] = (await played(store, tournament)).of_round(1)
    assert first.match_id is not None
    await store.stop_endless(first.match_id, expected_seq=0)
    record = await played(store, tournament)
    [draw] = record.history[0].results
    assert draw.players == first.players and draw.places == (1, 1)
    assert record.stopped == {first.match_id: 0}
    assert not record.round_over(1)  # the other table still plays
    await concede(store, second.match_id, 1)
    record = await played(store, tournament)
    assert record.round_over(1) and not is_done(tournament, record)
    assert {scores(record.history)[p] for p in first.players} == {0.5}  # half a point each
    assert next_round(tournament, record).number == 2


async def test_the_standings_say_a_table_was_stopped(store: Store) -> None:
    tournament = await round_one(store)
    first = (await played(store, tournament)).of_round(1)[0]
    assert first.match_id is not None
    await store.stop_endless(first.match_id, expected_seq=0)
    tournament = await store.tournament(tournament.id)
    record = await played(store, tournament)
    embed, _view = render(tournament, record)
    rows = str(embed.fields[-1].value).splitlines()
    assert rows[0].endswith("✅ (stopped: no end after 0 moves; a draw)")
    assert rows[1].endswith("⏳")
    with speaking("ja"):
        embed, _view = render(tournament, record)
    assert "0手" in str(embed.fields[-1].value)
