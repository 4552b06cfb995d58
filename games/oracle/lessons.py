"""What a learn match (`/game learn`) tells a newcomer to Keltis: the Oracle
about each kind of decision the engine names (`Oracle.decision_kinds`), and
the review at its end (`learn_review`)."""

from __future__ import annotations

from cogs.i18n import N_, _, ngettext
from cogs.presenters.lessons import Lesson

LESSONS = {
    "play": Lesson(
        rules=("O-4A", "O-4B", "O-8"),
        text=N_(
            "Play a card into your row of its colour, which keeps rising or falling as in "
            "Keltis, and then make a move with it (O-4A); or discard a card and make no move "
            "(O-4B). Rows score nothing here: they are what lets you move, and what counts is "
            "your pawns' fields, the points won in play and your wishing stones (O-8). Play "
            "a card that takes a pawn far or onto a good tile; discard one that would block "
            "a row."
        ),
    ),
    "move": Lesson(
        rules=("O-4A1", "O-4A2", "O-8"),
        text=N_(
            "Move one of your pawns to the next field of the card's colour ahead of it "
            "(O-4A1), or move the oracle forward by 1 up to the card's oracle number "
            "(O-4A2). The oracle stopping on a field with your pawn scores 5 at once; a "
            "pawn scores its field's printed points at the end, negative near the start and "
            "up to 10 in the centre (O-8), and the tile where it stops acts."
        ),
    ),
    "clover": Lesson(
        rules=("O-6b",),
        text=N_(
            "Your pawn stopped on a clover: you may move the same pawn on to the next field "
            "of the clover's colour ahead, and that field's tile acts in turn (O-6b; with the "
            "variant, one of your other pawns moves instead). It is a free step forward: "
            "skip it only when the field you stand on is worth more."
        ),
    ),
    "spiral": Lesson(
        rules=("O-6c", "O-8"),
        text=N_(
            "A spiral lets you move this pawn back to any earlier field, except the one it "
            "stood on before this turn, and that field's tile acts (O-6c). Go back for a "
            "wishing stone, a mirror or a point tile behind you; skip it when the pawn's "
            "place ahead is worth more at the end (O-8)."
        ),
    ),
    "goblin": Lesson(
        rules=("O-6d", "O-5", "O-6g"),
        text=N_(
            "A goblin lets you discard one card: from your hand (you then draw two, O-5), or "
            "the last card of one of your rows, which can free that row's direction (O-6d). "
            "Shed a card you cannot use, or skip. All three of your pawns on goblin fields "
            "at once score a bonus, once a game (O-6g)."
        ),
    ),
    "draw": Lesson(
        rules=("O-5", "O-7b"),
        text=N_(
            "Refill your hand to eight from the draw pile or the top of any discard pile, "
            "but not a card you discarded this turn (O-5). A top card that fits one of your "
            "rows is a sure move next turn; drawing the last card of the draw pile ends the "
            "game (O-7b)."
        ),
    ),
}


def review(view: dict, outcome: dict, seat: int) -> list[str]:
    """Where the learner's pawns ended, what play earned and what the
    wishing stones and mirrors gave (O-8), from the outcome's breakdown."""
    scored = outcome["breakdown"][seat]
    fields = _(", ").join(f"{p:+d}" for p in scored["pawns"])
    first = _(
        "Your pawns ended on fields worth {points} points ({fields}), and play earned you "
        "{earned} more (O-8): pawns deep in the spiral pay most.",
        points=scored["pawn_points"],
        fields=fields,
        earned=scored["in_game"],
    )
    second = ngettext(
        "You held {n} wishing stone, worth {points} points, and your 🪞 mirrors ({mirrors}) "
        "added {mirror_points} (O-8); two stones or more turn the loss into a gain.",
        "You held {n} wishing stones, worth {points} points, and your 🪞 mirrors ({mirrors}) "
        "added {mirror_points} (O-8); two stones or more turn the loss into a gain.",
        view["players"][seat]["stones"],
        points=scored["stone_points"],
        mirrors=scored["mirrors"],
        mirror_points=scored["mirror_points"],
    )
    return [first, second]
