import pytest

from cogs.presenters.drawing import COLOUR_FILL, PANEL
from cogs.presenters.seats import SEAT_COLOURS
from games.keltis import board as board
from rules import Match
from tests.cogs.presenters.board_helpers import (
    SOME_FONT,
    changed,
    near,
    pixels,
    played,
    words_drawn,
)

NAMES = ["Ann", "Bo", "Cy"]


def test_a_taken_wishing_stone_carries_its_takers_colour():
    view = Match.new("keltis", 3, "keltis-board").view(None)
    view["stones_left"].remove(4)
    view["players"][2]["stones"] = [4]
    image = pixels(board.render(view, NAMES))
    x0 = 12 + 6 * (board.PILE_W + 6) + 10 + 58 + 24  # where the stones begin
    step = (board.WIDTH - 8 - x0) / 9
    below = board.BELOW_Y
    assert near(image.getpixel((round(x0 + step * 3.5), below)), SEAT_COLOURS[2])
    assert near(image.getpixel((round(x0 + step * 4.5), below)), PANEL)


def test_rows_show_their_cards_in_order_and_the_height_fits_the_players():
    view = Match.new("keltis", 4, "keltis-board").view(None)
    view["players"][1]["rows"] = {
        "g": {"cards": ["g3", "g5", "ge"], "direction": "up", "closed": True}
    }
    image = pixels(board.render(view, NAMES + ["Di"]))
    assert image.height == board.height(4) == board.MIDDLE_H + 2 * board.BLOCK_H
    x = board.WIDTH / 2 + 8 + board.CHIP_W + 8  # the second column's first card
    y = board.MIDDLE_H + board.BLOCK_HEAD + 3 * board.LINE_H + board.LINE_H / 2  # green line
    assert near(image.getpixel((round(x + 3), round(y - 12))), COLOUR_FILL["g"])
    end_x = x + 2 * (board.CARD_W + 2)
    assert near(image.getpixel((round(end_x + 3), round(y - 12))), board.END_FILL)
    assert board.height(2) == board.MIDDLE_H + board.BLOCK_H  # two players side by side


def test_the_third_of_three_players_has_its_rows_in_two_columns():
    view = Match.new("keltis", 3, "keltis-board").view(None)
    view["players"][2]["rows"] = {"u": {"cards": ["u4", "u6"], "direction": "up"}}
    image = pixels(board.render(view, NAMES))
    y = board.MIDDLE_H + board.BLOCK_H + board.BLOCK_HEAD + board.LINE_H / 2  # first line
    x = board.WIDTH / 2 + 8 + board.CHIP_W + 8  # right column: green, then blue
    assert near(image.getpixel((round(x + 3), round(y + board.LINE_H - 12))), COLOUR_FILL["u"])
    assert near(image.getpixel((round(x - board.CHIP_W), round(y))), COLOUR_FILL["g"])


def test_the_layout_is_tight():
    """No large empty bands: the middle and each block as short as their
    contents allow (498 px for two players, 846 for four, before)."""
    assert board.height(2) <= 440 and board.height(4) <= 760
    # three players: the third alone on its line, rows in two columns (not
    # a block beside an empty quarter)
    assert board.height(3) == board.MIDDLE_H + board.BLOCK_H + board.WIDE_H <= 570
    assert board.block_box(2, 3) == (0, board.MIDDLE_H + board.BLOCK_H, board.WIDTH, 562)
    assert board.BELOW_Y + 12 < board.MIDDLE_H  # the counts fit in the middle


def test_the_running_score_is_drawn_in_the_head_of_its_players_block():
    """Another score (the view's figure) changes the picture in the head of
    that player's block and nowhere else."""
    view = played("keltis", 30, players=3).view(None)
    seat = 1
    before = pixels(board.render(view, NAMES))
    view["players"][seat]["score"] += 17
    where = changed(before, pixels(board.render(view, NAMES)))
    assert where is not None
    x0, y0, x1, _y1 = board.block_box(seat, 3)
    y1 = y0 + board.BLOCK_HEAD
    assert x0 <= where[0] and y0 <= where[1] and where[2] <= x1 and where[3] <= y1


@pytest.mark.skipif(SOME_FONT is None, reason="no TrueType file on this machine")
def test_the_board_is_labelled_in_japanese_when_a_font_can_draw_it(monkeypatch):
    assert "wishing stones" in words_drawn(monkeypatch, "keltis", "en", SOME_FONT)
    japanese = words_drawn(monkeypatch, "keltis", "ja", SOME_FONT)
    assert "願いの石" in japanese and "wishing stones" not in japanese
    assert "wishing stones" in words_drawn(
        monkeypatch, "keltis", "ja", None
    )  # no font for its letters


def test_the_alt_text_names_an_end_card_on_a_discard_pile_in_words():
    """Issue 42: an end card on top of a pile was read "brown ⬛"."""
    view = Match.new("keltis", 2, "keltis-board").view(None)
    view["piles"]["b"] = {"top": "be", "count": 1}
    view["piles"]["y"] = {"top": "y7", "count": 1}
    text = board.alt(view, NAMES[:2], None)
    assert "brown end card" in text and "yellow 7" in text and "⬛" not in text


def test_a_name_is_drawn_whole_beside_many_wishing_stones(monkeypatch):
    """Issue 42: "Greenfield" beside four stones was cut to "Green.": with
    the stones one by one the name would be cut, so they are counted."""
    import cogs.presenters.drawing as drawing

    drawn: list[str] = []
    real = drawing.text

    def recording(draw, x, y, words, *args, **kwargs):
        drawn.append(words)
        real(draw, x, y, words, *args, **kwargs)

    monkeypatch.setattr(drawing, "text", recording)
    monkeypatch.setattr(board, "text", recording)
    view = Match.new("keltis", 2, "keltis-board").view(None)
    view["players"][0]["stones"] = [1, 2, 3, 4, 5]
    view["players"][1]["stones"] = [6, 7]
    board.render(view, ["Greenfield", "Alexandra"])
    assert "Greenfield" in drawn and "x5" in drawn  # counted: the name fits
    assert "Alexandra" in drawn and "7" in drawn and "x2" not in drawn  # room for each
