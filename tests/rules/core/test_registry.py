import pytest

from rules import UnknownGame, all_games, get_game
from rules.core import registry


def test_every_game_package_loads():
    all_games()
    assert registry.load_errors == {}
    assert "keltis" in all_games()


def test_unknown_game():
    with pytest.raises(UnknownGame):
        get_game("chess")
