"""drawing's fixed palette: the colours a board adds to its fixed part come
out exactly, whatever the fixed part's own colours."""

import io

from PIL import Image, ImageDraw

from cogs.presenters import drawing
from cogs.presenters.seats import SEAT_COLOURS


def test_a_fixed_palette_keeps_the_marks_colours_exactly():
    base = Image.new("RGB", (200, 100), (10, 200, 90))
    ImageDraw.Draw(base).rectangle((0, 0, 100, 100), fill=(90, 30, 200))
    palette = drawing.fixed_palette(base)
    picture = base.copy()
    draw = ImageDraw.Draw(picture)
    marks = [drawing.TURN, drawing.BANNER, *SEAT_COLOURS]
    for n, colour in enumerate(marks):
        draw.rectangle((n * 20, 0, n * 20 + 10, 10), fill=colour)
    png = drawing.to_png(picture, palette=palette)
    shown = Image.open(io.BytesIO(png))
    assert shown.mode == "P" and len(shown.getpalette()) // 3 <= drawing.PALETTE_COLOURS
    shown = shown.convert("RGB")
    for n, colour in enumerate(marks):
        assert shown.getpixel((n * 20 + 5, 5)) == colour
    assert shown.getpixel((150, 50)) == (10, 200, 90)  # the base's own colours too
    assert shown.getpixel((50, 50)) == (90, 30, 200)
