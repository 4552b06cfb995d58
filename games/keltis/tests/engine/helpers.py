"""Build Keltis positions from card codes for scenario tests."""

from __future__ import annotations

from games.keltis.engine.cards import CARDS
from games.keltis.engine.game import PILES, KeltisState
from rules import Match
from tests.rules.card_picker import CardPicker


def position(
    players: int = 2,
    *,
    hands=None,
    rows=None,
    point_rows=None,
    piles=None,
    deck=None,
    stones=None,
    stones_left=None,
    current: int = 0,
    phase: str = "play",
) -> Match:
    """A match in a chosen position. Unnamed cards fill the deck (or, when a
    deck is given, go to the removed cards), so every card exists once."""
    match = Match.new("keltis", players, "scenario", {"first_player": current})
    pick = CardPicker([card.code for card in CARDS])
    hands = hands or {}
    s: KeltisState = match.state
    s.hands = [sorted(pick.many(hands.get(i, []))) for i in range(players)]
    s.rows = [
        {c: pick.many(codes) for c, codes in (rows or {}).get(i, {}).items()}
        for i in range(players)
    ]
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
