"""Cuttle's rollout move for the expert: a one-look judgement of each legal
move from the table as it stands, without playing it out.

The expert rolls its imagined games out to their end (most end within its 60
actions), so what decides is how sensibly both imagined players move: one
who scraps its own King with a 2, plays an Ace that wipes out its own lead,
or lets a winning one-off through with a 2 in hand, makes every move before
it look like the luck of the draw. Each legal move gets a score in points of
progress (reaching a target is worth `WIN`), and the best, with a little of
the bot's noise so two equal moves are both tried, is played. Everything it
reads is in the imagined state: both hands are known there.
"""

from __future__ import annotations

from games.cuttle.engine.cards import (
    ACE,
    BY_CODE,
    FIVE,
    FOUR,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANK,
    SEVEN,
    SIX,
    THREE,
    TWO,
    target_for,
)
from games.cuttle.engine.game import Cuttle, CuttleState
from rules.core.actions import Action
from rules.core.rng import Rng

#: what reaching one's target is worth (any real move is worth far less)
WIN = 1000.0
#: the worth of the whole of a target's points (progress is counted as a share of it)
SCALE = 20.0
#: a card spent from the hand (an option given up)
CARD = 0.6
#: a draw: one more card to choose from
DRAW = 1.0
#: worth of a permanent to its controller, beyond what it does to totals
QUEEN_WORTH, GLASSES_WORTH = 2.0, 1.5
#: the one-offs whose worth does not depend on the table
THREE_WORTH, FOUR_WORTH, FIVE_WORTH, SEVEN_WORTH = 1.5, 1.5, 2.0, 1.0
#: a threat: the opponent needs at most this many points to win, so taking
#: points from them is worth this much more per point
THREAT_NEED, THREAT = 10, 2.0
#: noise added to every score (in 64ths of `NOISE`), so near-equal moves both get played
NOISE = 0.6
#: worth of keeping a card in hand by rank (discards drop the least, a 3 takes the most)
KEEP = (0, 2.0, 4.0, 1.5, 1.5, 2.0, 2.0, 1.5, 2.5, 2.0, 3.0, 4.0, 3.0, 5.0)


class _Table:
    """The standings `seat` judges its moves by: totals and targets."""

    __slots__ = ("game", "s", "seat", "opp", "total", "target", "need")

    def __init__(self, game: Cuttle, s: CuttleState, seat: int) -> None:
        self.game, self.s, self.seat, self.opp = game, s, seat, 1 - seat
        total = [0, 0]
        for st in s.stacks:
            total[(st.owner + len(st.jacks)) % 2] += RANK[st.card]
        self.total = total
        self.target = [
            target_for(sum(1 for c in s.perms[0] if RANK[c] == KING)),
            target_for(sum(1 for c in s.perms[1] if RANK[c] == KING)),
        ]
        self.need = [self.target[0] - self.total[0], self.target[1] - self.total[1]]

    def gain(self, who: int, points: int) -> float:
        """Worth to `seat` of `who` gaining `points` (negative: losing them)."""
        if who == self.seat:
            if points >= self.need[who]:
                return WIN
            return SCALE * points / self.target[who]
        if points >= self.need[who]:
            return -WIN
        worth = SCALE * points / self.target[who]
        if self.need[who] <= THREAT_NEED or self.need[who] - points <= THREAT_NEED:
            worth *= THREAT  # the opponent's points near the end weigh double
        return -worth

    def king(self, who: int) -> float:
        """Worth to `seat` of `who` playing a King (the target drops)."""
        kings = self.game.kings(self.s, who)
        new = target_for(kings + 1)
        if who == self.seat and self.total[who] >= new:
            return WIN
        worth = SCALE * self.total[who] * (1 / new - 1 / self.target[who]) + 3.0
        return worth if who == self.seat else -worth

    def lose_permanent(self, cid: int) -> float:
        """Worth to `seat` of permanent `cid` leaving the table (by a 2 or 9)."""
        s = self.s
        rank = RANK[cid]
        if rank == JACK:
            for st in s.stacks:
                if st.jacks and st.jacks[-1] == cid:
                    now, before = st.controller, 1 - st.controller
                    points = RANK[st.card]
                    return self.gain(now, -points) + self.gain(before, points)
            return 0.0
        who = self.seat if cid in s.perms[self.seat] else self.opp
        if rank == KING:
            worth = self.king(who)  # losing a king is about as bad as playing one is good
        elif rank == QUEEN:
            worth = QUEEN_WORTH if who == self.seat else -QUEEN_WORTH
        else:
            worth = GLASSES_WORTH if who == self.seat else -GLASSES_WORTH
        return -worth if abs(worth) < WIN else (-3.0 if who == self.seat else 3.0)

    def ace(self) -> float:
        """Every point card scrapped."""
        me, op = self.seat, self.opp
        return SCALE * (self.total[op] / self.target[op] - self.total[me] / self.target[me]) + (
            SCALE if self.need[op] <= THREAT_NEED else 0.0
        )

    def six(self) -> float:
        """Every permanent and jack scrapped."""
        s, me = self.s, self.seat
        worth = 0.0
        for who in (0, 1):
            sign = 1.0 if who == me else -1.0
            kings = sum(1 for c in s.perms[who] if RANK[c] == KING)
            queens = sum(1 for c in s.perms[who] if RANK[c] == QUEEN)
            glasses = len(s.perms[who]) - kings - queens
            worth -= sign * (kings * 4.0 + queens * QUEEN_WORTH + glasses * GLASSES_WORTH)
        after = [0, 0]
        for st in s.stacks:
            after[st.owner] += RANK[st.card]
        for who in (0, 1):
            delta = after[who] - self.total[who]
            if delta:
                gain = SCALE * delta / 21
                worth += gain if who == me else -gain
        if after[self.opp] >= 21 and self.need[self.opp] > 0:
            worth -= SCALE
        return worth

    def one_off(self, rank: int, target: int | None) -> float:
        """Worth to `seat` of the one-off `rank` (on `target`) resolving
        for the player on turn."""
        mine = self.s.current == self.seat
        if rank == ACE:
            return self.ace()  # the same whoever plays it: it scraps both players' points
        if rank == SIX:
            return self.six()
        if rank in (TWO, NINE):
            assert target is not None
            worth = self.lose_permanent(target)
            if rank == NINE:
                worth *= 0.8  # the card comes back to its owner's hand
            return worth
        worth = {THREE: THREE_WORTH, FOUR: FOUR_WORTH, FIVE: FIVE_WORTH, SEVEN: SEVEN_WORTH}.get(
            rank, 0.0
        )
        return worth if mine else -worth


def score(t: _Table, action: Action) -> float:
    """How much `t.seat` likes `action`, in points of progress (see module doc)."""
    verb, args = action.verb, action.args
    s = t.s
    if verb == "points":
        return t.gain(t.seat, RANK[BY_CODE[args[0]]]) - CARD
    if verb == "scuttle":
        target = BY_CODE[args[1]]
        return t.gain(t.opp, -RANK[target]) - CARD - 0.1 * RANK[BY_CODE[args[0]]]
    if verb == "jack":
        points = RANK[BY_CODE[args[1]]]
        mine = t.gain(t.seat, points)
        return mine if mine >= WIN else mine + t.gain(t.opp, -points) - CARD
    if verb == "perm":
        if RANK[BY_CODE[args[0]]] == KING:
            return t.king(t.seat) - CARD
        return QUEEN_WORTH - CARD
    if verb == "glasses":
        return GLASSES_WORTH - CARD
    if verb == "oneoff":
        cid = BY_CODE[args[0]]
        aim = BY_CODE[args[1]] if len(args) > 1 else None
        return t.one_off(RANK[cid], aim) - CARD
    if verb == "draw":
        return DRAW
    if verb == "counter":
        assert s.pending is not None  # a counter answers a one-off
        worth = t.one_off(RANK[s.pending], s.target)
        # countering flips whether it resolves: worth it when what it does
        # now (resolves with an even chain) is bad for me, or vice versa
        resolves = len(s.chain) % 2 == 0
        return (-worth if resolves else worth) - KEEP[TWO]
    if verb == "take":
        return KEEP[RANK[BY_CODE[args[0]]]]
    if verb == "discard":
        return -KEEP[RANK[BY_CODE[args[0]]]]
    return 0.0  # pass, resolve


def rollout(game: Cuttle, s: CuttleState, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The rollout move: the best-scoring legal move, with the bot's noise."""
    if len(legal) == 1:
        return legal[0]
    t = _Table(game, s, seat)
    best, best_key = legal[0], -1e18
    bits = rng.next64()
    for i, action in enumerate(legal):
        # six bits of noise per move from one draw (they repeat past ten moves)
        key = score(t, action) + ((bits >> (6 * (i % 10))) & 63) * (NOISE / 64)
        if key > best_key:
            best, best_key = action, key
    return best
