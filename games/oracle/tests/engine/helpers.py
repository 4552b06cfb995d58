"""Build Oracle positions from card and tile codes for scenario tests."""

from __future__ import annotations

from games.oracle.engine.board import FIELDS, SMALL_FIELDS, TILES
from games.oracle.engine.cards import CARDS, COLOURS
from games.oracle.engine.game import OracleState
from rules import Match
from tests.rules.card_picker import CardPicker


def tile_ids(tiles: dict[int, str]) -> list[int | None]:
    """Per field, the tile index for {field: tile code}; other fields bare."""
    used: set[int] = set()
    out: list[int | None] = [None] * len(FIELDS)
    for f, code in tiles.items():
        assert f in SMALL_FIELDS, f"field {f} is not a small stone"
        tile = next(i for i, t in enumerate(TILES) if t.code == code and i not in used)
        out[f] = tile
        used.add(tile)
    return out


def position(
    players: int = 2,
    *,
    hands=None,
    rows=None,
    piles=None,
    deck=None,
    pawns=None,
    oracle: int = 0,
    tiles=None,
    stones_on=None,
    stones=None,
    mirrors=None,
    earned=None,
    current: int = 0,
    options=None,
) -> Match:
    """A match at the start of `current`'s turn in a chosen position.

    Small stones are bare unless named in `tiles` ({field: code}). Unnamed
    cards fill the deck, or when a deck is given go to the removed cards.
    """
    match = Match.new("oracle", players, "scenario", {"first_player": current, **(options or {})})
    pick = CardPicker([card.code for card in CARDS])
    hands = hands or {}
    s: OracleState = match.state
    s.hands = [sorted(pick.many(hands.get(i, []))) for i in range(players)]
    s.rows = [
        {c: pick.many(codes) for c, codes in (rows or {}).get(i, {}).items()}
        for i in range(players)
    ]
    s.piles = {c: pick.many((piles or {}).get(c, [])) for c in COLOURS}
    if deck is not None:
        s.deck = pick.many(deck)
        s.removed = pick.rest()
    else:
        s.deck, s.removed = pick.rest(), []
    s.pawns = [list((pawns or {}).get(i, [0, 0, 0])) for i in range(players)]
    s.oracle = oracle
    s.tiles = tile_ids(tiles or {})
    if stones_on is not None:
        s.stones_on = [stones_on.get(f, 0) for f in range(len(FIELDS))]
    s.stones = [(stones or {}).get(i, 0) for i in range(players)]
    s.mirrors = [(mirrors or {}).get(i, 0) for i in range(players)]
    for i, e in (earned or {}).items():
        s.earned[i].update(e)
    s.current = current
    return match


def keys(match: Match, seat: int) -> set[str]:
    return {a.key() for a in match.legal(seat)}


def act(match: Match, seat: int, key: str) -> list[dict]:
    return match.act(seat, key, match.seq)


def acts(match: Match, seat: int, *keys_: str) -> list[dict]:
    events = []
    for key in keys_:
        events += act(match, seat, key)
    return events


def of_type(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]
