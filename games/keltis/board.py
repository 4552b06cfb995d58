"""Keltis's table as a PNG, drawn from the public view.

At the top the middle of the table: the six discard piles (top card and
how many lie there), the draw pile and the nine wishing stones (a taken
stone carries its taker's seat colour). Below, one block per player: a
head with the name, the running score (the view's), the stones taken and
the hand's size, then their rows of cards colour by colour with the row's
direction, then the point row; end cards are dark with a bar. The seat to
play has its block outlined and its head filled (`drawing.turn_marker`); a
finished game has the winner banner on top (`drawing.with_banner`).
`alt` says the same in words.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import sentences, turn_alt
from cogs.presenters.drawing import (
    COLOUR_FILL,
    INK,
    LINE,
    MIN_TEXT,
    MUTED,
    PANEL,
    STONE_BLUE,
    WHITE,
    WIDTH,
    arrow,
    board_language,
    board_words,
    canvas,
    card,
    diamond,
    fixed_palette,
    ink_on,
    name_tag,
    plain_name,
    points,
    seat_disc,
    text,
    text_width,
    to_png,
    turn_marker,
    with_banner,
)
from games.keltis.engine.cards import COLOURS, GREY, WISHING_STONES

CARD_TEXT = 24  # card values
MIDDLE_H = 124
PILE_W, PILE_H = 48, 56
LABEL_Y = 15  # the middle's labels
CARDS_Y = 30
BELOW_Y = CARDS_Y + PILE_H + 18  # the piles' counts, the stones' takers
STONE_R = 16
BLOCK_HEAD = 40
LINE_H = 38
BLOCK_H = BLOCK_HEAD + (len(COLOURS) + 1) * LINE_H + 8
CARD_W, CARD_H = 34, 32
CHIP_W = 34  # the row's colour (with its direction), left of its cards
END_FILL = (60, 54, 50)


COLUMNS = 2  # players side by side: a landscape picture for two


#: the block of a player alone on its line (the third of three): as wide as
#: the picture, its six rows in two columns of three
WIDE_H = BLOCK_HEAD + -(-(len(COLOURS) + 1) // 2) * LINE_H + 8


def height(players: int) -> int:
    return MIDDLE_H + players // COLUMNS * BLOCK_H + players % COLUMNS * WIDE_H


def _face(code: str) -> str:
    return "" if code[1:] == "e" else code[1:]


def _card(
    image: Image.Image,
    x: float,
    y: float,
    code: str,
    w: int = CARD_W,
    h: int = CARD_H,
    corner: bool = False,
) -> None:
    """A card; `corner`: its value at the left edge (the next card covers
    its right). Pasted from its picture, drawn once per process (a card is
    a rounded box and a text: most of a board's drawing)."""
    face, shape = _card_picture(code, w, h, corner, board_language())
    image.paste(face, (round(x), round(y)), shape)


@lru_cache(maxsize=512)
def _card_picture(
    code: str, w: int, h: int, corner: bool, language: str
) -> tuple[Image.Image, Image.Image]:
    """A card's picture and its shape (the mask its corners are cut by), in
    `language`'s font: a picture drawn for a Japanese board must not turn up
    on an English one (the worker draws both)."""
    face = Image.new("RGB", (w + 1, h + 1), WHITE)
    draw = ImageDraw.Draw(face)
    colour = code[0]
    if code[1:] == "e":  # an end card: dark, with a bar in its row's colour
        card(draw, (0, 0, w, h), "", fill=END_FILL)
        draw.rectangle((6, h / 2 - 4, w - 6, h / 2 + 4), fill=COLOUR_FILL[colour])
    else:
        card(
            draw,
            (0, 0, w, h),
            "" if corner else _face(code),
            fill=COLOUR_FILL[colour],
            ink=ink_on(colour),
            size=CARD_TEXT,
        )
        if corner:
            text(draw, 3, h / 2, _face(code), MIN_TEXT, ink_on(colour), anchor="lm")
    shape = Image.new("L", face.size, 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, w, h), radius=6, fill=255)
    return face, shape


def _middle(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict) -> None:
    draw.rectangle((0, 0, WIDTH, MIDDLE_H), fill=PANEL)
    text(draw, 12, LABEL_Y, board_words("discard piles"), MIN_TEXT, MUTED, anchor="lm")
    x = 12
    for colour, pile in view["piles"].items():
        if pile["top"]:
            _card(image, x, CARDS_Y, pile["top"], PILE_W, PILE_H)
        else:
            draw.rounded_rectangle(
                (x, CARDS_Y, x + PILE_W, CARDS_Y + PILE_H),
                radius=6,
                outline=COLOUR_FILL[colour],
                width=3,
            )
        text(draw, x + PILE_W / 2, BELOW_Y, f"{pile['count']}", MIN_TEXT, MUTED)
        x += PILE_W + 6
    x += 10
    text(draw, x, LABEL_Y, board_words("deck"), MIN_TEXT, MUTED, anchor="lm")
    card(
        draw,
        (x, CARDS_Y, x + 58, CARDS_Y + PILE_H),
        str(view["deck"]),
        fill=(70, 90, 130),
        ink=WHITE,
        size=CARD_TEXT,
    )
    x += 58 + 24
    text(draw, x, LABEL_Y, board_words("wishing stones"), MIN_TEXT, MUTED, anchor="lm")
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
            seat_disc(draw, cx, BELOW_Y, 10, taker[value])


def _row_line(
    image: Image.Image,
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
            image, x + CHIP_W + 8 + n * step, y + (LINE_H - CARD_H) / 2, code, corner=step < CARD_W
        )


def block_box(i: int, players: int) -> tuple[float, float, float, float]:
    """Where the block of the `i`-th player lies (without a banner above):
    two side by side; the last of an odd count alone, as wide as the
    picture."""
    y = MIDDLE_H + (i // COLUMNS) * BLOCK_H
    if i == players - 1 and players % COLUMNS:
        return (0, y, WIDTH, y + WIDE_H)
    width = WIDTH / COLUMNS
    x = (i % COLUMNS) * width
    return (x, y, x + width, y + BLOCK_H)


#: the width of a wishing stone in a player's head
STONE_STEP = 28


def name_width(name: str, seat: int) -> float:
    """How wide a player's name tag is drawn whole (disc and name)."""
    return 30 + text_width(plain_name(name, seat), MIN_TEXT)


def _player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    player: dict,
    name: str,
    current: bool,
) -> None:
    x, y, right, _bottom = box
    width = right - x
    seat = player["seat"]
    left, ink = x + 8, INK
    if current:
        left = turn_marker(draw, (x + 3, y + 3, right - 3, y + BLOCK_H - 3), y + BLOCK_HEAD - 2)
        ink = WHITE
    mid = y + BLOCK_HEAD / 2
    hand = board_words("hand {n}", n=player["hand_size"])
    end = right - 12
    text(draw, end, mid, hand, MIN_TEXT, ink, anchor="rm")
    end -= text_width(hand, MIN_TEXT) + 8
    score = points(player["score"])
    stones = sorted(player["stones"], reverse=True)
    wanted = STONE_STEP * len(stones) + text_width(score, MIN_TEXT) + 18 + name_width(name, seat)
    if len(stones) > 1 and end - wanted < left:  # the name would be cut: the stones counted
        count = f"x{len(stones)}"  # the built-in font has no ×
        text(draw, end, mid, count, MIN_TEXT, ink, anchor="rm")
        end -= text_width(count, MIN_TEXT) + 2
        stones = []
        diamond(draw, end - 14, mid, 17)
        end -= STONE_STEP
    for value in stones:
        diamond(draw, end - 14, mid, 17)
        text(draw, end - 14, mid + 1, str(value), MIN_TEXT)
        end -= STONE_STEP
    text(draw, end - 4, mid, score, MIN_TEXT, ink, anchor="rm")
    end -= text_width(score, MIN_TEXT) + 14
    name_tag(draw, left, mid, seat, name, end - left, ink=ink)
    lines = [(c, player["rows"].get(c)) for c in COLOURS] + [(GREY, None)]
    per_column = len(lines) if width <= WIDTH / COLUMNS else -(-len(lines) // 2)
    column_w = width / -(-len(lines) // per_column)
    for n, (colour, row) in enumerate(lines):
        cards = player["point_row"] if colour == GREY else row["cards"] if row else []
        line_x = x + (n // per_column) * column_w
        line_y = y + BLOCK_HEAD + (n % per_column) * LINE_H
        _row_line(image, draw, line_x + 8, line_y, column_w - 12, colour, row, cards)


def render(view: dict, names: list[str]) -> bytes:
    """The table for a public view (`Match.view(None)`), as PNG bytes."""
    return to_png(_draw(view, names), palette=_palette(board_language()))


@lru_cache(maxsize=4)
def _palette(language: str) -> Image.Image:
    """The colours of every Keltis board (`drawing.fixed_palette`), taken
    from a board showing them all: every colour's cards, end cards, point
    cards, taken and left stones, the turn marker."""
    view: dict = {
        "piles": {c: {"top": f"{c}7", "count": 1} for c in (*COLOURS, GREY)},
        "deck": 40,
        "stones_left": [5, 6, 7, 8, 9],
        "to_act": [0],
        "players": [
            {
                "seat": seat,
                "hand_size": 8,
                "score": 10,
                "stones": [seat + 1],
                "rows": {
                    c: {"cards": [f"{c}0", f"{c}10", f"{c}e"], "direction": "up"} for c in COLOURS
                },
                "point_row": [f"{GREY}1", f"{GREY}2"],
            }
            for seat in range(4)
        ],
    }
    return fixed_palette(_draw(view, ["Ann", "Bo", "Cy", "Di"]))


def _draw(view: dict, names: list[str]) -> Image.Image:
    players = view["players"]
    image, draw = canvas(height(len(players)))
    _middle(image, draw, view)
    acting = set(view["to_act"])
    for i, player in enumerate(players):
        box = block_box(i, len(players))
        x, y = box[:2]
        draw.line((x, y, box[2], y), fill=LINE, width=2)
        if i % COLUMNS:
            draw.line((x, y, x, box[3]), fill=LINE, width=2)
        _player(image, draw, box, player, names[player["seat"]], player["seat"] in acting)
    if len(players) % COLUMNS:  # the last block's rows in two columns
        x, y = WIDTH / COLUMNS, block_box(len(players) - 1, len(players))[1]
        draw.line((x, y + BLOCK_HEAD, x, y + WIDE_H - 6), fill=LINE, width=2)
    return with_banner(image, view, names)


#: the piles' colours in words (the same words as the presenter's)
COLOUR_WORDS = {
    "b": N_("brown"),
    "y": N_("yellow"),
    "p": N_("pink"),
    "g": N_("green"),
    "u": N_("blue"),
    "x": N_("grey"),
}


def alt(view: dict, names: list[str], outcome: dict | None) -> str:
    """The board in words (its alt text): whose turn or who won, each
    player's score, cards laid out, stones and hand size, the discard
    piles' tops and the draw pile."""
    parts = [turn_alt(view, names, outcome)]
    for player in view["players"]:
        seat = player["seat"]
        laid = sum(len(row["cards"]) for row in player["rows"].values())
        parts.append(
            _(
                "{name}: {score}, {laid} in rows, {points}, {stones}, {hand} in hand.",
                name=names[seat],
                score=ngettext("{n} point", "{n} points", player["score"]),
                laid=ngettext("{n} card", "{n} cards", laid),
                points=ngettext("{n} point card", "{n} point cards", len(player["point_row"])),
                stones=ngettext("{n} wishing stone", "{n} wishing stones", len(player["stones"])),
                hand=ngettext("{n} card", "{n} cards", player["hand_size"]),
            )
        )
    tops = [
        _("{colour} {value}", colour=_(COLOUR_WORDS[c]), value=_face(pile["top"]) or _("end card"))
        for c, pile in view["piles"].items()
        if pile["top"] and c in COLOUR_WORDS
    ]
    parts.append(
        _("Discard piles: {tops}.", tops=_(", ").join(tops)) if tops else _("No discards.")
    )
    parts.append(ngettext("Draw pile: {n} card.", "Draw pile: {n} cards.", view["deck"]))
    return sentences(parts)
