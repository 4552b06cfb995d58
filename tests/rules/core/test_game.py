"""The game contract's shared parts: what a game must write, and the
defaults it gets from its declarations."""

from __future__ import annotations

import inspect

from rules import Match, all_games
from rules.core.game import Game
from tests.rules.example_game import GAME as EXAMPLE
from tests.rules.example_game import RaceTo21

SIX = {"setup", "to_act", "legal", "apply", "view", "outcome"}


def test_a_game_writes_at_most_six_methods():
    assert Game.__abstractmethods__ == SIX
    written = {name for name, value in vars(RaceTo21).items() if inspect.isfunction(value)}
    assert written == SIX


def test_the_example_game_is_registered_only_in_the_tests():
    assert EXAMPLE.id not in all_games()


def test_default_concede_ends_the_game_and_the_conceder_cannot_win():
    state = EXAMPLE.setup(2, {"first": 0}, None)
    events = EXAMPLE.concede(state, 0)
    assert events == [{"type": "concede", "seat": 0}, {"type": "over"}]
    assert EXAMPLE.to_act(state) == ()
    assert EXAMPLE.outcome(state)["winners"] == [1]
    assert (state.conceded, state.end_reason) == (0, "concede")


def test_games_keep_their_own_concede_only_where_the_rule_differs():
    own = {gid for gid, game in all_games().items() if type(game).concede is not Game.concede}
    assert own == {"cuttle", "keltis_dice", "oracle"}  # winner set, results kept, tile cleared
    own = {
        gid
        for gid, game in all_games().items()
        if type(game).redeal_hidden is not Game.redeal_hidden
    }
    assert own == {"cuttle"}  # C-5d: glasses show the opponent's hand


def test_snapshots_and_copies_are_generated_for_every_game():
    for gid, game in all_games().items():
        assert "dump" not in vars(type(game)) and "load" not in vars(type(game)), gid
        match = Match.new(gid, game.min_players, "generated")
        assert game.load(game.dump(match.state)) == game.copy(match.state)


def test_options_are_checked_by_the_shared_schema_check_in_every_game():
    for gid, game in all_games().items():
        assert type(game).check_options is Game.check_options, gid
