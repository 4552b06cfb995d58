"""Board images are labelled in the language they are drawn in, when a font
here has its letters; otherwise in English (Pillow's built-in font is
Latin only), never in boxes. The image cache keeps one picture per language."""

import random

import pytest
from PIL import ImageDraw

from cogs.i18n import speaking
from cogs.presenters import drawing, presented_games, presenter_for
from cogs.presenters.image_cache import BOARDS, view_key
from games.oracle.board import base_image
from rules import Match
from tests.cogs.presenters.board_helpers import SOME_FONT, words_drawn

NAMES = ["Ann", "Bob"]
#: the games that draw a board picture (a game without one has no image to label)
BOARD_GAMES = [g for g in presented_games() if presenter_for(g).has_board]


@pytest.fixture
def drawn_words(monkeypatch):
    words = []
    original = ImageDraw.ImageDraw.text

    def recording(self, xy, text, *args, **kwargs):
        words.append(text)
        return original(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", recording)
    BOARDS.clear()
    base_image.cache_clear()
    yield words
    BOARDS.clear()
    base_image.cache_clear()


def with_font(monkeypatch, path):
    monkeypatch.setattr(drawing, "cjk_font", lambda: path)


def render(game_id: str) -> None:
    view = Match.new(game_id, 2, f"labels-{game_id}").view(None)
    presenter_for(game_id).table_image(view, NAMES)


def japanese(words: list[str]) -> list[str]:
    """The words written in Japanese letters (kana, kanji)."""
    return [w for w in words if any("\u3040" <= c <= "\u9fff" for c in w)]


@pytest.mark.skipif(SOME_FONT is None, reason="no TrueType file on this machine")
@pytest.mark.parametrize("game_id", BOARD_GAMES)
def test_a_board_is_labelled_in_japanese_when_a_font_can_draw_it(monkeypatch, game_id):
    """Every board's words are the game's catalogue's: in Japanese with a
    font for its letters; in English there is not one Japanese letter, and
    without such a font the Japanese board is the English one. (Which
    label reads how is each game's own test: games/<id>/tests/test_board.py.)"""
    english = words_drawn(monkeypatch, game_id, "en", SOME_FONT)
    assert english and not japanese(english)
    assert japanese(words_drawn(monkeypatch, game_id, "ja", SOME_FONT))
    assert words_drawn(monkeypatch, game_id, "ja", None) == english


@pytest.mark.skipif(SOME_FONT is None, reason="no TrueType file on this machine")
def test_the_cache_keeps_a_picture_per_language(monkeypatch, drawn_words):
    with_font(monkeypatch, SOME_FONT)
    view = Match.new("keltis", 2, "labels-cache").view(None)
    with speaking("ja"):
        ja_key = view_key("keltis", view, NAMES)
    with speaking("en"):
        en_key = view_key("keltis", view, NAMES)
    assert ja_key != en_key


@pytest.mark.skipif(SOME_FONT is None, reason="no TrueType file on this machine")
def test_an_english_board_is_the_same_whatever_was_drawn_before_it(monkeypatch):
    """The parts a board draws once (Keltis's cards) are kept per language:
    a worker that drew a Japanese board first draws the English one as a
    fresh worker does (their digits are in another font)."""
    from games.keltis import board as keltis_board

    with_font(monkeypatch, SOME_FONT)
    match, rnd = Match.new("keltis", 2, "fonts"), random.Random(3)
    for _ in range(40):  # cards on the rows and the piles
        seat = match.to_act()[0]
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    view = match.view(None)
    keltis = presenter_for("keltis")
    keltis_board._card_picture.cache_clear()
    fresh = keltis.render_board(view, NAMES)
    keltis_board._card_picture.cache_clear()
    with speaking("ja"):
        keltis.render_board(view, NAMES)
    assert keltis.render_board(view, NAMES) == fresh
