"""The shared re-deal of hidden cards (rules/core/hidden.py)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

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


def test_the_shared_deal_is_pinned():
    """Bots sample with this deal: a change to it changes every bot's play."""
    t, rng = table(), Rng(3)
    redeal(t, 0, rng, HIDDEN)
    assert t == Table(
        hands=[[1, 5], [4, 12, 20], [8]], deck=[9, 11, 2, 3], removed=[7, 30], seen=[40, 41]
    )
    assert rng.state == 10372713005361028288


# -- a sealed bid: a card drawn from its owner's own pool ----------------------
SEALED = (Hidden("bids", per_seat=True, own_pool="hands"),)


@dataclass
class Bids:
    hands: list[list[int]]  # seat i holds 10*i .. 10*i + 4 (its own colour)
    bids: list[list[int]]
    shown: list[int]


def bids() -> Bids:
    return Bids(hands=[[0, 1, 4], [10, 13, 14], [21, 22]], bids=[[3], [11], [20]], shown=[2, 12])


def test_an_own_pool_redeals_each_bid_from_its_owners_cards_only():
    for state in range(20):
        b = bids()
        redeal(b, 0, Rng(state), SEALED)
        assert b.hands[0] == [0, 1, 4] and b.bids[0] == [3] and b.shown == [2, 12]
        for seat, cards in ((1, {10, 11, 13, 14}), (2, {20, 21, 22})):
            assert len(b.bids[seat]) == 1
            assert set(b.hands[seat] + b.bids[seat]) == cards
            assert b.hands[seat] == sorted(b.hands[seat])
            assert len(b.hands[seat]) == len(bids().hands[seat])


def test_an_own_pool_redeal_moves_the_bid():
    # the re-deal is a sample, not the truth: over a few generators seat 1's
    # bid is each of its cards
    seen = set()
    for state in range(40):
        b = bids()
        redeal(b, 0, Rng(state), SEALED)
        seen.add(b.bids[1][0])
    assert seen == {10, 11, 13, 14}


def test_an_own_pool_deal_depends_on_what_is_hidden_not_where_it_lies():
    a, b = bids(), bids()
    b.hands[1], b.bids[1] = [11, 13, 14], [10]  # seat 1 bid another of its cards
    redeal(a, 0, Rng(7), SEALED)
    redeal(b, 0, Rng(7), SEALED)
    assert a == b


def test_own_and_shared_pools_together_each_keep_their_cards():
    b = Bids(hands=[[0, 1], [10, 13], [20, 24]], bids=[[3], [11], [22]], shown=[5, 6, 8])
    redeal(b, 0, Rng(2), (Hidden("shown", ordered=True), *SEALED))
    assert sorted(b.shown) == [5, 6, 8]
    assert set(b.hands[1] + b.bids[1]) == {10, 11, 13}
    assert set(b.hands[2] + b.bids[2]) == {20, 22, 24}


def test_an_own_pool_is_per_seat_and_not_also_shared():
    with pytest.raises(ValueError, match="per_seat"):
        Hidden("bids", own_pool="hands")
    with pytest.raises(ValueError, match="own pool"):
        redeal(bids(), 0, Rng(1), (*SEALED, Hidden("hands", per_seat=True)))
