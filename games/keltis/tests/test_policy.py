"""Keltis's bots take a discard only when they can use it (`considered`):
in the position where a tournament game drew discards past 6,000 actions,
they now draw from the draw pile and the game ends."""

from __future__ import annotations

from games.keltis import policy as policy
from games.keltis.engine.cards import CARDS
from games.keltis.engine.game import DRAW, PLAY
from rules import Match
from rules.bots import choose_action
from rules.bots.policy import policy_for
from rules.core.actions import Action

_BY_CODE: dict[str, list[int]] = {}
for _cid, _card in enumerate(CARDS):
    _BY_CODE.setdefault(_card.code, []).append(_cid)


def _ids(*codes: str) -> list[int]:
    """Card ids for codes, each copy used once."""
    used: dict[str, int] = {}
    out = []
    for code in codes:
        out.append(_BY_CODE[code][used.get(code, 0)])
        used[code] = used.get(code, 0) + 1
    return out


def _stalled_draw() -> Match:
    """Where tournament game 46 (expert against greedy) drew discards for
    ever: seat 0 far ahead, seat 1 (greedy) to draw, six cards in the draw
    pile. Of the pile tops only the green 3 is of use to seat 1 (its green
    row 5-5 may still fall); the pink 4 would pair with its green 4, but
    stone 4 is taken."""
    match = Match.new("keltis", 2, "stall")
    s = match.state
    s.rows[0] = {
        "p": _ids("p8", "p7", "p5", "p3", "p3", "x3"),
        "u": _ids("u1", "u2", "u3", "u5", "u6", "u6", "u7", "u9", "u10"),
    }
    s.rows[1] = {"g": _ids("g5", "g5"), "p": _ids("p4", "pe", "pe")}
    s.point_rows = [_ids("x10", "x5", "x9", "x7"), _ids("x1", "x0", "x8", "x4")]
    s.stones, s.stones_left = [[3, 6, 4], [9, 7, 2, 5]], [1, 8]
    s.hands[0] = _ids("b6", "p1", "p2", "u7", "u8", "ue", "y9", "ye")
    s.hands[1] = _ids("g4", "g4", "g6", "g6", "p6", "p7", "p10")
    s.piles = {"b": _ids("b5", "b7"), "y": _ids("y0", "y9"), "p": _ids("p4"), "g": _ids("g3")}
    s.piles.update({"u": [], "x": []})
    placed = {cid for zone in (*s.hands, *s.point_rows, *s.piles.values()) for cid in zone}
    placed |= {cid for rows in s.rows for ids in rows.values() for cid in ids}
    rest = [cid for cid in range(len(CARDS)) if cid not in placed]
    s.deck, s.removed = rest[:6], rest[6:]
    s.current, s.phase, s.draws_owed, s.discarded_this_turn = 1, DRAW, 1, []
    return match


def test_only_usable_discards_and_the_draw_pile_are_weighed():
    match = _stalled_draw()
    legal = match.legal(1)
    assert {a.args[0] for a in legal} == {"deck", "b", "y", "p", "g"}
    kept = policy.considered(match.game, match.state, 1, legal)
    assert kept == [Action("draw", ("deck",)), Action("draw", ("g",))]


def test_a_point_card_on_a_pile_is_always_usable():
    match = _stalled_draw()
    match.state.piles["x"] = _ids("x3")
    kept = policy.considered(match.game, match.state, 1, match.legal(1))
    assert Action("draw", ("x",)) in kept


def test_outside_the_draw_step_every_move_is_weighed():
    match = Match.new("keltis", 2, "stall")
    seat = match.to_act()[0]
    legal = match.legal(seat)
    assert policy.considered(match.game, match.state, seat, legal) == legal


def test_with_nothing_usable_left_a_bot_still_draws():
    """A second draw after a stone with the draw pile empty offers only
    discards; when none is usable, all of them stay weighed."""
    match = _stalled_draw()
    match.state.deck = []
    match.state.piles["g"].pop()
    legal = match.legal(1)
    assert legal and all(a.args[0] != "deck" for a in legal)
    assert policy.considered(match.game, match.state, 1, legal) == []
    assert policy_for("keltis").weighed(match.game, match.state, 1, legal) == legal
    for level in ("greedy", "expert"):
        assert choose_action(match, 1, level) in legal


def test_neither_level_draws_a_useless_discard():
    """Weighing every draw, greedy took the closed pink row's 4 here."""
    match = _stalled_draw()
    match.state.piles["g"].pop()
    for level in ("greedy", "expert"):
        assert choose_action(match, 1, level) == Action("draw", ("deck",))


def _in_order_turn() -> Match:
    """Seat 0 to play: its yellow row runs up 3-5; it holds yellow 6 and 9,
    a lone blue 5 (no blue row) and a green 1 with a green 2."""
    match = Match.new("keltis", 2, "in-order")
    s = match.state
    s.rows[0] = {"y": _ids("y3", "y5")}
    s.rows[1] = {}
    s.hands[0] = _ids("y6", "y9", "b5", "g1", "g2")
    s.stones_left = []  # no pair for a stone
    s.current, s.phase, s.draws_owed, s.discarded_this_turn = 0, PLAY, 0, []
    return match
