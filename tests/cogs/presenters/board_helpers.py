"""Reading back what a board image drew."""

import io

from PIL import Image


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(colour, expected, tolerance=24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=False))
