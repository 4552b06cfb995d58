"""Board images drawn in the worker process (issue 18): the same PNG as one
drawn here, cached like any other, one drawing for two asks at once, and
a new worker (or a thread) when the worker died."""

from __future__ import annotations

import asyncio
import random

import pytest

from cogs.i18n import speaking
from cogs.presenters import board_pool, presenter_for
from cogs.presenters.base import Presenter, board_view
from cogs.presenters.image_cache import BOARDS
from rules import Match

NAMES = ["Ann", "Zoë"]


def positions(game_id: str, count: int) -> list[dict]:
    match, rnd = Match.new(game_id, 2, f"pool-{game_id}"), random.Random(3)
    views: list[dict] = []
    while len(views) < count and match.to_act():
        seat = rnd.choice(match.to_act())
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        views.append(match.view(None))
    return views


@pytest.fixture
async def worker(monkeypatch):
    fresh = board_pool.BoardWorker()
    monkeypatch.setattr(board_pool, "WORKER", fresh)
    BOARDS.clear()
    yield fresh
    await fresh.stop()


@pytest.mark.parametrize("game_id", ["oracle", "keltis"])
async def test_the_worker_draws_what_this_process_would_and_the_cache_keeps_it(worker, game_id):
    presenter = presenter_for(game_id)
    view = positions(game_id, 3)[-1]
    before = BOARDS.renders
    png = await board_pool.board_image(presenter, view, NAMES)
    assert worker.starts == 1
    assert png == presenter.render_board(view, NAMES)
    assert (
        await board_pool.board_image(presenter, view, list(NAMES)) == png
    )  # a hit: not drawn again
    assert BOARDS.renders == before + 1


async def test_a_finished_board_gets_its_banner_from_the_worker_and_a_cache_entry_of_its_own(
    worker,
):
    """The outcome's public facts travel with the view to the worker (the
    winner banner) and into the cache's key: the same view without them is
    another picture."""
    presenter = presenter_for("cuttle")
    match, rnd = Match.new("cuttle", 2, "pool-over"), random.Random(5)
    while match.to_act():
        seat = rnd.choice(match.to_act())
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    view, outcome = match.view(None), match.outcome()
    plain = await board_pool.board_image(presenter, view, NAMES)
    over = await board_pool.board_image(presenter, view, NAMES, outcome)
    assert over != plain and worker.starts == 1
    assert over == presenter.render_board(board_view(view, outcome), NAMES)
    assert over == presenter.table_image(view, NAMES, outcome)  # the cache's, same key


async def test_the_worker_labels_boards_in_the_language_asked(worker):
    presenter = presenter_for("cuttle")
    view = positions("cuttle", 2)[-1]
    with speaking("ja"):
        png = await board_pool.board_image(presenter, view, NAMES)
        assert png == presenter.render_board(view, NAMES)


async def test_boards_asked_at_once_are_answered_in_order_and_one_drawing_is_shared(worker):
    presenter = presenter_for("oracle")
    views = positions("oracle", 4)
    before = BOARDS.renders
    pngs = await asyncio.gather(
        *(board_pool.board_image(presenter, v, NAMES) for v in views + views)
    )
    assert pngs[:4] == pngs[4:] == [presenter.render_board(v, NAMES) for v in views]
    assert BOARDS.renders == before + 4


async def test_a_dead_worker_is_replaced_and_the_board_comes_all_the_same(worker):
    presenter = presenter_for("keltis")
    first, second = positions("keltis", 2)
    await board_pool.board_image(presenter, first, NAMES)
    worker._process.kill()
    await worker._process.wait()
    assert await board_pool.board_image(presenter, second, NAMES) == presenter.render_board(
        second, NAMES
    )


async def test_a_game_without_a_board_asks_no_worker(worker):
    assert await board_pool.board_image(Presenter(), {"phase": "x"}, NAMES) is None
    assert worker.starts == 0
