"""What a learn match (`/game learn`) tells a newcomer to Keltis about each
kind of decision the engine names (`Keltis.decision_kinds`), and the review
at its end (`learn_review`)."""

from __future__ import annotations

from cogs.i18n import N_, _, ngettext
from cogs.presenters.lessons import Lesson

LESSONS = {
    "play": Lesson(
        rules=("K-4a", "K-4b", "K-4c", "K-4d", "K-7"),
        text=N_(
            "Your play step: put one card into your row of its colour, keeping the row "
            "rising or falling (K-4c); a grey point card goes to your point row or onto a "
            "row ending in its value (K-4d). Or discard a card (K-4a), or two cards of equal "
            "value to take that wishing stone (K-4b). A row scores only from four cards on "
            "and fewer than two stones cost points (K-7): start few rows, climb in small "
            "steps, and discard what you cannot use."
        ),
    ),
    "draw": Lesson(
        rules=("K-5", "K-5a", "K-6b"),
        text=N_(
            "Refill your hand to eight (K-5): from the draw pile, or the top card of any "
            "discard pile, but not a card you discarded this turn (K-5a). A discard top you "
            "can play next is a sure card; the draw pile is a surprise, and drawing its last "
            "card ends the game (K-6b)."
        ),
    ),
    "final": Lesson(
        rules=("K-6a", "K-6b", "K-6c", "K-7"),
        text=N_(
            "The game has ended (K-6a, K-6b): you may still place up to two cards into your "
            "rows or point row by the usual rules, then say you're done (K-6c). Lengthen a "
            "row towards its next score step or add to your point row; never start a new "
            "row now, since one card alone costs 4 points (K-7)."
        ),
    ),
}


def review(view: dict, outcome: dict, seat: int) -> list[str]:
    """How the learner's rows and wishing stones scored (K-7), from the
    outcome's breakdown of the engine's scoring."""
    scored = outcome["breakdown"][seat]
    rows = scored["rows"]
    short = [p for p in rows.values() if p < 0]
    if not rows:
        first = _("You built no rows: rows of four cards or more are where the points are (K-7).")
    elif short:
        first = ngettext(
            "You started {n} row; {short} of them stayed under four cards and cost "
            "{lost} points (K-7): start fewer rows and make each one long.",
            "You started {n} rows; {short} of them stayed under four cards and cost "
            "{lost} points (K-7): start fewer rows and make each one long.",
            len(rows),
            short=len(short),
            lost=-sum(short),
        )
    else:
        first = ngettext(
            "Your {n} row reached four cards or more and scored {points} points (K-7): well built.",
            "All {n} of your rows reached four cards or more and scored {points} points "
            "(K-7): well built.",
            len(rows),
            points=sum(rows.values()),
        )
    stones = len(view["players"][seat]["stones"])
    second = ngettext(
        "You took {n} wishing stone, worth {points} points (K-7); three or more pay well.",
        "You took {n} wishing stones, worth {points} points (K-7); three or more pay well.",
        stones,
        points=f"{scored['stones']:+d}",
    )
    return [first, second]
