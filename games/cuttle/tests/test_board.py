import pytest

from cogs.presenters.drawing import GOLD, WHITE
from cogs.presenters.seats import SEAT_COLOURS
from games.cuttle import board as board
from rules import Match
from tests.cogs.presenters.board_helpers import SOME_FONT, near, pixels, words_drawn

NAMES = ["Ann", "Bob"]


def table(**changes) -> dict:
    view = Match.new("cuttle", 2, "cuttle-board").view(None)
    view.update(changes)
    return view


def test_a_stolen_card_sits_with_its_controller_its_jacks_below_it():
    view = table(stacks=[{"card": "9d", "owner": 1, "controller": 0, "jacks": ["jh", "js"]}])
    image = pixels(board.render(view, NAMES))
    assert (
        image.height
        == board.height(view)
        == board.MIDDLE_H + 2 * (board.HEAD + board.CARD_H + 2 * board.JACK_STEP + 44)
    )
    top = board.HEAD + 6
    x = 12 + board.CARD_W - 14
    assert near(image.getpixel((x, top + 16)), SEAT_COLOURS[1], 40)  # its owner's disc
    last_jack = top + board.CARD_H - 8 + board.JACK_STEP + board.JACK_H - 6
    assert near(image.getpixel((20, last_jack)), WHITE)  # the second jack hangs lowest
    band = board._band_height(view)
    assert near(image.getpixel((30, band + board.MIDDLE_H + top + 8)), (239, 230, 210))  # none


def test_a_pending_one_off_shows_its_target_and_counters():
    plain = pixels(board.render(table(), NAMES))
    view = table(
        phase="counter", pending={"card": "2h", "target": "qs", "counters": ["2c"], "responder": 0}
    )
    image = pixels(board.render(view, NAMES))
    band = board._band_height(view)
    y = band + 40 + 3  # the top edge of the middle's cards
    assert near(image.getpixel((232, y)), GOLD)  # the one-off, framed in gold
    assert not near(plain.getpixel((232, y)), GOLD)
    counter_x = 230 + board.CARD_W + 10 + board.CARD_W + 44 + 20 + 1
    assert near(image.getpixel((counter_x, y + 30)), board.RED)


@pytest.mark.skipif(SOME_FONT is None, reason="no TrueType file on this machine")
def test_the_board_is_labelled_in_japanese_when_a_font_can_draw_it(monkeypatch):
    assert "deck" in words_drawn(monkeypatch, "cuttle", "en", SOME_FONT)
    japanese = words_drawn(monkeypatch, "cuttle", "ja", SOME_FONT)
    assert "山札" in japanese and "deck" not in japanese
    assert "deck" in words_drawn(monkeypatch, "cuttle", "ja", None)  # no font for its letters
