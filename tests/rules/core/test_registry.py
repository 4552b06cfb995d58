import pytest

from rules import UnknownGame, all_games, get_game
from rules.core import registry
from tests.registries import isolate_registries
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


@pytest.fixture
def installed(monkeypatch):
    """The registries restored after the test, and what it says is installed."""
    isolate_registries(monkeypatch)
    monkeypatch.setattr(registry, "load_errors", {})

    def say(games: dict[str, str]) -> None:
        monkeypatch.setattr(registry, "installed", lambda: games)

    return say


def test_the_project_s_games_are_installed_entry_points():
    assert {"keltis", "oracle", "keltis_dice", "cuttle", "cucco"} <= set(registry.installed())
    assert registry.installed()["keltis"] == "games.keltis"
    assert registry.package_of("keltis") == "games.keltis"


def test_enabling_offers_exactly_the_games_named(installed):
    installed({"keltis": "games.keltis", "cuttle": "games.cuttle"})
    assert registry.enable(["cuttle"]) == ["games.cuttle"]
    assert list(all_games()) == ["cuttle"]
    assert registry.enable([]) == ["games.cuttle", "games.keltis"]  # none named: all installed
    assert registry.enable(["all", "tests.games.hidden_bid"]) == [
        "games.cuttle",
        "tests.games.hidden_bid",
        "games.keltis",
    ]  # listed by game id: cuttle, hidden_bid, keltis


def test_a_named_game_that_cannot_load_is_refused_by_name(installed):
    installed({"keltis": "games.keltis", "broken": "tests.rules.core.no_such_game"})
    with pytest.raises(ImportError, match="the game 'broken'"):
        registry.enable(["broken", "keltis"])
    with pytest.raises(ModuleNotFoundError, match="not_installed"):
        registry.enable(["keltis", "not_installed.game"])
    with pytest.raises(TypeError, match="must expose GAME"):
        registry.enable(["tests.rules"])  # a package, but no game


def test_under_all_a_broken_installed_game_is_left_out_and_told(installed):
    installed({"keltis": "games.keltis", "broken": "tests.rules.core.no_such_game"})
    assert registry.enable(["all"]) == ["games.keltis"]
    assert list(registry.load_errors) == ["broken"]
    assert "No module named" in registry.load_errors["broken"]
