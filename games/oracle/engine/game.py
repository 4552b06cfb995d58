"""Keltis: the Oracle, the spiral board game (rules page: ../rules.md, O-1..O-9).

Players play cards into ascending/descending colour rows (the Keltis row rule,
shared from `games/keltis/engine/rows.py`) to move their three pawns along a spiral
path of 36 fields, or move the shared oracle for a bonus; tiles on the path
give points, clover jumps, spiral back-jumps, goblin discards, wishing stones
and mirrors. Board and tile set are data in `board.py`, the cards in
`cards.py`, the tables in `scoring.py`.

A turn is several decisions of the current player, each one action:

    play -> move -> tile decisions (0..n) -> draw(s)      or      discard -> draw(s)

Key scheme (cards are `<colour><value>`, colours b y p g u as in Keltis):

- `play:g7` put a green 7 into your green row (then a move is owed);
  `discard:g7` put it on the green discard pile instead (O-4B).
- `pawn:<i>` move your pawn i (0..2) to the next field of the card's colour
  (O-4A1); `oracle:<k>` move the oracle k fields, 1 <= k <= the card's oracle
  number (O-4A2).
- `clover` use a clover (O-6b); with the `clover_other_pawn` variant,
  `clover:<i>` moves your other pawn i instead. `spiral:<field>` jump back
  (O-6c). `goblin:hand:<card>` / `goblin:row:<colour>` goblin discard (O-6d).
  `skip` declines the pending tile decision.
- `draw:deck` / `draw:<colour>` (top of that discard pile) (O-5).

Options: `clover_other_pawn` (bool, the seed's variant), `first_player`
(a seat; otherwise the seeded generator chooses, O-3).

Decisions where the rules page leaves a case open:

- Identical cards are interchangeable in keys; the first one in hand moves.
  Pawns are named by index; of pawns that cannot lead to different results
  (O-6h) only the lowest index is offered.
- A tile decision with no possible effect is not offered (a clover whose
  colour has no field ahead of the pawn(s), a spiral with no earlier field
  but the origin). Goblin discards are always offered (hand never empty).
- O-6c "the field it stood on before this turn's move" is per pawn: the
  field where that pawn stood before it first moved this turn (for a pawn
  moved by a variant clover, before that clover move).
- A spiral may take a pawn out of the sanctuary or move it within it; only a
  move that brings a pawn from before field 29 into the sanctuary can end the
  game (O-7a), and a pawn that left may end it by coming back.
- O-6g is automatic, not a decision, and checked after every landing (card,
  clover, spiral). Wishing stones, mirrors and point tiles act automatically;
  green tiles act again on every later landing.
- O-5: the player draws as many cards as left the hand this turn (1, or 2
  after a goblin discard from hand): the same as refilling to 8, since every
  turn starts with 8 cards in hand. If the draw pile runs out during the draw
  step, the remaining draws come from discard piles; if none may be taken,
  the draw step ends with a short hand. Then the game ends (O-7b). Events
  name a card drawn from a discard pile (it was face up), never one drawn
  from the deck.
- Scores are JSON ints; a conceding seat never wins.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from games.keltis.engine import rows
from games.keltis.engine.deal import deal
from games.oracle.engine.board import (
    CLOVER,
    FIELDS,
    GOBLIN,
    LAST,
    MIRROR,
    NEXT,
    POINTS,
    SANCTUARY,
    SMALL_FIELDS,
    SPIRAL,
    START,
    TILES,
    tile_view,
)
from games.oracle.engine.cards import CARDS, COLOURS, DECK_SIZE, VALUES
from games.oracle.engine.scoring import GOBLIN_BONUS, ORACLE_BONUS, score
from rules.core.actions import Action
from rules.core.events import Event, private
from rules.core.game import Game, GameType, Outcome, View
from rules.core.hidden import Hidden
from rules.core.options import BOOL, Option, first_player
from rules.core.rng import Rng
from rules.core.words import N_, P_

PAWNS = 3
SANCTUARY_SEAT_LIMIT = 3  # O-7a: a player's third pawn
SANCTUARY_TOTAL_LIMIT = 5  # O-7a: the fifth pawn in total
EARNED_SOURCES = ("tiles", "oracle", "goblin")
MIN_VALUE, MAX_VALUE = VALUES[0], VALUES[-1]
VALUE = tuple(card.value for card in CARDS)  # card id -> value, for speed
# the fixed part of each field in a view
BOARD_VIEW = tuple(
    {
        "field": i,
        "colour": f.colour,
        "points": f.points,
        "kind": f.kind,
        "sanctuary": i >= SANCTUARY,
    }
    for i, f in enumerate(FIELDS)
)

PLAY, MOVE, TILE, DRAW, OVER = "play", "move", "tile", "draw", "over"

# Every action, built once (Action is immutable; building them per legal() call
# was most of its cost).
_CODES = tuple(dict.fromkeys(card.code for card in CARDS))
A_PLAY = {code: Action("play", (code,)) for code in _CODES}
A_DISCARD = {code: Action("discard", (code,)) for code in _CODES}
A_GOBLIN_HAND = {code: Action("goblin", ("hand", code)) for code in _CODES}
A_GOBLIN_ROW = {c: Action("goblin", ("row", c)) for c in COLOURS}
A_PAWN = tuple(Action("pawn", (str(i),)) for i in range(PAWNS))
A_CLOVER_PAWN = tuple(Action("clover", (str(i),)) for i in range(PAWNS))
A_CLOVER = Action("clover")
A_ORACLE = {k: Action("oracle", (str(k),)) for k in range(1, max(c.oracle for c in CARDS) + 1)}
A_SPIRAL = tuple(Action("spiral", (str(f),)) for f in range(LAST + 1))
A_SKIP = Action("skip")
A_DRAW_DECK = Action("draw", ("deck",))
A_DRAW_PILE = {c: Action("draw", (c,)) for c in COLOURS}


@dataclass(slots=True)
class OracleState:
    hands: list[list[int]]
    deck: list[int]  # top of the draw pile is the last element
    removed: list[int]
    piles: dict[str, list[int]]  # discard piles; top is the last element
    rows: list[dict[str, list[int]]]  # per seat: colour -> card ids
    pawns: list[list[int]]  # per seat: the field of each pawn
    oracle: int
    tiles: list[int | None]  # per field: index into TILES, or None
    stones_on: list[int]  # per field: wishing stones lying there
    stones: list[int]  # per seat: wishing stones taken
    mirrors: list[int]  # per seat: mirrors taken
    earned: list[dict[str, int]]  # per seat: in-game points by source
    goblin_bonus: list[bool]  # per seat: O-6g already scored
    current: int
    clover_other_pawn: bool = False
    phase: str = PLAY
    played: int | None = None  # the card played this turn
    pending: dict[str, Any] | None = None  # the tile decision owed now
    origins: list[int | None] = field(default_factory=lambda: [None] * PAWNS)
    # per pawn: the fields whose tile acted for it this turn (O-6h)
    triggered: list[list[int]] = field(default_factory=lambda: [[] for _ in range(PAWNS)])
    discarded_this_turn: list[int] = field(default_factory=list)
    left_hand: int = 0  # cards that left the hand this turn
    draws_owed: int = 0
    end_reason: str | None = None
    conceded: int | None = None


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


def _values(ids: list[int]) -> list[int]:
    return [CARDS[i].value for i in ids]


def _distinct_pawns(s: OracleState, seat: int, candidates: Iterable[int]) -> list[int]:
    """O-6h: pawn indices among `candidates`, the lowest of each group of pawns
    that cannot lead to different results: same field, same spiral origin, and
    the same tiles (still on the board) already spent for them this turn."""
    fields = s.pawns[seat]
    # per group: (field, spiral origin, tiles spent)
    seen: set[tuple[int, int | None, tuple[int, ...]]] = set()
    out = []
    for i in candidates:
        kind: tuple[int, int | None, tuple[int, ...]]
        if s.origins[i] is None:  # not moved this turn, nothing spent
            kind = (fields[i], fields[i], ())
        else:
            kind = (
                fields[i],
                s.origins[i],
                tuple(
                    sorted(f for f in s.triggered[i] if s.tiles[f] is not None or s.stones_on[f])
                ),
            )
        if kind not in seen:
            seen.add(kind)
            out.append(i)
    return out


class Oracle(Game[OracleState]):
    id = "oracle"
    name = "Keltis: the Oracle"
    rules_version = 2  # 2: tiles act once per pawn, not per field (O-6h)
    kind = GameType(
        min_players=2,
        max_players=4,
        phases=(PLAY, MOVE, TILE, DRAW),
        hidden_information=True,
        chance=True,
        own_concede=True,  # a tile's effect in progress is cleared
    )
    verbs = frozenset(
        {"play", "discard", "pawn", "oracle", "clover", "spiral", "goblin", "skip", "draw"}
    )
    revealing_verbs = frozenset({"draw"})
    max_actions = 5000  # random playouts: median 470-660, longest seen 864
    #: a turn (O-4): play or discard, the move a played card owes, each tile
    #: offering a choice (O-6b clover, O-6c spiral, O-6d goblin), the draw (O-5)
    decision_kinds = (PLAY, MOVE, CLOVER, SPIRAL, GOBLIN, DRAW)
    state_type = OracleState
    hidden = (Hidden("hands", per_seat=True), Hidden("deck", ordered=True), Hidden("removed"))
    options_schema = (
        Option(
            "clover_other_pawn",
            BOOL,
            N_("the variant: a clover may move another of your pawns"),
            default=False,
            label=P_("option", "variant"),
            description=N_(
                "The variant: a clover may move another of your pawns — Keltis: the Oracle"
            ),
        ),
        first_player(),
    )

    # -- setup (O-3) -----------------------------------------------------------
    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> OracleState:
        layout = list(range(len(TILES)))
        rng.shuffle(layout)
        tiles: list[int | None] = [None] * len(FIELDS)
        for f, t in zip(SMALL_FIELDS, layout, strict=True):
            tiles[f] = t
        dealt = deal(DECK_SIZE, n_players, rng)  # O-3: as in Keltis
        first = options.get("first_player")
        if first is None:
            first = rng.below(n_players)
        return OracleState(
            hands=dealt.hands,
            deck=dealt.deck,
            removed=dealt.removed,
            piles={c: [] for c in COLOURS},
            rows=[{} for _ in range(n_players)],
            pawns=[[START] * PAWNS for _ in range(n_players)],
            oracle=START,
            tiles=tiles,
            stones_on=[f.stones for f in FIELDS],
            stones=[0] * n_players,
            mirrors=[0] * n_players,
            earned=[{k: 0 for k in EARNED_SOURCES} for _ in range(n_players)],
            goblin_bonus=[False] * n_players,
            current=first,
            clover_other_pawn=bool(options.get("clover_other_pawn", False)),
        )

    # -- who decides -------------------------------------------------------------
    def to_act(self, s: OracleState) -> tuple[int, ...]:
        return () if s.phase == OVER else (s.current,)

    def decision_kind(self, s: OracleState, seat: int) -> str | None:
        if seat not in self.to_act(s):
            return None
        if s.phase == TILE:
            assert s.pending is not None  # the TILE phase has a decision pending
            return str(s.pending["kind"])  # clover, spiral or goblin (O-6b..O-6d)
        return s.phase  # play (O-4), move (O-4A1, O-4A2), draw (O-5)

    # -- legal actions -------------------------------------------------------------
    def movable_pawns(self, s: OracleState, seat: int, colour: str) -> list[int]:
        """O-4A1: pawns with a field of `colour` ahead (one per field: nothing
        has moved yet this turn)."""
        fields = s.pawns[seat]
        ahead = [i for i in range(PAWNS) if NEXT[fields[i]][colour] is not None]
        return _distinct_pawns(s, seat, ahead)

    def playable_colours(self, s: OracleState, seat: int) -> dict[str, tuple[int, int]]:
        """O-4A: colour -> (lowest, highest) value the row accepts now, for the
        colours where some move is possible after playing (the others are absent)."""
        out = {}
        oracle_moves = s.oracle < LAST
        fields = s.pawns[seat]
        for colour in COLOURS:
            if not oracle_moves and all(NEXT[f][colour] is None for f in fields):
                continue
            ids = s.rows[seat].get(colour)
            if not ids:
                out[colour] = (MIN_VALUE, MAX_VALUE)
                continue
            # rows.accepts flattened to a range (tests check they agree): a
            # row is monotone, so its direction is that of last vs first
            first, last = VALUE[ids[0]], VALUE[ids[-1]]
            if last > first:
                out[colour] = (last, MAX_VALUE)
            elif last < first:
                out[colour] = (MIN_VALUE, last)
            else:
                out[colour] = (MIN_VALUE, MAX_VALUE)
        return out

    def legal(self, s: OracleState, seat: int) -> list[Action]:
        if seat not in self.to_act(s):
            return []
        if s.phase == PLAY:
            actions = []
            seen: set[str] = set()
            ranges = self.playable_colours(s, seat)
            for cid in s.hands[seat]:
                card = CARDS[cid]
                code = card.code
                if code in seen:
                    continue
                seen.add(code)
                span = ranges.get(card.colour)
                if span is not None and span[0] <= card.value <= span[1]:
                    actions.append(A_PLAY[code])
                actions.append(A_DISCARD[code])
            return actions
        if s.phase == MOVE:
            assert s.played is not None  # the card whose move is owed
            card = CARDS[s.played]
            actions = [A_PAWN[i] for i in self.movable_pawns(s, seat, card.colour)]
            steps = min(card.oracle, LAST - s.oracle)
            actions += [A_ORACLE[k] for k in range(1, steps + 1)]
            return actions
        if s.phase == TILE:
            return self._tile_actions(s, seat) + [A_SKIP]
        return self._draws(s)

    def _clover_pawns(self, s: OracleState, seat: int, pending: dict[str, Any]) -> list[int]:
        """Pawns a pending clover may move (the landed pawn, or with the variant the others)."""
        fields = s.pawns[seat]
        colour = pending["colour"]
        if s.clover_other_pawn:
            candidates = [i for i in range(PAWNS) if i != pending["pawn"]]
        else:
            candidates = [pending["pawn"]]
        ahead = [i for i in candidates if NEXT[fields[i]][colour] is not None]
        return _distinct_pawns(s, seat, ahead)

    def _spiral_targets(self, s: OracleState, pending: dict[str, Any]) -> list[int]:
        """O-6c: earlier fields 1.., except the pawn's field before this turn's move."""
        origin = s.origins[pending["pawn"]]
        return [f for f in range(1, pending["field"]) if f != origin]

    def _tile_actions(self, s: OracleState, seat: int) -> list[Action]:
        p = s.pending
        assert p is not None  # the TILE phase has a decision pending
        kind = p["kind"]
        if kind == CLOVER:
            pawns = self._clover_pawns(s, seat, p)
            if s.clover_other_pawn:
                return [A_CLOVER_PAWN[i] for i in pawns]
            return [A_CLOVER] if pawns else []
        if kind == SPIRAL:
            return [A_SPIRAL[f] for f in self._spiral_targets(s, p)]
        # goblin (O-6d): a hand card, or the last card of a row
        actions = []
        seen: set[str] = set()
        for cid in s.hands[seat]:
            code = CARDS[cid].code
            if code not in seen:
                seen.add(code)
                actions.append(A_GOBLIN_HAND[code])
        for colour in COLOURS:
            if s.rows[seat].get(colour):
                actions.append(A_GOBLIN_ROW[colour])
        return actions

    def _draws(self, s: OracleState) -> list[Action]:
        actions = [A_DRAW_DECK] if s.deck else []
        for colour in COLOURS:
            pile = s.piles[colour]
            if pile and pile[-1] not in s.discarded_this_turn:
                actions.append(A_DRAW_PILE[colour])
        return actions

    # -- applying ----------------------------------------------------------------------
    def apply(self, s: OracleState, seat: int, action: Action, rng: Rng) -> list[Event]:
        verb, args = action.verb, action.args
        events: list[Event] = []
        if verb == "play":
            cid = _take(s.hands[seat], args[0])
            s.left_hand += 1
            s.rows[seat].setdefault(CARDS[cid].colour, []).append(cid)
            s.played = cid
            s.phase = MOVE
            events.append({"type": "play", "seat": seat, "card": args[0]})
        elif verb == "discard":
            events.append(self._discard(s, seat, _take(s.hands[seat], args[0]), "hand"))
            s.left_hand += 1
            self._start_draw(s, events)
        elif verb == "pawn":
            pawn = int(args[0])
            assert s.played is not None  # the card whose move is owed
            dest = NEXT[s.pawns[seat][pawn]][CARDS[s.played].colour]
            assert dest is not None  # legal() offers pawns with a field ahead
            self._move(s, seat, pawn, dest, "card", events)
        elif verb == "oracle":
            self._move_oracle(s, seat, int(args[0]), events)
            self._start_draw(s, events)
        elif verb == "clover":
            p = s.pending
            assert p is not None  # a clover is pending
            pawn = int(args[0]) if args else p["pawn"]
            dest = NEXT[s.pawns[seat][pawn]][p["colour"]]
            assert dest is not None  # legal() offers pawns with a field ahead
            self._move(s, seat, pawn, dest, "clover", events)
        elif verb == "spiral":
            assert s.pending is not None  # a spiral is pending
            self._move(s, seat, s.pending["pawn"], int(args[0]), "spiral", events)
        elif verb == "goblin":
            if args[0] == "hand":
                events.append(self._discard(s, seat, _take(s.hands[seat], args[1]), "goblin_hand"))
                s.left_hand += 1
            else:
                events.append(self._discard(s, seat, s.rows[seat][args[1]].pop(), "goblin_row"))
            self._start_draw(s, events)
        elif verb == "skip":
            assert s.pending is not None  # a tile decision is pending
            events.append(
                {
                    "type": "skip",
                    "seat": seat,
                    "tile": s.pending["kind"],
                    "field": s.pending["field"],
                }
            )
            self._start_draw(s, events)
        else:  # draw
            self._draw(s, seat, args[0], events)
        return events

    def _discard(self, s: OracleState, seat: int, cid: int, source: str) -> Event:
        s.piles[CARDS[cid].colour].append(cid)
        s.discarded_this_turn.append(cid)
        return {"type": "discard", "seat": seat, "card": CARDS[cid].code, "from": source}

    def _earn(self, s: OracleState, seat: int, source: str, points: int) -> None:
        s.earned[seat][source] += points

    def _move_oracle(self, s: OracleState, seat: int, steps: int, events: list[Event]) -> None:
        """O-4A2: forward, and 5 points once if one of your pawns is there."""
        start = s.oracle
        s.oracle += steps
        events.append({"type": "oracle", "seat": seat, "from": start, "to": s.oracle})
        if s.oracle in s.pawns[seat]:
            self._earn(s, seat, "oracle", ORACLE_BONUS)
            events.append({"type": "oracle_bonus", "seat": seat, "points": ORACLE_BONUS})

    def _sanctuary_full(self, s: OracleState, seat: int) -> bool:
        mine = sum(1 for f in s.pawns[seat] if f >= SANCTUARY)
        total = sum(1 for fields in s.pawns for f in fields if f >= SANCTUARY)
        return mine >= SANCTUARY_SEAT_LIMIT or total >= SANCTUARY_TOTAL_LIMIT

    def _move(
        self, s: OracleState, seat: int, pawn: int, dest: int, how: str, events: list[Event]
    ) -> None:
        """Move a pawn, then end the game (O-7a) or trigger the field (O-6)."""
        src = s.pawns[seat][pawn]
        if s.origins[pawn] is None:
            s.origins[pawn] = src
        s.pawns[seat][pawn] = dest
        s.pending = None
        events.append(
            {"type": "move", "seat": seat, "pawn": pawn, "from": src, "to": dest, "by": how}
        )
        if src < SANCTUARY <= dest and self._sanctuary_full(s, seat):
            self._finish(s, "sanctuary", events)  # O-7a: nothing triggers
            return
        self._goblin_bonus(s, seat, events)
        if self._trigger(s, seat, pawn, dest, events):
            s.phase = TILE
        else:
            self._start_draw(s, events)

    def _goblin_bonus(self, s: OracleState, seat: int, events: list[Event]) -> None:
        """O-6g: once per game, when all three pawns stand on goblin fields."""
        if s.goblin_bonus[seat]:
            return
        fields = s.pawns[seat]
        if all((t := s.tiles[f]) is not None and TILES[t].kind == GOBLIN for f in fields):
            points = GOBLIN_BONUS[len(set(fields))]
            s.goblin_bonus[seat] = True
            self._earn(s, seat, "goblin", points)
            events.append({"type": "goblin_bonus", "seat": seat, "points": points})

    def _trigger(self, s: OracleState, seat: int, pawn: int, f: int, events: list[Event]) -> bool:
        """The field's tile acts (O-6); True when it leaves a decision pending."""
        spent = s.triggered[pawn]
        if f in spent:
            return False  # O-6h: once per pawn per turn
        if s.stones_on[f]:  # O-6e
            spent.append(f)
            s.stones_on[f] -= 1
            s.stones[seat] += 1
            events.append({"type": "stone", "seat": seat, "field": f})
            return False
        tile = s.tiles[f]
        if tile is None:
            return False
        spent.append(f)
        t = TILES[tile]
        if t.kind == POINTS:  # O-6a
            assert t.value is not None  # a points tile has one
            self._earn(s, seat, "tiles", t.value)
            events.append({"type": "points", "seat": seat, "field": f, "points": t.value})
            return False
        if t.kind == MIRROR:  # O-6f
            s.tiles[f] = None
            s.mirrors[seat] += 1
            events.append({"type": "mirror", "seat": seat, "field": f})
            return False
        pending = {"kind": t.kind, "pawn": pawn, "field": f}
        if t.kind == CLOVER:  # O-6b
            pending["colour"] = t.colour
            if not self._clover_pawns(s, seat, pending):
                return False
        elif t.kind == SPIRAL and not self._spiral_targets(s, pending):  # O-6c
            return False
        s.pending = pending  # goblin (O-6d) is always offered
        return True

    # -- draw step (O-5) and the end of a turn ---------------------------------------
    def _start_draw(self, s: OracleState, events: list[Event]) -> None:
        s.pending = None
        s.phase = DRAW
        s.draws_owed = s.left_hand
        if s.draws_owed <= 0 or not self._draws(s):
            self._end_turn(s, events)

    def _draw(self, s: OracleState, seat: int, source: str, events: list[Event]) -> None:
        if source == "deck":
            cid = s.deck.pop()
            _insert_sorted(s.hands[seat], cid)
            events.append({"type": "draw", "seat": seat, "from": "deck", "left": len(s.deck)})
            events.append(private({"type": "drawn", "seat": seat, "card": CARDS[cid].code}, seat))
        else:
            cid = s.piles[source].pop()
            _insert_sorted(s.hands[seat], cid)
            events.append({"type": "draw", "seat": seat, "from": source, "card": CARDS[cid].code})
        s.draws_owed -= 1
        if s.draws_owed <= 0 or not self._draws(s):
            self._end_turn(s, events)

    def _end_turn(self, s: OracleState, events: list[Event]) -> None:
        s.draws_owed = 0
        if not s.deck:
            self._finish(s, "deck_empty", events)  # O-7b
            return
        s.played = None
        s.pending = None
        s.origins = [None] * PAWNS
        s.left_hand = 0
        s.triggered = [[] for _ in range(PAWNS)]
        s.discarded_this_turn.clear()
        s.current = (s.current + 1) % len(s.hands)
        s.phase = PLAY

    def _finish(self, s: OracleState, reason: str, events: list[Event]) -> None:
        s.phase = OVER
        s.end_reason = reason
        s.pending = None
        s.draws_owed = 0
        events.append({"type": "end", "reason": reason})

    def concede(self, s: OracleState, seat: int) -> list[Event]:
        s.conceded = seat
        s.end_reason = "concede"
        s.phase = OVER
        s.pending = None
        return [{"type": "concede", "seat": seat}, {"type": "end", "reason": "concede"}]

    # -- what a seat sees (O-9) -----------------------------------------------------
    def view(self, s: OracleState, seat: int | None) -> View:
        board = [
            {**static, "tile": tile_view(tile), "stones": stones}
            for static, tile, stones in zip(BOARD_VIEW, s.tiles, s.stones_on, strict=True)
        ]
        players = []
        for i in range(len(s.hands)):
            players.append(
                {
                    "seat": i,
                    "hand_size": len(s.hands[i]),
                    "pawns": list(s.pawns[i]),
                    "rows": {
                        c: {
                            "cards": [CARDS[x].code for x in s.rows[i][c]],
                            "direction": rows.direction(_values(s.rows[i][c])),
                        }
                        for c in COLOURS
                        if s.rows[i].get(c)
                    },
                    "stones": s.stones[i],
                    "mirrors": s.mirrors[i],
                    "earned": dict(s.earned[i]),
                    "points": sum(s.earned[i].values()),
                    "goblin_bonus": s.goblin_bonus[i],
                }
            )
        pending = None
        if s.pending is not None:
            pending = dict(s.pending)
            if s.pending["kind"] == SPIRAL:
                pending["origin"] = s.origins[s.pending["pawn"]]
        view = {
            "game": self.id,
            "phase": s.phase,
            "current": s.current,
            "to_act": list(self.to_act(s)),
            "options": {"clover_other_pawn": s.clover_other_pawn},
            "board": board,
            "oracle": s.oracle,
            "sanctuary": {
                "first_field": SANCTUARY,
                "pawns": sum(1 for p in s.pawns for f in p if f >= SANCTUARY),
            },
            "played": CARDS[s.played].code if s.played is not None else None,
            "pending": pending,
            # per pawn of the current player: its field before it first moved this turn
            "moved_from": list(s.origins),
            "targets": self.targets(s),
            "draws_owed": s.draws_owed,
            "discarded_this_turn": [CARDS[c].code for c in s.discarded_this_turn],
            "deck": len(s.deck),
            "removed": len(s.removed),
            "piles": {
                c: {
                    "top": CARDS[s.piles[c][-1]].code if s.piles[c] else None,
                    "count": len(s.piles[c]),
                }
                for c in COLOURS
            },
            "end_reason": s.end_reason,
            "conceded": s.conceded,
            "players": players,
            "seat": seat,
        }
        if seat is not None:
            view["hand"] = [CARDS[c].code for c in s.hands[seat]]
            # O-1: how far each card in hand could move the oracle
            view["oracle_steps"] = {CARDS[c].code: CARDS[c].oracle for c in s.hands[seat]}
        return view

    def targets(self, s: OracleState) -> dict[str, Any]:
        """Where the moves on offer would land, for the player's eye: per
        pawn of the current player the field its move would reach (None: no
        such field), and the fields the oracle may move to (O-4A)."""
        colour = None
        if s.phase == MOVE:
            assert s.played is not None  # the card whose move is owed
            colour = CARDS[s.played].colour
        elif s.phase == TILE:
            assert s.pending is not None  # the TILE phase has a decision pending
            if s.pending["kind"] == CLOVER:
                colour = s.pending["colour"]
        if colour is None:
            return {"pawns": [], "oracle": []}
        oracle = []
        if s.phase == MOVE:
            assert s.played is not None
            steps = min(CARDS[s.played].oracle, LAST - s.oracle)
            oracle = [s.oracle + k for k in range(1, steps + 1)]
        return {"pawns": [NEXT[f][colour] for f in s.pawns[s.current]], "oracle": oracle}

    # -- scoring (O-8) -----------------------------------------------------------------
    def score_seat(self, s: OracleState, seat: int) -> dict[str, Any]:
        return score(s.pawns[seat], s.stones[seat], s.mirrors[seat], s.earned[seat])

    def outcome(self, s: OracleState) -> Outcome | None:
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
