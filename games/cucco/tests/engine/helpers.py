"""Build Cucco positions from card codes for scenario tests."""

from __future__ import annotations

from games.cucco.engine.cards import CARD_CODE, DECK_SIZE, KIND_BY_CODE
from games.cucco.engine.game import BIDDING, PLAY, PLAYERS, CuccoState, Trick, trick_winner
from rules import Match
from tests.rules.card_picker import CardPicker


def bidding(hands=None, *, dealer: int = 4, deals: int = 5) -> Match:
    """A match at the start of bidding with chosen hands; unnamed cards fill
    the hands up to 8 in card order (seat 0 first)."""
    match = Match.new("cucco", 5, "scenario", {"first_dealer": dealer, "deals": deals})
    pick = CardPicker(CARD_CODE)
    hands = hands or {}
    s: CuccoState = match.state
    chosen = [pick.many(hands.get(i, [])) for i in range(PLAYERS)]
    rest = pick.rest()
    for i in range(PLAYERS):
        need = 8 - len(chosen[i])
        chosen[i] += rest[:need]
        rest = rest[need:]
    s.hands = [sorted(h) for h in chosen]
    assert s.phase == BIDDING and s.turn == (dealer + 1) % PLAYERS
    return match


def playing(
    hands,
    *,
    declarer: int,
    called: str,
    dealer: int = 4,
    tricks=(),
    trick=(),
    leader: int | None = None,
    deals: int = 5,
) -> Match:
    """A match in the play phase. `tricks` are finished tricks given as
    (leader, codes in play order[, winner]); the winner is computed unless given.
    `trick` is the trick in progress (codes from `leader`). Hands are exact."""
    match = Match.new("cucco", 5, "scenario", {"first_dealer": dealer, "deals": deals})
    pick = CardPicker(CARD_CODE)
    s: CuccoState = match.state
    s.played_by = [-1] * DECK_SIZE
    s.tricks = []
    for t in tricks:
        t_leader, codes = t[0], t[1]
        cards = pick.many(codes)
        winner = t[2] if len(t) > 2 else trick_winner(t_leader, cards)
        for i, c in enumerate(cards):
            s.played_by[c] = (t_leader + i) % PLAYERS
        s.tricks.append(Trick(t_leader, winner, cards))
    if leader is None:
        leader = s.tricks[-1][1] if s.tricks else (dealer + 1) % PLAYERS
    s.trick = pick.many(trick)
    for i, c in enumerate(s.trick):
        s.played_by[c] = (leader + i) % PLAYERS
    s.hands = [sorted(pick.many(hands.get(i, []))) for i in range(PLAYERS)]
    kind = KIND_BY_CODE[called]
    s.phase = PLAY
    s.bids = [[declarer, kind]] + [[i, -1] for i in range(PLAYERS) if i != declarer]
    s.passed = [i != declarer for i in range(PLAYERS)]
    s.bid = s.called = kind
    s.bidder = s.declarer = declarer
    s.leader = leader
    s.turn = (leader + len(s.trick)) % PLAYERS
    return match


def keys(match: Match, seat: int) -> set[str]:
    return {a.key() for a in match.legal(seat)}


def act(match: Match, seat: int, key: str) -> list[dict]:
    return match.act(seat, key, match.seq)


def types(events) -> list[str]:
    return [e["type"] for e in events]
