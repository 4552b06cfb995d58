"""Every game's board image: random positions of every game and player count
render a small PNG, legible at the width Discord shows it, that depends on
nothing a spectator cannot see."""

import io
import itertools
import random

import pytest
from PIL import Image

from cogs.presenters import drawing, presenter_for
from cogs.presenters.image_cache import BOARDS
from games.keltis import board as keltis_board
from games.keltis_dice import board as keltis_dice_board
from games.oracle.board import base_image
from rules import Match, all_games
from rules.core.rng import Rng

NAMES = ["Ann", "Zoë", "🤖 Bot 3", "李小龍", "A very long display name indeed"]
GAMES = list(all_games())
# random playouts of every game, each position drawn: ~20 s of CPU
pytestmark = pytest.mark.slow


def positions(game_id: str, every: int = 9):
    """(match, names) at spread-out moments of random playouts, for each
    player count, ending with the finished game."""
    game = all_games()[game_id]
    games = 1
    if game_id == "cuttle":  # short games: more of them, seen more often
        every, games = max(every // 3, 1), 3
    for players, n in itertools.product(
        range(game.min_players, game.max_players + 1), range(games)
    ):
        match = Match.new(game_id, players, f"boards-{game_id}-{players}-{n}")
        rnd = random.Random(players + n)
        while match.to_act():
            if match.seq % every == 0:
                yield match, NAMES[:players]
            seat = rnd.choice(match.to_act())
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)
        yield match, NAMES[:players]


def draw(game_id: str, view: dict, names: list[str]) -> bytes | None:
    return presenter_for(game_id).render_board(view, names)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_positions_render_a_small_palette_png(game_id):
    shown = set()
    for match, names in positions(game_id):
        png = draw(game_id, match.view(None), names)
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG" and image.mode == "P"
        assert image.width == drawing.WIDTH and 300 <= image.height <= 1000
        assert len(png) < 200_000
        shown.add(png)
    assert len(shown) > 5  # the picture follows the game


@pytest.mark.parametrize("game_id", GAMES)
def test_every_text_is_legible_at_the_width_discord_shows(game_id, monkeypatch):
    """Every text drawn (recorded where the font is made) is at least 11 px
    high once the image is scaled to 400 px wide."""
    sizes = set()
    made = drawing.font

    def recording(size):
        sizes.add(size)
        return made(size)

    monkeypatch.setattr(drawing, "font", recording)
    base_image.cache_clear()  # the Oracle's fixed part draws text too
    keltis_dice_board.base_image.cache_clear()  # and the dice game's
    keltis_board._card_picture.cache_clear()  # and Keltis's cards
    try:
        for match, names in positions(game_id, every=23):
            draw(game_id, match.view(None), names)
    finally:
        base_image.cache_clear()
        keltis_dice_board.base_image.cache_clear()
    assert sizes
    assert min(sizes) * drawing.SHOWN_WIDTH / drawing.WIDTH >= drawing.MIN_SHOWN_TEXT == 11


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hidden_card_never_changes_the_image(game_id):
    """Re-dealing what a spectator cannot see changes no byte, and a seat's
    own view (with its hand) draws the same image as the public one."""
    rnd = random.Random(game_id)
    for match, names in positions(game_id, every=61):
        seen = draw(game_id, match.view(None), names)
        for seat in range(match.players):
            twin = Match.from_record(match.to_record())
            twin.game.redeal_hidden(twin.state, seat, Rng(rnd.getrandbits(64)))
            assert draw(game_id, twin.view(None), names) == seen
            assert draw(game_id, match.view(seat), names) == seen


@pytest.mark.parametrize("game_id", GAMES)
def test_the_table_image_is_the_board_and_comes_from_the_cache(game_id):
    match, names = next(positions(game_id))
    view = match.view(None)
    presenter = presenter_for(game_id)
    BOARDS.clear()
    before = BOARDS.renders
    first = presenter.table_image(view, names)
    assert first == draw(game_id, view, names)
    assert presenter.table_image(match.view(None), list(names)) == first
    assert BOARDS.renders == before + 1
