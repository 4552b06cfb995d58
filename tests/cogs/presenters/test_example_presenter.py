"""The presenter stencil presents its game whole: buttons, decision, story,
a text table without a board picture, and the base's embeds."""

from __future__ import annotations

import pytest

from rules import Match, all_games
from tests.cogs.presenters.example_presenter import PRESENTER
from tests.rules.example_game import GAME

NAMES = ["Ann", "Bo"]


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(all_games(), GAME.id, GAME)


def test_the_stencil_presents_a_match_from_start_to_end():
    match = Match.new(GAME.id, 2, "stencil", {"first": 0})
    view = match.view(0)
    assert [PRESENTER.label(a, view) for a in match.legal(0)] == ["Add 1", "Add 2", "Add 3"]
    assert PRESENTER.decision(view) == "add 1, 2 or 3 to 0"
    events = match.act(0, "add:3", match.seq)
    assert [PRESENTER.phrase(e, NAMES).text for e in events] == ["made it 3"]
    assert not PRESENTER.has_board
    table = PRESENTER.table_embed(
        match_id=7,
        view=match.view(None),
        names=NAMES,
        to_act=match.to_act(),
        recent=["**Ann** made it 3."],
        outcome=None,
        seq=match.seq,
    ).to_dict()
    assert table["title"] == "Race to 21 · match #7"
    assert table["description"] == "Waiting for **Bo**."
    assert [(f["name"], f["value"]) for f in table["fields"]] == [
        ("Total", "3"),
        ("Recent moves", "**Ann** made it 3."),
    ]
    panel = PRESENTER.panel_embed(
        match_id=7, view=match.view(1), names=NAMES, seat=1, to_act=(1,), seq=match.seq
    ).to_dict()
    assert panel["description"] == "**Your decision:** Add 1, 2 or 3 to 3"
    assert "fields" not in panel  # it hides nothing
