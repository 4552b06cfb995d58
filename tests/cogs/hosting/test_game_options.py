"""From `/game new`'s typed options to the engine's: seats counted from 1,
one shared name per meaning, and a refusal that says what the game takes."""

import pytest

from cogs.hosting.game_options import (
    DEPENDS_ON_THE_GAME,
    OptionClash,
    OptionProblem,
    allowed,
    allowed_text,
    build_slash_options,
    engine_options,
    option_help,
    option_problems,
    options_help,
    options_text,
    problem_with,
)
from cogs.i18n import speaking
from cogs.presenters import presented_games
from rules import Match, get_game
from rules.core.options import BOOL, CHOICE, INT, SEAT, Option


def test_seats_are_numbered_from_one_and_one_name_serves_every_game():
    assert engine_options("keltis", {"first_player": 1}, 4) == {"first_player": 0}
    assert engine_options("cuttle", {"first_player": 2}, 2) == {"dealer": 1}
    assert engine_options("cucco", {"first_player": 5, "deals": 3}, 5) == {
        "first_dealer": 4,
        "deals": 3,
    }
    assert engine_options("oracle", {"variant": True, "first_player": None}, 4) == {
        "clover_other_pawn": True
    }
    assert engine_options("keltis_dice", {"side": "both"}, 4) == {"side": "both"}
    assert (
        Match.new("cuttle", 2, "s", engine_options("cuttle", {"first_player": 2}, 2)).state.dealer
        == 1
    )


@pytest.mark.parametrize(
    "game,given,players,says",
    [
        (
            "keltis",
            {"side": "B"},
            4,
            "Keltis has no `side` option. Keltis takes `first_player`: a seat number from 1 to 4.",
        ),
        (
            "cuttle",
            {"first_player": 3},
            2,
            "`first_player` must be a seat number from 1 to 2. Cuttle takes `first_player`: "
            "a seat number from 1 to 2.",
        ),
        ("cucco", {"deals": 0}, 5, "`deals` must be a whole number from 1 to 20."),
        ("keltis_dice", {"side": "C"}, 4, "`side` must be A or B or both."),
        ("oracle", {"variant": "maybe"}, 4, "`variant` must be yes or no."),
        ("oracle", {"first_player": "1"}, 4, "`first_player` must be a seat number from 1 to 4."),
        ("keltis", {"first_player": 0}, 3, "a seat number from 1 to 3"),
        ("keltis", {"first_player": 10**30}, 4, "a seat number from 1 to 4"),
    ],
)
def test_a_bad_value_or_an_option_of_another_game_says_what_is_allowed(game, given, players, says):
    with pytest.raises(OptionProblem) as refused:
        engine_options(game, given, players)
    assert says in str(refused.value) and len(str(refused.value)) < 300


def test_a_game_without_options_says_so(monkeypatch):
    monkeypatch.setattr(type(get_game("cuttle")), "options_schema", ())
    assert allowed_text("cuttle") == "Cuttle takes no options."


def test_the_lobby_shows_options_as_people_give_them():
    assert (
        options_text("cucco", {"deals": 3, "first_dealer": 0}) == "deals: 3, first_player: seat 1"
    )
    assert options_text("oracle", {"clover_other_pawn": True}) == "variant: yes"
    assert options_text("keltis", {}) == ""


def test_a_seat_beyond_the_lobby_is_explained_at_the_start():
    assert problem_with("keltis", {"first_player": 3}, 2) == (
        "`first_player` must be a seat number from 1 to 2 with 2 seats."
    )
    assert problem_with("keltis", {"first_player": 1}, 2) is None


def test_games_sharing_a_name_need_one_type_in_discord(monkeypatch):
    assert [o.name for o in build_slash_options(["keltis", "cuttle"])] == ["first_player"]
    monkeypatch.setattr(
        type(get_game("cuttle")),
        "options_schema",
        (Option("dealer", BOOL, "x", label="first_player"),),
    )
    assert option_problems(["keltis", "cuttle"]) == [
        "games keltis and cuttle each have an option 'first_player', of kinds one slash option "
        "can't offer together (seat in keltis, bool in cuttle): give one of them another label"
    ]
    with pytest.raises(OptionClash, match="'first_player'"):
        build_slash_options(["keltis", "cuttle"])


def test_games_describing_a_name_differently_share_it_and_say_it_depends(monkeypatch):
    monkeypatch.setattr(
        type(get_game("cuttle")),
        "options_schema",
        (Option("dealer", SEAT, "x", label="first_player", description="Who deals first"),),
    )
    assert option_problems(["keltis", "cuttle"]) == []
    [shared] = build_slash_options(["keltis", "cuttle"])
    assert shared.description == DEPENDS_ON_THE_GAME
    assert set(shared.stands_for) == {"keltis", "cuttle"}
    assert engine_options("cuttle", {"first_player": 2}, 2) == {"dealer": 1}


def test_a_seat_and_a_number_share_one_integer_with_the_widest_range(monkeypatch):
    monkeypatch.setattr(
        type(get_game("cuttle")),
        "options_schema",
        (Option("dealer", INT, "x", low=0, high=9, label="first_player"),),
    )
    assert option_problems(["keltis", "cuttle"]) == []
    [shared] = build_slash_options(["keltis", "cuttle"])
    assert (shared.type, shared.annotation.min_value, shared.annotation.max_value) == (
        "integer",
        0,
        9,
    )
    assert engine_options("keltis", {"first_player": 4}, 4) == {"first_player": 3}
    with pytest.raises(OptionProblem, match="a seat number from 1 to 4"):
        engine_options("keltis", {"first_player": 9}, 4)


def test_more_choices_than_discord_offers_are_typed_and_checked_per_game(monkeypatch):
    many = tuple(f"c{i}" for i in range(26))
    monkeypatch.setattr(
        type(get_game("keltis_dice")),
        "options_schema",
        (Option("side", CHOICE, "s", choices=many, label="side"),),
    )
    [side] = build_slash_options(["keltis_dice"])
    assert (side.type, side.choices) == ("string", ())
    assert engine_options("keltis_dice", {"side": "C25"}, 2) == {"side": "c25"}


def test_the_games_offered_today_have_no_problem():
    assert option_problems(presented_games()) == []


def test_a_slash_option_says_what_its_game_declares():
    described = {o.name: o.description for o in build_slash_options(presented_games())}
    for game_id in presented_games():
        for option in get_game(game_id).options_schema:
            assert described[option.public_name] == option.description


def test_allowed_values_are_said_as_people_say_them():
    assert allowed(Option("first", SEAT, "who starts"), 4) == "a seat number from 1 to 4"
    assert allowed(Option("variant", BOOL, "v")) == "yes or no"
    assert allowed(Option("rounds", INT, "r", low=1, high=9)) == "a whole number from 1 to 9"
    assert allowed(Option("side", CHOICE, "s", choices=("A", "B", "both"))) == "A or B or both"


def test_an_options_help_is_translated_where_it_is_shown():
    (deals, first_dealer) = get_game("cucco").options_schema
    assert option_help(first_dealer) == "who deals first (otherwise drawn by lot)"
    with speaking("ja"):
        assert option_help(first_dealer) == "最初にカードを配る人（指定しなければ抽選）"
        assert options_help("cucco") == (
            "`ディール数`: 対戦のディール数。1から20までの整数\n"
            "`先手`: 最初にカードを配る人（指定しなければ抽選）。1 から人数までの席番号"
        )
    assert options_help("keltis") == (
        "`first_player`: who plays first (otherwise drawn by lot); "
        "a seat number from 1 to the number of players"
    )
    for game_id in presented_games():  # every game's help is in the Japanese catalogue
        for option in get_game(game_id).options_schema:
            with speaking("ja"):
                assert option_help(option) != option.help, (game_id, option.name)
