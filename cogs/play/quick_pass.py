"""Quick passes: a decision a player chose to have made for them when it is
their only choice (`/game notify quick_pass:`, off by default).

A game's presenter names those decisions (`Presenter.quick_passes`, with
what a quick pass tells the other players: Cuttle's "resolve" when the
responder holds no 2). Whether a seat has one is read from that seat's own
legal decisions (its only legal action is one of them), never from another
seat's cards; the decision is made by the seat service through the click's
own move path (`Moves.play`), so the match's log holds the player's own
move. It is made after the same pause as a bot's move, never at once: a
quick pass tells the others what the presenter's words say, no more.
"""

from __future__ import annotations

from cogs.presenters import presenter_for
from storage import LoadedMatch, Status, Store

#: the player's own setting (`/game notify quick_pass:`): True, or absent
QUICK_PASS_KEY = "quick_pass"


def passable(loaded: LoadedMatch) -> dict[int, tuple[int, str]]:
    """{user id: (their seat, the action's key)} of the people owing a
    decision whose only legal action is one their game lets be made for
    them (whether they chose so is `quick_passes`)."""
    match = loaded.match
    if match is None or loaded.status != Status.ACTIVE or loaded.paused or match.is_over():
        return {}
    verbs = presenter_for(loaded.game).quick_passes
    if not verbs:
        return {}
    owed = match.to_act()
    found = {}
    for s in loaded.seats:
        if s.user_id is None or s.seat not in owed:
            continue
        legal = match.legal(s.seat)
        if len(legal) == 1 and legal[0].verb in verbs:
            found[s.user_id] = (s.seat, legal[0].key())
    return found


async def quick_passes(store: Store, loaded: LoadedMatch) -> dict[int, tuple[int, str]]:
    """Those of `passable(loaded)` who chose quick passes."""
    return {
        user_id: found
        for user_id, found in passable(loaded).items()
        if await store.get_user_setting(user_id, QUICK_PASS_KEY, False) is True
    }
