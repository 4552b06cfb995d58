"""Reading back what a board image drew, and positions to draw."""

import io
import random

from PIL import Image, ImageChops

from rules import Match, all_games


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(colour, expected, tolerance=24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=False))


def changed(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    """Where two pictures differ by more than the palette's rounding."""
    diff = ImageChops.difference(a, b).convert("L")
    return diff.point(lambda v: 255 if v > 40 else 0).getbbox()


def played(game_id: str, moves: int, seed: int = 1, players: int | None = None) -> Match:
    """A seeded random playout `moves` moves long (or to its end), at the
    game's largest player count unless told."""
    game = all_games()[game_id]
    match = Match.new(game_id, players or game.max_players, f"marks-{game_id}-{seed}")
    rnd = random.Random(seed)
    while match.to_act() and match.seq < moves:
        seat = rnd.choice(match.to_act())
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    return match
