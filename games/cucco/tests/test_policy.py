"""Cucco's bot policy (games/cucco/policy.py): its rollouts play by the
playbook, and the expert's decisions stay the same for the same seed."""

from games.cucco.engine.game import PLAY
from games.cucco.inference import refine
from games.cucco.playbook import rollout_move
from games.cucco.policy import POLICY
from rules import Match
from rules.bots.expert import search
from rules.bots.policy import Budget


def test_the_policy_rolls_out_with_the_playbook():
    assert POLICY.rollout is rollout_move


def test_the_policy_refines_its_imagined_worlds():
    assert POLICY.refine is refine


def _decisions(seed: str, moves: int) -> list[tuple[str, dict[str, int]]]:
    """The expert's first `moves` decisions of a match, seat after seat."""
    match = Match.new("cucco", 5, seed, {"deals": 1})
    out: list[tuple[str, dict[str, int]]] = []
    budget = Budget(iterations=24, depth=45, width=4)
    while match.to_act() and len(out) < moves:
        seat = match.to_act()[0]
        found = search(match, seat, match.legal(seat), budget)
        out.append((found.action.key(), {a.key(): v for a, v in found.visits.items()}))
        match.act(seat, found.action, match.seq)
    return out


def test_the_experts_decisions_are_deterministic_per_seed():
    first = _decisions("same", 14)
    assert first == _decisions("same", 14)
    assert len(first) == 14


def test_the_expert_plays_a_deal_through():
    match = Match.new("cucco", 5, "through", {"deals": 1})
    budget = Budget(iterations=8, depth=45, width=3)
    played = False
    while match.to_act():
        seat = match.to_act()[0]
        played = played or match.state.phase == PLAY
        match.act(seat, search(match, seat, match.legal(seat), budget).action, match.seq)
    assert played and match.outcome() is not None
