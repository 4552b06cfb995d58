"""What a seat cannot see, declared as data, and the one way to re-deal it.

A game lists its hidden card fields as `Hidden`s (`Game.hidden`); the shared
`redeal` gathers every card of them that `seat` cannot see, sorts the pool
(so the deal depends only on what is hidden, not where it lies: bots sample
with it and must not learn where the true cards are), shuffles it with `rng`
and deals it back in declaration order, keeping every size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Hidden:
    #: a state field holding a list of card ids
    field: str
    #: the field holds one list per seat (hands): the other seats' are hidden
    per_seat: bool = False
    #: the list's order is part of the state (a draw pile: the top is last);
    #: otherwise it is kept sorted (hands, cards set aside)
    ordered: bool = False


def redeal(state: object, seat: int, rng: Rng, hidden: Sequence[Hidden]) -> None:
    """Re-deal, in place, the cards of `hidden` that `seat` cannot see."""
    if not hidden:
        return
    pool: list[int] = []
    # where each hidden list goes back: (the list of lists holding it, or None
    # for a field of the state; its index or field name; ordered; its size)
    places: list[tuple[list[list[int]] | None, Any, bool, int]] = []
    for h in hidden:
        value = getattr(state, h.field)
        if h.per_seat:
            for i, cards in enumerate(value):
                if i != seat:
                    pool += cards
                    places.append((value, i, h.ordered, len(cards)))
        else:
            pool += value
            places.append((None, h.field, h.ordered, len(value)))
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
