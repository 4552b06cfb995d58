"""What a seat cannot see, declared as data, and the one way to re-deal it.

A game lists its hidden card fields as `Hidden`s (`Game.hidden`); the shared
`redeal` gathers every card of them that `seat` cannot see, sorts the pool
(so the deal depends only on what is hidden, not where it lies: bots sample
with it and must not learn where the true cards are), shuffles it with `rng`
and deals it back in declaration order, keeping every size.

A card a seat drew from a pool of its own (a sealed bid from its own hand,
when each seat's cards are its own and the others know which are left) is
declared with `own_pool`: it is re-dealt with that seat's pool alone, so the
stand-in is again one of that seat's cards, never another seat's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.rng import Rng

#: where a hidden list goes back: (the list of lists holding it, or None for a
#: field of the state; its index or field name; ordered; its size)
_Place = tuple[list[list[int]] | None, Any, bool, int]


@dataclass(frozen=True, slots=True)
class Hidden:
    #: a state field holding a list of card ids
    field: str
    #: the field holds one list per seat (hands): the other seats' are hidden
    per_seat: bool = False
    #: the list's order is part of the state (a draw pile: the top is last);
    #: otherwise it is kept sorted (hands, cards set aside)
    ordered: bool = False
    #: a per-seat field of each seat's own pool (its hand): this field's cards
    #: came from it, so for each other seat the two are re-dealt together,
    #: apart from every other seat's cards; the pool is kept sorted and is not
    #: declared `Hidden` on its own (only through the fields drawn from it)
    own_pool: str | None = None

    def __post_init__(self) -> None:
        if self.own_pool is not None and not self.per_seat:
            raise ValueError(f"{self.field}: own_pool is a per-seat pool, so per_seat=True")


def redeal(state: object, seat: int, rng: Rng, hidden: Sequence[Hidden]) -> None:
    """Re-deal, in place, the cards of `hidden` that `seat` cannot see: the
    shared pool first, then each other seat's own pool, seat by seat."""
    if not hidden:
        return
    places: list[_Place] = []
    own: dict[str, list[Hidden]] = {}  # own pool field -> the fields drawn from it
    for h in hidden:
        if h.own_pool is not None:
            own.setdefault(h.own_pool, []).append(h)
            continue
        value = getattr(state, h.field)
        if h.per_seat:
            places += [(value, i, h.ordered, len(c)) for i, c in enumerate(value) if i != seat]
        else:
            places.append((None, h.field, h.ordered, len(value)))
    _deal(state, rng, places)
    for pool_field, drawn in own.items():
        if any(h.field == pool_field for h in hidden):
            raise ValueError(f"{pool_field} is an own pool: it cannot also be re-dealt shared")
        pools = getattr(state, pool_field)
        for i in range(len(pools)):
            if i != seat:
                fields = [getattr(state, h.field) for h in drawn]
                mine = [(f, i, h.ordered, len(f[i])) for f, h in zip(fields, drawn, strict=True)]
                _deal(state, rng, [*mine, (pools, i, False, len(pools[i]))])


def _deal(state: object, rng: Rng, places: list[_Place]) -> None:
    """Pool the cards of `places`, sort and shuffle them, deal them back."""
    pool: list[int] = []
    for holder, where, _, _ in places:
        pool += getattr(state, where) if holder is None else holder[where]
    pool.sort()
    rng.shuffle(pool)
    start = 0
    for holder, where, ordered, n in places:
        cards = pool[start : start + n]
        start += n
        if not ordered:
            cards.sort()
        if holder is None:
            setattr(state, where, cards)
        else:
            holder[where] = cards
