"""Options declared as data: one schema per game that the engine checks and
the slash commands offer."""

import pytest

from rules import BadOptions, all_games
from rules.core.options import BOOL, CHOICE, INT, SEAT, Option, check_options, first_player

SCHEMA = (
    Option("first", SEAT, "who starts"),
    Option("variant", BOOL, "v", default=False),
    Option("rounds", INT, "r", default=3, low=1, high=9, keep_default=True),
    Option("side", CHOICE, "s", default="A", choices=("A", "B", "both"), keep_default=True),
)


def test_defaults_kept_or_left_out_and_values_normalised():
    assert check_options("G", SCHEMA, 3, {}) == {"rounds": 3, "side": "A"}
    assert check_options("G", SCHEMA, 3, {"variant": False, "side": "BOTH", "first": 2}) == {
        "first": 2,
        "rounds": 3,
        "side": "both",
    }
    assert check_options("G", SCHEMA, 3, {"variant": True, "rounds": 9}) == {
        "variant": True,
        "rounds": 9,
        "side": "A",
    }


@pytest.mark.parametrize(
    "options",
    [
        {"first": 3},
        {"first": -1},
        {"first": "0"},
        {"first": True},
        {"variant": "yes"},
        {"rounds": 0},
        {"rounds": 10},
        {"rounds": 2.0},
        {"side": "C"},
        {"side": 1},
        {"colour": "red"},
    ],
)
def test_bad_values_and_unknown_names_are_refused(options):
    with pytest.raises(BadOptions):
        check_options("G", SCHEMA, 3, options)


def test_every_game_declares_its_options_with_help_and_sound_ranges():
    for game in all_games().values():
        names = [o.name for o in game.options_schema]
        assert len(names) == len(set(names))
        for option in game.options_schema:
            assert option.help and option.kind in (SEAT, BOOL, INT, CHOICE)
            # people's words for it are its own (marked for the catalogues)
            assert option.label and option.description, option.name
            if option.kind == INT:
                assert option.low <= (option.default or option.low) <= option.high
            if option.kind == CHOICE:
                assert option.default in option.choices
            # the engine accepts its own default
            if option.default is not None:
                game.check_options(game.min_players, {option.name: option.default})


def test_an_option_is_known_to_people_by_its_label():
    assert Option("first", SEAT, "who starts").public_name == "first"
    assert Option("dealer", SEAT, "who deals", label="first_player").public_name == "first_player"
    shared = first_player("dealer", "who deals")
    assert (shared.name, shared.public_name) == ("dealer", "first_player")
    assert shared.description == first_player().description
