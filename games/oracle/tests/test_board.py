import io
import itertools
import math
import random

import pytest
from PIL import Image

from cogs.presenters.base import board_view
from cogs.presenters.drawing import banner_height, plain_name
from games.oracle import board as board
from games.oracle.tests.engine.helpers import position
from rules import Match
from rules.core.rng import Rng
from tests.cogs.presenters.board_helpers import SOME_FONT, changed, words_drawn

NAMES = ["Ann", "Bo", "Cy", "Di"]


def played(players: int, moves: int, seed: str = "board") -> Match:
    match = Match.new("oracle", players, seed)
    rnd = random.Random(seed)
    while match.to_act() and match.seq < moves:
        seat = match.to_act()[0]
        match.act(seat, rnd.choice(match.legal(seat)), match.seq)
    return match


def png_of(match: Match, names=NAMES) -> bytes:
    return board.render(match.view(None), names[: match.players])


def pixels(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def near(colour, expected, tolerance=24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=False))


def test_a_small_palette_png_of_the_board_and_legend():
    png = png_of(played(4, 120))
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (board.WIDTH, board.HEIGHT) == (800, 950)
    assert len(png) < 200_000


def test_the_same_view_gives_the_same_bytes():
    match = played(3, 80)
    first = png_of(match)
    board.base_image.cache_clear()
    assert png_of(match) == first
    assert png_of(Match.from_record(match.to_record())) == first


def test_each_change_of_position_shows():
    match = played(3, 80)
    seen = {png_of(match)}
    seen.add(png_of(Match.new("oracle", 3, "board")))
    seen.add(png_of(match, ["Ann", "Bo", "Someone else"]))
    for change in ("oracle", "pawn", "current", "tile", "stones"):
        view = match.view(None)
        if change == "oracle":
            view["oracle"] = (view["oracle"] + 1) % 36
        elif change == "pawn":
            view["players"][1]["pawns"][0] += 1
        elif change == "current":
            view["current"] = (view["current"] + 1) % 3
            view["to_act"] = [view["current"]]  # the turn marker follows the seats to act
        elif change == "tile":
            view["board"][next(f["field"] for f in view["board"] if f["tile"])]["tile"] = None
        else:
            view["board"][35]["stones"] = 1 - view["board"][35]["stones"]
        seen.add(board.render(view, NAMES[:3]))
    assert len(seen) == 8


def test_the_image_uses_nothing_hidden():
    """Re-dealing the cards a spectator cannot see changes no byte, and a
    seat's own view (with its hand) draws the same board as view(None)."""
    for players in (2, 3, 4):
        match = Match.new("oracle", players, f"hidden-{players}")
        rnd = random.Random(players)
        while match.to_act():
            if match.seq % 97 == 0:
                seen = png_of(match)
                for seat in range(players):
                    twin = Match.from_record(match.to_record())
                    twin.game.redeal_hidden(twin.state, seat, Rng(rnd.getrandbits(64)))
                    assert png_of(twin) == seen
                    assert board.render(match.view(seat), NAMES[:players]) == seen
            seat = match.to_act()[0]
            match.act(seat, rnd.choice(match.legal(seat)), match.seq)


def test_the_fields_lie_on_a_spiral_from_the_start_to_the_centre():
    spots = board.GEOMETRY
    assert len(spots) == 36
    centre = spots[35]
    distances = [math.dist((s.x, s.y), (centre.x, centre.y)) for s in spots[:35]]
    assert distances == sorted(distances, reverse=True)  # always inwards
    for i, a in enumerate(spots):
        assert a.r <= a.x <= board.WIDTH - a.r and a.r <= a.y <= board.BOARD_SIZE - a.r
        for b in spots[i + 1 :]:
            assert math.dist((a.x, a.y), (b.x, b.y)) > a.r + b.r  # no stones overlap
    steps = [math.dist((a.x, a.y), (b.x, b.y)) for a, b in itertools.pairwise(spots[:35])]
    assert max(steps) < 1.1 * min(steps)  # evenly spaced along the path


def test_pawns_oracle_and_tiles_are_drawn_where_the_geometry_says():
    match = position(
        2, pawns={0: [10, 0, 0], 1: [0, 0, 20]}, oracle=20, tiles={11: "points3", 12: "mirror"}
    )
    image = pixels(board.render(match.view(None), NAMES[:2]))
    x, y, r = board.GEOMETRY[10]  # a lone pawn in the middle of a bare field
    assert near(image.getpixel((x, y + 0.05 * r)), board.SEAT_COLOURS[0])
    x, y, r = board.GEOMETRY[20]
    assert near(image.getpixel((x, y + 0.05 * r)), board.SEAT_COLOURS[1])
    assert near(image.getpixel((x + 0.72 * r, y - 0.72 * r)), board.GOLD)  # the oracle
    x, y, r = board.GEOMETRY[11]
    assert near(image.getpixel((x - 12, y - 14)), board.POINT_TOKEN)
    x, y, r = board.GEOMETRY[13]  # no tile: the field's own colour
    assert near(image.getpixel((x - 12, y - 14)), board.FIELD_FILL["p"])


def test_names_are_written_in_what_the_built_in_font_can_show():
    assert plain_name("Zoë", 0) == "Zoe"
    assert plain_name("🤖 Bot 3", 2) == "Bot 3"
    assert plain_name("李小龍", 3) == "Player 4"
    assert plain_name("A very long display name indeed", 0) == "A very long displ."


def test_the_points_so_far_are_drawn_in_their_players_block():
    """Other points so far (the view's figure) change the picture in that
    player's entry of the legend and nowhere else."""
    view = played(3, 30).view(None)
    names, seat = NAMES[:3], 1
    before = pixels(board.render(view, names))
    view["players"][seat]["points"] += 17
    where = changed(before, pixels(board.render(view, names)))
    assert where is not None
    x0, y0, x1, y1 = board.player_box(seat, 3)
    assert x0 <= where[0] and y0 <= where[1] and where[2] <= x1 and where[3] <= y1


@pytest.mark.skipif(SOME_FONT is None, reason="no TrueType file on this machine")
def test_the_board_is_labelled_in_japanese_when_a_font_can_draw_it(monkeypatch):
    assert "sanctuary" in words_drawn(monkeypatch, "oracle", "en", SOME_FONT)
    japanese = words_drawn(monkeypatch, "oracle", "ja", SOME_FONT)
    assert "聖域" in japanese and "sanctuary" not in japanese
    assert "sanctuary" in words_drawn(monkeypatch, "oracle", "ja", None)  # no font for its letters


def finished(players: int = 3) -> Match:
    match = played(players, 10_000, seed="finished")
    assert match.is_over()
    return match


def test_a_finished_board_shows_the_banners_final_scores_not_the_points_so_far():
    """Issue 42: the legend under the banner said "points so far" (bob 28)
    while the banner gave the totals (bob 24): once over, both show the
    outcome's final scores, taken from it, never recomputed."""
    match = finished()
    outcome = match.outcome()
    assert outcome is not None
    view = board_view(match.view(None), outcome)
    names, seat = NAMES[:3], 1
    before = pixels(board.render(view, names))
    view["players"][seat]["points"] += 17  # the points so far are not drawn any more
    assert changed(before, pixels(board.render(view, names))) is None
    view["outcome"]["scores"][seat] += 17  # the final score is, in the player's entry too
    x0, y0, x1, y1 = board.player_box(seat, 3)
    banner = banner_height(view)
    entry = (int(x0), int(y0) + banner, int(x1), int(y1) + banner)
    after = pixels(board.render(view, names))
    assert changed(before.crop(entry), after.crop(entry)) is not None
    assert changed(
        before.crop((0, 0, board.WIDTH, banner)), after.crop((0, 0, board.WIDTH, banner))
    )


def test_the_alt_text_gives_the_final_scores_once_over():
    match = finished()
    outcome = match.outcome()
    assert outcome is not None
    view = match.view(None)
    text = board.alt(view, NAMES[:3], outcome)
    for seat, score in enumerate(outcome["scores"]):
        assert f"{NAMES[seat]}: pawns on" in text
        assert f"{score} points in all" in text or f"{score} point in all" in text
    assert "so far" not in text
    assert "so far" in board.alt(played(3, 30).view(None), NAMES[:3], None)
