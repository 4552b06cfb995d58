"""A seat's private panel offers an ordinary turn (a card, the pawn it
moves, the draw) as one click, only where the engine allows those steps in
a row, and never looks past a step that reveals something."""

from cogs.play.hand_panels import COMBO, MAX_COMBO, combos
from cogs.presenters import presenter_for
from games.keltis.presenter import KeltisPresenter
from games.oracle.tests.engine.helpers import act, position
from rules import Action, Match


def legal_step_by_step(match: Match, seat: int, key: str) -> None:
    twin = match.copy()
    for part in key.split(COMBO):
        twin.act(seat, part, twin.seq)


def test_a_move_then_the_draw_is_offered_in_one_click_only_where_the_engine_allows_it():
    m = position(
        2,
        hands={0: ["g7", "b2"], 1: ["y1"]},
        pawns={0: [0, 8, 8], 1: [15, 0, 0]},
        oracle=5,
        deck=["b3", "y7", "u2"],
    )
    act(m, 0, "play:g7")
    oracle = presenter_for("oracle")
    legal = m.legal(0)
    paired = combos(m, 0, legal, oracle, m.view(0))
    assert paired and all(label.endswith(", then draw") for _, label in paired)
    for key, _ in paired:  # each is a legal move, and then a legal draw
        legal_step_by_step(m, 0, key)
        assert key.split(COMBO)[-1] == "draw:deck"
    assert {k.split(COMBO)[0] for k, _ in paired} <= {a.key() for a in legal}
    assert combos(m, 1, m.legal(1), oracle, m.view(1)) == []  # not their decision
    cuttle = presenter_for("cuttle")
    assert combos(m, 0, legal, cuttle, m.view(0)) == []  # a game without follow-ups


def test_the_oracles_whole_turn_is_one_click_card_pawn_and_draw():
    m = position(
        2,
        hands={0: ["g7", "b2"], 1: ["y1"]},
        pawns={0: [0, 8, 8], 1: [15, 0, 0]},
        oracle=5,
        deck=["b3", "y7", "u2"],
    )
    oracle = presenter_for("oracle")
    whole = combos(m, 0, m.legal(0), oracle, m.view(0))
    keys = [k for k, _ in whole]
    assert "play:g7+pawn:0+draw:deck" in keys and "discard:g7+draw:deck" in keys
    label = dict(whole)["play:g7+pawn:0+draw:deck"]
    assert label.startswith("Play 🟢7, pawn from") and label.endswith(", then draw")
    for key in keys:
        legal_step_by_step(m, 0, key)
        assert len(key.split(COMBO)) <= MAX_COMBO
        # offered as far as it goes: no path is also offered cut short
        assert not any(other != key and other.startswith(key + COMBO) for other in keys)


def test_keltis_offers_each_card_played_or_discarded_then_the_draw():
    m = Match.new("keltis", 2, "whole-turn", {"first_player": 0})
    whole = dict(combos(m, 0, m.legal(0), presenter_for("keltis"), m.view(0)))
    for action in m.legal(0):
        if action.verb in ("play", "discard"):
            assert whole[f"{action.key()}{COMBO}draw:deck"].endswith(", then draw")
    for key in whole:
        legal_step_by_step(m, 0, key)


class Greedy(KeltisPresenter):
    """A presenter that would join anything: the engine's reveals still stop it."""

    def follows(self, action: Action) -> bool:
        return True


def test_no_joined_move_looks_past_a_draw():
    m = Match.new("keltis", 2, "reveal", {"first_player": 0})
    for key, _ in combos(m, 0, m.legal(0), Greedy(), m.view(0)):
        parts = key.split(COMBO)
        assert all(not m.reveals(part) for part in parts[:-1]), key


def offered_keys(view) -> set[str]:
    from cogs.play.buttons import ActionButton, ActionSelect

    keys = {i.key for i in view.children if isinstance(i, ActionButton)}
    return keys | {
        o.value for i in view.children if isinstance(i, ActionSelect) for o in i.item.options
    }


def test_the_usual_whole_turns_come_first_and_the_rarer_ones_under_their_card():
    """Issue 42: with a full hand and five discard tops the Oracle's whole
    turns are too many for one panel: the usual tiers are one click, and
    every whole turn of a card is one click in that card's panel."""
    from cogs.play.buttons import ActionSelect
    from cogs.play.panels import MAX_ROWS, panel_view, usual_turns

    hand = ["g7", "b2", "y4", "p9", "u1", "g3", "b8", "y10"]
    m = position(
        2,
        hands={0: hand, 1: ["y1"]},
        pawns={0: [0, 8, 12], 1: [15, 0, 0]},
        oracle=5,
        piles={"y": ["y5"], "u": ["u3"], "b": ["b6"], "p": ["p0"], "g": ["g1"]},
    )
    oracle = presenter_for("oracle")
    legal, state = m.legal(0), m.view(0)
    whole = combos(m, 0, legal, oracle, state)
    top = panel_view(oracle, 1, m.seq, legal, state, combos=whole)
    offered = offered_keys(top)
    tiers = {k: oracle.turn_tier(k.split(COMBO)) for k, _ in whole}
    assert {k for k, t in tiers.items() if t == 0} <= offered
    assert any(t > 0 for k, t in tiers.items() if k in offered)  # a rarer tier fits too
    left = {k for k in tiers if k not in offered}
    # whole tiers, the usual first: every one left is rarer than every one offered
    assert left and max(tiers[k] for k in offered & set(tiers)) < min(tiers[k] for k in left)
    assert max(i.item.row for i in top.children) == MAX_ROWS - 1
    placeholders = [i.item.placeholder for i in top.children if isinstance(i, ActionSelect)]
    assert placeholders[0] == "Play or discard a card, then draw…"
    assert "Or the oracle, or a discard top…" in placeholders
    for key in left:  # one click further: in the card's own panel
        card = key.split(COMBO)[0].split(":")[1]
        starts = [a for a in legal if oracle.group(a) == card]
        own = combos(m, 0, starts, oracle, state)
        assert key in offered_keys(panel_view(oracle, 1, m.seq, legal, state, card, combos=own))
    assert usual_turns(oracle, whole, [], groups=True) == [
        (k, label) for k, label in sorted(whole, key=lambda p: tiers[p[0]]) if k in offered
    ]


def test_a_path_with_another_choice_after_it_is_offered_as_far_as_it_is_usual():
    """A pawn that reaches a 🍀 clover: the whole turn that uses it, and
    the turn up to the pawn (leaving the clover unused is a click further)."""
    m = position(
        2,
        hands={0: ["g7"], 1: ["y1"]},
        pawns={0: [0, 8, 8], 1: [15, 0, 0]},
        tiles={15: "clover_y"},
    )
    keys = [k for k, _ in combos(m, 0, m.legal(0), presenter_for("oracle"), m.view(0))]
    assert "play:g7+pawn:1+clover" in keys and "play:g7+pawn:1" in keys
    for key in keys:
        legal_step_by_step(m, 0, key)
