"""Reading back what a board image drew, and positions to draw."""

import importlib
import io
import random
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

from cogs.i18n import speaking
from cogs.presenters import drawing, presenter_for
from cogs.presenters.image_cache import BOARDS
from rules import Match, all_games
from rules.core.registry import package_of

#: a real TrueType file standing in for a Japanese font (its glyphs don't matter here)
SOME_FONT = next((str(p) for p in Path("/usr/share/fonts").rglob("*.ttf")), None)


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


def words_drawn(monkeypatch, game_id: str, lang: str, font: str | None) -> list[str]:
    """Every text the game's board draws of its opening position (two seats,
    or its fewest) in `lang`, with `font` as the host's Japanese font (None:
    none here); nothing cached is reused (the fixed parts are drawn too)."""
    words: list[str] = []
    original = ImageDraw.ImageDraw.text

    def recording(self, xy, text, *args, **kwargs):
        words.append(text)
        return original(self, xy, text, *args, **kwargs)

    game = all_games()[game_id]
    players = max(game.min_players, 2)
    view = Match.new(game_id, players, f"labels-{game_id}").view(None)
    with monkeypatch.context() as patched:
        patched.setattr(ImageDraw.ImageDraw, "text", recording)
        patched.setattr(drawing, "cjk_font", lambda: font)
        BOARDS.clear()
        clear_drawing_caches(game_id)
        try:
            with speaking(lang):
                presenter_for(game_id).table_image(view, ["Ann", "Bob", "Cy", "Di", "Ed"][:players])
        finally:
            BOARDS.clear()
            clear_drawing_caches(game_id)
    return words


def clear_drawing_caches(game_id: str) -> None:
    """Forget what the game's modules cached (a fixed part of its picture is
    drawn once per process: its text, too, only then)."""
    package = package_of(game_id)
    assert package is not None
    importlib.import_module(package)
    for name, module in list(sys.modules.items()):
        if name == package or name.startswith(f"{package}."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
