"""Build Cuttle positions from card codes for scenario tests."""

from __future__ import annotations

from games.cuttle.engine.cards import BY_CODE, DECK_SIZE
from games.cuttle.engine.game import CuttleState, Stack
from rules import Match


def ids(codes) -> list[int]:
    return [BY_CODE[c] for c in codes]


def position(
    *, hands=None, deck=None, scrap=(), stacks=(), perms=None, current: int = 0, passes: int = 0
) -> Match:
    """A match in a chosen position, `current` to play a main action.

    `stacks` are `(card, owner, [jacks bottom first])`; `deck` lists the
    cards top first. Without a deck, every card not named elsewhere forms
    the deck (in id order, highest on top); with one, unnamed cards are
    simply out of the game."""
    match = Match.new("cuttle", 2, "scenario", {"dealer": 1 - current})
    s: CuttleState = match.state
    hands = hands or {}
    perms = perms or {}
    s.hands = [sorted(ids(hands.get(i, []))) for i in (0, 1)]
    s.scrap = ids(scrap)
    s.stacks = [Stack(BY_CODE[card], owner, ids(jacks)) for card, owner, jacks in stacks]
    s.perms = [ids(perms.get(i, [])) for i in (0, 1)]
    placed = [c for h in s.hands for c in h] + s.scrap + [c for p in s.perms for c in p]
    placed += [c for st in s.stacks for c in (st.card, *st.jacks)]
    if deck is not None:
        s.deck = list(reversed(ids(deck)))
    else:
        s.deck = [c for c in range(DECK_SIZE) if c not in set(placed)]
    placed += s.deck
    assert len(placed) == len(set(placed)), "a card named twice"
    s.current = current
    s.passes = passes
    return match


def keys(match: Match, seat: int) -> set[str]:
    return {a.key() for a in match.legal(seat)}


def act(match: Match, seat: int, key: str) -> list[dict]:
    return match.act(seat, key, match.seq)


def hand(match: Match, seat: int) -> list[str]:
    return match.view(seat)["hand"]
