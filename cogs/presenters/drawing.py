"""What every board image shares: the canvas width, the smallest text size
that stays legible where Discord shows the image, the colours, the font,
a few primitives and the small-palette PNG encoding.

Discord shows an image inside a message about 400 px wide; every text is
drawn at least `MIN_TEXT` px at `WIDTH`, so at least 11 px there. Boards are
drawn from the public view only (`Match.view(None)`).

Labels are in the language the board is drawn in (`board_words`): Pillow's
built-in font has Latin letters only, so Japanese labels need a font with
its glyphs (Debian's fonts-ipafont-gothic or fonts-noto-cjk, installed by
the Dockerfile); without one the board is labelled in English.
"""

from __future__ import annotations

import io
import unicodedata
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from cogs.i18n import DEFAULT, _, current, ngettext, speaking
from cogs.presenters.seats import SEAT_COLOURS, SEAT_INK

WIDTH = 800
SHOWN_WIDTH = 400  # the width Discord shows an image at inside a message
MIN_SHOWN_TEXT = 11  # px, at SHOWN_WIDTH
MIN_TEXT = MIN_SHOWN_TEXT * WIDTH // SHOWN_WIDTH  # 22 px at WIDTH
VALUE_TEXT = 26  # card ranks and field values
PALETTE_COLOURS = 64

BACKGROUND = (239, 230, 210)
PANEL = (226, 214, 188)
LINE = (184, 172, 150)
INK = (34, 30, 28)
MUTED = (110, 100, 88)
WHITE = (255, 255, 255)
GOLD = (212, 160, 23)
STONE_BLUE = (120, 220, 240)
HIGHLIGHT = (255, 248, 225)
#: the turn marker's colour: nothing else on a board is drawn in it
TURN = (200, 20, 120)
TURN_WIDTH = 4
#: the winner banner above a finished board
BANNER_H = 76
BANNER = (52, 44, 36)
#: the Keltis colours (cards, rows, fields, dice), grey for point cards
COLOUR_FILL = {
    "b": (139, 90, 50),
    "y": (240, 196, 50),
    "p": (240, 140, 182),
    "g": (56, 158, 78),
    "u": (58, 118, 208),
    "x": (170, 166, 160),
    None: (205, 198, 186),
}
LIGHT_FILLS = frozenset({"y", "p", "x", None})  # fills that take dark ink


def ink_on(colour: str | None) -> tuple[int, int, int]:
    return INK if colour in LIGHT_FILLS else WHITE


#: fonts with Japanese glyphs, the first found is used
CJK_FONTS = (
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
)
#: languages whose letters Pillow's built-in font lacks
NEEDS_FONT = frozenset({"ja"})


@cache
def cjk_font() -> str | None:
    return next((path for path in CJK_FONTS if Path(path).is_file()), None)


def board_language() -> str:
    """The language boards are labelled in now: the current one, unless no
    font here can draw its letters (then English)."""
    lang = current()
    return DEFAULT if lang in NEEDS_FONT and cjk_font() is None else lang


def board_words(msgid: str, **params) -> str:
    """A board label from the catalogues, in `board_language()`."""
    with speaking(board_language()):
        return _(msgid, **params)


def board_plural(singular: str, plural: str, n: int, **params) -> str:
    """A board label that counts (`{n}`), in the plural form for `n`, in
    `board_language()`."""
    with speaking(board_language()):
        return ngettext(singular, plural, n, **params)


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's built-in font (no font file to ship), or a font with the
    board language's glyphs."""
    return _font(size, cjk_font() if board_language() in NEEDS_FONT else None)


@cache
def _font(size: int, path: str | None) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.truetype(path, size) if path else ImageFont.load_default(size=size)


def canvas(height: int, colour=BACKGROUND) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (WIDTH, height), colour)
    return image, ImageDraw.Draw(image)


def text(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    words: str,
    size: int,
    fill=INK,
    anchor: str = "mm",
) -> None:
    """Every text of every board goes through here (the legibility test
    records the sizes)."""
    draw.text((x, y), words, fill=fill, font=font(size), anchor=anchor)


def text_width(words: str, size: int) -> float:
    return font(size).getlength(words)


def fit(words: str, size: int, width: float) -> str:
    """`words`, cut with a final "." so they fit in `width` px."""
    if text_width(words, size) <= width:
        return words
    while words and text_width(words + ".", size) > width:
        words = words[:-1]
    return words.rstrip() + "."


def plain_name(name: str, seat: int) -> str:
    """A name as the board's font can draw it. The built-in font has Latin
    letters only: accents are dropped (Zoë -> Zoe), other characters (emoji,
    other scripts) left out; a Japanese font keeps Japanese letters too."""
    if board_language() in NEEDS_FONT:
        kept = "".join(c for c in name if c.isprintable() and (c.isascii() or _cjk(c)))
    else:
        kept = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    kept = " ".join("".join(c for c in kept if c.isprintable()).split())
    kept = kept or board_words("Player {n}", n=seat + 1)
    return kept if len(kept) <= 18 else kept[:17] + "."


def _cjk(char: str) -> bool:
    """Kana, kanji and full-width forms (what a Japanese font draws)."""
    return "\u3000" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef"


def circle(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, **kw) -> None:
    draw.ellipse((x - r, y - r, x + r, y + r), **kw)


def seat_disc(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    r: float,
    seat: int,
    label: str = "",
    size: int = MIN_TEXT,
) -> None:
    """A seat's token in its colour (a light ring keeps black visible on dark)."""
    circle(draw, x, y, r + 2, fill=WHITE)
    circle(draw, x, y, r, fill=SEAT_COLOURS[seat], outline=INK, width=2)
    if label:
        text(draw, x, y, label, size, fill=SEAT_INK[seat])


def name_tag(
    draw: ImageDraw.ImageDraw,
    x: float,
    y: float,
    seat: int,
    name: str,
    width: float,
    size: int = MIN_TEXT,
    ink=INK,
) -> None:
    """A seat's disc then its name, left-aligned at (x, y) (the vertical middle)."""
    seat_disc(draw, x + 12, y, 12, seat)
    text(draw, x + 30, y, fit(plain_name(name, seat), size, width - 30), size, ink, anchor="lm")


def card(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    label: str,
    fill=WHITE,
    ink=INK,
    size: int = VALUE_TEXT,
    outline=INK,
    width: int = 2,
) -> None:
    """A card face: a rounded box with its label in the middle."""
    draw.rounded_rectangle(box, radius=6, fill=fill, outline=outline, width=width)
    if label:
        text(draw, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, label, size, fill=ink)


def diamond(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, fill=STONE_BLUE) -> None:
    """A wishing stone."""
    draw.polygon(
        ((x, y - r), (x + r * 0.75, y), (x, y + r), (x - r * 0.75, y)),
        fill=fill,
        outline=INK,
        width=1,
    )


def clover(draw: ImageDraw.ImageDraw, x: float, y: float, fill, k: float = 1) -> None:
    """A four-leaf clover, `k` times the size of a tile's."""
    draw.line((x, y + 2 * k, x + 4 * k, y + 11 * k), fill=INK, width=max(2, round(2 * k)))
    for dx, dy in ((0, -5), (5, 0), (0, 5), (-5, 0)):
        circle(draw, x + dx * k, y + (dy - 1) * k, 4.5 * k, fill=fill, outline=INK)


def goblin(draw: ImageDraw.ImageDraw, x: float, y: float, k: float = 1) -> None:
    """A goblin's (kobold's) face, `k` times the size of a tile's."""
    skin, dark = (110, 160, 60), (40, 80, 30)
    draw.polygon(((x - 6 * k, y - 3 * k), (x - 12 * k, y - 9 * k), (x - 8 * k, y + k)), fill=dark)
    draw.polygon(((x + 6 * k, y - 3 * k), (x + 12 * k, y - 9 * k), (x + 8 * k, y + k)), fill=dark)
    circle(draw, x, y + k, 7.5 * k, fill=skin, outline=dark)
    circle(draw, x - 3 * k, y - k, 1.5 * k, fill=INK)
    circle(draw, x + 3 * k, y - k, 1.5 * k, fill=INK)
    draw.line((x - 3 * k, y + 5 * k, x + 3 * k, y + 5 * k), fill=dark, width=1)


def arrow(draw: ImageDraw.ImageDraw, x: float, y: float, up: bool, fill=INK) -> None:
    """A row's direction: a small triangle pointing up or down."""
    s = 1 if up else -1
    draw.polygon(((x - 8, y + 6 * s), (x + 8, y + 6 * s), (x, y - 8 * s)), fill=fill)


#: colours any board may add to its fixed part: seats, the turn marker, the banner
MARK_COLOURS = (
    *SEAT_COLOURS,
    *SEAT_INK,
    TURN,
    HIGHLIGHT,
    BANNER,
    GOLD,
    WHITE,
    INK,
    MUTED,
    PANEL,
    BACKGROUND,
    STONE_BLUE,
)


def fixed_palette(base: Image.Image, colours: int = PALETTE_COLOURS) -> Image.Image:
    """A palette for every picture drawn on `base` (a board's fixed part,
    drawn once): the base's own colours, then `MARK_COLOURS` exactly. Mapping
    a picture to it (`to_png(..., palette=)`) costs a tenth of choosing a
    palette for each picture (1 ms instead of 11 for the Oracle's)."""
    extras = list(dict.fromkeys(MARK_COLOURS))
    own = colours - len(extras)
    chosen = base.quantize(colors=own, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = (chosen.getpalette() or [])[: own * 3]
    flat += [0] * (own * 3 - len(flat))
    palette = Image.new("P", (1, 1))
    palette.putpalette(flat + [v for colour in extras for v in colour])
    return palette


def to_png(
    image: Image.Image, colours: int = PALETTE_COLOURS, palette: Image.Image | None = None
) -> bytes:
    """Quantised to a small palette (no dithering: flat colours stay flat):
    `palette` (see `fixed_palette`), else one chosen for this picture."""
    if palette is not None:
        small = image.quantize(palette=palette, dither=Image.Dither.NONE)
    else:
        small = image.quantize(
            colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    out = io.BytesIO()
    # zlib level 3, not the default 6: a third of the time for files 15-30%
    # larger (at most about 50 KB); optimize=True saves 10% for 7x the time
    small.save(out, "PNG", compress_level=3)
    return out.getvalue()


# -- whose turn, and who won ---------------------------------------------------


def turn_marker(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], head_bottom: float
) -> float:
    """Whose turn it is: the seat's block `box` outlined in `TURN`, its
    head (down to `head_bottom`) filled in `TURN` with a white "▶" at its
    left. Returns the x where the head's content starts (drawn after, in
    `WHITE`)."""
    x0, y0, x1, _y1 = box
    draw.rounded_rectangle(box, radius=8, fill=HIGHLIGHT, outline=TURN, width=TURN_WIDTH)
    draw.rounded_rectangle((x0, y0, x1, head_bottom), radius=8, fill=TURN)
    mid = (y0 + head_bottom) / 2
    draw.polygon(((x0 + 8, mid - 9), (x0 + 22, mid), (x0 + 8, mid + 9)), fill=WHITE)
    return x0 + 26


def points(n: int) -> str:
    """A score on a board: "12 pts"."""
    return board_plural("{n} pt", "{n} pts", n)


def winners_line(outcome: dict, names: list[str]) -> str:
    """ "Alice wins" / "Alice and Bob win", in the board's language."""
    winners = [plain_name(names[s], s) for s in outcome.get("winners", ())]
    if not winners:
        return board_words("Game over")
    joined = board_words(", ").join(winners)
    return board_plural("{names} wins", "{names} win", len(winners), names=joined)


def with_banner(image: Image.Image, view: dict, names: list[str]) -> Image.Image:
    """A finished board (`view["outcome"]`, see base.board_view) with the
    winner banner above it: who won, then every seat's final score; any
    other board as it is."""
    outcome = view.get("outcome")
    if not outcome:
        return image
    out = Image.new("RGB", (image.width, image.height + BANNER_H), BANNER)
    out.paste(image, (0, BANNER_H))
    draw = ImageDraw.Draw(out)
    _trophy(draw, 30, BANNER_H / 2)
    text(draw, 58, 24, fit(winners_line(outcome, names), 30, WIDTH - 70), 30, GOLD, anchor="lm")
    scores = outcome.get("scores") or []
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    line = "  ·  ".join(
        board_words("{name}: {score}", name=plain_name(names[s], s), score=scores[s]) for s in order
    )
    text(draw, 58, 56, fit(line, MIN_TEXT, WIDTH - 70), MIN_TEXT, WHITE, anchor="lm")
    return out


def banner_height(view: dict) -> int:
    """How much a finished board's banner adds to its height."""
    return BANNER_H if view.get("outcome") else 0


def _trophy(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    draw.polygon(((x - 14, y - 18), (x + 14, y - 18), (x + 9, y + 2), (x - 9, y + 2)), fill=GOLD)
    draw.rectangle((x - 3, y + 2, x + 3, y + 12), fill=GOLD)
    draw.rectangle((x - 11, y + 12, x + 11, y + 18), fill=GOLD)


def swatch(pairs: list[tuple[tuple[int, int, int], tuple[int, int, int]]]) -> Image.Image:
    """A palette's source for a board with no fixed part: for each (fill,
    ink) a patch of the fill with a line of text in the ink (its edges'
    blended colours too), at the sizes boards write in."""
    image = Image.new("RGB", (WIDTH, 60 * len(pairs)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for n, (fill, ink) in enumerate(pairs):
        draw.rectangle((0, n * 60, WIDTH, n * 60 + 59), fill=fill)
        draw.text((8, n * 60 + 4), "VIII Mask 10 pts", fill=ink, font=_font(VALUE_TEXT, None))
        draw.text((400, n * 60 + 30), "hand 4 · dealer", fill=ink, font=_font(MIN_TEXT, None))
    return image
