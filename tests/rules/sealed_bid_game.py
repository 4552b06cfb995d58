"""Sealed bids, registered only in the tests: each seat holds the cards 1..5
of its own colour; every round each seat bids one card face down, and when
all have bid the highest card scores a point (a tie scores nothing). Which
cards a seat has left is public (its colour, minus what it has shown), its bid
is not: `Hidden(own_pool=...)` re-deals the bid from that seat's own cards,
with no hand-written `redeal_hidden`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.core.actions import Action
from rules.core.game import OVER, Game, GameType
from rules.core.hidden import Hidden

VALUES = 5
COLOURS = "rgb"


def card(seat: int, value: int) -> int:
    return seat * VALUES + value - 1


def code(c: int) -> str:
    return f"{COLOURS[c // VALUES]}{c % VALUES + 1}"


def value(c: int) -> int:
    return c % VALUES + 1


@dataclass(slots=True)
class BidState:
    hands: list[list[int]]  # per seat: its cards not yet bid, sorted
    bids: list[list[int]]  # per seat: [] or its sealed bid this round
    shown: list[list[int]]  # per seat: its bids of past rounds, in order
    points: list[int]
    phase: str = "bid"
    end_reason: str | None = None
    conceded: int | None = None


class SealedBids(Game[BidState]):
    id, name = "sealed", "Sealed bids"
    kind = GameType(min_players=2, max_players=3, simultaneous=True, hidden_information=True)
    verbs = frozenset({"bid"})
    max_actions = VALUES * 3
    state_type = BidState
    hidden = (Hidden("bids", per_seat=True, own_pool="hands"),)

    def setup(self, n_players, options, rng) -> BidState:
        return BidState(
            hands=[[card(i, v) for v in range(1, VALUES + 1)] for i in range(n_players)],
            bids=[[] for _ in range(n_players)],
            shown=[[] for _ in range(n_players)],
            points=[0] * n_players,
        )

    def to_act(self, s: BidState) -> tuple[int, ...]:
        if s.phase == OVER:
            return ()
        return tuple(i for i, b in enumerate(s.bids) if not b)

    def legal(self, s: BidState, seat: int) -> list[Action]:
        return [Action.of("bid", code(c)) for c in s.hands[seat]]

    def reveals(self, s: BidState, seat: int, action: Action) -> bool:
        """The round's last bid shows the others' bids."""
        return all(b for i, b in enumerate(s.bids) if i != seat)

    def apply(self, s: BidState, seat: int, action: Action, rng) -> list[dict]:
        c = next(c for c in s.hands[seat] if code(c) == action.args[0])
        s.hands[seat].remove(c)
        s.bids[seat] = [c]
        events: list[dict] = [{"type": "bid", "seat": seat}]
        if all(s.bids):
            values = [value(b[0]) for b in s.bids]
            best = [i for i, v in enumerate(values) if v == max(values)]
            if len(best) == 1:
                s.points[best[0]] += 1
            for i, b in enumerate(s.bids):
                s.shown[i].append(b[0])
            events.append({"type": "reveal", "bids": [code(b[0]) for b in s.bids]})
            s.bids = [[] for _ in s.bids]
            if not any(s.hands):
                s.phase, s.end_reason = OVER, "cards"
        return events

    def view(self, s: BidState, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": self.id,
            "to_act": list(self.to_act(s)),
            "players": [
                {
                    "left": sorted(code(c) for c in s.hands[i] + s.bids[i]),
                    "has_bid": bool(s.bids[i]),
                    "shown": [code(c) for c in s.shown[i]],
                    "points": s.points[i],
                }
                for i in range(len(s.hands))
            ],
            "end_reason": s.end_reason,
            "conceded": s.conceded,
            "seat": seat,
        }
        if seat is not None:
            view["hand"] = [code(c) for c in s.hands[seat]]
            view["bid"] = code(s.bids[seat][0]) if s.bids[seat] else None
        return view

    def outcome(self, s: BidState) -> dict | None:
        if s.phase != OVER:
            return None
        n = len(s.points)
        standing = [p if i != s.conceded else -1 for i, p in enumerate(s.points)]
        return {
            "scores": list(s.points),
            "breakdown": [{} for _ in range(n)],
            "winners": [i for i in range(n) if standing[i] == max(standing)],
            "reason": s.end_reason,
        }


GAME = SealedBids()
