"""Hidden bids in words: the hand and the sealed bid only in the seat's own
panel, a text table for the public (no board picture), the rounds told, and
its own Japanese catalogue complete."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs import catalogues, i18n
from cogs.i18n import speaking
from rules import Match, all_games
from tests.games.hidden_bid import GAME, PRESENTER

FOLDER = Path(__file__).parent
NAMES = ["Ann", "Bo"]


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    monkeypatch.setitem(all_games(), GAME.id, GAME)


@pytest.fixture
def japanese(monkeypatch):
    """Its catalogue read, for this test alone."""
    monkeypatch.setattr(i18n, "_extra", {})
    i18n.add_catalogue("ja", FOLDER / "locales" / "ja.po")
    yield
    monkeypatch.undo()
    i18n.translator_for.cache_clear()


def embeds(match: Match, seat: int) -> tuple[dict, dict]:
    """The table's embed and the seat's panel's, as Discord gets them."""
    to_act, seq = match.to_act(), match.seq
    table = PRESENTER.table_embed(
        match_id=1,
        view=match.view(None),
        names=NAMES,
        to_act=to_act,
        recent=[],
        outcome=None,
        seq=seq,
    )
    panel = PRESENTER.panel_embed(
        match_id=1, view=match.view(seat), names=NAMES, seat=seat, to_act=to_act, seq=seq
    )
    return dict(table.to_dict()), dict(panel.to_dict())


def test_the_hand_and_bid_show_in_the_seats_panel_and_nowhere_else():
    match = Match.new(GAME.id, 2, "words", {"cards": 3})
    bid = match.view(0)["hand"][0]
    match.act(0, f"bid:{bid}", match.seq)
    table, panel = embeds(match, 0)
    fields = {f["name"]: f["value"] for f in panel["fields"]}
    assert fields["Your hand"] == " · ".join(map(str, match.view(0)["hand"]))
    assert fields["Your bid"] == str(bid)
    assert "Your hand" not in str(table) and "Your bid" not in str(table)
    other = {f["name"]: f["value"] for f in embeds(match, 1)[1]["fields"]}
    assert other["Your hand"] == " · ".join(map(str, match.view(1)["hand"]))
    assert "Your bid" not in other


def test_the_table_is_text_from_the_view():
    match = Match.new(GAME.id, 2, "table")
    assert not PRESENTER.has_board
    view = match.view(None)
    fields = dict(PRESENTER.public_fields(view, NAMES))
    assert fields["Prize turned up"] == str(view["prize"])
    assert fields["Ann"].split("\n") == [
        "Points: 0",
        "Prizes taken: —",
        "Bids shown: —",
        "Cards in hand: 5",
        "Has bid: —",
    ]
    assert PRESENTER.status_line(view, NAMES, (0, 1)) == (
        f"Prize {view['prize']} is up: waiting for **Ann**, **Bo** to bid."
    )


def test_the_decision_buttons_and_the_story_in_words():
    match = Match.new(GAME.id, 2, "story", {"cards": 3})
    view = match.view(1)
    assert PRESENTER.decision(view) == f"bid a card for the prize {view['prize']}"
    assert [PRESENTER.label(a, view) for a in match.legal(1)] == [f"Bid {c}" for c in view["hand"]]
    prize = view["prize"]
    match.act(0, f"bid:{match.view(0)['hand'][0]}", match.seq)
    events = match.act(1, f"bid:{view['hand'][0]}", match.seq)
    texts = [p.text for e in events if (p := PRESENTER.phrase(e, NAMES))]
    bids = [match.view(None)["players"][s]["shown"][0] for s in (0, 1)]
    taker = NAMES[bids.index(max(bids))]
    assert texts == [
        "bid a card face down",
        f"The bids are shown (Ann {bids[0]}, Bo {bids[1]}): **{taker}** takes the prize {prize}.",
        f"Prize {match.view(None)['prize']} is turned up.",
    ]


def test_its_own_catalogue_has_every_word_it_marks():
    assert catalogues.game_problems(FOLDER) == []


def test_it_speaks_japanese_from_its_own_catalogue(japanese):
    match = Match.new(GAME.id, 2, "ja", {"cards": 3})
    with speaking("ja"):
        table, panel = embeds(match, 0)
        label = PRESENTER.label(match.legal(0)[0], match.view(0))
    assert table["title"] == "伏せ札ビッド · 対戦 #1"
    assert "あなたの手札" in {f["name"] for f in panel["fields"]}
    assert label == f"{match.legal(0)[0].args[0]}をビッド"
    assert "表向きの賞品" in {f["name"] for f in table["fields"]}
