"""Four in a row in words and pictures: the buttons, the decision, the
status line, the story, the outcome, the panel's emoji grid, the board
picture (a small PNG of the host's width that follows the game) and its alt
text, and its own Japanese catalogue, complete."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from cogs import catalogues, i18n
from cogs.i18n import speaking
from cogs.presenters import drawing
from cogs.presenters.base import board_view
from four_in_a_row import GAME, PRESENTER
from rules import Action, Match, all_games

FOLDER = Path(__file__).parents[1]
NAMES = ["Ann", "Bo"]


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(all_games(), GAME.id, GAME)


@pytest.fixture
def japanese(monkeypatch):
    """Its catalogue read, for this test alone."""
    monkeypatch.setattr(i18n, "_extra", {})
    i18n.add_catalogue("ja", FOLDER / "locales" / "ja.po")
    i18n.translator_for.cache_clear()
    yield
    monkeypatch.undo()
    i18n.translator_for.cache_clear()


def played(columns: str, **options) -> tuple[Match, list[dict]]:
    """A match after these drops (columns from 0), and every event."""
    match = Match.new(GAME.id, 2, "words", options)
    events: list[dict] = []
    for column in columns:
        events += match.act(match.to_act()[0], f"drop:{column}", match.seq)
    return match, events


def told(events: list[dict]) -> list[str]:
    return [p.text for e in events if (p := PRESENTER.phrase(e, NAMES))]


def test_a_button_per_open_column_numbered_from_one():
    match, _ = played("000000")
    view = match.view(0)
    labels = [PRESENTER.label(a, view) for a in match.legal(0)]
    assert labels == [f"Column {n}" for n in range(2, 8)]
    assert PRESENTER.decision(view) == "drop a disc into a column (1 to 7, from the left)"


def test_the_columns_are_buttons_on_the_table():
    match, _ = played("")
    assert all(PRESENTER.is_public(a) for a in match.legal(0))
    assert "column buttons on the table" in PRESENTER.ping_hint


def test_the_status_line_names_the_seat_to_drop_and_its_colour():
    match, _ = played("3")
    assert PRESENTER.status_line(match.view(None), NAMES, match.to_act()) == (
        "**Bo** ⚪ to drop a disc."
    )
    over, _ = played("0101010")
    assert PRESENTER.status_line(over.view(None), NAMES, ()) == "The game is over."


def test_the_drops_and_the_line_are_told_from_the_events():
    _, events = played("0101010")
    assert told(events) == [
        "dropped a disc into column 1 (row 1)",
        "dropped a disc into column 2 (row 1)",
        "dropped a disc into column 1 (row 2)",
        "dropped a disc into column 2 (row 2)",
        "dropped a disc into column 1 (row 3)",
        "dropped a disc into column 2 (row 3)",
        "dropped a disc into column 1 (row 4)",
        "made four in a row",
    ]


def test_the_outcome_says_who_made_the_line_or_that_it_is_a_draw():
    match, _ = played("0101010")
    assert PRESENTER.outcome_lines(match.outcome(), NAMES) == ["🏆 **Ann** 🔴 made four in a row."]
    draw = {"scores": [0, 0], "breakdown": [{}, {}], "winners": [], "reason": "full"}
    assert PRESENTER.outcome_lines(draw, NAMES) == ["The board is full: a draw."]
    assert told([{"type": "full"}, {"type": "over"}]) == ["The board is full: a draw."]
    conceded, _ = played("3")
    conceded.concede(0, conceded.seq)
    assert PRESENTER.outcome_lines(conceded.outcome(), NAMES) == ["🏆 **Bo**: 1", "**Ann**: 0"]


def test_the_table_names_the_colours_and_the_panel_shows_the_board_as_emoji():
    match, _ = played("334")
    fields = PRESENTER.public_fields(match.view(None), NAMES)
    assert fields == [("Players", "🔴 **Ann**: 2 discs dropped\n⚪ **Bo**: 1 disc dropped")]
    [(name, grid)] = PRESENTER.decision_fields(match.view(1), NAMES)
    assert name == "Board"
    assert grid.split("\n") == [
        "1️⃣2️⃣3️⃣4️⃣5️⃣6️⃣7️⃣",
        *["⚫⚫⚫⚫⚫⚫⚫"] * 4,
        "⚫⚫⚫⚪⚫⚫⚫",
        "⚫⚫⚫🔴🔴⚫⚫",
    ]


def png_of(view: dict) -> Image.Image:
    png = PRESENTER.render_board(view, NAMES)
    assert png is not None and len(png) < 200_000
    return Image.open(io.BytesIO(png))


def test_the_board_picture_is_a_small_png_that_follows_the_game():
    assert PRESENTER.has_board
    shown = set()
    for columns in ("", "3", "34", "0101010"):
        match, _ = played(columns)
        image = png_of(match.view(None))
        assert image.format == "PNG" and image.mode == "P"
        assert image.width == drawing.WIDTH and 300 <= image.height <= 1000
        shown.add(image.tobytes())
    assert len(shown) == 4
    finished = board_view(match.view(None), match.outcome())
    assert png_of(finished).height == image.height + drawing.BANNER_H  # the winner banner


def test_the_board_picture_in_words_comes_from_the_view():
    match, _ = played("0101010")
    alt = PRESENTER.board_alt(match.view(None), NAMES, match.outcome())
    assert alt.startswith("Board of Four in a row. Ann won. 🔴 Ann: 4 discs. ⚪ Bo: 3 discs.")
    assert "Latest disc: column 1, row 4." in alt
    assert "Four in a row: column 1 row 1, column 1 row 2, column 1 row 3, column 1 row 4." in alt
    assert (
        "Column 1 from the bottom: 🔴 🔴 🔴 🔴." in alt
        and "Column 7 from the bottom: empty." in alt
    )


def test_its_own_catalogue_has_every_word_it_marks():
    assert catalogues.game_problems(FOLDER) == []


def test_it_speaks_japanese_from_its_own_catalogue(japanese):
    match, events = played("0101010")
    with speaking("ja"):
        title = i18n._(PRESENTER.title)
        label = PRESENTER.label(Action.parse("drop:0"), match.view(0))
        words = told(events)
        lines = PRESENTER.outcome_lines(match.outcome(), NAMES)
        alt = PRESENTER.board_alt(match.view(None), NAMES, match.outcome())
        help_ = i18n._(GAME.options_schema[0].help)
    assert title == "四目並べ"
    assert label == "1列目"
    assert words[0] == "1列目にコマを落とした（下から1段目）"
    assert words[-1] == "4 つ並べた"
    assert lines == ["🏆 **Ann** 🔴が 4 つ並べた。"]
    assert alt.startswith("四目並べの盤面。")
    assert help_ == "最初にコマを落とす人（指定しなければ 1 番目の席）"
