"""Cuttle's bot policy (games/cuttle/policy.py): its expert rolls out with
the judged move, and its decisions are the same every time."""

from __future__ import annotations

from games.cuttle import bot_rollout
from games.cuttle.policy import POLICY
from rules import Match
from rules.bots import choose_action
from rules.bots.expert import search


def test_the_expert_rolls_out_with_the_judged_move():
    assert POLICY.rollout is bot_rollout.rollout


def _played(level: str, seed: str, actions: int) -> list[str]:
    match = Match.new("cuttle", 2, seed)
    keys: list[str] = []
    while match.to_act() and len(keys) < actions:
        seat = match.to_act()[0]
        action = choose_action(match, seat, level)
        keys.append(action.key())
        match.act(seat, action, match.seq)
    return keys


def test_expert_decisions_are_deterministic_per_seed():
    first = _played("expert", "det-1", 6)
    assert first == _played("expert", "det-1", 6)
    match = Match.new("cuttle", 2, "det-2")
    seat = match.to_act()[0]
    one, two = (search(match, seat, match.legal(seat)) for _ in range(2))
    assert one.action == two.action and one.means == two.means
    assert one.iterations <= POLICY.budget.iterations


def test_greedy_decisions_are_deterministic_per_seed():
    assert _played("greedy", "det-3", 20) == _played("greedy", "det-3", 20)
