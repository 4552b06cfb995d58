"""Four in a row's board as a PNG, drawn from the public view (the board
worker calls it through the presenter's `render_board`).

The players' strip on top (each seat's disc, name and discs dropped, the
seat to drop outlined as on every board), the column numbers, then the blue
board with its 7 × 6 holes: the discs in the seats' colours, the latest one
dotted, the winning line's discs ringed in gold. A finished board gets the
shared winner banner. Fonts, colours, names and the PNG encoding are the
host's (cogs/presenters/drawing.py); nothing here decides a rule: the
winning cells are the view's.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from cogs.i18n import _, ngettext
from cogs.presenters.base import sentences, turn_alt
from cogs.presenters.drawing import (
    GOLD,
    INK,
    LINE,
    MIN_TEXT,
    MUTED,
    PANEL,
    VALUE_TEXT,
    WIDTH,
    board_plural,
    canvas,
    circle,
    fixed_palette,
    name_tag,
    text,
    to_png,
    turn_marker,
    with_banner,
)
from cogs.presenters.seats import SEAT_COLOURS, SEAT_INK, seat_emoji

COLUMNS, ROWS = 7, 6  # the engine's, as every view also says
PLAYERS_H = 84  # the players' strip
NUMBERS_H = 34  # the column numbers
CELL = 96
BOARD_X = (WIDTH - COLUMNS * CELL) / 2
BOARD_Y = PLAYERS_H + NUMBERS_H
FRAME = 12  # the board's edge around the holes
HEIGHT = BOARD_Y + ROWS * CELL + 2 * FRAME + 10
HOLE_R = CELL * 0.4
BOARD_BLUE = (38, 84, 170)
FRAME_BLUE = (26, 58, 120)


def cell_centre(column: int, row: int) -> tuple[float, float]:
    """The middle of a hole (row 0 is the bottom)."""
    x = BOARD_X + (column + 0.5) * CELL
    y = BOARD_Y + FRAME + (ROWS - 1 - row + 0.5) * CELL
    return x, y


@lru_cache(maxsize=1)
def base_image() -> Image.Image:
    """What never changes: the column numbers and the empty board (no words,
    so one for every language); drawn once per process, copied by each
    render."""
    image, draw = canvas(HEIGHT)
    for column in range(COLUMNS):
        x, _y = cell_centre(column, 0)
        text(draw, x, PLAYERS_H + NUMBERS_H / 2 + 2, str(column + 1), VALUE_TEXT, MUTED)
    box = (
        BOARD_X - FRAME,
        BOARD_Y,
        BOARD_X + COLUMNS * CELL + FRAME,
        BOARD_Y + ROWS * CELL + 2 * FRAME,
    )
    draw.rounded_rectangle(box, radius=14, fill=BOARD_BLUE, outline=FRAME_BLUE, width=4)
    for column in range(COLUMNS):
        for row in range(ROWS):
            x, y = cell_centre(column, row)
            circle(draw, x, y, HOLE_R, fill=PANEL, outline=FRAME_BLUE, width=3)
    return image


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """The fixed part's colours, then the seats', gold and the turn marker's."""
    return fixed_palette(base_image())


def _players(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str]) -> None:
    draw.rectangle((0, 0, WIDTH, PLAYERS_H), fill=PANEL)
    draw.line((0, PLAYERS_H, WIDTH, PLAYERS_H), fill=LINE, width=2)
    acting = set(view["to_act"])
    step = WIDTH / len(names)
    for seat, name in enumerate(names):
        box = (seat * step + 4, 4, (seat + 1) * step - 8, PLAYERS_H - 6)
        left, ink = box[0] + 6, INK
        if seat in acting:
            left, ink = turn_marker(draw, box, 44), (255, 255, 255)
        name_tag(draw, left, 24, seat, name, box[2] - left - 6, ink=ink)
        discs = board_plural("{n} disc", "{n} discs", view["discs"][seat])
        text(draw, box[0] + 14, 62, discs, MIN_TEXT, INK, anchor="lm")


def _discs(draw: ImageDraw.ImageDraw, view: dict[str, Any]) -> None:
    winning = {tuple(cell) for cell in view["line"]}
    for column, discs in enumerate(view["board"]):
        for row, seat in enumerate(discs):
            x, y = cell_centre(column, row)
            if (column, row) in winning:
                circle(draw, x, y, HOLE_R + 2, fill=GOLD)
                circle(draw, x, y, HOLE_R - 7, fill=SEAT_COLOURS[seat], outline=INK, width=2)
            else:
                circle(draw, x, y, HOLE_R - 1, fill=SEAT_COLOURS[seat], outline=INK, width=2)
    if view["last"]:
        column, row = view["last"]
        x, y = cell_centre(column, row)
        circle(draw, x, y, 9, fill=SEAT_INK[view["board"][column][row]])


def render(view: dict[str, Any], names: list[str]) -> bytes:
    """The board of a public view (`Match.view(None)`), as PNG bytes."""
    image = base_image().copy()
    draw = ImageDraw.Draw(image)
    _players(draw, view, names)
    _discs(draw, view)
    return to_png(with_banner(image, view, names), palette=_palette())


def alt(view: dict[str, Any], names: list[str], outcome: dict[str, Any] | None) -> str:
    """The board in words (its alt text): whose turn or who won, the latest
    disc, the winning line, then each column from the bottom up."""
    parts = [turn_alt(view, names, outcome)]
    for seat, name in enumerate(names):
        parts.append(
            _(
                "{marker} {name}: {discs}.",
                marker=seat_emoji(seat),
                name=name,
                discs=ngettext("{n} disc", "{n} discs", view["discs"][seat]),
            )
        )
    if view["last"]:
        column, row = view["last"]
        parts.append(_("Latest disc: column {column}, row {row}.", column=column + 1, row=row + 1))
    if view["line"]:
        cells = _(", ").join(
            _("column {column} row {row}", column=c + 1, row=r + 1) for c, r in view["line"]
        )
        parts.append(_("Four in a row: {cells}.", cells=cells))
    for column, discs in enumerate(view["board"]):
        shown = " ".join(seat_emoji(seat) for seat in discs) or _("empty")
        parts.append(_("Column {n} from the bottom: {discs}.", n=column + 1, discs=shown))
    return sentences(parts)
