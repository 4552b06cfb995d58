"""The Oracle's board as a PNG, drawn from the public view only.

The 36 fields lie on an Archimedean spiral from the start (field 0, outside)
to the centre (35), evenly spaced along the curve. That geometry and
everything that never changes (path, coloured and numbered fields, printed
points, sanctuary rings, the key to the tiles) is drawn once per process
into a base image; each render copies it and adds what a move can change:
tiles, wishing stones, pawns, the oracle and the players' legend. The result
is quantised to a small palette (`drawing.to_png`); every text is legible at
the width Discord shows it (`drawing.MIN_TEXT`).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from cogs.i18n import N_, _, ngettext
from cogs.presenters.base import sentences, turn_alt
from cogs.presenters.drawing import (
    BACKGROUND,
    COLOUR_FILL,
    GOLD,
    INK,
    LIGHT_FILLS,
    MIN_TEXT,
    PALETTE_COLOURS,
    PANEL,
    STONE_BLUE,
    WHITE,
    WIDTH,
    board_language,
    board_words,
    circle,
    clover,
    diamond,
    fit,
    fixed_palette,
    font,
    goblin,
    plain_name,
    points,
    seat_disc,
    text,
    text_width,
    to_png,
    turn_marker,
    with_banner,
)
from cogs.presenters.seats import SEAT_COLOURS
from games.oracle.engine.board import CENTRE_STONE, FIELDS, LARGE_STONE, SANCTUARY, START_STONE

__all__ = [
    "render",
    "base_image",
    "GEOMETRY",
    "WIDTH",
    "HEIGHT",
    "PALETTE_COLOURS",
    "plain_name",
    "SEAT_COLOURS",
]

BOARD_SIZE = WIDTH  # the square holding the spiral
LEGEND_HEIGHT = 150  # the strip below it: players, then the key to the tiles (two lines)
HEIGHT = BOARD_SIZE + LEGEND_HEIGHT

# -- colours --------------------------------------------------------------------
LEGEND_BACKGROUND = PANEL
PATH = (184, 172, 150)
TOKEN = (255, 250, 236)
POINT_TOKEN = (255, 232, 160)
FIELD_FILL = COLOUR_FILL
LIGHT_FIELDS = LIGHT_FILLS  # fields that take dark text
FIELD_TEXT = MIN_TEXT + 2  # field numbers and points


# -- geometry (computed once) ------------------------------------------------------
class Spot(NamedTuple):
    x: float
    y: float
    r: float  # radius of the field's stone


RADIUS = {START_STONE: 50, LARGE_STONE: 48, CENTRE_STONE: 62}
SMALL_RADIUS = 43
OUTER, INNER, TURNS = 352, 112, 2.38  # spiral: first and last path radius, turns
START_ANGLE = math.pi * 0.75  # field 0 at the lower left
BOARD_MARGIN = 6


def _spiral_points(count: int, steps: int = 8000) -> list[tuple[float, float]]:
    """`count` points evenly spaced by arc length on the spiral, outside in."""
    total = TURNS * 2 * math.pi
    shrink = (OUTER - INNER) / total
    cx = cy = BOARD_SIZE / 2
    curve: list[tuple[float, float]] = []
    lengths = [0.0]
    for i in range(steps + 1):
        t = total * i / steps
        r = OUTER - shrink * t
        point = (cx + r * math.cos(START_ANGLE + t), cy + r * math.sin(START_ANGLE + t))
        if curve:
            lengths.append(lengths[-1] + math.dist(curve[-1], point))
        curve.append(point)
    out, j = [], 0
    for n in range(count):
        target = lengths[-1] * n / (count - 1)
        while lengths[j] < target:
            j += 1
        out.append(curve[j])
    return out


def _layout() -> tuple[Spot, ...]:
    """Fields 0..34 along the spiral, the centre (35) in the middle of it; then
    scaled and moved so that the stones fill the board square."""
    path = _spiral_points(len(FIELDS) - 1)
    path.append((BOARD_SIZE / 2, BOARD_SIZE / 2))
    radii = [RADIUS.get(f.kind, SMALL_RADIUS) for f in FIELDS]
    left = min(x - r for (x, _), r in zip(path, radii, strict=True))
    right = max(x + r for (x, _), r in zip(path, radii, strict=True))
    top = min(y - r for (_, y), r in zip(path, radii, strict=True))
    bottom = max(y + r for (_, y), r in zip(path, radii, strict=True))
    scale = (BOARD_SIZE - 2 * BOARD_MARGIN) / max(right - left, bottom - top)
    dx = (BOARD_SIZE - (right - left) * scale) / 2 - left * scale
    dy = (BOARD_SIZE - (bottom - top) * scale) / 2 - top * scale
    return tuple(
        Spot(round(x * scale + dx, 1), round(y * scale + dy, 1), round(r * scale, 1))
        for (x, y), r in zip(path, radii, strict=True)
    )


#: field -> where its stone is drawn
GEOMETRY: tuple[Spot, ...] = _layout()
PAWN_RADIUS = 13
TOKEN_HALF = 15  # a tile drawn as a square token, 30 px wide
# the key to the tiles, in the legend strip: (what, caption)
KEY = (
    ("points", N_("point tile")),
    ("clover", N_("clover")),
    ("spiral", N_("spiral")),
    ("goblin", N_("goblin")),
    ("mirror", N_("mirror")),
    ("stone", N_("wishing stone")),
    ("oracle", N_("oracle")),
    ("sanctuary", N_("sanctuary")),
)
ICON_WIDTH, KEY_FONT = 34, MIN_TEXT
KEY_PER_LINE = 4
PLAYERS_Y = BOARD_SIZE + 28
KEY_Y = (BOARD_SIZE + 80, BOARD_SIZE + 122)


# -- drawing primitives -------------------------------------------------------------
_circle = circle


def _text(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    words: str,
    size: int,
    fill=INK,
    anchor: str = "mm",
) -> None:
    text(draw, x, y, words, size, fill, anchor)


def _star(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    points = []
    for i in range(10):
        rr = r if i % 2 == 0 else r * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    draw.polygon(points, fill=GOLD, outline=INK, width=2)


def _diamond(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    diamond(draw, x, y, r, STONE_BLUE)


def _token(draw: ImageDraw.ImageDraw, x: float, y: float, fill=TOKEN) -> None:
    h = TOKEN_HALF
    draw.rounded_rectangle((x - h, y - h, x + h, y + h), radius=5, fill=fill, outline=INK, width=1)


def _spiral(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    turns = (i * 0.35 for i in range(36))  # angle in radians; radius grows with it
    points = [(x + (1 + 0.9 * t) * math.cos(t), y + (1 + 0.9 * t) * math.sin(t)) for t in turns]
    draw.line(points, fill=(110, 40, 150), width=2)


def _mirror(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.ellipse((x - 7, y - 10, x + 7, y + 10), fill=(196, 214, 232), outline=INK, width=2)
    draw.line((x - 2, y - 6, x + 3, y + 1), fill=(255, 255, 255), width=2)


def _tile(draw: ImageDraw.ImageDraw, x: float, y: float, tile: dict) -> None:
    kind = tile["kind"]
    _token(draw, x, y, POINT_TOKEN if kind == "points" else TOKEN)
    if kind == "points":
        _text(draw, x, y, f"+{tile['value']}", MIN_TEXT)
    elif kind == "clover":
        clover(draw, x, y, FIELD_FILL[tile["colour"]])
    elif kind == "spiral":
        _spiral(draw, x, y)
    elif kind == "goblin":
        goblin(draw, x, y)
    elif kind == "mirror":
        _mirror(draw, x, y)


def _pawn(draw: ImageDraw.ImageDraw, x: float, y: float, seat: int, count: int) -> None:
    seat_disc(draw, x, y, PAWN_RADIUS, seat, str(count) if count > 1 else "", MIN_TEXT)


def _key_icon(draw: ImageDraw.ImageDraw, what: str, x: float, y: float) -> None:
    if what == "points":
        _tile(draw, x, y, {"kind": "points", "value": 3})
    elif what == "clover":
        _tile(draw, x, y, {"kind": "clover", "colour": "g"})
    elif what in ("spiral", "goblin", "mirror"):
        _tile(draw, x, y, {"kind": what})
    elif what == "stone":
        _diamond(draw, x, y, 9)
    elif what == "oracle":
        _star(draw, x, y, 11)
    else:  # sanctuary
        _circle(draw, x, y, 10, fill=FIELD_FILL["u"], outline=GOLD, width=4)


# -- the static part, drawn once ------------------------------------------------------
def base_image() -> Image.Image:
    """The board without pieces, labelled in the board language."""
    return _base_image(board_language())


@lru_cache(maxsize=4)
def _base_image(language: str) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.line([(s.x, s.y) for s in GEOMETRY], fill=PATH, width=18, joint="curve")
    for i, (spot, field) in enumerate(zip(GEOMETRY, FIELDS, strict=True)):
        x, y, r = spot
        if i >= SANCTUARY:
            _circle(draw, x, y, r + 5, fill=GOLD)
        _circle(draw, x, y, r, fill=FIELD_FILL[field.colour], outline=INK, width=2)
        ink = INK if field.colour in LIGHT_FIELDS else (255, 255, 255)
        _text(draw, x, y - r + 15, str(i), FIELD_TEXT, ink)
        if field.kind == START_STONE:
            _text(draw, x, y + r - 15, board_words("START"), MIN_TEXT, ink)
        else:
            _text(draw, x, y + r - 15, f"{field.points:+d}", FIELD_TEXT, ink)
    draw.rectangle((0, BOARD_SIZE, WIDTH, HEIGHT), fill=LEGEND_BACKGROUND)
    draw.line((0, BOARD_SIZE, WIDTH, BOARD_SIZE), fill=PATH, width=2)
    for line, y in enumerate(KEY_Y):
        part = KEY[line * KEY_PER_LINE : (line + 1) * KEY_PER_LINE]
        key = [(what, board_words(caption)) for what, caption in part]
        widths = [ICON_WIDTH + font(KEY_FONT).getlength(caption) for _, caption in key]
        gap = (WIDTH - sum(widths)) / len(key)
        x = gap / 2
        for (what, caption), width in zip(key, widths, strict=True):
            _key_icon(draw, what, x + 15, y)
            _text(draw, x + ICON_WIDTH, y, caption, KEY_FONT, anchor="lm")
            x += width + gap
    return image


# the tests and the benchmark draw afresh (a function's attribute: mypy knows none)
base_image.cache_clear = _base_image.cache_clear  # type: ignore[attr-defined]


# -- what a move changes ---------------------------------------------------------------
def pawn_slots(seats: int, flank: bool) -> list[tuple[float, float]]:
    """Where the pawns of `seats` seats stand on a field, in radii from its
    centre: beside the tile or stones (`flank`), else in the middle."""
    if flank:
        return [(-0.62, -0.18), (0.62, -0.18), (-0.62, 0.36), (0.62, 0.36)][:seats]
    if seats == 1:
        return [(0.0, 0.05)]
    if seats == 2:
        return [(-0.32, 0.05), (0.32, 0.05)]
    return [(-0.32, -0.18), (0.32, -0.18), (-0.32, 0.36), (0.32, 0.36)][:seats]


def _draw_field_contents(draw: ImageDraw.ImageDraw, view: dict) -> None:
    seats_on: dict[int, list[tuple[int, int]]] = {}
    for player in view["players"]:
        fields = player["pawns"]
        for field in sorted(set(fields)):
            seats_on.setdefault(field, []).append((player["seat"], fields.count(field)))
    pending = view.get("pending")
    for field in view["board"]:
        i = field["field"]
        x, y, r = GEOMETRY[i]
        if pending and pending.get("field") == i:
            _circle(draw, x, y, r - 3, outline=(255, 255, 255), width=3)
        tile, stones = field["tile"], field["stones"]
        centre_y = y - 2
        if tile:
            _tile(draw, x, centre_y, tile)
        for n in range(stones):
            _diamond(draw, x + (n - (stones - 1) / 2) * 16, centre_y, 9)
        here = seats_on.get(i, ())
        for (seat, count), (dx, dy) in zip(
            here, pawn_slots(len(here), bool(tile or stones)), strict=False
        ):
            _pawn(draw, x + dx * r, y + dy * r, seat, count)
    ox, oy, orad = GEOMETRY[view["oracle"]]
    _star(draw, ox + orad * 0.72, oy - orad * 0.72, 13)


def player_box(seat: int, players: int) -> tuple[float, float, float, float]:
    """Where a seat's entry in the players' legend lies (without a banner)."""
    step = WIDTH / max(players, 1)
    x = step * seat + 22
    return (x - 18, PLAYERS_Y - 20, x + step - 30, PLAYERS_Y + 20)


def final_scores(outcome: dict | None) -> list[int] | None:
    """A finished match's final scores by seat (the outcome's, as the banner
    shows them), or None while it runs."""
    scores = (outcome or {}).get("scores")
    return list(scores) if scores else None


def _draw_players(draw: ImageDraw.ImageDraw, view: dict, names: list[str]) -> None:
    """Each seat's pawn, name and points so far (the view's), or once the
    match is over its final score (the banner's); the seat to play marked
    (`turn_marker`)."""
    players = view["players"]
    acting = set(view["to_act"])
    final = final_scores(view.get("outcome"))
    for player in players:
        seat = player["seat"]
        box = player_box(seat, len(players))
        x, ink = box[0] + 18, INK
        if seat in acting:
            x, ink = turn_marker(draw, box, box[3]) + 16, WHITE
        _pawn(draw, x, PLAYERS_Y, seat, 1)
        score = points(final[seat] if final else player["points"])
        _text(draw, box[2] - 8, PLAYERS_Y, score, MIN_TEXT, ink, anchor="rm")
        room = box[2] - 8 - text_width(score, MIN_TEXT) - 8 - (x + 20)
        name = fit(plain_name(names[seat], seat), MIN_TEXT, room)
        _text(draw, x + 20, PLAYERS_Y, name, MIN_TEXT, ink, anchor="lm")


def render(view: dict, names: list[str]) -> bytes:
    """The board for a public view (`Match.view(None)`), as PNG bytes."""
    language = board_language()
    image = _base_image(language).copy()
    draw = ImageDraw.Draw(image)
    _draw_field_contents(draw, view)
    _draw_players(draw, view, names)
    return to_png(with_banner(image, view, names), palette=_palette(language))


@lru_cache(maxsize=4)
def _palette(language: str) -> Image.Image:
    """The colours of every Oracle board: the fixed part's and the pieces'."""
    return fixed_palette(_base_image(language))


#: a player in the alt text, while the match runs and once it is over (the banner's score)
SO_FAR_ALT = N_("{name}: pawns on {fields}, {points} so far, {stones}, {mirrors}, {hand} in hand.")
FINAL_ALT = N_("{name}: pawns on {fields}, {points} in all, {stones}, {mirrors}, {hand} in hand.")


def alt(view: dict, names: list[str], outcome: dict | None) -> str:
    """The board in words (its alt text): whose turn or who won, where
    each player's pawns stand and their points so far, stones and mirrors,
    the oracle's field and the draw pile."""
    parts = [turn_alt(view, names, outcome)]
    final = final_scores(outcome)
    words = SO_FAR_ALT if final is None else FINAL_ALT
    for player in view["players"]:
        seat = player["seat"]
        parts.append(
            _(
                words,
                name=names[seat],
                fields=_(", ").join(map(str, sorted(player["pawns"], reverse=True))),
                points=ngettext(
                    "{n} point", "{n} points", final[seat] if final else player["points"]
                ),
                stones=ngettext("{n} wishing stone", "{n} wishing stones", player["stones"]),
                mirrors=ngettext("{n} mirror", "{n} mirrors", player["mirrors"]),
                hand=ngettext("{n} card", "{n} cards", player["hand_size"]),
            )
        )
    parts.append(_("The oracle is on field {n}.", n=view["oracle"]))
    parts.append(ngettext("Draw pile: {n} card.", "Draw pile: {n} cards.", view["deck"]))
    return sentences(parts)
