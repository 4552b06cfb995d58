"""What a learn match (`/game learn`) tells a newcomer to the Keltis dice
game about each kind of decision the engine names
(`KeltisDice.decision_kinds`: the steps of a turn, D-4), and the review at
its end (`learn_review`)."""

from __future__ import annotations

from cogs.i18n import N_, _, ngettext
from cogs.presenters.lessons import Lesson

LESSONS = {
    "roll": Lesson(
        rules=("D-4",),
        text=N_(
            "Your turn starts with a roll of all five dice (D-4). Then you may keep some "
            "dice and reroll the others once, take a chip when two or more dice show the "
            "wishing stone, and move the stone of one colour as many fields as dice show "
            "that colour."
        ),
    ),
    "reroll": Lesson(
        rules=("D-4", "D-6"),
        text=N_(
            "Keep the dice you like and reroll all the others, once, or keep them all (D-4, "
            "step 2). Keep the colour you mean to move and reroll the rest for more of it; "
            "two wishing-stone faces earn a chip (step 3), and fewer than four chips at the "
            "end cost points (D-6)."
        ),
    ),
    "move": Lesson(
        rules=("D-4", "D-2"),
        text=N_(
            "Choose one colour on the dice: your stone in that row moves exactly as many "
            "fields as dice show it, or a new stone enters the row; or pass (D-4, step 4). "
            "A stone scores its field, negative on fields 1 to 3 and 6, 7 or 10 in the goal "
            "area 7 to 9 (D-2): carry a few rows far rather than many a little, and aim for "
            "clovers, wishing stones and kobolds."
        ),
    ),
    "clover": Lesson(
        rules=("D-4", "D-2"),
        text=N_(
            "Your stone stopped on a clover: you may move any one of your stones one field "
            "forward, or bring a new stone onto field 1 of a row where you have none, and "
            "the symbol where it stops works too (D-4, step 5). Usually push a stone that is "
            "already far along: a new stone on field 1 scores -4 (D-2)."
        ),
    ),
}


def review(view: dict, outcome: dict, seat: int) -> list[str]:
    """Where the learner's stones ended (how many in a goal area) and what
    the chips gave (D-6), added over the match's games."""
    games = outcome["breakdown"][seat]["games"]
    first = _(
        "Your Celtic stones ended on fields worth {points} points, {goal} of them in a "
        "goal area (D-6): a few rows carried far score best.",
        points=sum(p for g in games for p in g["rows"].values()),
        goal=view["in_goal"][seat],
    )
    second = ngettext(
        "You collected {n} wishing-stone chip, worth {points} points (D-6); fewer than "
        "four cost points.",
        "You collected {n} wishing-stone chips, worth {points} points (D-6); fewer than "
        "four cost points.",
        sum(g["chips"] for g in games),
        points=sum(g["chip_points"] for g in games),
    )
    return [first, second]
