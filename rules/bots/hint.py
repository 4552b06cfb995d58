"""A hint for a person learning a game: what the expert would do, and why.

The hint is the expert's own decision (`expert.search`, the same search a
bot seat at the expert level makes, from the same seat's view: hidden cards
are re-dealt in every world it imagines), with what the search found about
the alternatives: the runner-up among the moves it weighed, and how much
better the chosen move came out on average, in the evaluations' units
(about points). Pure, like every bot: the same (seed, seq, seat) gives the
same hint, and the match it reads is not changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.bots import expert
from rules.bots.policy import Budget
from rules.core.actions import Action
from rules.core.match import Match

#: a gain below this (in the evaluations' units) is no real difference: the
#: two moves are about as good
EVEN = 0.05


@dataclass(frozen=True, slots=True)
class Hint:
    """The expert's move for a seat, and why."""

    action: Action
    #: the seat has no other legal move
    only: bool
    #: the next best move the search weighed (None: it weighed no other)
    runner_up: Action | None = None
    #: how much better `action` came out than `runner_up`, on average over
    #: the worlds both were tried in (about points; 0 or more)
    gain: float = 0.0

    @property
    def sole(self) -> bool:
        """The only sensible move: the only legal one, or the only one the
        search found worth weighing."""
        return self.only or self.runner_up is None

    @property
    def even(self) -> bool:
        """The runner-up came out about as good."""
        return self.runner_up is not None and self.gain < EVEN


def hint(match: Match, seat: int, budget: Budget | None = None) -> Hint:
    """What the expert would play for `seat` now (`budget`: the game's
    expert budget unless given). ValueError when the seat owes no decision."""
    legal = match.legal(seat)
    if not legal:
        raise ValueError(f"seat {seat} owes no decision")
    if len(legal) == 1:
        return Hint(legal[0], only=True)
    found = expert.search(match, seat, legal, budget)
    best = found.action
    others = [a for a, n in found.visits.items() if a != best and n and a in found.means]
    if best not in found.means or not others:
        return Hint(best, only=False)
    # Compared where the search compared them most: among the other moves
    # tried as often as any (sequential halving's last rivals, tried in the
    # same worlds as the move chosen), the best on average.
    most = max(found.visits[a] for a in others)
    rival = max(
        (a for a in others if found.visits[a] == most),
        key=lambda a: (found.means[a], -legal.index(a)),
    )
    gain = max(0.0, found.means[best] - found.means[rival])
    return Hint(best, only=False, runner_up=rival, gain=gain)
