"""The Oracle's board (O-2) and path tiles (O-1) as data [B].

The path is fields 0..35: 0 is the start (no colour, 0 points), 29..35 the
sanctuary, 35 the centre. Large stones (6, 13, 19, 26) carry 2 wishing
stones at setup, the centre 1; every other field 1..34 is a small stone and
gets one of the 30 shuffled path tiles (O-3).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.oracle.engine.cards import COLOURS

START = 0
SANCTUARY = 29  # first field of the sanctuary (O-2, O-7a)
CENTRE = 35
LAST = CENTRE

# Field kinds, for renderers.
START_STONE, SMALL_STONE, LARGE_STONE, CENTRE_STONE = "start", "small", "large", "centre"


class Field(NamedTuple):
    colour: str | None
    points: int
    kind: str
    stones: int  # wishing stones lying here at setup


def _f(colour: str, points: int, kind: str = SMALL_STONE) -> Field:
    stones = {LARGE_STONE: 2, CENTRE_STONE: 1}.get(kind, 0)
    return Field(colour, points, kind, stones)


L, C = LARGE_STONE, CENTRE_STONE
# O-2 [B]: field -> colour, printed points, kind.
FIELDS: tuple[Field, ...] = (
    Field(None, 0, START_STONE, 0),  # 0
    _f("g", -4),
    _f("y", -4),
    _f("b", -4),
    _f("u", -3),
    _f("p", -3),  # 1-5
    _f("b", -3, L),
    _f("p", -2),
    _f("g", -2),
    _f("y", -2),
    _f("u", -1),  # 6-10
    _f("y", -1),
    _f("u", -1),
    _f("p", 1, L),
    _f("b", 1),
    _f("g", 1),  # 11-15
    _f("p", 2),
    _f("g", 2),
    _f("u", 2),
    _f("y", 3, L),
    _f("b", 3),  # 16-20
    _f("u", 3),
    _f("b", 4),
    _f("y", 4),
    _f("g", 4),
    _f("p", 5),  # 21-25
    _f("g", 5, L),
    _f("p", 5),
    _f("b", 5),
    _f("u", 6),
    _f("y", 6),  # 26-30
    _f("y", 6),
    _f("b", 7),
    _f("u", 7),
    _f("p", 7),
    _f("g", 10, C),  # 31-35
)
assert len(FIELDS) == LAST + 1

#: small stones, in field order: each gets one shuffled tile at setup
SMALL_FIELDS: tuple[int, ...] = tuple(i for i, f in enumerate(FIELDS) if f.kind == SMALL_STONE)
STONE_FIELDS: tuple[int, ...] = tuple(i for i, f in enumerate(FIELDS) if f.stones)
WISHING_STONES = sum(f.stones for f in FIELDS)  # 9


def _next_table() -> tuple[dict[str, int | None], ...]:
    table = []
    for here in range(len(FIELDS)):
        ahead = {}
        for colour in COLOURS:
            ahead[colour] = next(
                (i for i in range(here + 1, len(FIELDS)) if FIELDS[i].colour == colour), None
            )
        table.append(ahead)
    return tuple(table)


#: NEXT[field][colour]: the next field ahead of `field` with that colour, or None
NEXT: tuple[dict[str, int | None], ...] = _next_table()

# -- path tiles (O-1, O-6) ------------------------------------------------------

POINTS, CLOVER, SPIRAL, GOBLIN, MIRROR = "points", "clover", "spiral", "goblin", "mirror"
GREEN_KINDS = frozenset({POINTS, CLOVER, SPIRAL, GOBLIN})  # stay on the board
ORANGE_KINDS = frozenset({MIRROR})  # taken (wishing stones are orange too)


class Tile(NamedTuple):
    kind: str
    value: int | None  # points tiles
    colour: str | None  # clovers
    code: str


POINT_TILE_VALUES = (1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5)
SPIRALS = GOBLINS = MIRRORS = 3


def _tiles() -> tuple[Tile, ...]:
    tiles = [Tile(POINTS, v, None, f"points{v}") for v in POINT_TILE_VALUES]
    tiles += [Tile(CLOVER, None, c, f"clover_{c}") for c in COLOURS]
    tiles += [Tile(SPIRAL, None, None, SPIRAL)] * SPIRALS
    tiles += [Tile(GOBLIN, None, None, GOBLIN)] * GOBLINS
    tiles += [Tile(MIRROR, None, None, MIRROR)] * MIRRORS
    return tuple(tiles)


#: the 30 tiles shuffled onto the small stones; a tile on the board is its index here
TILES: tuple[Tile, ...] = _tiles()
assert len(TILES) == len(SMALL_FIELDS) == 30
assert len(TILES) + WISHING_STONES == 39


def _tile_view(t: Tile) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": t.kind, "code": t.code}
    if t.value is not None:
        out["value"] = t.value
    if t.colour is not None:
        out["colour"] = t.colour
    return out


_TILE_VIEWS = tuple(_tile_view(t) for t in TILES)


def tile_view(tile: int | None) -> dict[str, Any] | None:
    """A tile on the board (index into TILES, or None) as a fresh JSON dict."""
    return None if tile is None else dict(_TILE_VIEWS[tile])
