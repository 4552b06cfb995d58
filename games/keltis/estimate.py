"""Keltis's estimate of a standing: what each player's rows may still become.

The score now punishes a fresh row (-4) that will be worth 6-10 later, so the
estimate projects each open row forward by its real prospects: the cards in
hand that can follow it in order (a held card counts a little less than a
played one: the game may end first), then the cards still to be drawn that the
row accepts after them, each reaching this player with the chance its
remaining draws give, and no more cards than its remaining turns can play.

An earlier projection spread the remaining turns over the open rows, scaled
by the share of values a row accepts: it promised a one-card row six more
cards, so playing any card into it (fixing its direction) looked like a loss,
and the greedy bot swapped discard-pile tops for 22 turns instead (issue 44).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

from games.keltis.engine import rows
from games.keltis.engine.cards import CARDS, COLOURS, END, NUMBER, NUMBER_COPIES
from games.keltis.engine.game import FINAL, FINAL_PLACEMENTS, OVER, KeltisState
from games.keltis.engine.scoring import ROW_POINTS, stone_points

#: of a player's remaining turns, the share that ends in a row (not a discard)
PLAYED_SHARE = 0.7
#: a card in hand that can follow its row, against one already in it
HELD = 0.85
#: worth of a pair in hand whose wishing stone is still in the middle
PAIR_BONUS = 0.5


def projected_points(length: float) -> float:
    """ROW_POINTS, interpolated for a projected (fractional) length."""
    top = len(ROW_POINTS) - 1
    if length >= top:
        return float(ROW_POINTS[top])
    low = int(length)
    frac = length - low
    return ROW_POINTS[low] * (1 - frac) + ROW_POINTS[low + 1] * frac


@dataclass(frozen=True, slots=True)
class Drawable:
    """The number cards that may still be drawn (the draw pile and the
    cards set aside, which nobody can tell apart): per colour, how many are
    worth at least (`above`) and at most (`below`) each value, and how many
    cards may be drawn in all. In a determinized state they are a sample
    from what the seat cannot see; cards in other hands or on the piles come
    to a player only by a discard, which the estimate does not foresee."""

    above: dict[str, list[int]]
    below: dict[str, list[int]]
    count: int


def drawable(s: KeltisState) -> Drawable:
    """What may still be drawn in `s` (counted once per standing: every
    row's prospect reads it)."""
    values = len(NUMBER_COPIES)
    left = {c: [0] * values for c in COLOURS}
    for zone in (s.deck, s.removed):
        for cid in zone:
            card = CARDS[cid]
            if card.kind == NUMBER:
                left[card.colour][card.value] += 1  # type: ignore[index]  # a number card has one
    above, below = {}, {}
    for colour, counts in left.items():
        above[colour] = list(accumulate(reversed(counts)))[::-1]
        below[colour] = list(accumulate(counts))
    return Drawable(above, below, len(s.deck) + len(s.removed))


def prospect(
    values: list[int], held: list[int], pool: Drawable, colour: str, chance: float
) -> float:
    """Cards an open row of `colour` may still gain: the best run of held
    cards that can follow it in order (in either direction while it has
    none), then the drawable cards it accepts after that run, each with
    `chance`."""
    last = values[-1]
    d = rows.direction(values)
    best = 0.0
    if d != rows.DOWN:
        supply = pool.above[colour]
        best = chance * supply[last]
        if held:
            for j, end in enumerate(sorted([v for v in held if v >= last]), 1):
                best = max(best, HELD * j + chance * supply[end])
    if d != rows.UP:
        supply = pool.below[colour]
        best = max(best, chance * supply[last])
        if held:
            run = sorted([v for v in held if v <= last], reverse=True)
            for j, end in enumerate(run, 1):
                best = max(best, HELD * j + chance * supply[end])
    return best


def estimate(
    s: KeltisState, seat: int, hand: list[int] | None = None, pool: Drawable | None = None
) -> float:
    """The seat's projected score; `hand` stands in for its hand if given,
    `pool` is `drawable(s)` if already counted."""
    n = len(s.hands)
    ended = s.phase in (FINAL, OVER)
    draws_left = 0.0 if ended else len(s.deck) / n
    pool = pool or drawable(s)
    chance = min(1.0, draws_left / pool.count) if pool.count else 0.0
    if hand is None:
        hand = s.hands[seat]
    total = 0.0
    open_rows = []
    for colour in COLOURS:
        ids = s.rows[seat].get(colour)
        if not ids:
            continue
        if any(CARDS[i].kind == END for i in ids):
            total += ROW_POINTS[min(len(ids), len(ROW_POINTS) - 1)]
        else:
            open_rows.append((colour, ids))
    if open_rows:
        placements = FINAL_PLACEMENTS - s.final_placed[seat]
        plays = (PLAYED_SHARE * draws_left + placements) / len(open_rows)
    for colour, ids in open_rows:
        values = [v for i in ids if (v := CARDS[i].value) is not None]  # all but end cards
        held = [v for i in hand if CARDS[i].colour == colour and (v := CARDS[i].value) is not None]
        gain = prospect(values, held, pool, colour, chance)
        total += projected_points(len(ids) + min(plays, gain))
    seen = set()
    pairs = 0
    for cid in hand:
        v = CARDS[cid].value
        if v is not None and v in s.stones_left:
            if v in seen:
                pairs += 1
            seen.add(v)
    total += len(s.point_rows[seat]) + stone_points(len(s.stones[seat]))
    return total + PAIR_BONUS * pairs
