"""What every board shows besides the game itself: a strong marker on the
seat to play (its block only), the winner banner on a finished board, and
the alt text saying it all in words, from public facts only. Every game
that draws a board is checked; what a board shows of one game alone (its
score in the players' blocks) is checked in that game's own tests."""

import random

import pytest
from PIL import Image, ImageChops

from cogs.presenters import drawing, presented_games, presenter_for
from cogs.presenters.base import MAX_ALT, board_files, board_view
from rules import Match, all_games
from rules.core.rng import Rng
from tests.cogs.presenters.board_helpers import changed, near, pixels, played

#: the games that draw a board picture (a game without one shows its table
#: as text: it has no board to mark)
GAMES = [g for g in presented_games() if presenter_for(g).has_board]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
#: seeded playouts tried for a position (a short game may end early in one)
SEEDS = range(1, 9)


def finished(game_id: str) -> Match:
    return played(game_id, 10_000, players=all_games()[game_id].min_players)


def one_to_act(game_id: str) -> Match:
    """A position past the opening (12 moves in) where exactly one seat owes
    a decision, from the first playout that gets there."""
    for seed in SEEDS:
        for moves in range(12, 200):
            match = played(game_id, moves, seed)
            if not match.to_act():
                break  # over before: the next playout
            if len(match.to_act()) == 1:
                return match
    raise AssertionError("no position with one seat to act")


def render(game_id: str, view: dict, names: list[str]) -> bytes:
    png = presenter_for(game_id).render_board(view, names)
    assert png is not None
    return png


def turn_pixels(image: Image.Image) -> tuple[int, int, int, int] | None:
    """The bounding box of the pixels in the turn marker's colour."""
    bands = [
        band.point(lambda v, c=c: 255 if abs(v - c) <= 12 else 0)
        for band, c in zip(image.split(), drawing.TURN, strict=True)
    ]
    mask = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
    return mask.getbbox()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_turn_marker_lights_the_block_of_the_seat_to_play_and_nothing_else(game_id):
    """One marker, on the seat to play: another seat to play moves it, nobody
    to play leaves none; where the game declares a seat's block
    (`Presenter.seat_box`), the marker outlines that block and nothing else."""
    presenter = presenter_for(game_id)
    match = one_to_act(game_id)
    view = match.view(None)
    names = NAMES[: match.players]
    [seat] = view["to_act"]
    found = turn_pixels(pixels(render(game_id, view, names)))
    assert found is not None, "no turn marker"
    other = (seat + 1) % match.players
    moved = turn_pixels(pixels(render(game_id, dict(view, to_act=[other]), names)))
    assert moved is not None and moved != found, "the marker does not follow the seat"
    box = presenter.seat_box(view, seat)
    if box is not None:
        x0, y0, x1, y1 = box
        assert x0 - 1 <= found[0] and y0 - 1 <= found[1]
        assert found[2] <= x1 + 2 and found[3] <= y1 + 2
        assert (found[2] - found[0]) > (x1 - x0) * 0.9  # the whole block is outlined
    # nobody to play: no marker at all
    assert turn_pixels(pixels(render(game_id, dict(view, to_act=[]), names))) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_board_has_the_winner_banner_on_top(game_id):
    match = finished(game_id)
    outcome = match.outcome()
    assert outcome is not None
    names = NAMES[: match.players]
    plain = pixels(render(game_id, match.view(None), names))
    shown = pixels(render(game_id, board_view(match.view(None), outcome), names))
    assert shown.height == plain.height + drawing.BANNER_H
    assert near(shown.getpixel((400, 4)), drawing.BANNER)
    assert not near(plain.getpixel((400, 4)), drawing.BANNER)
    # the board itself is unchanged below the banner, but for the seats' own
    # blocks, which may show the final scores for the running ones (the Oracle's)
    below = shown.crop((0, drawing.BANNER_H, shown.width, shown.height))
    where = changed(below, plain)
    if where is not None:
        view = match.view(None)
        boxes = [presenter_for(game_id).seat_box(view, s) for s in range(match.players)]
        assert all(box is not None for box in boxes)
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        assert x0 <= where[0] and y0 <= where[1] and where[2] <= x1 + 1 and where[3] <= y1 + 1
    # the banner says who won: another winner, other words
    other = dict(outcome, winners=[(outcome["winners"][0] + 1) % match.players])
    again = pixels(render(game_id, board_view(match.view(None), other), names))
    where = changed(again, shown)
    assert where is not None and where[3] <= drawing.BANNER_H


def test_the_banner_names_every_winner_of_a_tie():
    with_two = drawing.winners_line({"winners": [0, 2], "scores": [5, 1, 5]}, NAMES)
    assert with_two == "Ann, Cy win"
    assert drawing.winners_line({"winners": [1], "scores": [1, 5]}, NAMES) == "Bo wins"


def test_the_board_view_carries_only_the_outcomes_public_facts():
    outcome = {"scores": [3, 9], "winners": [1], "breakdown": [{"x": 1}], "reason": "deck"}
    view = board_view({"phase": "over"}, outcome)
    assert view == {"phase": "over", "outcome": {"scores": [3, 9], "winners": [1]}}
    assert board_view({"phase": "play"}, None) == {"phase": "play"}


# -- alt text ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_the_alt_text_names_the_game_the_turn_and_every_player(game_id):
    presenter = presenter_for(game_id)
    match = one_to_act(game_id)
    names = NAMES[: match.players]
    words = presenter.board_alt(match.view(None), names, None)
    assert words.startswith("Board of ") and len(words) <= MAX_ALT
    assert f"{names[match.to_act()[0]]} to play." in words
    for name in names:
        assert f"{name}: " in words
    over = finished(game_id)
    names = NAMES[: over.players]
    words = presenter.board_alt(over.view(None), names, over.outcome())
    assert " won" in words and " to play" not in words


@pytest.mark.parametrize("game_id", GAMES)
def test_the_alt_text_never_tells_a_hidden_card(game_id):
    """A seat's own view (with its hand) gives the alt text of the public
    one, and re-dealing what nobody may see changes none of its words."""
    presenter = presenter_for(game_id)
    rnd = random.Random(game_id)
    for moves in (5, 25, 60):
        match = played(game_id, moves)
        names = NAMES[: match.players]
        public = presenter.board_alt(match.view(None), names, None)
        for seat in range(match.players):
            assert presenter.board_alt(match.view(seat), names, None) == public
            twin = Match.from_record(match.to_record())
            twin.game.redeal_hidden(twin.state, seat, Rng(rnd.getrandbits(64)))
            assert presenter.board_alt(twin.view(None), names, None) == public


@pytest.mark.parametrize("game_id", GAMES)
def test_the_alt_text_keeps_to_discords_1024_characters(game_id):
    match = one_to_act(game_id)
    names = [f"{'Very long name ' * 20}{n}" for n in range(match.players)]
    words = presenter_for(game_id).board_alt(match.view(None), names, None)
    assert len(words) == MAX_ALT and words.endswith("…")


def test_a_board_file_carries_its_alt_text_clipped_to_discords_limit():
    [file] = board_files(b"\x89PNG", "x" * 2000, "table.png")
    assert file.filename == "table.png" and len(file.description) == MAX_ALT
    [file] = board_files(b"\x89PNG", "Board of Keltis. Ann to play.", "table.png")
    assert file.description == "Board of Keltis. Ann to play."
    assert board_files(None, "unused", "table.png") == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_japanese_alt_text_runs_its_sentences_on_as_japanese_does(game_id):
    """No space after 。 between the alt text's sentences (English keeps one)."""
    from cogs.i18n import speaking

    match = one_to_act(game_id)
    names = ["ゆき", "けんじ", "はな", "そら", "あお"][: match.players]
    with speaking("ja"):
        words = presenter_for(game_id).board_alt(match.view(None), names, None)
    assert "の盤面。" in words and "。 " not in words
    english = presenter_for(game_id).board_alt(match.view(None), NAMES[: match.players], None)
    assert ". " in english
