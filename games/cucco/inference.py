"""What a Cucco seat can read from the public play about the hidden hands,
and imagined worlds that agree with it (the bots' determinizations).

The shared re-deal (rules/core/hidden.py) deals the unseen cards back at
random, keeping only the hand sizes. In Cucco the bids and the play tell
more (rules.md Z-3, Z-5, Z-9):
- a player who bid a card held a copy of it then, so still holds one unless
  they have played one since; in particular the declarer holds the called
  card (and a seat holding one copy, the partner, knows the declarer holds
  the other);
- a player who did not follow the suit led has no card of that suit left.
`refine` re-deals the unseen cards once more so that every hand agrees with
these facts: a copy of each card a player must hold goes to them first, then
each suit's cards go to the players who may hold that suit, uniformly over
the ways to do so. It reads only public facts and the seat's own hand: the
world depends only on what the seat can see.
"""

from __future__ import annotations

from games.cucco.engine.cards import CARD_KIND, CARD_SUIT, NUMBERS, PICTURES, copies
from games.cucco.engine.game import PASS, PLAYERS, Cucco, CuccoState
from rules.core.rng import Rng


def known_voids(s: CuccoState) -> list[set[str]]:
    """Per seat, the suits it has shown it no longer holds (this deal)."""
    voids: list[set[str]] = [set() for _ in range(PLAYERS)]
    for leader, _winner, cards in s.tricks:
        led = CARD_SUIT[cards[0]]
        for i, c in enumerate(cards):
            if CARD_SUIT[c] != led:
                voids[(leader + i) % PLAYERS].add(led)
    if s.trick:
        led = CARD_SUIT[s.trick[0]]
        for i, c in enumerate(s.trick):
            if CARD_SUIT[c] != led:
                voids[(s.leader + i) % PLAYERS].add(led)
    return voids


def bid_kinds(s: CuccoState) -> list[set[int]]:
    """Per seat, the kinds it bid this deal and has not played a copy of:
    it still holds at least one copy of each."""
    kinds: list[set[int]] = [set() for _ in range(PLAYERS)]
    for seat, kind in s.bids:
        if kind != PASS and all(s.played_by[c] != seat for c in copies(kind)):
            kinds[seat].add(kind)
    return kinds


def refine(game: Cucco, s: CuccoState, seat: int, rng: Rng) -> None:
    """Re-deal, in place, the cards `seat` cannot see so that the hands agree
    with the bids and the suits shown void (see the module's doc); leaves the
    world as it is when no such deal exists."""
    others = [p for p in range(PLAYERS) if p != seat]
    voids = known_voids(s)
    wants = bid_kinds(s)
    if not any(voids[p] or wants[p] for p in others):
        return
    pool = sorted(c for p in others for c in s.hands[p])
    rng.shuffle(pool)
    need = {p: len(s.hands[p]) for p in others}
    dealt: dict[int, list[int]] = {p: [] for p in others}
    for p in others:  # first a copy of every card a bidder still holds
        for kind in sorted(wants[p]):
            copy = next((c for c in pool if CARD_KIND[c] == kind), None)
            if copy is None or CARD_SUIT[copy] in voids[p] or need[p] == 0:
                return  # the facts disagree with the seat's own hand: keep the world
            pool.remove(copy)
            dealt[p].append(copy)
            need[p] -= 1
    numbers = [c for c in pool if CARD_SUIT[c] == NUMBERS]
    pictures = [c for c in pool if CARD_SUIT[c] == PICTURES]
    # how many numbers each player gets: all of its places when it has no
    # pictures left, none when it has no numbers, else shared at random
    slots: list[int] = []
    fixed = 0
    for p in others:
        if NUMBERS in voids[p]:
            if PICTURES in voids[p] and need[p]:
                return
            continue
        if PICTURES in voids[p]:
            fixed += need[p]
            continue
        slots += [p] * need[p]
    free = len(numbers) - fixed
    if free < 0 or free > len(slots):
        return  # no deal agrees (cannot happen with a true history)
    rng.shuffle(slots)
    count = {p: 0 for p in others}
    for p in slots[:free]:
        count[p] += 1
    for p in others:
        if PICTURES in voids[p]:
            count[p] = need[p]
    for p in others:
        k = count[p]
        hand = dealt[p] + numbers[:k] + pictures[: need[p] - k]
        numbers, pictures = numbers[k:], pictures[need[p] - k :]
        s.hands[p] = sorted(hand)
