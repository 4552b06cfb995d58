"""A game living in a package of its own is registered by one call: its
engine, presenter, bot policy (or the default) and catalogues; nothing else
names it. Each test restores every registry it touches."""

from __future__ import annotations

import types

import pytest

import cogs.presenters as presenters
from cogs import i18n
from cogs.i18n import in_language
from rules import all_games, get_game
from rules.bots.policy import DEFAULT, policy_for
from rules.core import registry
from tests.games import hidden_bid
from tests.rules.example_game import GAME as RACE


@pytest.fixture
def fresh(monkeypatch):
    """Empty registrations, undone after the test."""
    monkeypatch.setattr(registry, "_games", dict(all_games()))
    monkeypatch.setattr(registry, "_packages", dict(registry._packages))
    monkeypatch.setattr(presenters, "_presenters", dict(presenters._all()))
    monkeypatch.setattr("rules.bots.policy._registered", {})
    i18n.translator_for.cache_clear()
    monkeypatch.setattr(i18n, "_extra", {lang: list(pos) for lang, pos in i18n._extra.items()})
    yield
    monkeypatch.undo()
    i18n.translator_for.cache_clear()


def test_one_call_registers_engine_presenter_policy_and_words(fresh):
    assert "hidden_bid" not in presenters.presented_games()
    presenters.load_games(["tests.games.hidden_bid", "tests.games.hidden_bid"])
    assert get_game("hidden_bid") is hidden_bid.GAME
    assert presenters.presenter_for("hidden_bid") is hidden_bid.PRESENTER
    assert "hidden_bid" in presenters.presented_games()
    assert presenters.loaded_packages().count("tests.games.hidden_bid") == 1
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
