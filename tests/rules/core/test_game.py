"""The game contract's shared parts: what a game must write, and the
defaults it gets from its declarations."""

from __future__ import annotations

import inspect
import json
import random

import pytest

from rules import Match, all_games, get_game
from rules.core.game import Game
from tests.rules.example_game import GAME as EXAMPLE
from tests.rules.example_game import RaceTo21
from tests.rules.playout import random_step

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


@pytest.mark.parametrize("game", [*all_games().values(), EXAMPLE], ids=lambda g: g.id)
def test_games_keep_their_own_concede_and_redeal_only_where_they_declare_it(game):
    assert (type(game).concede is not Game.concede) == game.kind.own_concede
    assert (type(game).redeal_hidden is not Game.redeal_hidden) == game.kind.own_redeal
    assert game.kind.hidden_information == bool(game.hidden or game.kind.own_redeal)
    assert 1 <= game.kind.min_players <= game.kind.max_players


@pytest.mark.parametrize("game_id", list(all_games()))
def test_a_playout_shows_what_the_game_declares(game_id):
    """Each declared property against random playouts: one seat owes a
    decision at a time unless moves are simultaneous; the view's phases are
    the declared ones; a game of chance plays out differently from another
    seed, a game without chance never does (the same choices, the same states)."""
    kind = get_game(game_id).kind
    players = kind.min_players
    seen, together = set(), False
    for n in range(3):
        match = Match.new(game_id, players, f"kind-{n}")
        rnd = random.Random(n)
        while not match.is_over():
            seen.add(match.view(None).get("phase"))
            together |= len(match.to_act()) > 1
            random_step(match, rnd)
    assert together <= kind.simultaneous
    assert seen == set(kind.phases or (None,)) or seen < set(kind.phases)
    deals = {chance_trace(game_id, players, f"deal-{n}") for n in range(4)}
    assert (len(deals) > 1) == kind.chance


def chance_trace(game_id: str, players: int, seed: str, steps: int = 60) -> str:
    """The states (never the generator's own) along a playout whose choices
    are the same whatever the seed: only chance can make two seeds differ
    (a deal at the start, or dice rolled later)."""
    match, rnd = Match.new(game_id, players, seed), random.Random(0)
    states: list[object] = []
    while len(states) < steps:
        states.append(match.to_record()["snapshot"]["state"])
        if match.is_over():
            break
        random_step(match, rnd)
    return json.dumps(states)


def test_snapshots_and_copies_are_generated_for_every_game():
    for gid, game in all_games().items():
        assert "dump" not in vars(type(game)) and "load" not in vars(type(game)), gid
        match = Match.new(gid, game.min_players, "generated")
        assert game.load(game.dump(match.state)) == game.copy(match.state)


def test_options_are_checked_by_the_shared_schema_check_in_every_game():
    for gid, game in all_games().items():
        assert type(game).check_options is Game.check_options, gid
