"""A hint for a person learning a game: what the expert would do, and why.

The hint is the expert's judgement from the seat's own view (hidden cards
are re-dealt in every world it imagines), thought over longer than a bot
seat's (`expert.hint_search`: the game's hint budget, by default the seat's
with `HINT_SCALE` times the iterations, raced in common worlds so no move is
dropped on thin evidence): a learner who follows it should learn the game,
not the search's luck. With it, what the search found about the
alternatives: the runner-up, how much better the chosen move came out on
average, in the evaluations' units (about points; whether they are the
game's own points is the game's to say, where the hint is worded), and every
move within the search's own noise (`close`: about as good). Moves that come
to the same (two orders of the same stones: `same_move`) are one move: the
runner-up is never the chosen move under another name. With each of the two,
the follow-ups the seat would make next in the same turn (`follow_ups`), so
a panel that offers a whole turn in one click can name the whole turn the
hint means. Pure, like every bot: the same (seed, seq, seat) gives the same
hint, and the match it reads is not changed."""

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
#: a lead within this many standard errors of the difference between two
#: moves is the search's own noise: the two are about as good
NOISE_Z = 2.0
#: moves about as good as the hint's that a hint names at most
CLOSE_NAMED = 3
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
    #: the other moves that came out within the search's own noise of
    #: `action` (closest first, at most `CLOSE_NAMED`): about as good
    close: tuple[Action, ...] = ()

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
        """Another move came out about as good: within the search's noise
        (`close`), or by less than `EVEN`."""
        return bool(self.close) or (self.runner_up is not None and self.gain < EVEN)


def hint(match: Match, seat: int, budget: Budget | None = None) -> Hint:
    """What the expert would play for `seat` now, by the hint's own search
    (`budget`: the game's hint budget, `Policy.hint_budget`, unless given).
    ValueError when the seat owes no decision."""
    legal = match.legal(seat)
    if not legal:
        raise ValueError(f"seat {seat} owes no decision")
    if len(legal) == 1:
        return Hint(legal[0], only=True, then=follow_ups(match, seat, legal[0]))
    found = expert.hint_search(match, seat, legal, budget)
    best = found.action
    then = follow_ups(match, seat, best)
    others = [
        a
        for a, vals in found.values.items()
        if a != best and vals and found.values[best] and not same_move(match, seat, a, best)
    ]
    if not others:
        return Hint(best, only=False, then=then)
    # Each rival measured against the move chosen on the worlds both were
    # tried in; the closest is the runner-up, and every rival whose gap is
    # within the search's own noise is about as good.
    leads = {a: found.lead(a) for a in others}
    ranked = sorted(others, key=lambda a: (leads[a][0], -len(found.values[a])))
    close = [a for a in ranked if within_noise(*leads[a])]
    rival = ranked[0]
    gain = max(0.0, leads[rival][0])
    rival_then = follow_ups(match, seat, rival)
    return Hint(
        best,
        only=False,
        runner_up=rival,
        gain=gain,
        then=then,
        runner_then=rival_then,
        close=tuple(close[:CLOSE_NAMED]),
    )


def within_noise(lead: float, se: float) -> bool:
    """A lead no wider than the search's own noise: `NOISE_Z` standard
    errors of the difference, or below `EVEN` outright."""
    return lead < EVEN or lead <= NOISE_Z * se


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
