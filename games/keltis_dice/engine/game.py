"""Keltis: the dice game (game id `keltis_dice`); rules page keltis_dice.md, D-1..D-7.

Each turn the player rolls five dice, may reroll any of them once, takes a
wishing-stone chip for two or more wishing-stone faces, then moves one of
their stones exactly as many fields as dice show the chosen colour (or
passes). Special fields give a clover step, a chip or (kobold) an extra turn.
The game ends at once when enough stones stand in the goal areas. Board,
dice and tables are data in `board.py` and `scoring.py`.

Key scheme (every choice is a decision of the seat whose turn it is):
- `roll`                 roll all five dice (the dice come from the match's
                         generator, consumed by this action; replays reproduce them)
- `stop`                 keep the dice as rolled (no reroll)
- `reroll:<faces>`       reroll the dice showing these faces, e.g. `reroll:bbw`
                         rerolls two brown dice and one wishing stone. Faces are
                         written in the order b y p g u w, so every distinct choice
                         (a non-empty sub-multiset of the dice) has exactly one key.
- `move:<colour>`        move (or bring in) your stone of that colour
- `pass`                 do not move
- `clover:<colour>`      clover: your stone of that colour one field forward
- `clover_new:<colour>`  clover: a new stone onto field 1 of that row
- `skip`                 clover: do not use it
Colours: b brown, y yellow, p pink, g green, u blue; `w` the wishing stone.

Decisions where the rules page leaves a case open:
- D-4 "exactly" and "a stone never goes past field 9" are read together:
  you may not choose to move fewer fields than the dice show (e.g. to stop
  on a better field), but a move whose dice count exceeds the fields left is
  allowed: the stone stops on field 9 and the surplus is lost (the seed says
  so: "even if more dice of that symbol come up, there is no more").
  Field 9 is never forbidden, so such a move is allowed on side B too.
- A colour whose stone already stands on field 9 is not offered as a move
  (it would move nothing, which is what `pass` does); likewise not as a
  clover target.
- The reroll decision is always offered (`stop` or a reroll). The wishing-stone
  check (step 3) is made once the dice are final, i.e. right after that
  decision, whether or not the player then moves.
- The move decision is always offered, even when only `pass` is possible
  (all faces wishing stones, rows blocked), so the player sees the final dice.
- Rerolling keeps the dice in their positions: the first dice (by position)
  showing the named faces are rolled again, in position order.
- Clover: any one of your stones (including the one that just stopped on the
  clover) one field forward, unless it is on field 9 or the next field is
  forbidden; or a new stone onto field 1 (no row has a symbol or a forbidden
  field there) if you have a stone left and no stone in that row. `skip` is
  always offered with them. If there is no such target at all, the clover is
  spent automatically (event `clover_unused`): everything is public, so this
  reveals nothing.
- The end check (D-5) follows every stone step, the main move and each clover
  step alike, before that step's symbol: a clover step that ends the game gets
  no symbol either. If both end conditions hold, the reason is `goal_stones`.
- Kobold: the extra turn starts when the current turn (with its clover chain)
  is over; an extra turn may earn another one. No limit.
- When the chip supply is empty (D-1) the `chip` event says taken=False.
- Side "both": two independent games, A then B. Game B starts from an empty
  board with a fresh supply of 40 chips and chips back at 0; each game is
  scored on its own (chip table included) and the totals are added. Game B is
  started by the seat after the one who started game A.
- Concession ends the match at once: the finished game(s) plus the current
  game scored as it stands now; in "both", a concession during game A means
  game B is never played (it adds nothing).
- There is no rule against endless passing (a pass after the roll is always
  allowed, D-4); the engine adds none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import product
from typing import Any

from games.keltis_dice.engine.board import (
    BOTH,
    CHIP_SUPPLY,
    CLOVER,
    COLOURS,
    DICE,
    FACES,
    FIELDS,
    GOAL_FIELDS,
    GOAL_STONES_TO_END,
    KOBOLD,
    SIDES,
    STONES_PER_PLAYER,
    WISH,
    WISH_DICE_FOR_CHIP,
    WISHING,
    forbidden,
    symbol_at,
)
from games.keltis_dice.engine.scoring import score
from rules.core.actions import Action
from rules.core.events import Event
from rules.core.game import Game, GameType, Outcome, View
from rules.core.options import CHOICE, Option
from rules.core.rng import Rng
from rules.core.words import N_, P_

ROLL, REROLL, MOVE, CLOVER_PHASE, OVER = "roll", "reroll", "move", "clover", "over"
GOAL_STONES, FOUR_IN_GOAL, CONCEDE = "goal_stones", "four_in_goal", "concede"

_STOP = Action("stop")
_PASS = Action("pass")
_ROLL = Action("roll")
_SKIP = Action("skip")


@dataclass(slots=True)
class DiceState:
    players: int
    sides: list[str]  # the games to play, in order: ["A"], ["B"] or ["A", "B"]
    game: int  # index into sides of the game being played
    first: list[int]  # first player of each game started so far
    stones: list[dict[str, int]]  # per seat: colour -> field (1..9)
    chips: list[int]
    supply: int
    dice: list[str]  # the five faces in position order; [] before the roll
    current: int
    phase: str = ROLL
    extra_turn: bool = False  # a kobold was reached this turn
    last: str | None = None  # colour of the stone whose clover is being used
    results: list[dict[str, Any]] = field(default_factory=list)  # finished games
    conceded: int | None = None


@cache
def _reroll_choices_for(counts: tuple[int, ...]) -> tuple[Action, ...]:
    combos = [c for c in product(*(range(n + 1) for n in counts)) if any(c)]
    combos.sort(key=lambda c: (sum(c), [-x for x in c]))
    rerolls = ("".join(f * n for f, n in zip(FACES, c, strict=True)) for c in combos)
    return (_STOP, *(Action("reroll", (faces,)) for faces in rerolls))


def _reroll_choices(dice: list[str]) -> list[Action]:
    """`stop` and one `reroll:<faces>` per non-empty sub-multiset of the dice,
    fewest dice first (cached per multiset of faces: there are only 252)."""
    return list(_reroll_choices_for(tuple(dice.count(f) for f in FACES)))


class KeltisDice(Game[DiceState]):
    id = "keltis_dice"
    name = "Keltis: the dice game"
    rules_version = 1
    kind = GameType(
        min_players=2,
        max_players=4,
        phases=(ROLL, REROLL, MOVE, CLOVER_PHASE),
        chance=True,
        own_concede=True,  # the results so far are kept
    )
    verbs = frozenset({"roll", "stop", "reroll", "move", "pass", "clover", "clover_new", "skip"})
    revealing_verbs = frozenset({"roll", "reroll"})
    forced_verbs = frozenset({"roll"})  # a turn's first decision, always the only one
    #: a turn (D-4): the roll, the one reroll, the move (or pass), a clover's move
    decision_kinds = (ROLL, REROLL, MOVE, CLOVER_PHASE)
    max_actions = 5000
    state_type = DiceState
    # D-7: nothing is hidden (no `hidden`). The dice still to come live in the
    # match's generator, which no view exposes.
    options_schema = (
        Option(
            "side",
            CHOICE,
            N_("board side: A, B (forbidden fields) or both (A then B)"),
            default="A",
            choices=(*SIDES, BOTH),
            keep_default=True,
            label=P_("option", "side"),
            description=N_(
                "Board side: A, B (forbidden fields) or both (A then B) — Keltis dice game"
            ),
        ),
    )

    # -- setup (D-3) ---------------------------------------------------------
    def setup(self, n_players: int, options: dict[str, Any], rng: Rng) -> DiceState:
        side = options.get("side", "A")
        sides = list(SIDES) if side == BOTH else [side]
        first = rng.below(n_players)
        return DiceState(
            players=n_players,
            sides=sides,
            game=0,
            first=[first],
            stones=[{} for _ in range(n_players)],
            chips=[0] * n_players,
            supply=CHIP_SUPPLY,
            dice=[],
            current=first,
        )

    # -- who decides ------------------------------------------------------------
    def to_act(self, s: DiceState) -> tuple[int, ...]:
        return () if s.phase == OVER else (s.current,)

    def decision_kind(self, s: DiceState, seat: int) -> str | None:
        # the phases are the turn's steps (D-4): roll, reroll, move, clover
        return s.phase if seat in self.to_act(s) else None

    # -- legal actions ------------------------------------------------------------
    def legal(self, s: DiceState, seat: int) -> list[Action]:
        if s.phase == OVER or seat != s.current:
            return []
        if s.phase == ROLL:
            return [_ROLL]
        if s.phase == REROLL:
            return _reroll_choices(s.dice)
        if s.phase == MOVE:
            return self._moves(s, seat)
        return self._clover_targets(s, seat) + [_SKIP]

    def move_target(self, s: DiceState, seat: int, colour: str) -> int | None:
        """Where `move:<colour>` would put the seat's stone now (D-4), or None
        if that move is not allowed."""
        count = s.dice.count(colour)
        if not count:
            return None
        mine = s.stones[seat]
        if colour in mine:
            if mine[colour] >= FIELDS:
                return None
            target = min(mine[colour] + count, FIELDS)
        else:
            if len(mine) >= STONES_PER_PLAYER:
                return None
            target = min(count, FIELDS)
        if forbidden(s.sides[s.game], colour, target):
            return None
        return target

    def previews(self, s: DiceState) -> dict[str, dict[str, Any]]:
        """Where each offered move or clover step would put the current
        seat's stone, by colour: {"from", "to", "symbol"} (D-4 for moves).
        Before the reroll decision: the moves the dice would give if kept."""
        if s.phase in (MOVE, REROLL):
            steps = {c: self.move_target(s, s.current, c) for c in COLOURS}
        elif s.phase == CLOVER_PHASE:
            steps = {
                a.args[0]: s.stones[s.current].get(a.args[0], 0) + 1
                for a in self._clover_targets(s, s.current)
            }
        else:
            return {}
        return {
            c: {"from": s.stones[s.current].get(c, 0), "to": to, "symbol": symbol_at(c, to)}
            for c, to in steps.items()
            if to is not None
        }

    def _moves(self, s: DiceState, seat: int) -> list[Action]:
        moves = [Action("move", (c,)) for c in COLOURS if self.move_target(s, seat, c) is not None]
        return moves + [_PASS]

    def _clover_targets(self, s: DiceState, seat: int) -> list[Action]:
        side = s.sides[s.game]
        mine = s.stones[seat]
        targets = []
        for c in COLOURS:
            if c in mine:
                f = mine[c]
                if f < FIELDS and not forbidden(side, c, f + 1):
                    targets.append(Action("clover", (c,)))
            elif len(mine) < STONES_PER_PLAYER and not forbidden(side, c, 1):
                targets.append(Action("clover_new", (c,)))
        return targets

    # -- applying -------------------------------------------------------------------
    def apply(self, s: DiceState, seat: int, action: Action, rng: Rng) -> list[Event]:
        verb = action.verb
        if verb == "roll":
            s.dice = [FACES[rng.below(len(FACES))] for _ in range(DICE)]
            s.phase = REROLL
            return [{"type": "roll", "seat": seat, "dice": list(s.dice)}]
        if verb in ("stop", "reroll"):
            return self._final_dice(s, seat, action.args[0] if action.args else "", rng)
        if verb == "pass":
            return [{"type": "pass", "seat": seat}] + self._end_turn(s)
        if verb == "move":
            colour = action.args[0]
            return self._step(s, seat, colour, s.dice.count(colour), "move")
        if verb == "skip":
            s.last = None
            return [{"type": "clover_skip", "seat": seat}] + self._end_turn(s)
        # clover / clover_new: one field forward (a new stone comes from field 0)
        s.last = None
        return self._step(s, seat, action.args[0], 1, "clover")

    def _final_dice(self, s: DiceState, seat: int, faces: str, rng: Rng) -> list[Event]:
        if faces:
            taken: set[int] = set()
            for face in faces:
                taken.add(next(i for i, d in enumerate(s.dice) if d == face and i not in taken))
            kept = [d for i, d in enumerate(s.dice) if i not in taken]
            before = [s.dice[i] for i in sorted(taken)]
            for i in sorted(taken):
                s.dice[i] = FACES[rng.below(len(FACES))]
            events = [
                {
                    "type": "reroll",
                    "seat": seat,
                    "rerolled": sorted(taken),
                    "kept": kept,
                    "before": before,
                    "new": [s.dice[i] for i in sorted(taken)],
                    "dice": list(s.dice),
                }
            ]
        else:
            events = [{"type": "stop", "seat": seat, "dice": list(s.dice)}]
        if s.dice.count(WISH) >= WISH_DICE_FOR_CHIP:  # D-4 step 3
            events.append(self._chip(s, seat, "dice"))
        s.phase = MOVE
        return events

    def _chip(self, s: DiceState, seat: int, source: str) -> Event:
        taken = s.supply > 0
        if taken:
            s.supply -= 1
            s.chips[seat] += 1
        return {"type": "chip", "seat": seat, "source": source, "taken": taken}

    def _step(self, s: DiceState, seat: int, colour: str, fields: int, kind: str) -> list[Event]:
        """Move one stone (D-4 step 4 or a clover step), then the end check
        (D-5), then the symbol where it stopped (D-4 step 5)."""
        start = s.stones[seat].get(colour, 0)
        to = min(start + fields, FIELDS)
        s.stones[seat][colour] = to
        event = {"type": kind, "seat": seat, "colour": colour, "from": start, "to": to}
        if kind == "move":
            event["dice"] = fields
            event["lost"] = start + fields - to
        events = [event]
        reason = self.end_reason(s)
        if reason:
            return events + self._finish_game(s, reason)
        symbol = symbol_at(colour, to)
        if symbol:
            events.append(
                {"type": "symbol", "seat": seat, "colour": colour, "field": to, "symbol": symbol}
            )
        if symbol == CLOVER:
            if self._clover_targets(s, seat):
                s.phase = CLOVER_PHASE
                s.last = colour
                return events
            events.append({"type": "clover_unused", "seat": seat})
        elif symbol == WISHING:
            events.append(self._chip(s, seat, "field"))
        elif symbol == KOBOLD:
            s.extra_turn = True
        return events + self._end_turn(s)

    def _end_turn(self, s: DiceState) -> list[Event]:
        s.dice = []
        s.last = None
        s.phase = ROLL
        if s.extra_turn:
            s.extra_turn = False
            return [{"type": "extra_turn", "seat": s.current}]
        s.current = (s.current + 1) % s.players
        return [{"type": "turn", "seat": s.current}]

    # -- end of a game (D-5) ------------------------------------------------------------
    def goal_stones(self, s: DiceState) -> int:
        return sum(1 for mine in s.stones for f in mine.values() if f in GOAL_FIELDS)

    def end_reason(self, s: DiceState) -> str | None:
        if self.goal_stones(s) >= GOAL_STONES_TO_END[s.players]:
            return GOAL_STONES
        for mine in s.stones:
            if len(mine) == STONES_PER_PLAYER and all(f in GOAL_FIELDS for f in mine.values()):
                return FOUR_IN_GOAL
        return None

    def _result(self, s: DiceState, reason: str) -> dict[str, Any]:
        return {
            "side": s.sides[s.game],
            "stones": [dict(mine) for mine in s.stones],
            "chips": list(s.chips),
            "reason": reason,
        }

    def _finish_game(self, s: DiceState, reason: str) -> list[Event]:
        result = self._result(s, reason)
        s.results.append(result)
        events = [
            {
                "type": "game_end",
                "game": s.game + 1,
                "side": result["side"],
                "reason": reason,
                "scores": [b["total"] for b in self._scores(result)],
            }
        ]
        s.dice = []
        s.last = None
        s.extra_turn = False
        if s.game + 1 < len(s.sides):
            s.game += 1
            first = (s.first[0] + 1) % s.players
            s.first.append(first)
            s.stones = [{} for _ in range(s.players)]
            s.chips = [0] * s.players
            s.supply = CHIP_SUPPLY
            s.current = first
            s.phase = ROLL
            events.append(
                {"type": "game_start", "game": s.game + 1, "side": s.sides[s.game], "seat": first}
            )
        else:
            s.phase = OVER
            events.append({"type": "over"})
        return events

    def concede(self, s: DiceState, seat: int) -> list[Event]:
        s.results.append(self._result(s, CONCEDE))
        s.conceded = seat
        s.dice = []
        s.last = None
        s.extra_turn = False
        s.phase = OVER
        return [{"type": "concede", "seat": seat}, {"type": "over"}]

    # -- scoring (D-6) ---------------------------------------------------------------------
    def _scores(self, result: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {"side": result["side"], **score(result["stones"][i], result["chips"][i])}
            for i in range(len(result["chips"]))
        ]

    def _breakdown(self, results: list[dict[str, Any]], players: int) -> list[dict[str, Any]]:
        per_game = [self._scores(r) for r in results]
        return [
            {"games": [g[i] for g in per_game], "total": sum(g[i]["total"] for g in per_game)}
            for i in range(players)
        ]

    def _results_so_far(self, s: DiceState) -> list[dict[str, Any]]:
        """Finished games plus the current one as it stands."""
        results = list(s.results)
        if s.phase != OVER:
            results.append(self._result(s, "running"))
        return results

    def standing(self, s: DiceState) -> list[dict[str, Any]]:
        """Breakdown per seat: finished games plus the current one as it stands."""
        return self._breakdown(self._results_so_far(s), s.players)

    def in_goal(self, s: DiceState) -> list[int]:
        """Per seat: its stones in goal areas (D-2), over the games so far."""
        results = self._results_so_far(s)
        return [
            sum(1 for r in results for f in r["stones"][i].values() if f in GOAL_FIELDS)
            for i in range(s.players)
        ]

    def outcome(self, s: DiceState) -> Outcome | None:
        if s.phase != OVER:
            return None
        breakdown = self._breakdown(s.results, s.players)
        scores = [b["total"] for b in breakdown]
        contenders = [i for i in range(s.players) if i != s.conceded]
        best = max(scores[i] for i in contenders)
        return {
            "scores": scores,
            "breakdown": breakdown,
            "winners": [i for i in contenders if scores[i] == best],
            "reason": s.results[-1]["reason"],
            "games": [{"side": r["side"], "reason": r["reason"]} for r in s.results],
        }

    # -- what a seat sees (D-7: everything is public) -------------------------------------------
    def view(self, s: DiceState, seat: int | None) -> View:
        standing = self.standing(s)
        return {
            "game": self.id,
            "seat": seat,
            "sides": list(s.sides),
            "side": s.sides[s.game],
            "game_no": s.game + 1,
            "phase": s.phase,
            "current": s.current,
            "to_act": list(self.to_act(s)),
            "dice": list(s.dice),
            "extra_turn": s.extra_turn,
            "clover_for": s.last,
            "moves": self.previews(s),
            "stones": [{c: mine[c] for c in COLOURS if c in mine} for mine in s.stones],
            "chips": list(s.chips),
            "supply": s.supply,
            "goal_stones": self.goal_stones(s),
            "goal_stones_to_end": GOAL_STONES_TO_END[s.players],
            # per seat: its stones in goal areas, all the games so far added
            "in_goal": self.in_goal(s),
            "scores": [b["total"] for b in standing],
            "finished_games": [
                {
                    "side": r["side"],
                    "reason": r["reason"],
                    "scores": [b["total"] for b in self._scores(r)],
                }
                for r in s.results
            ],
            "conceded": s.conceded,
        }
