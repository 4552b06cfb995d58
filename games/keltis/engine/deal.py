"""The Keltis deal, which the Oracle deals too (K-2, O-3), written once: the
deck shuffled, thirty cards set aside unseen with two players, then eight
cards to each hand from the top. Stored matches replay from their seeds, so
the generator is used exactly as it always was: one shuffle."""

from __future__ import annotations

from dataclasses import dataclass

from rules.core.rng import Rng

HAND_SIZE = 8
REMOVED_WITH_TWO = 30  # K-2a, O-3


@dataclass(frozen=True, slots=True)
class Deal:
    hands: list[list[int]]  # per seat, sorted
    deck: list[int]  # the draw pile: the top is last
    removed: list[int]  # set aside unseen (two players), sorted


def deal(deck_size: int, n_players: int, rng: Rng) -> Deal:
    """Deal the cards 0..deck_size-1 to `n_players`."""
    deck = list(range(deck_size))
    rng.shuffle(deck)
    removed: list[int] = []
    if n_players == 2:
        removed, deck = deck[:REMOVED_WITH_TWO], deck[REMOVED_WITH_TWO:]
    hands = []
    for _ in range(n_players):
        hands.append(sorted(deck[-HAND_SIZE:]))
        del deck[-HAND_SIZE:]
    return Deal(hands, deck, sorted(removed))
