"""Every game's board image: random positions of every game and player count
render a small PNG, legible at the width Discord shows it, that depends on
nothing a spectator cannot see."""

import io
import random

import pytest
from PIL import Image

from cogs.presenters import drawing, presented_games, presenter_for
from cogs.presenters.image_cache import BOARDS
from rules import Match, all_games
from rules.core.rng import Rng
from tests.cogs.presenters.board_helpers import clear_drawing_caches

NAMES = ["Ann", "Zoë", "🤖 Bot 3", "李小龍", "A very long display name indeed"]
#: the games that draw a board picture (a game without one shows its table
#: as text: there is no image to check)
GAMES = [g for g in presented_games() if presenter_for(g).has_board]
# random playouts of every game, each position drawn: ~20 s of CPU
pytestmark = pytest.mark.slow
#: moves of play seen at each player count at least: a game whose matches
#: are short is played more often (other deals, other endings)
MOVES = 150
#: a match this long is drawn every `every` moves; a shorter one more often,
#: so that each match shows about as many positions
LONG = 300


def playout(game_id: str, players: int, n: int) -> tuple[Match, random.Random]:
    """The n-th seeded match of the checks, and the generator of its moves."""
    return Match.new(game_id, players, f"boards-{game_id}-{players}-{n}"), random.Random(
        players + n
    )


def step(match: Match, rnd: random.Random) -> None:
    seat = rnd.choice(match.to_act())
    match.act(seat, rnd.choice(match.legal(seat)), match.seq)


def length(game_id: str, players: int, n: int) -> int:
    match, rnd = playout(game_id, players, n)
    while match.to_act():
        step(match, rnd)
    return match.seq


def positions(game_id: str, every: int = 9):
    """(match, names) at spread-out moments of random playouts, for each
    player count, each match ending with its finished position."""
    game = all_games()[game_id]
    for players in range(game.min_players, game.max_players + 1):
        seen, n = 0, 0
        while seen < MOVES and n < 10:
            gap = max(min(every, length(game_id, players, n) * every // LONG), 1)
            match, rnd = playout(game_id, players, n)
            while match.to_act():
                if match.seq % gap == 0:
                    yield match, NAMES[:players]
                step(match, rnd)
            yield match, NAMES[:players]
            seen, n = seen + match.seq, n + 1


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
    clear_drawing_caches(game_id)  # so the fixed parts' text is drawn here too
    try:
        for match, names in positions(game_id, every=23):
            draw(game_id, match.view(None), names)
    finally:
        clear_drawing_caches(game_id)
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
