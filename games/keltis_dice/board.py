"""The Keltis dice game's board as a PNG, drawn from the public view.

Five rows of fields 1-9 (the goal area 7-9 framed in gold) with their
symbols, side B's forbidden fields crossed out, and every seat's stones as
discs in the seat's colour; above them the dice and the points per field,
below them each player's chips and score.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import sentences, turn_alt
from cogs.presenters.drawing import (
    COLOUR_FILL,
    GOLD,
    INK,
    LINE,
    MIN_TEXT,
    MUTED,
    PANEL,
    STONE_BLUE,
    VALUE_TEXT,
    WHITE,
    WIDTH,
    board_language,
    board_plural,
    board_words,
    canvas,
    card,
    clover,
    diamond,
    fixed_palette,
    goblin,
    name_tag,
    points,
    seat_disc,
    text,
    to_png,
    turn_marker,
    with_banner,
)
from games.keltis_dice.engine.board import (
    CLOVER,
    COLOURS,
    FIELD_POINTS,
    FIELDS,
    GOAL_FIELDS,
    KOBOLD,
    WISH,
    WISHING,
    forbidden,
    symbol_at,
)

HEAD = 70  # the dice and the game's counters
SCALE = 34  # points per field, above each column
ROW_H = 100
LABEL_W = 44  # the row's colour, left of its fields
CELL_W = (WIDTH - LABEL_W - 12) / FIELDS
ROWS_Y = HEAD + SCALE
PLAYERS_Y = ROWS_Y + len(COLOURS) * ROW_H + 8
PLAYERS_H = 84
HEIGHT = PLAYERS_Y + PLAYERS_H
FORBIDDEN_FILL = (90, 84, 78)
DIE = 46
#: where the stones stand in a field: two by two, below its number
STONE_SPOTS = ((-17, 14), (17, 14), (-17, 40), (17, 40))


def _cell_x(field: int) -> float:
    return LABEL_W + 6 + (field - 1) * CELL_W


def _symbol(draw: ImageDraw.ImageDraw, kind: str | None, x: float, y: float) -> None:
    if kind == WISHING:
        diamond(draw, x, y, 13)
    elif kind == CLOVER:
        clover(draw, x, y - 2, WHITE, 1.4)
    elif kind == KOBOLD:
        goblin(draw, x, y, 1.3)


def _die(draw: ImageDraw.ImageDraw, x: float, y: float, face: str) -> None:
    if face == WISH:
        card(draw, (x, y, x + DIE, y + DIE), "", fill=WHITE)
        diamond(draw, x + DIE / 2, y + DIE / 2, 15, STONE_BLUE)
    else:
        card(draw, (x, y, x + DIE, y + DIE), "", fill=COLOUR_FILL[face])


def _head(draw: ImageDraw.ImageDraw, view: dict, names: list[str]) -> None:
    draw.rectangle((0, 0, WIDTH, HEAD), fill=PANEL)
    seat = view["current"]
    over = view["phase"] == "over"
    if not over:
        name_tag(draw, 12, HEAD / 2, seat, names[seat], 220)
    x = 250
    if view["dice"]:
        for face in view["dice"]:
            _die(draw, x, (HEAD - DIE) / 2, face)
            x += DIE + 8
    elif not over:
        text(draw, x, HEAD / 2, board_words("to roll"), MIN_TEXT, MUTED, anchor="lm")
    side = board_words("side {side}", side=view["side"])
    if len(view["sides"]) > 1:
        side += f" ({view['game_no']}/{len(view['sides'])})"
    text(draw, WIDTH - 12, HEAD / 2 - 14, side, MIN_TEXT, anchor="rm")
    text(
        draw,
        WIDTH - 12,
        HEAD / 2 + 14,
        board_words("goal {n}/{end}", n=view["goal_stones"], end=view["goal_stones_to_end"]),
        MIN_TEXT,
        anchor="rm",
    )


def _scale(draw: ImageDraw.ImageDraw) -> None:
    y = HEAD + SCALE / 2 + 2
    text(draw, LABEL_W / 2 + 4, y, board_words("pts"), MIN_TEXT, MUTED)
    for field in range(1, FIELDS + 1):
        text(draw, _cell_x(field) + CELL_W / 2, y, f"{FIELD_POINTS[field]:+d}", MIN_TEXT, MUTED)


def _row(draw: ImageDraw.ImageDraw, colour: str, side: str, y: float) -> None:
    """A row's fields, as printed on the board (the stones come later)."""
    draw.rounded_rectangle(
        (6, y + 4, LABEL_W, y + ROW_H - 4), radius=6, fill=COLOUR_FILL[colour], outline=INK, width=2
    )
    for field in range(1, FIELDS + 1):
        x = _cell_x(field)
        box = (x + 3, y + 4, x + CELL_W - 3, y + ROW_H - 4)
        banned = forbidden(side, colour, field)
        fill = FORBIDDEN_FILL if banned else COLOUR_FILL[colour]
        goal = field in GOAL_FIELDS
        draw.rounded_rectangle(
            box, radius=8, fill=fill, outline=GOLD if goal else INK, width=4 if goal else 2
        )
        if banned:
            draw.line((box[0] + 8, box[1] + 8, box[2] - 8, box[3] - 8), fill=(200, 60, 50), width=4)
            draw.line((box[0] + 8, box[3] - 8, box[2] - 8, box[1] + 8), fill=(200, 60, 50), width=4)
        cx = x + CELL_W / 2
        ink = WHITE if banned or colour not in ("y", "p") else INK
        text(draw, cx - 16, y + 24, str(field), VALUE_TEXT, ink)
        _symbol(draw, symbol_at(colour, field), cx + 18, y + 24)


def _stones(draw: ImageDraw.ImageDraw, stones: list[dict]) -> None:
    """Every seat's stones on their fields, two by two below the number."""
    for i, colour in enumerate(COLOURS):
        y = ROWS_Y + i * ROW_H
        for field in range(1, FIELDS + 1):
            here = [seat for seat, mine in enumerate(stones) if mine.get(colour) == field]
            cx = _cell_x(field) + CELL_W / 2
            for seat, (dx, dy) in zip(here, STONE_SPOTS, strict=False):
                seat_disc(draw, cx + dx, y + 24 + dy + 8, 12, seat)


@lru_cache(maxsize=8)
def base_image(side: str, language: str) -> Image.Image:
    """What never changes on a side's board: the points per field and the
    rows of fields with their symbols (`language`: the board's, for its
    labels); drawn once per process, copied by each render."""
    image, draw = canvas(HEIGHT)
    _scale(draw)
    for i, colour in enumerate(COLOURS):
        _row(draw, colour, side, ROWS_Y + i * ROW_H)
    draw.line((0, PLAYERS_Y - 4, WIDTH, PLAYERS_Y - 4), fill=LINE, width=2)
    return image


def player_box(seat: int, players: int) -> tuple[float, float, float, float]:
    """Where a seat's entry in the players' strip lies (without a banner)."""
    step = WIDTH / players
    x = seat * step + 8
    return (x - 4, PLAYERS_Y + 2, x + step - 12, HEIGHT - 6)


def _players(draw: ImageDraw.ImageDraw, view: dict, names: list[str]) -> None:
    draw.rectangle((0, PLAYERS_Y - 4, WIDTH, HEIGHT), fill=PANEL)
    acting = set(view["to_act"])
    for seat, name in enumerate(names):
        box = player_box(seat, len(names))
        x = box[0] + 4
        left, ink = x + 2, INK
        if seat in acting:
            left, ink = turn_marker(draw, box, PLAYERS_Y + 42), WHITE
        name_tag(draw, left, PLAYERS_Y + 22, seat, name, box[2] - left - 4, ink=ink)
        chips = view["chips"][seat]
        text(
            draw,
            x + 8,
            PLAYERS_Y + 62,
            board_words(
                "{points}, {chips}",
                points=points(view["scores"][seat]),
                chips=board_plural("{n} chip", "{n} chips", chips),
            ),
            MIN_TEXT,
            anchor="lm",
        )


def render(view: dict, names: list[str]) -> bytes:
    """The board for a public view (`Match.view(None)`), as PNG bytes."""
    side, language = view["side"], board_language()
    image = base_image(side, language).copy()
    draw = ImageDraw.Draw(image)
    _head(draw, view, names)
    _stones(draw, view["stones"])
    _players(draw, view, names)
    return to_png(with_banner(image, view, names), palette=_palette(side, language))


@lru_cache(maxsize=8)
def _palette(side: str, language: str) -> Image.Image:
    """The colours of every board of a side: the fixed part's, the dice's
    (the rows' colours) and the pieces'."""
    return fixed_palette(base_image(side, language))


#: the rows' colours in words
COLOUR_WORDS = {
    "b": N_("brown"),
    "y": N_("yellow"),
    "p": N_("pink"),
    "g": N_("green"),
    "u": N_("blue"),
    WISH: N_("wishing stone"),
}


def alt(view: dict, names: list[str], outcome: dict | None) -> str:
    """The board in words (its alt text): whose turn or who won, the dice,
    each player's score, chips and where their stones stand."""
    parts = [turn_alt(view, names, outcome)]
    if view["dice"] and outcome is None:
        faces = (_(COLOUR_WORDS[face]) if face in COLOUR_WORDS else face for face in view["dice"])
        parts.append(_("Dice: {faces}.", faces=_(", ").join(faces)))
    for seat, name in enumerate(names):
        stones = view["stones"][seat]
        where = _(", ").join(
            _("{colour} {n}", colour=_(COLOUR_WORDS[c]), n=stones[c])
            for c in COLOURS
            if c in stones and c in COLOUR_WORDS
        )
        parts.append(
            _(
                "{name}: {score}, {chips}, stones on {where}.",
                name=name,
                score=ngettext("{n} point", "{n} points", view["scores"][seat]),
                chips=ngettext("{n} chip", "{n} chips", view["chips"][seat]),
                where=where or _("no field yet"),
            )
        )
    parts.append(
        _("Goal area: {n}/{end} stones.", n=view["goal_stones"], end=view["goal_stones_to_end"])
    )
    return sentences(parts)
