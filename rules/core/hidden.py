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


def redeal(state: Any, seat: int, rng: Rng, hidden: Sequence[Hidden]) -> None:
    """Re-deal, in place, the cards of `hidden` that `seat` cannot see."""
    if not hidden:
        return
    places: list[tuple[list, Any, bool]] = []  # (container, index or field, ordered)
    for h in hidden:
        value = getattr(state, h.field)
        if h.per_seat:
            places += [(value, i, h.ordered) for i in range(len(value)) if i != seat]
        else:
            places.append((state, h.field, h.ordered))
    pool = [c for holder, where, _ in places for c in _get(holder, where)]
    pool.sort()
    rng.shuffle(pool)
    start = 0
    for holder, where, ordered in places:
        n = len(_get(holder, where))
        cards = pool[start:start + n]
        _set(holder, where, cards if ordered else sorted(cards))
        start += n


def _get(holder: Any, where: Any) -> list:
    return holder[where] if isinstance(where, int) else getattr(holder, where)


def _set(holder: Any, where: Any, cards: list) -> None:
    if isinstance(where, int):
        holder[where] = cards
    else:
        setattr(holder, where, cards)
