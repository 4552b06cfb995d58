"""Cucco's card sense for the bots' rollouts: how a sensible player plays a
card, from the imagined world the rollout is in.

The expert's rollouts used to bid at random a quarter of the time and play
random legal cards, so a deal's imagined end said little about the move
tried. The cards now follow rules of thumb (rules.md Z-5, Z-6):
- lead a card nobody still outstanding can beat, else a low card;
- following, let a winning teammate have the trick and give them points,
  take a trick worth having with the cheapest card that wins it, and
  otherwise throw the cheapest card.
Bids stay random (among every legal bid and the pass, as the greedy bots
at the table bid): a hand-strength bidder was tried and did worse.
A rollout happens inside a determinized world, where the partner is wherever
the sample put the called card's twin: the players of the imagined deal play
as if they knew it, as they will know once the card shows.
"""

from __future__ import annotations

from games.cucco.engine.cards import CARD_KIND, CARD_RANK, CARD_SUIT, KIND_BY_CODE, KINDS
from games.cucco.engine.game import Cucco, CuccoState, trick_winner
from games.cucco.engine.scoring import HALF_POINTS_BY_CODE
from rules.core.actions import Action
from rules.core.rng import Rng

#: per kind: its half points, its rank (0..9), its suit
KIND_POINTS: tuple[int, ...] = tuple(HALF_POINTS_BY_CODE.get(k.code, 0) for k in KINDS)
KIND_RANK: tuple[int, ...] = tuple(k.rank for k in KINDS)
KIND_SUIT: tuple[str, ...] = tuple(k.suit for k in KINDS)
#: percent of card plays a rollout player makes at random (variety)
NOISE = 10


def _cheapest(kinds: list[int]) -> int:
    """The card that costs least to give away: fewest points, then lowest."""
    return min(kinds, key=lambda k: (KIND_POINTS[k], KIND_RANK[k]))


def _richest(kinds: list[int]) -> int:
    """The card to give a teammate's trick: most points, then lowest."""
    return max(kinds, key=lambda k: (KIND_POINTS[k], -KIND_RANK[k]))


def _boss(s: CuccoState, hand: list[int], kinds: list[int]) -> int | None:
    """A kind in hand no outstanding card of its suit beats (the twin of
    the same kind loses to it when it is led first), the richest of them."""
    mine = set(hand)
    top: dict[str, int] = {}
    for c in range(len(s.played_by)):
        if s.played_by[c] < 0 and c not in mine:
            suit = CARD_SUIT[c]
            if CARD_RANK[c] > top.get(suit, -1):
                top[suit] = CARD_RANK[c]
    bosses = [k for k in kinds if KIND_RANK[k] >= top.get(KIND_SUIT[k], -1)]
    return _richest(bosses) if bosses else None


def card_choice(game: Cucco, s: CuccoState, who: int, legal: list[Action], rng: Rng) -> Action:
    """A rollout player's card (rules of thumb above)."""
    if len(legal) == 1:
        return legal[0]
    if rng.below(100) < NOISE:
        return legal[rng.below(len(legal))]
    kinds = [KIND_BY_CODE[a.args[0]] for a in legal]
    hand = s.hands[who]
    if not s.trick:
        boss = _boss(s, hand, kinds)
        pick = boss if boss is not None else _cheapest(kinds)
        return legal[kinds.index(pick)]
    partner = game.partner(s)
    side = (s.declarer, partner)
    winner = trick_winner(s.leader, s.trick)
    win_card = s.trick[(winner - s.leader) % 5]
    friend = (winner in side) == (who in side)
    last = len(s.trick) == 4
    led = CARD_SUIT[s.trick[0]]
    following = KIND_SUIT[kinds[0]] == led
    if friend:
        # a teammate holds the trick: feed it when it is safe
        if last or CARD_RANK[win_card] >= 8 or not following:
            pick = _richest(kinds)
        else:
            pick = _cheapest(kinds)
        return legal[kinds.index(pick)]
    if following:
        beaters = [k for k in kinds if KIND_RANK[k] > CARD_RANK[win_card]]
        if beaters:
            pts = sum(KIND_POINTS[CARD_KIND[c]] for c in s.trick)
            if last:
                return legal[kinds.index(min(beaters, key=lambda k: KIND_RANK[k]))]
            if pts > 0 or max(KIND_RANK[k] for k in beaters) >= 8:
                return legal[kinds.index(max(beaters, key=lambda k: KIND_RANK[k]))]
    return legal[kinds.index(_cheapest(kinds))]


def rollout_move(game: Cucco, s: CuccoState, who: int, legal: list[Action], rng: Rng) -> Action:
    """The rollout's move: a card by the rules of thumb; a bid or a pass the
    way the table's other bots bid (the greedy level weighs every bid and
    pass alike, so it picks among them at random). A hand-strength
    bidder did worse as a model of them (docs/performance.md)."""
    if legal[0].verb == "pass":
        return legal[rng.below(len(legal))]
    return card_choice(game, s, who, legal, rng)
