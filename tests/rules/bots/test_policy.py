"""A game's bot policy is optional: a game with no module in rules/bots and
none registered is played at every level by the default policy, which needs
only the engine."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from rules import Match, all_games
from rules.bots import LEVELS, choose_action, expert
from rules.bots.policy import DEFAULT, policy_for, register_policy
from tests.rules.example_game import GAME as RACE
from tests.rules.sealed_bid_game import GAME as SEALED

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def registered(monkeypatch):
    """The two test games in the registry, for this test only."""
    for game in (RACE, SEALED):
        monkeypatch.setitem(all_games(), game.id, game)


def test_a_game_without_a_policy_gets_the_default_and_one_may_register_its_own(monkeypatch):
    assert policy_for(RACE.id) is DEFAULT
    assert policy_for("keltis") is not DEFAULT
    own = policy_for("cuttle")
    monkeypatch.setattr("rules.bots.policy._registered", {})
    register_policy(RACE.id, own)
    assert policy_for(RACE.id) is own


@pytest.mark.parametrize("game", [RACE, SEALED], ids=lambda g: g.id)
@pytest.mark.parametrize("level", LEVELS)
def test_the_default_policy_plays_whole_matches_at_every_level(registered, game, level):
    match = Match.new(game.id, game.max_players, f"default-{level}")
    while match.to_act():
        seat = match.to_act()[-1]
        action = choose_action(match, seat, level)
        assert action in match.legal(seat)
        assert choose_action(match, seat, level) == action  # deterministic
        match.act(seat, action, match.seq)
    assert match.outcome() is not None


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_the_default_policy_takes_a_winning_move(registered, level):
    match = Match.new(RACE.id, 2, "win", {"first": 0})
    for key in ("add:3", "add:3", "add:3", "add:3", "add:3", "add:3"):
        match.act(match.to_act()[0], key, match.seq)
    assert match.state.total == 18
    assert choose_action(match, match.to_act()[0], level).key() == "add:3"


def test_the_expert_leaves_a_policy_s_greedy_decisions_unsearched(registered, monkeypatch):
    """Where a policy's `greedy_at` holds, the expert plays the greedy
    level's move without searching; elsewhere it searches."""
    searched: list[int] = []
    real_search = expert.search

    def counting(match, seat, legal, budget=None):
        searched.append(seat)
        return real_search(match, seat, legal, budget)

    monkeypatch.setattr(expert, "search", counting)
    odd = replace(DEFAULT, greedy_at=lambda game, state, seat: state.total % 2 == 1)
    monkeypatch.setattr("rules.bots.policy._registered", {RACE.id: odd})
    match = Match.new(RACE.id, 2, "greedy-at", {"first": 0})
    match.act(0, "add:3", match.seq)
    assert match.state.total % 2 == 1
    assert choose_action(match, 1, "expert") == choose_action(match, 1, "greedy")
    assert searched == []
    match.act(1, "add:1", match.seq)
    choose_action(match, 0, "expert")
    assert searched == [0]


def test_a_game_s_own_policy_is_found_before_anything_else_is_loaded():
    """In a fresh process, asking for a policy first (as a bench's `--hint`
    did) gave the default policy: the game packages were not loaded yet."""
    probe = (
        "from rules.bots.policy import DEFAULT, policy_for\n"
        "import sys\n"
        "sys.exit(0 if policy_for('keltis') is not DEFAULT else 1)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, check=False)
    assert done.returncode == 0
