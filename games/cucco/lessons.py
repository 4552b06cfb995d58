"""What a learn match (`/game learn`) tells a newcomer to Cucco about each
kind of decision the engine names (`Cucco.decision_kinds`), and the review
at its end (`learn_review`)."""

from __future__ import annotations

from cogs.i18n import N_, _, ngettext
from cogs.presenters.lessons import Lesson

LESSONS = {
    "bid": Lesson(
        rules=("Z-3", "Z-4"),
        text=N_(
            "Bid a card kind you hold, or pass for the rest of this deal (Z-3); after the "
            "first bid, every bid must be a weaker card of the same suit. The last bidder "
            "becomes the declarer, and whoever holds the other copy of the called card is "
            "the secret partner (Z-4). Bid when you hold strong cards of one suit; passing "
            "is final."
        ),
    ),
    "lead": Lesson(
        rules=("Z-5", "Z-4"),
        text=N_(
            "You lead this trick: play any card from your hand (Z-5). The others must follow "
            "its suit if they can, and the strongest card of that suit wins. Lead a strong "
            "card to draw out the points; as the partner, playing the called card shows "
            "everyone your side (Z-4)."
        ),
    ),
    "follow": Lesson(
        rules=("Z-5", "Z-6"),
        text=N_(
            "Follow the suit led if you can; with none of it, play any card (Z-5). The "
            "strongest card of the suit led wins, the first of two identical cards. A side "
            "needs 10 of the 19 card points to win the deal (Z-6): take the tricks rich in "
            "points, throw points onto a trick your side already wins, and play low into one "
            "it loses."
        ),
    ),
}


def review(view: dict, outcome: dict, seat: int) -> list[str]:
    """The learner's chips (Z-7, Z-8) and the deals they won as declarer,
    from the outcome (its breakdown and each deal's sides)."""
    mine = outcome["breakdown"][seat]
    first = _(
        "You finished with a chip total of {chips}; the best was {best} (Z-8).",
        chips=mine["chips"],
        best=max(outcome["scores"]),
    )
    declared = mine["declared"]
    if not declared:
        return [
            first,
            _(
                "You never became the declarer: a declarer whose side wins gains 2 chips, or "
                "8 playing alone (Z-7); bid when you hold strong cards of one suit."
            ),
        ]
    won = sum(1 for t in outcome["teams"] if t["declarer"] == seat and t["winner"] == "declarer")
    second = ngettext(
        "You were the declarer in {n} deal and won {won} of them (Z-7).",
        "You were the declarer in {n} deals and won {won} of them (Z-7).",
        declared,
        won=won,
    )
    return [first, second]
