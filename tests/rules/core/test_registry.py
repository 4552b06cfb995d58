import pytest

from rules import UnknownGame, all_games, get_game
from rules.core import registry
from tests.rules.example_game import GAME, RaceTo21


def test_every_game_package_loads():
    all_games()
    assert registry.load_errors == {}
    assert "keltis" in all_games()


def test_unknown_game():
    with pytest.raises(UnknownGame):
        get_game("chess")


def test_a_game_from_outside_rules_is_registered_once_under_its_own_id(monkeypatch):
    monkeypatch.setattr(registry, "_games", dict(all_games()))
    registry.register(GAME)
    registry.register(GAME)  # the same game again: nothing changes
    assert get_game("race21") is GAME
    with pytest.raises(ValueError, match="two games have the id 'race21'"):
        registry.register(RaceTo21())
