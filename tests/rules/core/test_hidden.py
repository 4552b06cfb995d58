"""The shared re-deal of hidden cards (rules/core/hidden.py)."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.hidden import Hidden, redeal
from rules.core.rng import Rng

HIDDEN = (Hidden("hands", per_seat=True), Hidden("deck", ordered=True), Hidden("removed"))


@dataclass
class Table:
    hands: list[list[int]]
    deck: list[int]
    removed: list[int]
    seen: list[int]


def table() -> Table:
    return Table(
        hands=[[1, 5], [2, 9, 12], [3]], deck=[20, 4, 7, 30], removed=[8, 11], seen=[40, 41]
    )


def test_only_what_the_seat_cannot_see_moves_and_every_size_is_kept():
    t = table()
    redeal(t, 0, Rng(3), HIDDEN)
    assert t.hands[0] == [1, 5] and t.seen == [40, 41]
    assert [len(h) for h in t.hands] == [2, 3, 1] and len(t.deck) == 4 and len(t.removed) == 2
    moved = sorted(c for h in t.hands[1:] for c in h) + sorted(t.deck + t.removed)
    assert sorted(moved) == [2, 3, 4, 7, 8, 9, 11, 12, 20, 30]
    assert all(h == sorted(h) for h in t.hands) and t.removed == sorted(t.removed)


def test_the_deal_depends_on_what_is_hidden_not_where_it_lies():
    a, b = table(), table()
    b.hands[1], b.deck = [4, 7, 12], [20, 2, 9, 30]  # the same hidden cards, elsewhere
    redeal(a, 0, Rng(5), HIDDEN)
    redeal(b, 0, Rng(5), HIDDEN)
    assert a == b


def test_nothing_hidden_touches_nothing_not_even_the_generator():
    t, rng = table(), Rng(9)
    redeal(t, 1, rng, ())
    assert t == table() and rng.state == Rng(9).state
