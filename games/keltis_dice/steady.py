"""A rollout move for the dice game that draws nothing: the seat's choice
is a fixed rule of the position, so the only chance in a rollout is the
dice themselves.

The searches compare moves in common worlds (the same dice seed for every
candidate). A rollout that breaks ties and picks rerolls with the dice's own
generator spends that generator's numbers differently after two different
moves, so from the first rollout decision on the two candidates saw other
dice: the pairing bought nothing, and the noise of whole games decided
between two close moves (issue 44). With this rule the dice after two moves
differ only where the moves lead the seat to roll a different number of
dice.

The rule, for the seat to act:
- reroll decision: aim at the colour the most dice show among the rows the
  seat may still move in (its own stones first, on a tie); keep those dice,
  and two or more wishing stones (a chip), and roll the rest again; keep
  all dice (`stop`) once three or more show the aim, or nothing would be rolled;
- move: the colour with the most dice (its own stone before a new one, then
  the stone nearest the goal area, then colour order); a new stone only
  with two or more dice; pass when nothing else is left;
- clover: the own stone furthest along that may step, else a new stone,
  else skip.
"""

from __future__ import annotations

from games.keltis_dice.engine.board import COLOURS, FACES, FIELDS, WISH, WISH_DICE_FOR_CHIP
from games.keltis_dice.engine.game import CLOVER_PHASE, MOVE, REROLL, DiceState, KeltisDice
from rules.core.actions import Action
from rules.core.rng import Rng

_STOP, _PASS, _SKIP = Action("stop"), Action("pass"), Action("skip")
#: dice of the aimed colour that are kept without a reroll
STOP_AT = 3


def _aim(s: DiceState, seat: int) -> str | None:
    """The colour the seat's reroll aims at (None: no row open)."""
    mine = s.stones[seat]
    best, best_key = None, (-1, -1)
    for c in COLOURS:
        if c in mine:
            if mine[c] >= FIELDS:
                continue
            own = 1
        elif len(mine) >= 4:
            continue
        else:
            own = 0
        key = (s.dice.count(c), own)
        if key > best_key:
            best, best_key = c, key
    return best


def reroll_choice(s: DiceState, seat: int) -> Action:
    aim = _aim(s, seat)
    if aim is None:
        return _STOP
    if s.dice.count(aim) >= STOP_AT:
        return _STOP
    keep_wish = s.dice.count(WISH) >= WISH_DICE_FOR_CHIP
    faces = "".join(
        f * s.dice.count(f) for f in FACES if f != aim and not (f == WISH and keep_wish)
    )
    return Action("reroll", (faces,)) if faces else _STOP


def move_choice(s: DiceState, seat: int, legal: list[Action]) -> Action:
    mine = s.stones[seat]
    best, best_key = _PASS, (0, 0, 0)
    for a in legal:
        if a.verb != "move":
            continue
        c = a.args[0]
        count = s.dice.count(c)
        if c not in mine and count < 2:
            continue  # a new stone on field 1 (-4): not worth a turn
        key = (count, 1 if c in mine else 0, mine.get(c, 0))
        if key > best_key:
            best, best_key = a, key
    return best


def clover_choice(s: DiceState, seat: int, legal: list[Action]) -> Action:
    mine = s.stones[seat]
    best, best_key = _SKIP, (-1, -1)
    for a in legal:
        if a.verb == "clover":
            key = (1, mine[a.args[0]])
        elif a.verb == "clover_new":
            key = (0, 0)
        else:
            continue
        if key > best_key:
            best, best_key = a, key
    return best


def steady_rollout(
    game: KeltisDice, s: DiceState, seat: int, legal: list[Action], rng: Rng
) -> Action:
    """The rollout move (see the module's text); `rng` is never drawn from."""
    if len(legal) == 1:
        return legal[0]
    if s.phase == REROLL:
        return reroll_choice(s, seat)
    if s.phase == MOVE:
        return move_choice(s, seat, legal)
    if s.phase == CLOVER_PHASE:
        return clover_choice(s, seat, legal)
    return legal[0]
