"""What a learn match (`/game learn`) tells a newcomer to Cuttle about each
kind of decision the engine names (`Cuttle.decision_kinds`), and the review
at its end (`learn_review`)."""

from __future__ import annotations

from cogs.i18n import N_, _, ngettext
from cogs.presenters.lessons import Lesson

LESSONS = {
    "main": Lesson(
        rules=("C-2a", "C-2b", "C-2c", "C-2d", "C-2e", "C-6"),
        text=N_(
            "Your turn is exactly one of: draw a card (C-2a), lay an A to 10 as points "
            "(C-2b), scuttle an opponent's point card with a card that beats it (C-2c), "
            "play a one-off (C-2d), or a permanent: a J, Q, K or an 8 as glasses (C-2e). "
            "You win the moment your points reach your target, 21 or less with Kings (C-6): "
            "lay points when they are safe, scuttle their biggest card, and keep a 2 to "
            "answer their one-offs."
        ),
    ),
    "counter": Lesson(
        rules=("C-4",),
        text=N_(
            "A one-off (or a 2 countering one) waits for your answer: counter it by "
            "scrapping a 2 from your hand, or let it resolve (C-4). You are asked even "
            "without a 2, so the question tells nobody your hand. Spend a 2 on what hurts "
            "most, such as an A or a 6 that would wipe out your table."
        ),
    ),
    "take": Lesson(
        rules=("C-3",),
        text=N_(
            "Your 3 resolves: take any one card from the scrap pile into your hand (C-3). "
            "Take back what wins or saves the game: a high point card, a King, or a 2 to "
            "counter with."
        ),
    ),
    "discard": Lesson(
        rules=("C-3",),
        text=N_(
            "Your opponent's 4 makes you scrap two cards from your hand, shown to both "
            "(C-3). Keep the cards that win or defend (high points, 2s, Kings) and give up "
            "the rest."
        ),
    ),
    "seven": Lesson(
        rules=("C-3",),
        text=N_(
            "Your 7 turned up the deck's top card: you must play it at once in one of its "
            "legal ways, as points, a scuttle, a one-off or a permanent (C-3). Choose the "
            "use that brings you nearer your target or sets your opponent back most."
        ),
    ),
}


def review(view: dict, outcome: dict, seat: int) -> list[str]:
    """How near the learner came to their target (C-6) and what Kings did
    for it (C-5c), from the outcome's breakdown."""
    mine = outcome["breakdown"][seat]
    points, target = mine["points"], mine["target"]
    if mine["reached"]:
        first = _(
            "You reached {points} points of your target {target} (C-6): the race was yours.",
            points=points,
            target=target,
        )
    else:
        first = _(
            "You ended on {points} of the {target} points you needed (C-6), {short} short; "
            "your opponent held {theirs}.",
            points=points,
            target=target,
            short=target - points,
            theirs=outcome["breakdown"][1 - seat]["points"],
        )
    if mine["kings"]:
        second = ngettext(
            "Your {n} King lowered your target from 21 to {target} (C-5c).",
            "Your {n} Kings lowered your target from 21 to {target} (C-5c).",
            mine["kings"],
            target=target,
        )
    else:
        second = _(
            "You played no King: each one lowers your target, from 21 to 14, 10, 7 and 5 (C-5c)."
        )
    return [first, second]
