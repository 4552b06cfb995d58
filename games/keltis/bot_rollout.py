"""Keltis for the expert's imagined games: each player plays its turn as the
greedy bot would.

The expert weighs a move by the games it imagines after it. Its imagined
players used to follow a handful of quick preferences (play the next card of
a row, open a row only near an end, take a pile top only if it follows a row
closely ...); played for real, those preferences won a third of their games
against the greedy bot, and the expert, imagining opponents and a future self
that poor, chose worse the further it looked (issue 44: rollouts of 24
actions or to the end, or twice the iterations, all won less than 70%). Now
a play step is the move, and a draw the card, that leaves the player's own
estimate highest, as the greedy bot chooses them (the draw pile's top is
known in an imagined world, as in the greedy bot's one world), counted row
by row so that a rollout stays cheap: only the rows a move or a card touches
are counted again.
"""

from __future__ import annotations

from games.keltis.engine.cards import CARDS, COLOURS, END, GREY, Card
from games.keltis.engine.game import DRAW, FINAL_PLACEMENTS, PLAY, Keltis, KeltisState
from games.keltis.engine.scoring import ROW_POINTS, stone_points
from games.keltis.estimate import (
    PAIR_BONUS,
    PLAYED_SHARE,
    Drawable,
    drawable,
    estimate,
    projected_points,
    prospect,
)
from rules.core.actions import Action
from rules.core.rng import Rng

#: an open row: its cards, and the values of all but end cards
OpenRow = tuple[int, list[int]]


class Standing:
    """The seat's `estimate`, and what it becomes after a play-step move or
    with one card more, counting again only what changes: the rows of the
    cards taken from or added to the hand and the row played into, the point
    row, the stones, the pairs in hand; every open row only when a move
    opens one (the turns left are shared among the open rows)."""

    def __init__(self, s: KeltisState, seat: int, pool: Drawable) -> None:
        draws_left = len(s.deck) / len(s.hands)
        self.pool = pool
        self.chance = min(1.0, draws_left / pool.count) if pool.count else 0.0
        self.turns = PLAYED_SHARE * draws_left + FINAL_PLACEMENTS - s.final_placed[seat]
        self.stones = len(s.stones[seat])
        self.stones_left = s.stones_left
        closed = 0.0
        self.open: dict[str, OpenRow] = {}
        for colour in COLOURS:
            ids = s.rows[seat].get(colour)
            if not ids:
                continue
            if any(CARDS[i].kind == END for i in ids):
                closed += ROW_POINTS[min(len(ids), len(ROW_POINTS) - 1)]
            else:
                values = [v for i in ids if (v := CARDS[i].value) is not None]
                self.open[colour] = (len(ids), values)
        #: the hand's cards by code, its values per colour and how many of each value
        self.cards: dict[str, Card] = {}
        self.held: dict[str, list[int]] = {c: [] for c in COLOURS}
        self.count: dict[int, int] = {}
        for cid in s.hands[seat]:
            card = CARDS[cid]
            self.cards[card.code] = card
            if (v := card.value) is not None:
                self.count[v] = self.count.get(v, 0) + 1
                if card.colour in self.held:
                    self.held[card.colour].append(v)
        self.plays = self._plays(len(self.open))
        self.terms = {c: self._term(c, self.open[c], self.held[c], self.plays) for c in self.open}
        #: the open rows' terms once a move opens another (filled as needed)
        self.spread: dict[str, float] = {}
        pairs = sum(max(0, self.count.get(v, 0) - 1) for v in self.stones_left)
        self.now = (
            closed
            + sum(self.terms.values())
            + len(s.point_rows[seat])
            + stone_points(self.stones)
            + PAIR_BONUS * pairs
        )

    def _plays(self, open_rows: int) -> float:
        return self.turns / open_rows if open_rows else 0.0

    def _term(self, colour: str, row: OpenRow, held: list[int], plays: float) -> float:
        length, values = row
        gain = prospect(values, held, self.pool, colour, self.chance)
        return projected_points(length + min(plays, gain))

    def _without(self, colour: str, value: int) -> list[int]:
        held = list(self.held[colour])
        held.remove(value)
        return held

    def _paired(self, value: int | None) -> bool:
        """Does a card of `value` leaving the hand break a pair for a stone?"""
        return value in self.stones_left and self.count[value] >= 2

    def value(self, action: Action) -> float | None:
        """The estimate after `action`; None for an end card played, which
        may end the game (count it on a copy)."""
        verb, args = action.verb, action.args
        if verb == "stone":
            return self._stone(self.cards[args[0]], self.cards[args[1]])
        card = self.cards[args[0]]
        if card.kind == END:
            # thrown away it changes nothing counted; played it may end the game
            return self.now if verb == "discard" else None
        colour, v = card.colour, card.value
        assert v is not None  # a number or point card
        total = self.now - PAIR_BONUS * self._paired(v)
        own = colour in self.held  # a number card, not a point card
        if verb == "discard" or args[1] == GREY:
            if verb != "discard":
                total += 1  # into the point row
            if own and colour in self.open:
                held = self._without(colour, v)
                total += self._term(colour, self.open[colour], held, self.plays)
                total -= self.terms[colour]
            return total
        row = args[1]
        held = self._without(row, v) if own else self.held[row]
        if row in self.open:
            length, values = self.open[row]
            total -= self.terms[row]
            return total + self._term(row, (length + 1, [*values, v]), held, self.plays)
        plays = self._plays(len(self.open) + 1)
        for other in self.open:
            total -= self.terms[other]
            total += self._spread(other, plays)
        return total + self._term(row, (1, [v]), held, plays)

    def with_card(self, cid: int) -> float:
        """The estimate with card `cid` drawn into the hand."""
        card = CARDS[cid]
        v = card.value
        if v is None:  # an end card in hand counts for nothing
            return self.now
        total = self.now
        if v in self.stones_left and self.count.get(v, 0) >= 1:
            total += PAIR_BONUS
        colour = card.colour
        if colour in self.open:
            held = [*self.held[colour], v]
            total += self._term(colour, self.open[colour], held, self.plays) - self.terms[colour]
        return total

    def _spread(self, colour: str, plays: float) -> float:
        """An open row's term once a move has opened another."""
        term = self.spread.get(colour)
        if term is None:
            term = self._term(colour, self.open[colour], self.held[colour], plays)
            self.spread[colour] = term
        return term

    def _stone(self, first: Card, second: Card) -> float:
        """Two cards of a value for its wishing stone: one stone more, the
        value's pairs gone with the stone, the rows of both cards' colours
        with those cards no longer held."""
        v = first.value
        assert v is not None  # legal() pairs cards of a value
        total = self.now + stone_points(self.stones + 1) - stone_points(self.stones)
        total -= PAIR_BONUS * (self.count[v] - 1)
        held = {c: self.held[c] for c in {first.colour, second.colour} if c in self.open}
        for card in (first, second):
            if card.colour in held:
                held[card.colour] = [*held[card.colour]]
                held[card.colour].remove(v)
        for colour, values in held.items():
            total += self._term(colour, self.open[colour], values, self.plays) - self.terms[colour]
        return total


def _play(game: Keltis, s: KeltisState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The move that leaves the seat's estimate highest (the first of
    equals: values are rounded, so that the order a sum was taken in does
    not decide between two moves worth the same)."""
    pool = drawable(s)
    counted = Standing(s, seat, pool) if s.phase == PLAY else None
    best, best_value = legal[0], -float("inf")
    for action in legal:
        value = counted.value(action) if counted is not None else None
        if value is None:
            copy = game.copy(s)
            game.apply(copy, seat, action, rng)
            value = estimate(copy, seat, pool=pool)
        value = round(value, 9)
        if value > best_value:
            best, best_value = action, value
    return best


def _draw(s: KeltisState, seat: int, legal: list[Action]) -> Action:
    """The card that leaves the seat's estimate highest: the draw pile's top
    (known in an imagined world) or a discard pile's; the draw pile on
    equal terms (it comes first)."""
    standing = Standing(s, seat, drawable(s))
    best, best_value = legal[0], -float("inf")
    for action in legal:
        pile = action.args[0]
        top = s.deck[-1] if pile == "deck" else s.piles[pile][-1]
        value = round(standing.with_card(top), 9)
        if value > best_value:
            best, best_value = action, value
    return best


def rollout(game: Keltis, s: KeltisState, seat: int, legal: list[Action], rng: Rng) -> Action:
    if s.phase == DRAW:
        return _draw(s, seat, legal)
    return _play(game, s, seat, legal, rng)
