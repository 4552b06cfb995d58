"""A game living in a package of its own is registered by one call: its
engine, presenter, bot policy (or the default) and catalogues; nothing else
names it. Each test restores every registry it touches."""

from __future__ import annotations

import types
from pathlib import Path

import pytest

import cogs.presenters as presenters
from cogs import i18n
from cogs.i18n import in_language
from rules import all_games, get_game
from rules.bots.policy import DEFAULT, policy_for
from rules.core import registry
from tests.games import hidden_bid
from tests.rules.example_game import GAME as RACE

#: the package the tests register afresh (the suite registers it for the
#: whole session: conftest.py)
PACKAGE = "tests.games.hidden_bid"


@pytest.fixture
def fresh(monkeypatch):
    """The registrations as if the hidden bids game had never been loaded
    (its engine, presenter and catalogues gone), undone after the test."""
    game_id = hidden_bid.GAME.id
    own = Path(hidden_bid.__file__).parent / "locales"
    games = {k: g for k, g in all_games().items() if k != game_id}
    monkeypatch.setattr(registry, "_games", games)
    monkeypatch.setattr(
        registry, "_packages", {k: p for k, p in registry._packages.items() if k != game_id}
    )
    shown = {k: p for k, p in presenters._all().items() if k != game_id}
    monkeypatch.setattr(presenters, "_presenters", shown)
    monkeypatch.setattr("rules.bots.policy._registered", {})
    i18n.translator_for.cache_clear()
    extra = {lang: [po for po in pos if po.parent != own] for lang, pos in i18n._extra.items()}
    monkeypatch.setattr(i18n, "_extra", extra)
    yield
    monkeypatch.undo()
    i18n.translator_for.cache_clear()


def test_one_call_registers_engine_presenter_policy_and_words(fresh):
    assert "hidden_bid" not in presenters.presented_games()
    assert in_language("ja", "Hidden bids") == "Hidden bids"  # its words come with it
    presenters.load_games([PACKAGE, PACKAGE])
    assert get_game("hidden_bid") is hidden_bid.GAME
    assert presenters.presenter_for("hidden_bid") is hidden_bid.PRESENTER
    assert "hidden_bid" in presenters.presented_games()
    assert presenters.loaded_packages().count(PACKAGE) == 1
    assert policy_for("hidden_bid") is DEFAULT  # it brings none
    assert in_language("ja", "Hidden bids") == "伏せ札ビッド"
    assert in_language("ja", "Your hand") == "あなたの手札"  # the shared catalogue first


def test_a_package_must_expose_its_game_and_presenter(fresh, monkeypatch):
    broken = types.ModuleType("broken_game")
    broken.GAME = RACE
    broken.__file__ = __file__
    monkeypatch.setitem(__import__("sys").modules, "broken_game", broken)
    with pytest.raises(TypeError, match="must expose GAME"):
        presenters.load_games(["broken_game"])
    broken.PRESENTER = hidden_bid.PRESENTER
    with pytest.raises(TypeError, match="is not GAME.id 'race21'"):
        presenters.load_games(["broken_game"])
    assert RACE.id not in all_games()
