"""Do the moves a game calls unrevealing show their maker nothing new, and
are its forced moves no choice?

A panel joins moves into one click (`Match.preview`, `legal_after`) only up
to a move that reveals something (`Match.reveals`: a draw, a roll, the next
deal's hand), so a move a game wrongly calls unrevealing would let a preview
show a hidden card. The check makes each such move in the match and in
copies where everything hidden from its maker is dealt again (the bots'
sampling, rules/bots/sampling.py) and chance comes from another seed: its
maker's view and legal actions afterwards must be the same in all.

A forced move (`Match.forced`) is made for a seat without asking (the
dice's roll, cogs/play/moves.py, clicks.py): it must be the seat's only
legal action whenever its verb is legal at all, and whether the seat is
forced must not depend on what another seat cannot see (the move made at
once, or a panel waiting, would tell it). It may reveal (a roll shows the
dice): nothing was decided, so nothing is previewed before it.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.bots.sampling import determinize
from rules.core.actions import Action
from rules.core.match import Match
from rules.core.rng import Rng

#: the worlds (a re-deal and another chance) each move is made in
WORLDS = 3


def worlds(match: Match, seat: int, rng: Rng, n: int = WORLDS) -> list[Match]:
    """Copies of the match in which everything `seat` cannot see is dealt
    again and chance comes from another seed."""
    found = []
    for _ in range(n):
        state, chance = determinize(match, seat, Rng(rng.next64()))
        found.append(
            Match(match.game, match.players, match.options, match.seed, chance, state, [*match.log])
        )
    return found


def check_unrevealing_moves(
    match: Match, seat: int, actions: Iterable[Action], rng: Rng, n: int = WORLDS
) -> set[str]:
    """Fail (AssertionError) if one of `actions` (legal for `seat` now) that
    the match says reveals nothing leaves `seat` seeing, or able to do,
    something else in a world re-dealt for it. Returns the verbs checked."""
    checked: set[str] = set()
    others = worlds(match, seat, rng, n)
    for action in actions:
        if match.reveals(action, seat):
            continue
        checked.add(action.verb)
        after = match.preview(seat, action)
        view, legal = after.view(seat), after.legal(seat)
        for world in others:
            twin = world.preview(seat, action)
            assert twin.view(seat) == view and twin.legal(seat) == legal, (
                f"{match.game.id}: {action.key()} by seat {seat} at seq {match.seq} "
                "shows its maker what it could not know (another deal or another "
                "chance gives it another view after it), but the game says it "
                "reveals nothing: add its verb to `revealing_verbs`, or say when "
                "it reveals in `Game.reveals`"
            )
    return checked


def check_forced(match: Match, rng: Rng, n: int = WORLDS) -> set[str]:
    """Fail (AssertionError) if a verb the game may make without asking
    (`forced_verbs`) is legal beside another action, or if whether a seat is
    forced depends on what another seat cannot see. Returns the forced verbs
    met."""
    forced_verbs = match.game.forced_verbs
    met: set[str] = set()
    for seat in match.to_act():
        legal = match.legal(seat)
        found = [a for a in legal if a.verb in forced_verbs]
        assert not found or legal == found[:1], (
            f"{match.game.id}: {found[0].key()} is a forced verb, but seat {seat} "
            f"has a choice at seq {match.seq}: {[a.key() for a in legal]}"
        )
        forced = match.forced(seat)
        assert forced == (found[0] if found else None)
        if forced is None:
            continue
        met.add(forced.verb)
        for other in range(match.players):
            if other == seat:
                continue
            for world in worlds(match, other, rng, n):
                twin = world.forced(seat)
                assert twin is not None and twin.verb == forced.verb, (
                    f"{match.game.id}: seat {seat}'s {forced.key()} is forced at seq "
                    f"{match.seq}, but not in a world seat {other} cannot tell apart: "
                    f"making it at once would tell seat {other} what it cannot see"
                )
    return met
