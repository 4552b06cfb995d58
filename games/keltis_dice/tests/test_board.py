import pytest

from cogs.presenters.drawing import COLOUR_FILL
from cogs.presenters.seats import SEAT_COLOURS
from games.keltis_dice import board as board
from games.keltis_dice.engine.board import COLOURS
from rules import Match
from tests.cogs.presenters.board_helpers import SOME_FONT, near, pixels, words_drawn

NAMES = ["Ann", "Bo", "Cy"]


def stone_spot(colour: str, field: int, slot: int) -> tuple[int, int]:
    dx, dy = board.STONE_SPOTS[slot]
    x = board._cell_x(field) + board.CELL_W / 2 + dx
    y = board.ROWS_Y + COLOURS.index(colour) * board.ROW_H + 24 + dy + 8
    return round(x), round(y)


def test_each_stone_stands_on_its_field_in_its_seats_colour():
    view = Match.new("keltis_dice", 3, "dice-board").view(None)
    view["stones"] = [{"g": 4}, {"g": 4, "u": 9}, {}]
    image = pixels(board.render(view, NAMES))
    assert near(image.getpixel(stone_spot("g", 4, 0)), SEAT_COLOURS[0])
    assert near(image.getpixel(stone_spot("g", 4, 1)), SEAT_COLOURS[1])
    assert near(image.getpixel(stone_spot("u", 9, 0)), SEAT_COLOURS[1])
    assert near(image.getpixel(stone_spot("u", 8, 0)), COLOUR_FILL["u"])  # no stone there


def test_side_b_crosses_out_its_forbidden_fields():
    x, y = stone_spot("b", 3, 1)  # brown 3 is forbidden on side B only
    sides = {}
    for side in ("A", "B"):
        match = Match.new("keltis_dice", 2, "dice-board", {"side": side})
        sides[side] = pixels(board.render(match.view(None), NAMES[:2])).getpixel((x, y))
    assert near(sides["A"], COLOUR_FILL["b"], 8)
    assert near(sides["B"], board.FORBIDDEN_FILL, 8)


@pytest.mark.skipif(SOME_FONT is None, reason="no TrueType file on this machine")
def test_the_board_is_labelled_in_japanese_when_a_font_can_draw_it(monkeypatch):
    assert "pts" in words_drawn(monkeypatch, "keltis_dice", "en", SOME_FONT)
    japanese = words_drawn(monkeypatch, "keltis_dice", "ja", SOME_FONT)
    assert "点" in japanese and "pts" not in japanese
    assert "pts" in words_drawn(monkeypatch, "keltis_dice", "ja", None)  # no font for its letters
