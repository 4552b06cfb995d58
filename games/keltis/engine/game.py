"""The Keltis card game engine (rules page: ../rules.md, K-1..K-9).

Decisions follow the rules page, including its [D] readings. Cases the page
leaves open, decided as players of the physical game would:

- Identical cards are interchangeable in keys (`discard:y5` names either
  yellow 5); the engine moves the first one in hand.
- K-4b lists both orders of two different cards (`stone:y5:x5` puts y5 under
  x5) and one key for two identical cards.
- K-5: when the second draw after K-4b finds the draw pile empty and no
  discard pile offers a card the player may take, the turn ends with a
  short hand (nothing else can be drawn).
- K-6c: "done" is always offered, even to a player who could still place a
  card, and nobody is finished automatically: skipping a player who has no
  placement would tell the table that player's hand holds nothing playable.
- The game has no rule against endless play from the discard piles; the
  engine does not add one (bots prefer the draw pile).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.keltis.engine import rows
from games.keltis.engine.cards import (
    CARDS,
    COLOURS,
    DECK_SIZE,
    END,
    GREY,
    NUMBER,
    WISHING_STONES,
)
from games.keltis.engine.deal import deal
from games.keltis.engine.scoring import score
from rules.core.actions import Action
from rules.core.events import Event, private
from rules.core.game import Game, GameType, Outcome, View
from rules.core.hidden import Hidden
from rules.core.options import first_player
from rules.core.rng import Rng

END_ROWS_TO_FINISH = 5  # K-6a
FINAL_PLACEMENTS = 2  # K-6c
PILES = (*COLOURS, GREY)

PLAY, DRAW, FINAL, OVER = "play", "draw", "final", "over"


@dataclass(slots=True)
class KeltisState:
    hands: list[list[int]]
    deck: list[int]  # top of the draw pile is the last element
    removed: list[int]
    piles: dict[str, list[int]]  # discard piles; top is the last element
    rows: list[dict[str, list[int]]]  # per seat: colour -> card ids
    point_rows: list[list[int]]
    stones: list[list[int]]  # wishing stones taken, per seat
    stones_left: list[int]
    current: int
    phase: str = PLAY
    draws_owed: int = 0
    discarded_this_turn: list[int] = field(default_factory=list)
    final_placed: list[int] = field(default_factory=list)
    final_done: list[bool] = field(default_factory=list)
    end_reason: str | None = None
    conceded: int | None = None


def _row_values(ids: list[int]) -> list[int]:
    # every card but an end card has a value
    return [v for i in ids if (v := CARDS[i].value) is not None]


def _closed(ids: list[int]) -> bool:
    return any(CARDS[i].kind == END for i in ids)


def _take(hand: list[int], code: str) -> int:
    for i, cid in enumerate(hand):
        if CARDS[cid].code == code:
            return hand.pop(i)
    raise AssertionError(f"{code} not in hand")  # legal() guarantees it is


def _insert_sorted(hand: list[int], cid: int) -> None:
    i = 0
    while i < len(hand) and hand[i] < cid:
        i += 1
    hand.insert(i, cid)


class Keltis(Game[KeltisState]):
    id = "keltis"
    name = "Keltis"
    rules_version = 1
    kind = GameType(
        min_players=2,
        max_players=4,
        phases=(PLAY, DRAW, FINAL),
        simultaneous=True,  # K-6c: every seat makes its final placements at once
        hidden_information=True,
        chance=True,
    )
    verbs = frozenset({"discard", "stone", "play", "draw", "done"})
    revealing_verbs = frozenset({"draw"})
    max_actions = 6000
    state_type = KeltisState
    hidden = (Hidden("hands", per_seat=True), Hidden("deck", ordered=True), Hidden("removed"))
    options_schema = (first_player(),)
    #: a turn's play step (K-4), its draw step (K-5) and the final placements (K-6c)
    decision_kinds = ("play", "draw", "final")

    # -- setup (K-2) -------------------------------------------------------
    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> KeltisState:
        dealt = deal(DECK_SIZE, n_players, rng)
        first = options.get("first_player")
        if first is None:
            first = rng.below(n_players)
        return KeltisState(
            hands=dealt.hands,
            deck=dealt.deck,
            removed=dealt.removed,
            piles={p: [] for p in PILES},
            rows=[{} for _ in range(n_players)],
            point_rows=[[] for _ in range(n_players)],
            stones=[[] for _ in range(n_players)],
            stones_left=list(WISHING_STONES),
            current=first,
            final_placed=[0] * n_players,
            final_done=[False] * n_players,
        )

    # -- who decides -------------------------------------------------------
    def to_act(self, s: KeltisState) -> tuple[int, ...]:
        if s.phase in (PLAY, DRAW):
            return (s.current,)
        if s.phase == FINAL:
            return tuple(i for i, done in enumerate(s.final_done) if not done)
        return ()

    def decision_kind(self, s: KeltisState, seat: int) -> str | None:
        if seat not in self.to_act(s):
            return None
        return {PLAY: "play", DRAW: "draw", FINAL: "final"}[s.phase]

    # -- legal actions -----------------------------------------------------
    def _row_states(self, s: KeltisState, seat: int) -> dict[str, tuple[bool, list[int]]]:
        """colour -> (closed, values) for the seat's existing rows."""
        return {c: (_closed(ids), _row_values(ids)) for c, ids in s.rows[seat].items() if ids}

    def placements(
        self,
        s: KeltisState,
        seat: int,
        cid: int,
        row_states: dict[str, tuple[bool, list[int]]] | None = None,
    ) -> list[str]:
        """Rows (colour letter or `x` for the point row) where the card may go (K-4c, K-4d)."""
        if row_states is None:
            row_states = self._row_states(s, seat)
        card = CARDS[cid]
        if card.kind == NUMBER:
            assert card.value is not None  # a number card has one
            closed, values = row_states.get(card.colour, (False, []))
            return [card.colour] if not closed and rows.accepts(values, card.value) else []
        if card.kind == END:
            return [card.colour] if card.colour in row_states else []
        targets = [GREY]
        for colour, (closed, values) in row_states.items():
            if not closed and values[-1] == card.value:
                targets.append(colour)
        return targets

    def _distinct(self, hand: list[int]) -> list[int]:
        seen: set[str] = set()
        out = []
        for cid in hand:
            if CARDS[cid].code not in seen:
                seen.add(CARDS[cid].code)
                out.append(cid)
        return out

    def legal(self, s: KeltisState, seat: int) -> list[Action]:
        if seat not in self.to_act(s):
            return []
        hand = s.hands[seat]
        if s.phase == DRAW:
            return self._draws(s)
        actions: list[Action] = []
        row_states = self._row_states(s, seat)
        if s.phase == FINAL:
            for cid in self._distinct(hand):
                for row in self.placements(s, seat, cid, row_states):
                    actions.append(Action("play", (CARDS[cid].code, row)))
            actions.append(Action("done"))
            return actions
        for cid in self._distinct(hand):
            code = CARDS[cid].code
            actions.append(Action("discard", (code,)))
            for row in self.placements(s, seat, cid, row_states):
                actions.append(Action("play", (code, row)))
        actions += self._stone_pairs(s, hand)
        return actions

    def _stone_pairs(self, s: KeltisState, hand: list[int]) -> list[Action]:
        """K-4b: two cards of equal value v whose stone is still in the middle."""
        by_value: dict[int, list[str]] = {}
        for cid in hand:
            card = CARDS[cid]
            if card.kind != END and card.value in s.stones_left:
                by_value.setdefault(card.value, []).append(card.code)
        pairs = []
        for codes in by_value.values():
            distinct = list(dict.fromkeys(codes))
            for a in distinct:
                for b in distinct:
                    if a != b or codes.count(a) >= 2:
                        pairs.append(Action("stone", (a, b)))
        return pairs

    def _draws(self, s: KeltisState) -> list[Action]:
        actions = [Action("draw", ("deck",))] if s.deck else []
        for pile in PILES:
            cards = s.piles[pile]
            if cards and cards[-1] not in s.discarded_this_turn:
                actions.append(Action("draw", (pile,)))
        return actions

    # -- applying ----------------------------------------------------------
    def apply(self, s: KeltisState, seat: int, action: Action, rng: Rng) -> list[Event]:
        verb, args = action.verb, action.args
        if verb == "draw":
            return self._apply_draw(s, seat, args[0])
        if s.phase == FINAL:
            return self._apply_final(s, seat, action)
        if verb == "discard":
            events = [self._discard(s, seat, args[0])]
            s.draws_owed = 1
        elif verb == "stone":
            events = [self._discard(s, seat, args[0]), self._discard(s, seat, args[1])]
            value = CARDS[s.discarded_this_turn[-1]].value
            assert value is not None  # legal() pairs cards of a value
            s.stones_left.remove(value)
            s.stones[seat].append(value)
            events.append({"type": "stone", "seat": seat, "value": value})
            s.draws_owed = 2
        else:  # play
            events = [self._place(s, seat, args[0], args[1])]
            if self._end_rows(s) >= END_ROWS_TO_FINISH:
                events.append(self._finish(s, "end_cards"))
                return events
            s.draws_owed = 1
        s.phase = DRAW
        return events

    def _discard(self, s: KeltisState, seat: int, code: str) -> Event:
        cid = _take(s.hands[seat], code)
        s.piles[CARDS[cid].colour].append(cid)
        s.discarded_this_turn.append(cid)
        return {"type": "discard", "seat": seat, "card": code}

    def _place(self, s: KeltisState, seat: int, code: str, row: str) -> Event:
        cid = _take(s.hands[seat], code)
        if row == GREY:
            s.point_rows[seat].append(cid)
        else:
            s.rows[seat].setdefault(row, []).append(cid)
        return {"type": "play", "seat": seat, "card": code, "row": row}

    def _end_rows(self, s: KeltisState) -> int:
        return sum(1 for seat_rows in s.rows for ids in seat_rows.values() if _closed(ids))

    def _apply_draw(self, s: KeltisState, seat: int, source: str) -> list[Event]:
        if source == "deck":
            cid = s.deck.pop()
            events = [
                {"type": "draw", "seat": seat, "from": "deck", "left": len(s.deck)},
                private({"type": "drawn", "seat": seat, "card": CARDS[cid].code}, seat),
            ]
        else:
            cid = s.piles[source].pop()
            events = [{"type": "draw", "seat": seat, "from": source, "card": CARDS[cid].code}]
        _insert_sorted(s.hands[seat], cid)
        s.draws_owed -= 1
        if s.draws_owed and not self._draws(s):
            s.draws_owed = 0  # nothing left that may be drawn (see module docstring)
        if s.draws_owed:
            return events
        if not s.deck:
            events.append(self._finish(s, "deck_empty"))  # K-6b
            return events
        s.discarded_this_turn.clear()
        s.current = (s.current + 1) % len(s.hands)
        s.phase = PLAY
        return events

    def _finish(self, s: KeltisState, reason: str) -> Event:
        s.phase = FINAL
        s.end_reason = reason
        s.draws_owed = 0
        s.discarded_this_turn.clear()
        return {"type": "end", "reason": reason}

    def _apply_final(self, s: KeltisState, seat: int, action: Action) -> list[Event]:
        if action.verb == "done":
            s.final_done[seat] = True
            events = [{"type": "done", "seat": seat}]
        else:
            events = [self._place(s, seat, *action.args)]
            s.final_placed[seat] += 1
            if s.final_placed[seat] >= FINAL_PLACEMENTS:
                s.final_done[seat] = True
        if all(s.final_done):
            s.phase = OVER
            events.append({"type": "over"})
        return events

    # -- what a seat sees (K-8) --------------------------------------------
    def _row_view(self, ids: list[int]) -> dict[str, Any]:
        return {
            "cards": [CARDS[i].code for i in ids],
            "direction": rows.direction(_row_values(ids)),
            "closed": _closed(ids),
        }

    def view(self, s: KeltisState, seat: int | None) -> View:
        players = []
        for i in range(len(s.hands)):
            players.append(
                {
                    "seat": i,
                    "hand_size": len(s.hands[i]),
                    "rows": {c: self._row_view(s.rows[i][c]) for c in COLOURS if c in s.rows[i]},
                    "point_row": [CARDS[c].code for c in s.point_rows[i]],
                    "stones": list(s.stones[i]),
                    "final_placed": s.final_placed[i],
                    # K-6c: cards this player may still place in the final round
                    "placements_left": max(0, FINAL_PLACEMENTS - s.final_placed[i]),
                    "finished": s.final_done[i] if s.phase in (FINAL, OVER) else False,
                    # K-7 applied to the table as it stands: the running score
                    "score": self.score_seat(s, i)["total"],
                }
            )
        view = {
            "game": self.id,
            "phase": s.phase,
            "current": s.current,
            "to_act": list(self.to_act(s)),
            "draws_owed": s.draws_owed,
            "discarded_this_turn": [CARDS[c].code for c in s.discarded_this_turn],
            "deck": len(s.deck),
            "removed": len(s.removed),
            "piles": {
                p: {
                    "top": CARDS[s.piles[p][-1]].code if s.piles[p] else None,
                    "count": len(s.piles[p]),
                }
                for p in PILES
            },
            "stones_left": list(s.stones_left),
            "end_rows": self._end_rows(s),
            "end_reason": s.end_reason,
            "conceded": s.conceded,
            "players": players,
            "seat": seat,
        }
        if seat is not None:
            view["hand"] = [CARDS[c].code for c in s.hands[seat]]
        return view

    # -- scoring (K-7) -------------------------------------------------------
    def score_seat(self, s: KeltisState, seat: int) -> dict[str, Any]:
        lengths = {c: len(s.rows[seat].get(c, [])) for c in COLOURS}
        return score(lengths, len(s.point_rows[seat]), len(s.stones[seat]))

    def outcome(self, s: KeltisState) -> Outcome | None:
        if s.phase != OVER:
            return None
        breakdown = [self.score_seat(s, i) for i in range(len(s.hands))]
        scores = [b["total"] for b in breakdown]
        contenders = [i for i in range(len(scores)) if i != s.conceded]
        best = max(scores[i] for i in contenders)
        return {
            "scores": scores,
            "breakdown": breakdown,
            "winners": [i for i in contenders if scores[i] == best],
            "reason": s.end_reason,
        }
