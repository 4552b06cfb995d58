"""The Cuttle engine (rules page: ../rules.md, C-1..C-7).

Two players race to a point total (21, lowered by Kings) with point cards,
scuttles, one-off effects (countered by 2s) and permanents (J, Q, K, glasses 8).

Key scheme (cards are codes like `as`, `7h`, `10d`, `qs`; see cards.py):

| key | meaning |
|---|---|
| `draw` / `pass` | C-2a: draw the top card; `pass` only when the deck is empty |
| `points:7h` | C-2b: play 7h as points |
| `scuttle:9s:7h` | C-2c: scuttle the opponent's 7h (with its jacks) with 9s |
| `oneoff:6c` | C-2d: play 6c as a one-off (A, 3, 4, 5, 6, 7) |
| `oneoff:2d:ks`, `oneoff:9h:jc` | a 2 or 9 one-off with its target permanent |
| `perm:kd`, `perm:qh` | C-2e: King or Queen in front of you |
| `jack:jh:7c` | C-5a: jack on the opponent's point card 7c |
| `glasses:8s` | C-5d: an 8 sideways as glasses |
| `counter:2h` / `resolve` | C-4: the responder counters with 2h, or lets it resolve |
| `take:9d` | C-3 (3): take 9d from the scrap pile |
| `discard:3c` | C-3 (4): the victim discards 3c (one card per action, two steps) |

The card a 7 reveals (C-3) is played with the same keys as a card from the
hand (`points:..`, `scuttle:..`, `oneoff:..`, ...), naming the revealed card.

A point card on the table is a *stack*: the card, its owner (who played it)
and the jacks on it, bottom first. Jacks alternate players, so the stack's
controller is the owner with an even number of jacks, the opponent with an
odd number; the top jack belongs to the controller.

Decisions taken where the rules page leaves a case open:

- The top jack belongs to the stack's controller, so a Queen of that player
  protects it (and the point card under it) like her other cards.
- A Queen protects her controller's other cards from every 2, 9 and jack,
  her controller's own included (the page says "protects", not "from the
  opponent"). A 2 or 9 one-off needs at least one target that is not
  protected; so does a jack. An A and a 6 may always be played, even when
  they change nothing on the table.
- Views: `hand` for the seat itself; `opponent_hand` only for a seat with
  glasses (C-5d); the 7's card (`revealed`), the scrap, the table, the
  pending one-off with its counters, hand and deck sizes are public.
  `redeal_hidden` re-deals the opponent's hand with the deck, or only the
  deck for a seat with glasses.
- The 2 or 9's target is chosen when the one-off is played (part of its
  key); the counter chain cannot change the table, so it is still there
  when the one-off resolves. The 3's card is chosen when it resolves
  (`take:..`, C-3 resolution).
- C-4 Queen rule: the missing counter window is announced by a public event
  (`no_counter`), so nothing leaks.
- The 4's victim discards one card per action (`discard:..`, two actions):
  the lists stay as short as the hand (no hand limit, so pairs could be
  hundreds of buttons). When the victim holds two cards or fewer there is no
  choice and they are discarded at once (hand sizes are public).
- A 7 whose revealed card has no legal use (only a jack without a target
  can be in that position: every A..10 may be played as points, every Q and
  K as a permanent) scraps it at once without asking (it is public).
- C-6: the win check runs when the turn is over (after the whole counter
  chain, the 3's take, the 4's discards or the 7's forced play); all
  changes of totals and targets happen inside a turn, so this is "after
  each action resolves". Either player may win on either's turn. Both
  reaching at once cannot arise in play (control only moves from one player
  to the other, and only the player on turn lowers a target, with a King);
  the page's tie rule is implemented all the same.
- Concession: scores are the point totals.
- Option `dealer` (0 or 1) fixes the dealer; otherwise the seeded RNG picks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.cuttle.engine.cards import (
    ACE,
    BY_CODE,
    CODE,
    COUNTER_RANK,
    DEALER_HAND,
    DECK_SIZE,
    FIVE,
    FIVE_DRAWS,
    FOUR,
    FOUR_DISCARDS,
    GLASSES_RANK,
    JACK,
    KING,
    NINE,
    ONE_OFF_RANKS,
    OTHER_HAND,
    PASSES_TO_DRAW,
    POINT_RANKS,
    QUEEN,
    RANK,
    SEVEN,
    SIX,
    THREE,
    TWO,
    beats,
    target_for,
)
from rules.core.actions import Action
from rules.core.events import Event, private
from rules.core.game import Game, GameType, Outcome, View
from rules.core.hidden import Hidden, redeal
from rules.core.options import first_player
from rules.core.rng import Rng
from rules.core.state_codec import as_row
from rules.core.words import N_

MAIN, COUNTER, TAKE, DISCARD, SEVEN_PLAY, OVER = (
    "main",
    "counter",
    "take",
    "discard",
    "seven",
    "over",
)
PLAY_VERBS = frozenset({"points", "scuttle", "oneoff", "perm", "jack", "glasses"})


@as_row  # stored as [card, owner, jacks]
@dataclass(slots=True)
class Stack:
    """A point card on the table with the jacks on it (bottom first)."""

    card: int
    owner: int
    jacks: list[int] = field(default_factory=list)

    @property
    def controller(self) -> int:
        return (self.owner + len(self.jacks)) % 2


@dataclass(slots=True)
class CuttleState:
    hands: list[list[int]]  # sorted by id
    deck: list[int]  # top of the deck is the last element
    scrap: list[int]  # in the order cards arrived
    stacks: list[Stack]  # point cards on the table, in the order played
    perms: list[list[int]]  # per seat: queens, kings and glasses 8s in front of them
    dealer: int
    current: int  # whose turn it is
    phase: str = MAIN
    pending: int | None = None  # the one-off being played
    target: int | None = None  # its target (2 or 9)
    chain: list[int] = field(default_factory=list)  # counter 2s, in order
    responder: int | None = None  # who may counter now
    revealed: int | None = None  # the 7's card, to be played at once
    discards_owed: int = 0  # the 4's victim
    passes: int = 0  # consecutive passes (C-2a)
    winner: int | None = None
    end_reason: str | None = None
    conceded: int | None = None


def _insert_sorted(hand: list[int], cid: int) -> None:
    i = 0
    while i < len(hand) and hand[i] < cid:
        i += 1
    hand.insert(i, cid)


class Cuttle(Game[CuttleState]):
    id = "cuttle"
    name = "Cuttle"
    rules_version = 1
    kind = GameType(
        min_players=2,
        max_players=2,
        phases=(MAIN, COUNTER, TAKE, DISCARD, SEVEN_PLAY),
        hidden_information=True,
        chance=True,
        own_redeal=True,  # C-5d: glasses show the opponent's hand
        own_concede=True,  # the winner is set
    )
    verbs = frozenset(
        {
            "draw",
            "pass",
            "points",
            "scuttle",
            "oneoff",
            "perm",
            "jack",
            "glasses",
            "counter",
            "resolve",
            "take",
            "discard",
        }
    )
    #: a draw, whatever resolves a one-off (a 7 shows the deck's top) and
    #: glasses (C-5d: they show the opponent's hand). A counter never does:
    #: a Queen closes the chain at once only after an odd number of
    #: counters (her controller's one-off opens no window), so it cancels
    revealing_verbs = frozenset({"draw", "oneoff", "resolve", "glasses"})
    #: the turn's action (C-2), a counter window (C-4) and the choices a
    #: one-off asks for (C-3: a 3's card from the scrap, a 4's discards, a 7's card)
    decision_kinds = (MAIN, COUNTER, TAKE, DISCARD, SEVEN_PLAY)
    max_actions = 1000  # random playouts: median ~31, max 116 over 3000 seeds
    state_type = CuttleState
    hidden = (Hidden("hands", per_seat=True), Hidden("deck", ordered=True))
    options_schema = (
        first_player("dealer", N_("who deals (the other player starts; otherwise drawn by lot)")),
    )

    # -- setup (C-1) -------------------------------------------------------
    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> CuttleState:
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        dealer = options.get("dealer")
        if dealer is None:
            dealer = rng.below(2)
        hands: list[list[int]] = [[], []]
        for seat, size in ((dealer, DEALER_HAND), (1 - dealer, OTHER_HAND)):
            hands[seat] = sorted(deck[-size:])
            del deck[-size:]
        return CuttleState(
            hands=hands,
            deck=deck,
            scrap=[],
            stacks=[],
            perms=[[], []],
            dealer=dealer,
            current=1 - dealer,
        )

    # -- table queries -----------------------------------------------------
    @staticmethod
    def has_queen(s: CuttleState, seat: int, besides: int | None = None) -> bool:
        return any(RANK[c] == QUEEN and c != besides for c in s.perms[seat])

    @staticmethod
    def has_glasses(s: CuttleState, seat: int) -> bool:
        return any(RANK[c] == GLASSES_RANK for c in s.perms[seat])

    @staticmethod
    def total(s: CuttleState, seat: int) -> int:
        return sum(RANK[st.card] for st in s.stacks if st.controller == seat)

    @staticmethod
    def kings(s: CuttleState, seat: int) -> int:
        return sum(1 for c in s.perms[seat] if RANK[c] == KING)

    def target_points(self, s: CuttleState, seat: int) -> int:
        return target_for(self.kings(s, seat))

    def permanents(self, s: CuttleState) -> list[tuple[int, int]]:
        """(card, controller) of every permanent a 2 or 9 could name: the
        queens, kings and glasses of both players and the top jack of each stack."""
        out = [(c, seat) for seat in (0, 1) for c in s.perms[seat]]
        out += [(st.jacks[-1], st.controller) for st in s.stacks if st.jacks]
        return out

    def targets(self, s: CuttleState) -> list[int]:
        """C-3 (2, 9) with C-5b: the permanents not protected by another Queen
        of their controller."""
        return [c for c, seat in self.permanents(s) if not self.has_queen(s, seat, besides=c)]

    # -- who decides -------------------------------------------------------
    def decision_kind(self, s: CuttleState, seat: int) -> str | None:
        # the phases are the decisions: the turn (C-2), a counter window (C-4),
        # a 3's pick, a 4's discards, a 7's card (C-3)
        return s.phase if seat in self.to_act(s) else None

    def to_act(self, s: CuttleState) -> tuple[int, ...]:
        if s.phase == OVER:
            return ()
        if s.phase == COUNTER:
            assert s.responder is not None  # set with the phase
            return (s.responder,)
        if s.phase == DISCARD:
            return (1 - s.current,)
        return (s.current,)

    # -- legal actions -----------------------------------------------------
    def uses(self, s: CuttleState, seat: int, cid: int) -> list[Action]:
        """Every legal way for `seat` to play card `cid` (from hand or a 7)."""
        rank, code = RANK[cid], CODE[cid]
        opp = 1 - seat
        acts: list[Action] = []
        if rank in POINT_RANKS:
            acts.append(Action("points", (code,)))
            for st in s.stacks:
                if st.controller == opp and beats(cid, st.card):
                    acts.append(Action("scuttle", (code, CODE[st.card])))
        if rank in ONE_OFF_RANKS:
            if rank in (TWO, NINE):
                acts += [Action("oneoff", (code, CODE[t])) for t in self.targets(s)]
            elif self._one_off_playable(s, seat, rank):
                acts.append(Action("oneoff", (code,)))
        if rank == GLASSES_RANK and not self.has_glasses(s, seat):
            acts.append(Action("glasses", (code,)))
        if rank in (QUEEN, KING):
            acts.append(Action("perm", (code,)))
        if rank == JACK and not self.has_queen(s, opp):
            acts += [
                Action("jack", (code, CODE[st.card])) for st in s.stacks if st.controller == opp
            ]
        return acts

    @staticmethod
    def _one_off_playable(s: CuttleState, seat: int, rank: int) -> bool:
        if rank == THREE:
            return bool(s.scrap)
        if rank == FOUR:
            return bool(s.hands[1 - seat])
        if rank in (FIVE, SEVEN):
            return bool(s.deck)
        return True  # A, 6

    def legal(self, s: CuttleState, seat: int) -> list[Action]:
        if seat not in self.to_act(s):
            return []
        if s.phase == MAIN:
            acts = [Action("draw")] if s.deck else [Action("pass")]
            for cid in s.hands[seat]:
                acts += self.uses(s, seat, cid)
            return acts
        if s.phase == COUNTER:
            acts = [Action("counter", (CODE[c],)) for c in s.hands[seat] if RANK[c] == COUNTER_RANK]
            acts.append(Action("resolve"))
            return acts
        if s.phase == TAKE:
            return [Action("take", (CODE[c],)) for c in sorted(s.scrap) if c != s.pending]
        if s.phase == DISCARD:
            return [Action("discard", (CODE[c],)) for c in s.hands[seat]]
        if s.phase == SEVEN_PLAY:
            assert s.revealed is not None  # set with the phase
            return self.uses(s, seat, s.revealed)
        return []

    # -- applying ----------------------------------------------------------
    def apply(self, s: CuttleState, seat: int, action: Action, rng: Rng) -> list[Event]:
        verb, args = action.verb, action.args
        if verb == "draw":
            cid = s.deck.pop()
            _insert_sorted(s.hands[seat], cid)
            s.passes = 0
            return [
                {"type": "draw", "seat": seat, "left": len(s.deck)},
                self._drawn(s, seat, [cid]),
            ] + self._end_turn(s)
        if verb == "pass":
            s.passes += 1
            events = [{"type": "pass", "seat": seat, "passes": s.passes}]
            if s.passes >= PASSES_TO_DRAW:
                return events + self._finish(s, None, "passes")
            return events + self._end_turn(s)
        if verb in PLAY_VERBS:
            return self._play(s, seat, verb, args)
        if verb == "counter":
            return self._counter(s, seat, BY_CODE[args[0]])
        if verb == "resolve":
            return [{"type": "resolve", "seat": seat}] + self._close_chain(s)
        if verb == "take":
            cid = BY_CODE[args[0]]
            s.scrap.remove(cid)
            _insert_sorted(s.hands[seat], cid)
            return [{"type": "take", "seat": seat, "card": args[0]}] + self._end_turn(s)
        if verb == "discard":
            events = [self._discard(s, seat, BY_CODE[args[0]])]
            s.discards_owed -= 1
            if s.discards_owed <= 0 or not s.hands[seat]:
                s.discards_owed = 0
                events += self._end_turn(s)
            return events
        raise AssertionError(f"unexpected action {action.key()}")  # legal() prevents it

    def _take_card(self, s: CuttleState, seat: int, code: str) -> int:
        cid = BY_CODE[code]
        if s.phase == SEVEN_PLAY:
            s.revealed = None
        else:
            s.hands[seat].remove(cid)
        return cid

    def _stack_of(self, s: CuttleState, code: str) -> Stack:
        cid = BY_CODE[code]
        for st in s.stacks:
            if st.card == cid:
                return st
        raise AssertionError(f"no stack {code}")

    def _scrap_stack(self, s: CuttleState, st: Stack) -> None:
        s.stacks.remove(st)
        s.scrap.append(st.card)
        s.scrap.extend(st.jacks)

    def _play(self, s: CuttleState, seat: int, verb: str, args: tuple[str, ...]) -> list[Event]:
        from_seven = s.phase == SEVEN_PLAY
        cid = self._take_card(s, seat, args[0])
        s.passes = 0
        event: Event = {"type": verb, "seat": seat, "card": args[0]}
        if from_seven:
            event["from_seven"] = True
        if verb == "points":
            s.stacks.append(Stack(cid, seat))
            event["value"] = RANK[cid]
        elif verb == "scuttle":
            st = self._stack_of(s, args[1])
            event["target"] = args[1]
            event["jacks"] = [CODE[j] for j in st.jacks]
            self._scrap_stack(s, st)
            s.scrap.append(cid)
        elif verb in ("perm", "glasses"):
            s.perms[seat].append(cid)
        elif verb == "jack":
            st = self._stack_of(s, args[1])
            st.jacks.append(cid)
            event["target"] = args[1]
        else:  # oneoff
            s.scrap.append(cid)
            s.pending = cid
            s.target = BY_CODE[args[1]] if len(args) > 1 else None
            s.chain = []
            if s.target is not None:
                event["target"] = args[1]
            return [event] + self._offer_counter(s, seat)
        return [event] + self._end_turn(s)

    # -- counters (C-4) ------------------------------------------------------
    def _offer_counter(self, s: CuttleState, last: int) -> list[Event]:
        """`last` just played the one-off or a counter: the other player may
        answer, unless `last` controls a Queen."""
        if self.has_queen(s, last):
            return [
                {"type": "no_counter", "seat": 1 - last, "reason": "queen"}
            ] + self._close_chain(s)
        s.phase = COUNTER
        s.responder = 1 - last
        return []

    def _counter(self, s: CuttleState, seat: int, cid: int) -> list[Event]:
        s.hands[seat].remove(cid)
        s.scrap.append(cid)
        s.chain.append(cid)
        event = {"type": "counter", "seat": seat, "card": CODE[cid], "chain": len(s.chain)}
        return [event] + self._offer_counter(s, seat)

    def _close_chain(self, s: CuttleState) -> list[Event]:
        s.responder = None
        assert s.pending is not None  # a chain answers a one-off
        card = CODE[s.pending]
        if len(s.chain) % 2:
            cancelled = {"type": "cancelled", "card": card, "counters": len(s.chain)}
            return [cancelled, *self._end_turn(s)]
        return self._resolve(s)

    # -- one-off effects (C-3) -----------------------------------------------
    def _resolve(self, s: CuttleState) -> list[Event]:
        seat, opp = s.current, 1 - s.current
        assert s.pending is not None  # the one-off being resolved
        rank = RANK[s.pending]
        event: Event = {"type": "effect", "seat": seat, "card": CODE[s.pending]}
        events = [event]
        if rank == ACE:
            event["scrapped"] = [CODE[c] for st in s.stacks for c in (st.card, *st.jacks)]
            for st in list(s.stacks):
                self._scrap_stack(s, st)
        elif rank in (TWO, NINE):
            assert s.target is not None  # a 2 or 9 is played on a target
            event["target"] = CODE[s.target]
            owner = self._remove_permanent(s, s.target)
            if rank == TWO:
                s.scrap.append(s.target)
            else:
                _insert_sorted(s.hands[owner], s.target)
                event["to_hand"] = owner
        elif rank == THREE:
            s.phase = TAKE
            return events
        elif rank == FOUR:
            victim = s.hands[opp]
            if len(victim) <= FOUR_DISCARDS:
                events += [self._discard(s, opp, c) for c in list(victim)]
            else:
                s.phase = DISCARD
                s.discards_owed = FOUR_DISCARDS
                return events
        elif rank == FIVE:
            drawn = [s.deck.pop() for _ in range(min(FIVE_DRAWS, len(s.deck)))]
            for cid in drawn:
                _insert_sorted(s.hands[seat], cid)
            event["drawn"] = len(drawn)
            events.append(self._drawn(s, seat, drawn))
        elif rank == SIX:
            scrapped = [c for p in s.perms for c in p]
            scrapped += [j for st in s.stacks for j in st.jacks]
            event["scrapped"] = [CODE[c] for c in scrapped]
            s.scrap.extend(scrapped)
            s.perms = [[], []]
            for st in s.stacks:
                st.jacks = []
        elif rank == SEVEN:
            cid = s.deck.pop()
            s.pending = s.target = None
            s.chain = []
            s.revealed = cid
            event["revealed"] = CODE[cid]
            if self.uses(s, seat, cid):
                s.phase = SEVEN_PLAY
                return events
            s.revealed = None
            s.scrap.append(cid)
            events.append({"type": "no_use", "seat": seat, "card": CODE[cid]})
        return events + self._end_turn(s)

    def _remove_permanent(self, s: CuttleState, cid: int) -> int:
        """Take a permanent off the table; return the seat that played it."""
        for seat in (0, 1):
            if cid in s.perms[seat]:
                s.perms[seat].remove(cid)
                return seat
        for st in s.stacks:
            if st.jacks and st.jacks[-1] == cid:
                seat = st.controller
                st.jacks.pop()
                return seat
        raise AssertionError(f"{CODE[cid]} is not a permanent on the table")

    def _drawn(self, s: CuttleState, seat: int, cids: list[int]) -> Event:
        """The cards `seat` drew, seen by the drawer and by an opponent who
        wears glasses (C-5d: they see that hand)."""
        seers = [seat] + ([1 - seat] if self.has_glasses(s, 1 - seat) else [])
        return private({"type": "drawn", "seat": seat, "cards": [CODE[c] for c in cids]}, *seers)

    def _discard(self, s: CuttleState, seat: int, cid: int) -> Event:
        s.hands[seat].remove(cid)
        s.scrap.append(cid)
        return {"type": "discard", "seat": seat, "card": CODE[cid]}

    # -- end of a turn, winning (C-6) -------------------------------------------
    def standings(self, s: CuttleState) -> list[bool]:
        return [self.total(s, i) >= self.target_points(s, i) for i in (0, 1)]

    def _end_turn(self, s: CuttleState) -> list[Event]:
        s.pending = s.target = s.revealed = s.responder = None
        s.chain = []
        s.discards_owed = 0
        reached = self.standings(s)
        if reached[s.current]:
            return self._finish(s, s.current, "points")
        if reached[1 - s.current]:
            return self._finish(s, 1 - s.current, "points")
        s.current = 1 - s.current
        s.phase = MAIN
        return []

    def _finish(self, s: CuttleState, winner: int | None, reason: str) -> list[Event]:
        s.pending = s.target = s.revealed = s.responder = None
        s.chain = []
        s.discards_owed = 0
        s.phase = OVER
        s.winner = winner
        s.end_reason = reason
        return [{"type": "over", "reason": reason, "winner": winner}]

    def concede(self, s: CuttleState, seat: int) -> list[Event]:
        s.conceded = seat
        return [{"type": "concede", "seat": seat}] + self._finish(s, 1 - seat, "concede")

    # -- what a seat sees (C-7) ------------------------------------------------
    def view(self, s: CuttleState, seat: int | None) -> View:
        players = []
        for i in (0, 1):
            players.append(
                {
                    "seat": i,
                    "dealer": i == s.dealer,
                    "hand_size": len(s.hands[i]),
                    "points": self.total(s, i),
                    "target": self.target_points(s, i),
                    "kings": self.kings(s, i),
                    "glasses": self.has_glasses(s, i),
                    "queen": self.has_queen(s, i),
                    "permanents": [CODE[c] for c in s.perms[i]],
                }
            )
        view: View = {
            "game": self.id,
            "phase": s.phase,
            "current": s.current,
            "to_act": list(self.to_act(s)),
            "deck": len(s.deck),
            "scrap": [CODE[c] for c in s.scrap],
            "stacks": [
                {
                    "card": CODE[st.card],
                    "owner": st.owner,
                    "controller": st.controller,
                    "jacks": [CODE[j] for j in st.jacks],
                }
                for st in s.stacks
            ],
            "pending": None
            if s.pending is None
            else {
                "card": CODE[s.pending],
                "target": None if s.target is None else CODE[s.target],
                "counters": [CODE[c] for c in s.chain],
                "responder": s.responder,
            },
            "revealed": None if s.revealed is None else CODE[s.revealed],
            "discards_owed": s.discards_owed,
            "passes": s.passes,
            "winner": s.winner,
            "end_reason": s.end_reason,
            "conceded": s.conceded,
            "players": players,
            "seat": seat,
        }
        if seat is not None:
            view["hand"] = [CODE[c] for c in s.hands[seat]]
            # what each card the seat could play would score as points (C-2b)
            playable = [*s.hands[seat], *([s.revealed] if s.revealed is not None else [])]
            view["point_values"] = {CODE[c]: RANK[c] for c in playable if RANK[c] in POINT_RANKS}
            if self.has_glasses(s, seat):  # C-5d
                view["opponent_hand"] = [CODE[c] for c in s.hands[1 - seat]]
        return view

    # -- outcome -----------------------------------------------------------------
    def outcome(self, s: CuttleState) -> Outcome | None:
        if s.phase != OVER:
            return None
        breakdown = [
            {
                "points": self.total(s, i),
                "target": self.target_points(s, i),
                "kings": self.kings(s, i),
                "point_cards": [CODE[st.card] for st in s.stacks if st.controller == i],
                "reached": self.total(s, i) >= self.target_points(s, i),
            }
            for i in (0, 1)
        ]
        return {
            "scores": [b["points"] for b in breakdown],
            "breakdown": breakdown,
            "winners": [] if s.winner is None else [s.winner],
            "reason": s.end_reason,
        }

    def redeal_hidden(self, s: CuttleState, seat: int, rng: Rng) -> None:
        # C-5d: with glasses the opponent's hand is visible; only the deck is hidden
        redeal(s, seat, rng, self.hidden[1:] if self.has_glasses(s, seat) else self.hidden)
