"""`/game new` offers every option of every game as a typed slash option, so
a game's new option can't be forgotten in Discord."""

from discord import AppCommandOptionType as T

from cogs.hosting.commands import HostingCommands
from cogs.hosting.game_options import engine_options
from cogs.presenters import presented_games
from rules import Match, get_game
from rules.core.options import BOOL, CHOICE, INT, SEAT


def new_parameters():
    return {p.name: p for p in HostingCommands.new.parameters}


def a_value(parameter, option):
    """A value Discord's client lets a person pick, other than the default."""
    if option.kind == SEAT:
        return parameter.max_value if option.default != parameter.max_value - 1 else 1
    if option.kind == INT:
        return option.low if option.default != option.low else option.high
    if option.kind == BOOL:
        return not option.default
    return next(c.value for c in parameter.choices if c.value != option.default)


def test_every_option_of_every_game_is_reachable_through_game_new():
    parameters = new_parameters()
    assert "options" not in parameters  # no free text
    reached = 0
    for game_id in presented_games():
        game = get_game(game_id)
        for option in game.options_schema:
            parameter = parameters[option.public_name]
            assert not parameter.required
            value = a_value(parameter, option)
            if option.kind == SEAT:  # the highest seat number the game can have
                value = min(value, game.max_players)
            given = {option.public_name: value}
            engine = engine_options(game_id, given, game.max_players)
            match = Match.new(game_id, game.max_players, "reach", engine)
            expected = value - 1 if option.kind == SEAT else value
            assert match.options[option.name] == expected, (game_id, option.name)
            reached += 1
    assert reached == sum(len(get_game(g).options_schema) for g in presented_games()) > 0


def test_the_slash_options_have_discords_types_ranges_and_choices():
    p = new_parameters()
    assert (p["first_player"].type, p["first_player"].min_value, p["first_player"].max_value) == (
        T.integer,
        1,
        5,
    )
    assert (p["deals"].type, p["deals"].min_value, p["deals"].max_value) == (T.integer, 1, 20)
    assert [c.value for c in p["side"].choices] == ["A", "B", "both"]
    assert p["variant"].type == T.boolean
    assert all(len(parameter.description) <= 100 for parameter in p.values())
    # every option of every game, under its public name, has its kind's type
    types = {SEAT: T.integer, INT: T.integer, BOOL: T.boolean, CHOICE: T.string}
    options = [o for g in presented_games() for o in get_game(g).options_schema]
    assert options
    for option in options:
        assert p[option.public_name].type == types[option.kind], option.public_name
