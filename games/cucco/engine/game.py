"""Cucco for five, the called-partner trick game (rules page: ../rules.md, Z-1..Z-9).

Five players; each deal is bid, played in eight no-trump tricks and counted;
a match is `deals` counted deals (option, default 5) and the most chips win.

Action keys:
- `bid:<card>`   bid a card kind you hold (Z-3), e.g. `bid:n7`, `bid:lion`
- `pass`         pass (final for this deal)
- `play:<card>`  play a card to the trick (Z-5), e.g. `play:p13`
Card codes (cards.py): `n1`..`n10` for I..X, and `mask`, `bucket`,
`zero`, `mat`, `p11` (House), `p12` (Cat), `p13` (Horse), `p14` (Man),
`p15` (Cuckoo), `lion`. The two identical copies of a kind share a code; the
engine plays the lower id of the copies in hand.

Options: `deals` (1..20, default 5): counted deals in the match;
`first_dealer` (seat 0..4): the first dealer, otherwise drawn by the RNG.

Points are integers in half points (Z-6 [D]): views, events and outcomes say
`half_points` (a half point is 1, a whole point 2; 38 in the deck, 20 wins,
19-19 goes to the recount, whose figures are plain integers out of 82).

Decisions where the rules page leaves a case open:
- Z-2: the deal comes from a deck shuffled by the match RNG; the
  `first_dealer` option may name the first dealer instead of the RNG.
- Z-3: a player whose turn comes and who holds no card they may bid is still
  asked, with `pass` as their only action (skipping them would tell the table
  about their hand).
- Z-3: when the lowest card of a suit (I or Mask) is bid nobody can bid after
  it, which is public knowledge: the remaining players' forced passes are
  taken automatically and bidding ends at once with that bidder as declarer.
- Z-3: throw-ins (Z-3, Z-8) could in principle repeat forever, so
  `max_actions` is a generous bound, not a proof.
- Z-4: the partner is not stored: it is derived from where the two copies of
  the called card are (hands and cards played). It becomes public when a copy
  is played by someone other than the declarer (event `partner`); a lone
  declarer becomes public when the declarer has played both copies (event
  `solo`), else at the end of the deal (event `deal_end`).
- Z-9: every view carries the public facts (bids, called card, tricks and the
  cards in them, tricks and half points taken per player, chips). Per-team
  points (`team_half_points`) appear only once the teams are public. A seat's
  own knowledge is in `you`: the declarer knows whether they are alone, the
  partner knows they are the partner, everybody else knows they are an
  opponent.
- Deals follow each other automatically: the last card of a deal settles it
  (event `deal_end`, kept in the view's `history`) and deals the next one.
- Match end (Z-8): scores are chip totals. A concession ends the match at
  once; the deal in progress is abandoned (no chips), the conceder cannot
  win and the best of the others by chips win.

Events (all public): `deal` {deal, dealer}; `bid` {seat, card}; `pass` {seat};
`thrown_in` {dealer}; `declarer` {seat, called, how: "passes"|"lowest"};
`play` {seat, card}; `partner` {seat, declarer}; `solo` {seat};
`trick` {number, leader, winner, cards (from the leader), half_points}; `deal_end` {deal, dealer,
declarer, called, partner, solo, half_points [declarer side, opponents],
recount [same] or None, result "win"|"loss"|"draw" (the declarer side's),
chips [per seat]}; `concede` {seat}; `over`.
View: public fields for everybody (a pass shows in `bids` as `bid: None`);
`hand` and `you` only in a seat's own view. Outcome: `scores` (chips),
`breakdown` per seat {chips, per_deal, declared}, `winners`, `reason`
("deals"|"concede"), `deals_played`, `drawn_deals`, `teams` per settled deal
{deal, declarer, partner or None (alone), winner "declarer"|"opponents"|None
(drawn)}: the sides team ratings count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypedDict

from games.cucco.engine.cards import (
    CARD_CODE,
    CARD_KIND,
    CARD_RANK,
    CARD_SUIT,
    DECK_SIZE,
    KIND_BY_CODE,
    KINDS,
    copies,
)
from games.cucco.engine.scoring import DRAW, LOSS, WIN, chips, half_points, settle
from rules.core.actions import Action
from rules.core.events import Event
from rules.core.game import Game, GameType, Outcome, View
from rules.core.hidden import Hidden
from rules.core.options import INT, Option, first_player
from rules.core.rng import Rng
from rules.core.words import N_, P_

PLAYERS = 5
HAND_SIZE = 8
DEAL_PACKETS = (4, 4)  # Z-2
TRICKS = 8
DEFAULT_DEALS = 5
MAX_DEALS = 20
PASS = -1  # in the bid log

BIDDING, PLAY, OVER = "bidding", "play", "over"
_PASS = Action("pass")
_BIDS = tuple(Action("bid", (k.code,)) for k in KINDS)  # by kind
_PLAYS = tuple(Action("play", (k.code,)) for k in KINDS)


class Trick(NamedTuple):
    """A trick taken, stored as the row [leader, winner, cards]."""

    leader: int
    winner: int
    cards: list[int]  # in play order from the leader


class DealRecord(TypedDict):
    """A settled deal, as kept in the history (and told by `deal_end`)."""

    deal: int
    dealer: int
    declarer: int
    called: str  # the called card's code
    partner: int | None  # None: the declarer played alone
    solo: bool
    half_points: list[int]  # declarer's side, opponents
    recount: list[int] | None  # Z-7's recount, when there was one
    result: str
    chips: list[int]  # per seat


@dataclass(slots=True)
class CuccoState:
    deals: int  # counted deals in the match (Z-8)
    dealer: int
    chips: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    history: list[DealRecord] = field(default_factory=list)  # settled deals
    thrown_in: int = 0
    phase: str = BIDDING
    hands: list[list[int]] = field(default_factory=list)
    turn: int = 0
    bids: list[list[int]] = field(default_factory=list)  # [seat, kind or PASS]
    passed: list[bool] = field(default_factory=lambda: [False] * PLAYERS)
    bid: int | None = None  # kind of the current bid
    bidder: int | None = None
    declarer: int | None = None
    called: int | None = None  # kind of the called card
    leader: int = 0
    trick: list[int] = field(default_factory=list)  # card ids, in play order from leader
    tricks: list[Trick] = field(default_factory=list)
    played_by: list[int] = field(default_factory=lambda: [-1] * DECK_SIZE)
    conceded: int | None = None
    end_reason: str | None = None


def _nxt(seat: int) -> int:
    return (seat + 1) % PLAYERS


def trick_winner(leader: int, cards: list[int]) -> int:
    """Z-5: strongest card of the suit led; of two identical cards the first wins."""
    suit = CARD_SUIT[cards[0]]
    best = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if CARD_SUIT[c] == suit and CARD_RANK[c] > CARD_RANK[cards[best]]:
            best = i
    return (leader + best) % PLAYERS


class Cucco(Game[CuccoState]):
    id = "cucco"
    name = "Cucco for five"
    rules_version = 1
    kind = GameType(
        min_players=PLAYERS,
        max_players=PLAYERS,
        phases=(BIDDING, PLAY),
        hidden_information=True,
        chance=True,
    )
    verbs = frozenset({"bid", "pass", "play"})
    #: bidding, which names the called card (Z-3, Z-4), then leading a trick
    #: or playing to one (Z-5)
    decision_kinds = ("bid", "lead", "follow")
    # per counted deal at most 10 bids + 4 passes + 40 cards; throw-ins add 5
    # each (unbounded in principle, vanishingly rare in random play)
    max_actions = 3000
    state_type = CuccoState
    hidden = (Hidden("hands", per_seat=True),)
    options_schema = (
        Option(
            "deals",
            INT,
            N_("how many deals the match lasts"),
            default=DEFAULT_DEALS,
            low=1,
            high=MAX_DEALS,
            keep_default=True,
            label=P_("option", "deals"),
            description=N_("How many deals the match lasts — Cucco for five"),
        ),
        first_player("first_dealer", N_("who deals first (otherwise drawn by lot)")),
    )

    # -- setup (Z-2, Z-8) ----------------------------------------------------
    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> CuccoState:
        first = options.get("first_dealer")
        if first is None:
            first = rng.below(PLAYERS)
        s = CuccoState(deals=options.get("deals", DEFAULT_DEALS), dealer=first)
        self._deal(s, rng)
        return s

    def _deal(self, s: CuccoState, rng: Rng) -> None:
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(PLAYERS)]
        pos = 0
        for packet in DEAL_PACKETS:
            seat = s.dealer
            for _ in range(PLAYERS):
                seat = _nxt(seat)
                hands[seat] += deck[pos : pos + packet]
                pos += packet
        s.hands = [sorted(h) for h in hands]
        s.phase = BIDDING
        s.turn = _nxt(s.dealer)
        s.bids = []
        s.passed = [False] * PLAYERS
        s.bid = s.bidder = s.declarer = s.called = None
        s.leader = _nxt(s.dealer)
        s.trick = []
        s.tricks = []
        s.played_by = [-1] * DECK_SIZE

    # -- who decides -----------------------------------------------------------
    def to_act(self, s: CuccoState) -> tuple[int, ...]:
        return () if s.phase == OVER else (s.turn,)

    def decision_kind(self, s: CuccoState, seat: int) -> str | None:
        if seat not in self.to_act(s):
            return None
        if s.phase == BIDDING:
            return "bid"  # Z-3
        return "follow" if s.trick else "lead"  # Z-5

    # -- legal actions -----------------------------------------------------------
    def legal(self, s: CuccoState, seat: int) -> list[Action]:
        if s.phase == OVER or seat != s.turn:
            return []
        hand = s.hands[seat]
        if s.phase == BIDDING:
            actions = [_PASS]
            seen = -1
            for c in hand:
                k = CARD_KIND[c]
                if k == seen:
                    continue
                seen = k
                if s.bid is None or (
                    KINDS[k].suit == KINDS[s.bid].suit and KINDS[k].rank < KINDS[s.bid].rank
                ):
                    actions.append(_BIDS[k])
            return actions
        playable = hand
        if s.trick:
            suit = CARD_SUIT[s.trick[0]]
            follow = [c for c in hand if CARD_SUIT[c] == suit]
            if follow:
                playable = follow
        actions = []
        seen = -1
        for c in playable:
            if CARD_KIND[c] != seen:
                seen = CARD_KIND[c]
                actions.append(_PLAYS[seen])
        return actions

    def reveals(self, s: CuccoState, seat: int, action: Action) -> bool:
        """A move that ends a deal deals the next, showing the seat its new
        hand: the last card of a deal (unless it ends the match) and the
        last pass of a deal thrown in. Nothing else shows anything."""
        if s.phase == BIDDING and action.verb == "pass":
            return all(p for i, p in enumerate(s.passed) if i != seat)
        if s.phase == PLAY and action.verb == "play":
            last = len(s.tricks) == TRICKS - 1 and len(s.trick) == PLAYERS - 1
            return last and len(s.history) + 1 < s.deals
        return False

    # -- applying ----------------------------------------------------------------
    def apply(self, s: CuccoState, seat: int, action: Action, rng: Rng) -> list[Event]:
        if action.verb == "play":
            return self._play(s, seat, KIND_BY_CODE[action.args[0]], rng)
        if action.verb == "bid":
            return self._bid(s, seat, KIND_BY_CODE[action.args[0]])
        return self._pass(s, seat, rng)

    def _bid(self, s: CuccoState, seat: int, kind: int) -> list[Event]:
        s.bids.append([seat, kind])
        s.bid, s.bidder = kind, seat
        events = [{"type": "bid", "seat": seat, "card": KINDS[kind].code}]
        if KINDS[kind].rank == 0:  # nothing weaker exists: the rest must pass
            events.append(self._end_bidding(s, "lowest"))
            return events
        nxt = self._next_open(s, seat)
        if nxt == seat:
            events.append(self._end_bidding(s, "passes"))
        else:
            s.turn = nxt
        return events

    def _pass(self, s: CuccoState, seat: int, rng: Rng) -> list[Event]:
        s.bids.append([seat, PASS])
        s.passed[seat] = True
        events = [{"type": "pass", "seat": seat}]
        if all(s.passed):  # no bid at all: thrown in
            events.append({"type": "thrown_in", "dealer": s.dealer})
            s.thrown_in += 1
            s.dealer = _nxt(s.dealer)
            self._deal(s, rng)
            events.append(self._deal_event(s))
            return events
        if s.bidder is not None and all(p for i, p in enumerate(s.passed) if i != s.bidder):
            events.append(self._end_bidding(s, "passes"))
        else:
            s.turn = self._next_open(s, seat)
        return events

    def _next_open(self, s: CuccoState, seat: int) -> int:
        nxt = _nxt(seat)
        while s.passed[nxt]:
            nxt = _nxt(nxt)
        return nxt

    def _end_bidding(self, s: CuccoState, how: str) -> Event:
        s.declarer, s.called = s.bidder, s.bid
        assert s.called is not None  # bidding ends on a bid
        s.phase = PLAY
        s.leader = s.turn = _nxt(s.dealer)
        return {"type": "declarer", "seat": s.declarer, "called": KINDS[s.called].code, "how": how}

    def _deal_event(self, s: CuccoState) -> Event:
        return {"type": "deal", "deal": len(s.history) + 1, "dealer": s.dealer}

    def _play(self, s: CuccoState, seat: int, kind: int, rng: Rng) -> list[Event]:
        hand = s.hands[seat]
        card = next(c for c in hand if CARD_KIND[c] == kind)
        hand.remove(card)
        s.played_by[card] = seat
        s.trick.append(card)
        events: list[Event] = [{"type": "play", "seat": seat, "card": CARD_CODE[card]}]
        if kind == s.called:
            a, b = (s.played_by[c] for c in copies(kind))
            if seat != s.declarer:
                events.append({"type": "partner", "seat": seat, "declarer": s.declarer})
            elif a == b == s.declarer:
                events.append({"type": "solo", "seat": seat})
        if len(s.trick) < PLAYERS:
            s.turn = _nxt(seat)
            return events
        winner = trick_winner(s.leader, s.trick)
        s.tricks.append(Trick(s.leader, winner, list(s.trick)))
        events.append(
            {
                "type": "trick",
                "number": len(s.tricks),
                "leader": s.leader,
                "winner": winner,
                "cards": [CARD_CODE[c] for c in s.trick],
                "half_points": half_points(s.trick),
            }
        )
        s.trick = []
        s.leader = s.turn = winner
        if len(s.tricks) == TRICKS:
            events += self._settle(s, rng)
        return events

    # -- counting (Z-6, Z-7) ---------------------------------------------------------
    def partner(self, s: CuccoState) -> int | None:
        """Where the other called copy is (hands and cards played); None: alone.
        Not public knowledge before it is played: see `_public_teams`."""
        assert s.called is not None  # called when the bidding ends
        for c in copies(s.called):
            owner = s.played_by[c]
            if owner < 0:
                owner = next(i for i in range(PLAYERS) if c in s.hands[i])
            if owner != s.declarer:
                return owner
        return None

    def _settle(self, s: CuccoState, rng: Rng) -> list[Event]:
        partner = self.partner(s)
        assert s.declarer is not None and s.called is not None  # set by the bidding
        side = {s.declarer, partner}
        ours: list[int] = []
        theirs: list[int] = []
        for _leader, winner, cards in s.tricks:
            (ours if winner in side else theirs).extend(cards)
        res = settle(ours, theirs)
        delta = chips(res["result"], s.declarer, partner, PLAYERS)
        for i in range(PLAYERS):
            s.chips[i] += delta[i]
        record: DealRecord = {
            "deal": len(s.history) + 1,
            "dealer": s.dealer,
            "declarer": s.declarer,
            "called": KINDS[s.called].code,
            "partner": partner,
            "solo": partner is None,
            "half_points": res["half_points"],
            "recount": res["recount"],
            "result": res["result"],
            "chips": delta,
        }
        s.history.append(record)
        events = [{"type": "deal_end", **record}]
        if len(s.history) >= s.deals:
            s.phase = OVER
            s.end_reason = "deals"
            events.append({"type": "over"})
        else:
            s.dealer = _nxt(s.dealer)
            self._deal(s, rng)
            events.append(self._deal_event(s))
        return events

    # -- what a seat sees (Z-9) ---------------------------------------------------
    def _public_teams(self, s: CuccoState) -> tuple[bool, int | None]:
        """(teams public?, partner if public). Only cards played count here."""
        if s.declarer is None:
            return False, None
        assert s.called is not None  # called with the declarer
        owners = [s.played_by[c] for c in copies(s.called)]
        for o in owners:
            if o >= 0 and o != s.declarer:
                return True, o
        return owners[0] == owners[1] == s.declarer, None

    def _you(self, s: CuccoState, seat: int) -> dict[str, Any]:
        if s.declarer is None:
            return {"role": None}
        assert s.called is not None  # called with the declarer
        mine = sum(1 for c in copies(s.called) if s.played_by[c] == seat or c in s.hands[seat])
        if seat == s.declarer:
            return {"role": "declarer", "solo": mine == 2}
        if mine:
            return {"role": "partner", "declarer": s.declarer}
        return {"role": "opponent"}

    def view(self, s: CuccoState, seat: int | None) -> View:
        won: list[list[int]] = [[] for _ in range(PLAYERS)]
        for _leader, winner, cards in s.tricks:
            won[winner].extend(cards)
        public, partner = self._public_teams(s)
        view: View = {
            "game": self.id,
            "phase": s.phase,
            "seat": seat,
            "deal": min(len(s.history) + 1, s.deals),
            "deals": s.deals,
            "thrown_in": s.thrown_in,
            "dealer": s.dealer,
            "to_act": list(self.to_act(s)),
            "chips": list(s.chips),
            "hand_sizes": [len(h) for h in s.hands],
            "bids": [
                {"seat": b[0], "bid": KINDS[b[1]].code if b[1] != PASS else None} for b in s.bids
            ],
            "passed": list(s.passed),
            "current_bid": KINDS[s.bid].code if s.bid is not None else None,
            "bidder": s.bidder,
            "declarer": s.declarer,
            "called": KINDS[s.called].code if s.called is not None else None,
            "teams_public": public,
            "partner": partner,
            "solo": public and partner is None,
            "trick": {
                "leader": s.leader,
                "cards": [[(s.leader + i) % PLAYERS, CARD_CODE[c]] for i, c in enumerate(s.trick)],
            },
            "tricks": [
                {
                    "leader": leader,
                    "winner": winner,
                    "cards": [[(leader + i) % PLAYERS, CARD_CODE[c]] for i, c in enumerate(cards)],
                }
                for leader, winner, cards in s.tricks
            ],
            "tricks_won": [sum(1 for t in s.tricks if t[1] == i) for i in range(PLAYERS)],
            "half_points": [half_points(w) for w in won],
            "team_half_points": None,
            "history": [dict(h) for h in s.history],
            "end_reason": s.end_reason,
            "conceded": s.conceded,
        }
        if public:
            side = {s.declarer, partner}
            ours = sum(view["half_points"][i] for i in side if i is not None)
            view["team_half_points"] = {
                "declarer": ours,
                "opponents": sum(view["half_points"]) - ours,
            }
        if seat is not None:
            view["hand"] = [CARD_CODE[c] for c in s.hands[seat]]
            view["you"] = self._you(s, seat)
        return view

    # -- the end (Z-8) -------------------------------------------------------------
    def outcome(self, s: CuccoState) -> Outcome | None:
        if s.phase != OVER:
            return None
        scores = list(s.chips)
        contenders = [i for i in range(PLAYERS) if i != s.conceded]
        best = max(scores[i] for i in contenders)
        winners = [i for i in contenders if scores[i] == best]
        if s.conceded is None and len(winners) == PLAYERS:
            winners = []  # everybody level: a drawn match
        return {
            "scores": scores,
            "breakdown": [
                {
                    "chips": scores[i],
                    "per_deal": [h["chips"][i] for h in s.history],
                    "declared": sum(1 for h in s.history if h["declarer"] == i),
                }
                for i in range(PLAYERS)
            ],
            "winners": winners,
            "reason": s.end_reason,
            "deals_played": len(s.history),
            "drawn_deals": sum(1 for h in s.history if h["result"] == DRAW),
            "teams": [deal_teams(h) for h in s.history],
        }


def deal_teams(record: DealRecord) -> dict[str, Any]:
    """The sides of a settled deal, for team ratings: the declarer with the
    partner (None: alone) against the rest, and which side won (None: a
    drawn deal). Public: by the end of a deal every card has been played."""
    won = {WIN: "declarer", LOSS: "opponents"}.get(record["result"])
    return {
        "deal": record["deal"],
        "declarer": record["declarer"],
        "partner": record["partner"],
        "winner": won,
    }
