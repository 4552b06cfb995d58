"""A hint for learners (issue 32), in words: what the expert would do for the
player's decision, and why, in a short phrase.

The decision is the engine's bots' (rules/bots/hint.py: the expert's search
from the seat's own view); the move is named with the presenter's own label
for it (the one its button or menu shows), so a hint never words a rule of
its own. The click that asks for it is answered in cogs/play/clicks.py
(`Clicks.on_hint`); whether a match allows hints, and the count in its
record, are cogs/history/hints.py's.
"""

from __future__ import annotations

from cogs.i18n import N_, _, ngettext
from cogs.presenters import Presenter
from rules.bots.hint import Hint

ONLY = N_("💡 **{move}** is your only move now.")
SOLE = N_("💡 The expert would play **{move}**: the only sensible move here.")
EVEN = N_("💡 The expert would play **{move}**, though **{other}** comes out about as good.")
LITTLE = N_(
    "💡 The expert would play **{move}**: a little better on average than the next best, "
    "**{other}**."
)
#: what a hint reads from (said under every hint)
BLIND = N_("-# Worked out from what you can see, as the bots do; only you see this hint.")

OFF = N_("Hints are not allowed in this match: its creator chose so when opening it.")
BUSY = N_("💡 Your other hint is still being worked out; ask for this one once it has come.")
FAILED = N_("💡 No hint could be worked out just now; please try again in a moment.")
STALE = N_(
    "That hint button was for an earlier move: the table has moved on. "
    "Press **Refresh** on your panel for a hint on your decision now."
)


def hint_text(presenter: Presenter, found: Hint, view: dict) -> str:
    """The hint in words (the current language), its move named as the
    presenter labels it in `view` (the seat's own view)."""
    move = presenter.label(found.action, view)
    if found.only:
        said = _(ONLY, move=move)
    elif found.runner_up is None:
        said = _(SOLE, move=move)
    else:
        other = presenter.label(found.runner_up, view)
        points = round(found.gain)
        if found.even:
            said = _(EVEN, move=move, other=other)
        elif points < 1:
            said = _(LITTLE, move=move, other=other)
        else:
            said = ngettext(  # the gain, in whole points of the expert's reckoning
                "💡 The expert would play **{move}**: about {n} point better on average "
                "than the next best, **{other}**.",
                "💡 The expert would play **{move}**: about {n} points better on average "
                "than the next best, **{other}**.",
                points,
                move=move,
                other=other,
            )
    return f"{said}\n{_(BLIND)}"
