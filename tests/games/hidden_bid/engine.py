"""Hidden bids, a game registered only in the tests (GAMEHOST_GAMES), to show
that a game is its own folder: two players, a deck numbered 1 to three times
`cards`, shuffled; each player is dealt `cards` cards, the rest lie face down
as the prize pile. Each round the pile's top prize is turned up and both
players bid one card from their hand face down, at once; when both have bid,
the bids are shown and the higher takes the prize (its number in points).
After `cards` rounds the most points wins; equal points are a draw.

What no seat sees: the other's hand and sealed bid, and the prize pile's
order; all are cards of one deck, so `hidden` re-deals them together.

Action keys: `bid:<n>` (a card of the bidder's hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.actions import Action
from rules.core.events import Event
from rules.core.game import OVER, Game, GameType, Outcome, View
from rules.core.hidden import Hidden
from rules.core.options import INT, Option
from rules.core.rng import Rng
from rules.core.words import N_, P_

PLAYERS = 2
BID = "bid"
CARDS, MOST_CARDS = 5, 8


@dataclass(slots=True)
class BidState:
    hands: list[list[int]]  # per seat, sorted
    bids: list[list[int]]  # per seat: [] or its sealed bid this round
    pile: list[int]  # the prize pile, face down: the top is last
    prize: list[int]  # [] or the prize turned up this round
    won: list[list[int]]  # per seat: the prizes taken, in order
    shown: list[list[int]]  # per seat: its bids of past rounds, in order
    phase: str = BID
    end_reason: str | None = None
    conceded: int | None = None


class HiddenBids(Game[BidState]):
    id, name = "hidden_bid", "Hidden bids"
    kind = GameType(
        min_players=PLAYERS,
        max_players=PLAYERS,
        phases=(BID,),
        simultaneous=True,
        hidden_information=True,
        chance=True,
    )
    verbs = frozenset({BID})
    max_actions = PLAYERS * MOST_CARDS
    state_type = BidState
    hidden = (
        Hidden("hands", per_seat=True),
        Hidden("bids", per_seat=True),
        Hidden("pile", ordered=True),
    )
    options_schema = (
        Option(
            "cards",
            INT,
            N_("how many cards each player holds (and rounds are played)"),
            default=CARDS,
            low=3,
            high=MOST_CARDS,
            keep_default=True,
            label=P_("option", "cards"),
            description=N_("How many cards each player holds — Hidden bids"),
        ),
    )

    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> BidState:
        cards = options.get("cards", CARDS)
        deck = list(range(1, 3 * cards + 1))
        rng.shuffle(deck)
        state = BidState(
            hands=[sorted(deck[:cards]), sorted(deck[cards : 2 * cards])],
            bids=[[], []],
            pile=deck[2 * cards :],
            prize=[],
            won=[[], []],
            shown=[[], []],
        )
        state.prize.append(state.pile.pop())
        return state

    def to_act(self, s: BidState) -> tuple[int, ...]:
        if s.phase == OVER:
            return ()
        return tuple(i for i, b in enumerate(s.bids) if not b)

    def legal(self, s: BidState, seat: int) -> list[Action]:
        return [Action.of(BID, str(c)) for c in s.hands[seat]]

    def reveals(self, s: BidState, seat: int, action: Action) -> bool:
        """The round's last bid shows the other's bid and the next prize."""
        return all(b for i, b in enumerate(s.bids) if i != seat)

    def apply(self, s: BidState, seat: int, action: Action, rng: Rng) -> list[Event]:
        card = int(action.args[0])
        s.hands[seat].remove(card)
        s.bids[seat] = [card]
        events: list[Event] = [{"type": "bid", "seat": seat}]
        if all(s.bids):
            bids = [b[0] for b in s.bids]
            taker = bids.index(max(bids))
            prize = s.prize.pop()
            s.won[taker].append(prize)
            for i, b in enumerate(bids):
                s.shown[i].append(b)
            s.bids = [[], []]
            events.append({"type": "reveal", "bids": bids, "taker": taker, "prize": prize})
            if s.pile:
                s.prize.append(s.pile.pop())
                events.append({"type": "prize", "prize": s.prize[0]})
            else:
                s.phase, s.end_reason = OVER, "cards"
                events.append({"type": "over"})
        return events

    def view(self, s: BidState, seat: int | None) -> View:
        view: View = {
            "game": self.id,
            "phase": s.phase,
            "to_act": list(self.to_act(s)),
            "prize": s.prize[0] if s.prize else None,
            "prizes_left": len(s.pile),
            "players": [
                {
                    "points": sum(s.won[i]),
                    "won": list(s.won[i]),
                    "shown": list(s.shown[i]),
                    "cards": len(s.hands[i]),
                    "has_bid": bool(s.bids[i]),
                }
                for i in range(PLAYERS)
            ],
            "end_reason": s.end_reason,
            "conceded": s.conceded,
            "seat": seat,
        }
        if seat is not None:
            view["hand"] = list(s.hands[seat])
            view["bid"] = s.bids[seat][0] if s.bids[seat] else None
        return view

    def outcome(self, s: BidState) -> Outcome | None:
        if s.phase != OVER:
            return None
        points = [sum(w) for w in s.won]
        standing = [p if i != s.conceded else -1 for i, p in enumerate(points)]
        return {
            "scores": points,
            "breakdown": [{"prizes": list(w)} for w in s.won],
            "winners": [i for i in range(PLAYERS) if standing[i] == max(standing)],
            "reason": s.end_reason,
        }


GAME = HiddenBids()
