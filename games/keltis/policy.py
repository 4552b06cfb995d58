"""Keltis for bots: a standing that counts what rows may still become.

The score now punishes a fresh row (-4) that will be worth 6-10 later, so the
evaluation projects each open row forward by its real prospects: the cards in
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

import math
from collections.abc import Callable

from games.keltis.engine import rows
from games.keltis.engine.cards import CARDS, COLOURS, END, GREY, NUMBER, NUMBER_COPIES, Card
from games.keltis.engine.game import DRAW, FINAL, FINAL_PLACEMENTS, OVER, Keltis, KeltisState
from games.keltis.engine.scoring import ROW_POINTS, stone_points
from rules.bots.evaluation import final_value, relative
from rules.bots.policy import Budget, Policy
from rules.core.actions import Action
from rules.core.rng import Rng

#: of a player's remaining turns, the share that ends in a row (not a discard)
PLAYED_SHARE = 0.7
#: a card in hand that can follow its row, against one already in it
HELD = 0.85
#: worth of a pair in hand whose wishing stone is still in the middle
PAIR_BONUS = 0.5


def _row_points(length: float) -> float:
    """ROW_POINTS, interpolated for a projected (fractional) length."""
    top = len(ROW_POINTS) - 1
    if length >= top:
        return float(ROW_POINTS[top])
    low = int(length)
    frac = length - low
    return ROW_POINTS[low] * (1 - frac) + ROW_POINTS[low + 1] * frac


#: per colour, drawable number cards by value; and all drawable cards
Drawable = tuple[dict[str, list[int]], int]


def _drawable(s: KeltisState) -> Drawable:
    """Per colour and value, the number cards that may still be drawn (the
    draw pile and the cards set aside, which nobody can tell apart), and how
    many cards that is in all. In a determinized state they are a sample
    from what the seat cannot see; cards in other hands or on the piles come
    to a player only by a discard, which the evaluation does not foresee."""
    left = {c: [0] * len(NUMBER_COPIES) for c in COLOURS}
    for zone in (s.deck, s.removed):
        for cid in zone:
            card = CARDS[cid]
            if card.kind == NUMBER:
                left[card.colour][card.value] += 1  # type: ignore[index]  # a number card has one
    return left, len(s.deck) + len(s.removed)


def _prospect(values: list[int], held: list[int], left: list[int], chance: float) -> float:
    """Cards an open row may still gain: the best run of held cards that can
    follow it in order (in either direction while it has none), then the
    drawable cards it accepts after that run, each with `chance`."""
    last = values[-1]
    d = rows.direction(values)
    best = 0.0
    for up in (True, False):
        if d is not None and up != (d == rows.UP):
            continue
        run = sorted((v for v in held if (v >= last if up else v <= last)), reverse=not up)
        end = last
        for j in range(len(run) + 1):
            if j:
                end = run[j - 1]
            supply = sum(left[end:]) if up else sum(left[: end + 1])
            best = max(best, HELD * j + chance * supply)
    return best


def estimate(
    s: KeltisState, seat: int, hand: list[int] | None = None, pool: Drawable | None = None
) -> float:
    """The seat's projected score; `hand` stands in for its hand if given,
    `pool` is `_drawable(s)` if already counted."""
    n = len(s.hands)
    ended = s.phase in (FINAL, OVER)
    draws_left = 0.0 if ended else len(s.deck) / n
    left, drawable = pool or _drawable(s)
    chance = min(1.0, draws_left / drawable) if drawable else 0.0
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
        gain = _prospect(values, held, left[colour], chance)
        total += _row_points(len(ids) + min(plays, gain))
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


#: the scale of `_shaped`, in points
SHAPE = 12.0


def _shaped(value: float) -> float:
    """A standing squashed towards +-SHAPE: the expert averages its worlds,
    and a world where it wins by 40 should not make up for three where it
    loses by 5; what counts is how often it wins. Strictly increasing, so
    the greedy level (one world, the best value) chooses exactly as before."""
    return SHAPE * math.tanh(value / SHAPE)


def evaluate(game: Keltis, s: KeltisState, seat: int) -> float:
    if s.phase == OVER:
        return _shaped(final_value(game.outcome(s), seat))
    pool = _drawable(s)
    return _shaped(relative([estimate(s, i, pool=pool) for i in range(len(s.hands))], seat))


#: a rollout starts a row only with a card this near an end of the values
#: (0-2 or 8-10), and only with another card of its colour in hand
OPENING_REACH = 2


def _rollout_scores(s: KeltisState, seat: int) -> Callable[[Action], float]:
    """The rollout's preference among the seat's moves, which plays as the
    evaluation counts: draw from the draw pile; take a wishing stone; play
    into an open row the card that follows it most closely (a card that skips
    over another held card of the row's colour is worth less); start a row
    only near an end of the values and with a companion in hand; else a point
    card; else discard a card no open row can use (before one it can).

    The hand and the rows are read once per move, not once per action (a
    rollout move weighs 15-25 actions; reading them per action was about a
    third of the expert's time)."""
    hand = s.hands[seat]
    by_code: dict[str, Card] = {}
    held: dict[str, list[int]] = {}
    for cid in hand:
        card = CARDS[cid]
        if card.code not in by_code:
            by_code[card.code] = card
        if card.value is not None and card.colour != GREY:
            held.setdefault(card.colour, []).append(card.value)
    seat_rows = s.rows[seat]
    row_values: dict[str, list[int]] = {}
    for colour, ids in seat_rows.items():
        if ids:
            row_values[colour] = _values(ids)

    def score(action: Action) -> float:
        verb = action.verb
        if verb == "draw":
            return 1.0 if action.args[0] == "deck" else 0.0
        if verb == "done":
            return -1.0
        if verb == "stone":
            return 4.0
        card = by_code[action.args[0]]
        v = card.value
        if verb == "discard":
            values = row_values.get(card.colour)
            if values is not None and v is not None and rows.accepts(values, v):
                return -1.5
            return -0.5
        row = action.args[1]
        if row == GREY:
            return 0.5
        mine = held.get(card.colour, ())
        values = row_values.get(row)
        if values is None:
            top = len(NUMBER_COPIES) - 1
            reach = top if v is None else min(v, top - v)
            return 1.0 - reach / 10 if reach <= OPENING_REACH and len(mine) >= 2 else -1.0
        if v is None:  # an end card closes the row
            return 1.0 if len(seat_rows[row]) >= 6 else -1.0
        last = values[-1]
        low, high = (last, v) if last < v else (v, last)
        skipped = sum(1 for h in mine if low < h < high)
        return 3.0 - abs(v - last) / 3 - skipped

    return score


def _values(ids: list[int]) -> list[int]:
    """A row's values, all but its end cards."""
    return [v for i in ids if (v := CARDS[i].value) is not None]


def considered(game: Keltis, s: KeltisState, seat: int, legal: list[Action]) -> list[Action]:
    """A discard is taken only if it is worth something to the seat: it
    raises the seat's own estimate (it joins the best run a row may still
    make), it is a point card (the point row takes any), or it pairs with a
    hand card for a wishing stone still in the middle. A card that does none
    of this only keeps the draw pile as it is, and a bot that took such
    cards, or took back what it had just thrown away, swapped discards for
    ever instead of playing (the draw pile's end is the game's)."""
    if s.phase != DRAW:
        return legal
    hand = s.hands[seat]
    hand_values = {CARDS[c].value for c in hand}
    pool = _drawable(s)
    now = estimate(s, seat, pool=pool)
    out = []
    for action in legal:
        pile = action.args[0]
        if pile == "deck":
            out.append(action)
            continue
        cid = s.piles[pile][-1]
        value = CARDS[cid].value
        if (
            pile == GREY
            or (value in s.stones_left and value in hand_values)
            or estimate(s, seat, [*hand, cid], pool) > now + 1e-9
        ):
            out.append(action)
    return out


#: a rollout takes a discard pile's top that follows one of its open rows
#: this closely (and skips no held card of the row's colour)
TAKE_GAP = 2


def _rollout_draw(s: KeltisState, seat: int, legal: list[Action]) -> Action:
    """The draw pile, unless a pile's top follows an open row of the seat in
    order, at most `TAKE_GAP` away and skipping no held card of its colour
    (the closest such card). The greedy bot takes such a card, so a rollout
    that never did let the expert throw its opponent the next card of a row
    for free."""
    deck = None
    best, best_gap = None, TAKE_GAP + 1
    for action in legal:
        pile = action.args[0]
        if pile == "deck":
            deck = action
            continue
        if pile == GREY:
            continue
        card = CARDS[s.piles[pile][-1]]
        ids = s.rows[seat].get(pile)
        v = card.value
        if not ids or v is None or any(CARDS[i].kind == END for i in ids):
            continue
        values = _values(ids)
        if not rows.accepts(values, v):
            continue
        last = values[-1]
        gap = abs(v - last)
        if gap >= best_gap:
            continue
        low, high = (last, v) if last < v else (v, last)
        if any(
            low < h < high
            for i in s.hands[seat]
            if CARDS[i].colour == pile and (h := CARDS[i].value) is not None
        ):
            continue
        best, best_gap = action, gap
    return best or deck or legal[0]


def _argmax(legal: list[Action], score: Callable[[Action], float], rng: Rng) -> Action:
    """The best-scoring action; a tie broken by the bot's generator."""
    scores = [score(a) for a in legal]
    top = max(scores)
    tied = [a for a, v in zip(legal, scores, strict=True) if v == top]
    return tied[0] if len(tied) == 1 else tied[rng.below(len(tied))]


def rollout(game: Keltis, s: KeltisState, seat: int, legal: list[Action], rng: Rng) -> Action:
    if s.phase == DRAW:
        return _rollout_draw(s, seat, legal)
    return _argmax(legal, _rollout_scores(s, seat), rng)


POLICY: Policy[Keltis, KeltisState] = Policy(
    evaluate=evaluate,
    rollout=rollout,
    # The luck of the draw drowns the difference between two moves, so they
    # are compared in common worlds (halving). Heads-up, against greedy, on
    # 60 deals the tournament does not use: 83.3% (UCB1 at 120 iterations:
    # 68.3%). With four players: 29% of 120 games against three greedy
    # players, against 17% of 80 with UCB1 (a fair share is 25%); 400
    # iterations there did no better (21.9% of 48). In the tournament, with
    # `considered`: 86.8% of 200 heads-up, 43.3% of 100 four-player games.
    # All of that against a greedy bot that swapped pile tops instead of
    # playing; with rows projected by their prospects (issue 44), 52.5% of
    # 40 heads-up (the earlier expert: 38.8% against the new greedy). With
    # rollouts that play in order (`_rollout_scores`): 73.8% of 40 deals the
    # bench does not use; docs/performance.md "Keltis churn" has the measure.
    # Width 8 was tried (issue 44, part 3): halving over 6 moves keeps 3,
    # then 1, and spends its last third on that one move, which 8 (8, 4, 2)
    # avoids; it won no more (63.3% of 64 bench games against 69.5% on the
    # same 64). docs/performance.md "Keltis's expert (issue 44)".
    budget=Budget(iterations=200, depth=12, width=6, schedule="halving"),
    greedy_samples=1,
    considered=considered,
)
