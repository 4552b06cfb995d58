"""Keltis's table as a PNG, drawn from the public view.

At the top the middle of the table: the six discard piles (top card and
how many lie there), the draw pile and the nine wishing stones (a taken
stone carries its taker's seat colour). Below, one block per player: their
rows of cards colour by colour with the row's direction, then the point
row; end cards are dark with a bar.
"""

from __future__ import annotations

from PIL import ImageDraw

from cogs.presenters.drawing import (
    COLOUR_FILL,
    GOLD,
    HIGHLIGHT,
    INK,
    LINE,
    MIN_TEXT,
    MUTED,
    PANEL,
    STONE_BLUE,
    WHITE,
    WIDTH,
    arrow,
    board_words,
    canvas,
    card,
    diamond,
    ink_on,
    name_tag,
    seat_disc,
    text,
    to_png,
)
from rules.keltis.cards import COLOURS, GREY, WISHING_STONES

CARD_TEXT = 24  # card values
MIDDLE_H = 150
PILE_W, PILE_H = 48, 62
CARDS_Y = 36
STONE_R = 17
BLOCK_HEAD = 44
LINE_H = 42
BLOCK_H = BLOCK_HEAD + (len(COLOURS) + 1) * LINE_H + 10
CARD_W, CARD_H = 34, 36
CHIP_W = 34  # the row's colour (with its direction), left of its cards
END_FILL = (60, 54, 50)


COLUMNS = 2  # players side by side: a landscape picture for two


def height(players: int) -> int:
    return MIDDLE_H + -(-players // COLUMNS) * BLOCK_H


def _face(code: str) -> str:
    return "" if code[1:] == "e" else code[1:]


def _card(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    code: str,
    w: float = CARD_W,
    h: float = CARD_H,
    corner: bool = False,
) -> None:
    """A card; `corner`: its value at the left edge (the next card covers its right)."""
    colour = code[0]
    if code[1:] == "e":  # an end card: dark, with a bar in its row's colour
        card(draw, (x, y, x + w, y + h), "", fill=END_FILL)
        draw.rectangle((x + 6, y + h / 2 - 4, x + w - 6, y + h / 2 + 4), fill=COLOUR_FILL[colour])
        return
    card(
        draw,
        (x, y, x + w, y + h),
        "" if corner else _face(code),
        fill=COLOUR_FILL[colour],
        ink=ink_on(colour),
        size=CARD_TEXT,
    )
    if corner:
        text(draw, x + 3, y + h / 2, _face(code), MIN_TEXT, ink_on(colour), anchor="lm")


def _middle(draw: ImageDraw.ImageDraw, view: dict) -> None:
    draw.rectangle((0, 0, WIDTH, MIDDLE_H), fill=PANEL)
    text(draw, 12, 18, board_words("discard piles"), MIN_TEXT, MUTED, anchor="lm")
    x = 12
    for colour, pile in view["piles"].items():
        if pile["top"]:
            _card(draw, x, CARDS_Y, pile["top"], PILE_W, PILE_H)
        else:
            draw.rounded_rectangle(
                (x, CARDS_Y, x + PILE_W, CARDS_Y + PILE_H),
                radius=6,
                outline=COLOUR_FILL[colour],
                width=3,
            )
        text(draw, x + PILE_W / 2, CARDS_Y + PILE_H + 20, f"{pile['count']}", MIN_TEXT, MUTED)
        x += PILE_W + 6
    x += 10
    text(draw, x, 18, board_words("deck"), MIN_TEXT, MUTED, anchor="lm")
    card(
        draw,
        (x, CARDS_Y, x + 58, CARDS_Y + PILE_H),
        str(view["deck"]),
        fill=(70, 90, 130),
        ink=WHITE,
        size=CARD_TEXT,
    )
    x += 58 + 24
    text(draw, x, 18, board_words("wishing stones"), MIN_TEXT, MUTED, anchor="lm")
    taker = {value: p["seat"] for p in view["players"] for value in p["stones"]}
    step = (WIDTH - 8 - x) / len(WISHING_STONES)
    for value in WISHING_STONES:
        cx = x + step * (value - 1) + step / 2
        left = value in view["stones_left"]
        diamond(
            draw, cx, CARDS_Y + PILE_H / 2, STONE_R * 1.5, STONE_BLUE if left else (200, 196, 190)
        )
        text(draw, cx, CARDS_Y + PILE_H / 2 + 1, str(value), MIN_TEXT)
        if value in taker:
            seat_disc(draw, cx, CARDS_Y + PILE_H + 20, 10, taker[value])


def _row_line(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    width: float,
    colour: str,
    row: dict | None,
    cards: list[str],
) -> None:
    draw.rounded_rectangle(
        (x, y + 3, x + CHIP_W, y + LINE_H - 3),
        radius=6,
        fill=COLOUR_FILL[colour],
        outline=INK,
        width=2,
    )
    if row and row["direction"]:
        arrow(draw, x + CHIP_W / 2, y + LINE_H / 2, row["direction"] == "up", ink_on(colour))
    room = width - CHIP_W - 10
    step = min(CARD_W + 2, room / max(len(cards), 1))
    for n, code in enumerate(cards):
        _card(
            draw, x + CHIP_W + 8 + n * step, y + (LINE_H - CARD_H) / 2, code, corner=step < CARD_W
        )


def _player(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    width: float,
    player: dict,
    name: str,
    current: bool,
) -> None:
    seat = player["seat"]
    if current:
        draw.rounded_rectangle(
            (x + 2, y + 2, x + width - 4, y + BLOCK_HEAD - 2),
            radius=8,
            fill=HIGHLIGHT,
            outline=GOLD,
            width=2,
        )
    hand = board_words("hand {n}", n=player["hand_size"])
    hand_w = 90
    name_tag(
        draw,
        x + 8,
        y + BLOCK_HEAD / 2,
        seat,
        name,
        width - hand_w - 16 - 30 * len(player["stones"]),
    )
    text(draw, x + width - 10, y + BLOCK_HEAD / 2, hand, MIN_TEXT, anchor="rm")
    for n, value in enumerate(sorted(player["stones"], reverse=True)):
        sx = x + width - hand_w - 20 - n * 30
        diamond(draw, sx, y + BLOCK_HEAD / 2, 18)
        text(draw, sx, y + BLOCK_HEAD / 2 + 1, str(value), MIN_TEXT)
    line_y = y + BLOCK_HEAD
    for colour in COLOURS:
        row = player["rows"].get(colour)
        _row_line(draw, x + 8, line_y, width - 8, colour, row, row["cards"] if row else [])
        line_y += LINE_H
    _row_line(draw, x + 8, line_y, width - 8, GREY, None, player["point_row"])


def render(view: dict, names: list[str]) -> bytes:
    """The table for a public view (`Match.view(None)`), as PNG bytes."""
    players = view["players"]
    columns = COLUMNS
    image, draw = canvas(height(len(players)))
    _middle(draw, view)
    width = WIDTH / columns
    current = view["current"] if view["phase"] in ("play", "draw") else None
    for i, player in enumerate(players):
        x, y = (i % columns) * width, MIDDLE_H + (i // columns) * BLOCK_H
        draw.line((x, y, x + width, y), fill=LINE, width=2)
        if i % columns:
            draw.line((x, y, x, y + BLOCK_H), fill=LINE, width=2)
        _player(draw, x, y, width, player, names[player["seat"]], player["seat"] == current)
    return to_png(image)
