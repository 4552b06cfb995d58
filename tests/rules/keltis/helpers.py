"""Build Keltis positions from card codes for scenario tests."""
from __future__ import annotations

from rules import Match
from rules.keltis.cards import CARDS
from rules.keltis.game import PILES, KeltisState


class CardPicker:
    """Hands out distinct card ids for codes (identical cards have several ids)."""

    def __init__(self):
        self.used: set[int] = set()

    def take(self, code: str) -> int:
        for cid, card in enumerate(CARDS):
            if card.code == code and cid not in self.used:
                self.used.add(cid)
                return cid
        raise ValueError(f"no {code} left")

    def many(self, codes) -> list[int]:
        return [self.take(c) for c in codes]

    def rest(self) -> list[int]:
        return [cid for cid in range(len(CARDS)) if cid not in self.used]


def position(players: int = 2, *, hands=None, rows=None, point_rows=None, piles=None,
             deck=None, stones=None, stones_left=None, current: int = 0,
             phase: str = "play") -> Match:
    """A match in a chosen position. Unnamed cards fill the deck (or, when a
    deck is given, go to the removed cards), so every card exists once."""
    match = Match.new("keltis", players, "scenario", {"first_player": current})
    pick = CardPicker()
    hands = hands or {}
    s: KeltisState = match.state
    s.hands = [sorted(pick.many(hands.get(i, []))) for i in range(players)]
    s.rows = [{c: pick.many(codes) for c, codes in (rows or {}).get(i, {}).items()}
              for i in range(players)]
    s.point_rows = [pick.many((point_rows or {}).get(i, [])) for i in range(players)]
    s.piles = {p: pick.many((piles or {}).get(p, [])) for p in PILES}
    s.stones = [list((stones or {}).get(i, [])) for i in range(players)]
    if stones_left is not None:
        s.stones_left = list(stones_left)
    else:
        taken = {v for vals in (stones or {}).values() for v in vals}
        s.stones_left = [v for v in range(1, 10) if v not in taken]
    if deck is not None:
        s.deck = pick.many(deck)
        s.removed = pick.rest()
    else:
        s.deck, s.removed = pick.rest(), []
    s.current = current
    s.phase = phase
    return match


def keys(match: Match, seat: int) -> set[str]:
    return {a.key() for a in match.legal(seat)}


def act(match: Match, seat: int, key: str) -> list[dict]:
    return match.act(seat, key, match.seq)
