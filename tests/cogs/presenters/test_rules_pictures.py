"""The example positions of `/game rules` (issue 45): every game with a
board picture has one or two, each replayed from the setup to a position
still in play, its caption's facts true of the public view it is drawn
from, its rule ids on the game's rules page, its caption in English and
Japanese; an example whose moves become illegal fails (and is left out of
the answer); the pictures are drawn by the board worker, once."""

from __future__ import annotations

import dataclasses

import pytest

from cogs.i18n import speaking
from cogs.presenters import presented_games, presenter_for, rules_pictures
from cogs.presenters.base import board_view
from cogs.presenters.image_cache import BOARDS, view_key
from cogs.presenters.rules_pictures import Example, examples_of, replay, steps
from rules import RulesError
from tests.cogs.presenters.rules_pictures_helpers import check_example

GAMES = ["keltis", "oracle", "keltis_dice", "cuttle", "cucco"]
EXAMPLES = [
    pytest.param(game_id, index, id=f"{game_id}-{index + 1}")
    for game_id in GAMES
    for index in range(len(examples_of(game_id)))
]


@pytest.fixture(autouse=True)
def fresh_views():
    """Replays cached by an earlier test (maybe of a patched example) are forgotten."""
    rules_pictures._views.cache_clear()
    yield
    rules_pictures._views.cache_clear()


def test_every_game_with_a_board_has_one_or_two_examples():
    for game_id in GAMES:
        assert presenter_for(game_id).has_board
        assert 1 <= len(examples_of(game_id)) <= rules_pictures.MAX_EXAMPLES, game_id
    assert set(GAMES) <= set(presented_games())


@pytest.mark.parametrize(("game_id", "index"), EXAMPLES)
def test_an_example_replays_to_a_position_in_play_where_its_caption_holds(game_id, index):
    """...citing rules of the game's page, translated (rules_pictures_helpers)."""
    check_example(game_id, examples_of(game_id)[index])


def test_an_example_whose_moves_became_illegal_fails():
    example = examples_of("cuttle")[0]
    # Ben's 10♥ is no longer played: Ann's jack has nothing to take
    broken = dataclasses.replace(
        example, moves=steps("0 points:3d, 1 points:7s, 0 jack:jc:10h, 1 draw, 0 perm:kc")
    )
    with pytest.raises(RulesError):
        replay("cuttle", broken)
    # a move made out of turn fails too
    with pytest.raises(RulesError):
        replay("cuttle", dataclasses.replace(example, moves=((1, "draw"),)))


def test_a_position_short_of_its_moves_does_not_satisfy_the_caption():
    """The facts are checked, not assumed: before the last move that is not
    a draw (the one that made the position), they fail."""
    for game_id in GAMES:
        for example in examples_of(game_id):
            last = max(i for i, (_s, key) in enumerate(example.moves) if not key.startswith("draw"))
            earlier = dataclasses.replace(example, moves=example.moves[:last])
            assert not example.holds(replay(game_id, earlier).view(None)), game_id


def test_an_example_that_no_longer_replays_is_left_out(monkeypatch, caplog):
    good = examples_of("keltis")[0]
    bad = dataclasses.replace(good, moves=(*good.moves, (0, "play:g0:g")))
    monkeypatch.setattr(rules_pictures, "examples_of", lambda game_id: (bad,))
    assert rules_pictures.positions("keltis") == ()
    assert "no longer replay" in caplog.text


def test_steps_read_a_log():
    assert steps("0 roll, 1 move:b , 0 draw:deck") == ((0, "roll"), (1, "move:b"), (0, "draw:deck"))


def test_a_game_without_a_board_picture_has_no_examples(monkeypatch):
    monkeypatch.setattr(type(presenter_for("cuttle")), "has_board", property(lambda self: False))
    assert examples_of("cuttle") == ()
    assert examples_of("no_such_game") == ()


def test_an_example_is_data():
    example = examples_of("keltis")[0]
    assert isinstance(example, Example)
    assert example.seed and example.players == 2 and example.options == {}


async def test_the_pictures_are_drawn_by_the_worker_once(board_worker):
    BOARDS.clear()
    with speaking("en"):
        assert not rules_pictures.drawn("keltis")
        before = BOARDS.renders
        shown = await rules_pictures.pictures("keltis")
        assert BOARDS.renders == before + len(examples_of("keltis"))
        assert board_worker.starts == 1  # drawn in the worker process, not here
        assert rules_pictures.drawn("keltis")
        again = await rules_pictures.pictures("keltis")
        assert BOARDS.renders == before + len(examples_of("keltis"))  # the cache's
    for index, ((embed, file), (example, view, names)) in enumerate(
        zip(shown, rules_pictures.positions("keltis"), strict=True)
    ):
        name = rules_pictures.filename("keltis", index)
        assert embed.description == example.caption
        assert embed.image.url == f"attachment://{name}"
        assert file.filename == name
        png = file.fp.read()
        assert png.startswith(b"\x89PNG")
        assert png == BOARDS.lookup(view_key("keltis", board_view(view, None), names))
        alt = presenter_for("keltis").board_alt(view, rules_pictures.said(2), None)
        assert file.description == alt
    assert [e.to_dict() for e, _f in again] == [e.to_dict() for e, _f in shown]


async def test_captions_and_alt_texts_follow_the_readers_language():
    with speaking("ja"):
        [(embed, file)] = await rules_pictures.pictures("cuttle")
    assert embed.description is not None and embed.description.startswith("C-5a：アンの")
    assert file.description is not None and "アン" in file.description
    assert "Ann" not in file.description and "Ben" not in file.description
