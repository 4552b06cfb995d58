"""A hint for a person learning a game: what the expert would do, and why.

The hint is the expert's own decision (`expert.search`, the same search a
bot seat at the expert level makes, from the same seat's view: hidden cards
are re-dealt in every world it imagines), with what the search found about
the alternatives: the runner-up among the moves it weighed, and how much
better the chosen move came out on average, in the evaluations' units
(about points; whether they are the game's own points is the game's to say,
where the hint is worded). Moves that come to the same (two orders of the
same stones: `same_move`) are one move: the runner-up is never the chosen
move under another name. With each of the two, the follow-ups the seat
would make next in the same turn (`follow_ups`), so a panel that offers a
whole turn in one click can name the whole turn the hint means. Pure, like
every bot: the same (seed, seq, seat) gives the same hint, and the match it
reads is not changed.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.bots import expert
from rules.bots.levels import choose_action
from rules.bots.policy import Budget
from rules.core.actions import Action
from rules.core.match import Match

#: a gain below this (in the evaluations' units) is no real difference: the
#: two moves are about as good
EVEN = 0.05
#: decisions of one turn a hint names at most (its move and the follow-ups)
TURN_STEPS = 3


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
    #: what the seat would decide next after `action`, in the same turn and
    #: before anything new is shown to it (`follow_ups`)
    then: tuple[Action, ...] = ()
    #: the same after `runner_up`
    runner_then: tuple[Action, ...] = ()

    @property
    def path(self) -> tuple[Action, ...]:
        """The move and its follow-ups, in order."""
        return (self.action, *self.then)

    @property
    def runner_path(self) -> tuple[Action, ...]:
        """The runner-up and its follow-ups (empty when there is none)."""
        return () if self.runner_up is None else (self.runner_up, *self.runner_then)

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
        return Hint(legal[0], only=True, then=follow_ups(match, seat, legal[0]))
    found = expert.search(match, seat, legal, budget)
    best = found.action
    then = follow_ups(match, seat, best)
    others = [
        a
        for a, n in found.visits.items()
        if a != best and n and a in found.means and not same_move(match, seat, a, best)
    ]
    if best not in found.means or not others:
        return Hint(best, only=False, then=then)
    # Compared where the search compared them most: among the other moves
    # tried as often as any (sequential halving's last rivals, tried in the
    # same worlds as the move chosen), the best on average.
    most = max(found.visits[a] for a in others)
    rival = max(
        (a for a in others if found.visits[a] == most),
        key=lambda a: (found.means[a], -legal.index(a)),
    )
    gain = max(0.0, found.means[best] - found.means[rival])
    rival_then = follow_ups(match, seat, rival)
    return Hint(best, only=False, runner_up=rival, gain=gain, then=then, runner_then=rival_then)


def same_move(match: Match, seat: int, a: Action, b: Action) -> bool:
    """Do `a` and `b` come to the same (e.g. the same wishing stones taken
    in another order, the same dice named in another order)? Both are
    played on copies, and the match as the seat sees it after each, and as
    everyone sees it, must be the same. A move that shows its maker
    something new (a draw, a roll) is never the same as another: what it
    shows is chance. Reads only what the seat may see; the match is not
    changed."""
    if a == b:
        return True
    if match.reveals(a) or match.reveals(b):
        return False
    after_a, after_b = match.preview(seat, a), match.preview(seat, b)
    return after_a.to_act() == after_b.to_act() and all(
        after_a.view(s) == after_b.view(s) for s in (seat, None)
    )


def follow_ups(match: Match, seat: int, action: Action) -> tuple[Action, ...]:
    """What the seat would decide next after `action` in the same turn, as
    far as nothing new is shown to it (a draw, a roll) and at most
    `TURN_STEPS` decisions in all: each the bots' greedy choice (one ply,
    from the seat's view: the expert's own first judgement, cheap enough
    to add to a hint). A panel offering a whole turn in one click names,
    from these, the turn a hint means (cogs/play/hints.py)."""
    found: list[Action] = []
    last, twin = action, match
    while len(found) < TURN_STEPS - 1 and not twin.reveals(last):
        twin = twin.preview(seat, last)
        if seat not in twin.to_act() or not twin.legal(seat):
            break
        last = choose_action(twin, seat, "greedy")
        found.append(last)
    return tuple(found)
