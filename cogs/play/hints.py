"""A hint for learners (issue 32), in words: what the expert would do for the
player's decision, and why, in a short phrase.

The decision is the engine's bots' (rules/bots/hint.py: the expert's search
from the seat's own view); the move is named as one of the choices the
seat's panel offers, in that choice's own label (`panel_choice`), so a hint
never words a rule of its own, and its **▶ Play it** button plays exactly
that choice (its joined keys, through the same move path as a panel click).
The gain is told in the game's own points only where the game says its
bots reckon in them (`Presenter.hint_points`); otherwise as "clearly
better". "About as good" is said only when the other move came out within
the search's own noise (`Hint.close`), and then every such move is named
(a few at most). The click that asks for it is answered in cogs/play/clicks.py
(`Clicks.on_hint`); whether a match allows hints, and the count in its
record, are cogs/history/hints.py's.
"""

from __future__ import annotations

from collections.abc import Sequence

from cogs.i18n import N_, _, ngettext
from cogs.play.hand_panels import COMBO, combos
from cogs.presenters import Presenter
from rules import Action, Match
from rules.bots.hint import Hint

ONLY = N_("💡 **{move}** is your only move now.")
SOLE = N_("💡 The expert would play **{move}**: the only sensible move here.")
EVEN = N_("💡 The expert would play **{move}**, though **{other}** comes out about as good.")
#: several moves within the search's own noise of the hint's, each in bold
EVEN_MANY = N_("💡 The expert would play **{move}**, though {others} come out about as good.")
LITTLE = N_(
    "💡 The expert would play **{move}**: a little better on average than the next best, "
    "**{other}**."
)
CLEAR = N_("💡 The expert would play **{move}**: clearly better than the next best, **{other}**.")
#: what a hint reads from (said under every hint)
BLIND = N_("-# Worked out from what you can see, as the bots do; only you see this hint.")

OFF = N_("Hints are not allowed in this match: its creator chose so when opening it.")
BUSY = N_("💡 Your other hint is still being worked out; ask for this one once it has come.")
FAILED = N_("💡 No hint could be worked out just now; please try again in a moment.")
STALE = N_(
    "That hint button was for an earlier move: the table has moved on. "
    "Press **Refresh** on your panel for a hint on your decision now."
)


#: a panel choice: its action keys joined by COMBO, and its label
Choice = tuple[str, str]


def panel_choices(presenter: Presenter, match: Match, seat: int) -> list[Choice]:
    """What the seat's panel offers now, each (joined keys, label) as the
    panel shows it: the whole turns in one click (`combos`) and each single
    decision; for a decision made by marking items (the dice to reroll),
    the move each set of marks gives (the first items by position showing
    those faces: the engine's own order) and the moves with nothing marked."""
    legal = match.legal(seat)
    state = match.view(seat)
    labels = presenter.toggles(state) if legal else None
    if labels:
        found: dict[str, str] = {}
        for mask in range(1 << len(labels)):
            for key, label in presenter.toggle_moves(state, mask):
                found.setdefault(key, label)
        return list(found.items())
    whole = combos(match, seat, legal, presenter, state)
    return whole + [(a.key(), presenter.label(a, state)) for a in legal]


def panel_choice(
    presenter: Presenter, path: Sequence[Action], offered: Sequence[Choice], view: dict
) -> Choice:
    """The panel's choice that plays `path` (a move and the follow-ups the
    seat would make after it in the same turn: `Hint.then`): of the choices
    beginning with that move, the one that goes furthest along the path;
    so a hint whose move opens a whole turn on offer names that whole turn
    when its follow-ups are the ones the bots would take (the greedy
    choice, from the seat's view), and names the single move otherwise
    (the player then decides the rest). A move offered in no form is named
    by its own label. (A panel too crowded to list its whole turns shows
    the single decisions only; ▶ Play it plays the whole turn all the same.)"""
    keys = [a.key() for a in path]
    best: Choice | None = None
    reach = 0
    for key, label in offered:
        parts = key.split(COMBO)
        if parts != keys[: len(parts)]:
            continue
        if len(parts) > reach:
            best, reach = (key, label), len(parts)
    if best is not None:
        return best
    return keys[0], presenter.label(path[0], view)


def hint_choices(
    presenter: Presenter, found: Hint, match: Match, seat: int
) -> tuple[Choice, Choice | None]:
    """The hint's choice and the runner-up's, as the seat's panel offers
    them; the runner-up is None when there is none, or when it is the very
    same choice (or the same words) as the hint's: duplicates are one move."""
    offered = panel_choices(presenter, match, seat)
    view = match.view(seat)
    move = panel_choice(presenter, found.path, offered, view)
    if found.only or found.runner_up is None:
        return move, None
    other = panel_choice(presenter, found.runner_path, offered, view)
    if other[0] == move[0] or other[1] == move[1]:
        return move, None
    return move, other


def close_choices(presenter: Presenter, found: Hint, match: Match, seat: int) -> list[Choice]:
    """The moves about as good as the hint's (`Hint.close`) as the seat's
    panel offers them, runner-up first, each choice once and none the
    hint's own choice."""
    offered = panel_choices(presenter, match, seat)
    view = match.view(seat)
    move = panel_choice(presenter, found.path, offered, view)
    seen = {move[0], move[1]}
    out: list[Choice] = []
    for action in found.close:
        then = found.runner_then if action == found.runner_up else ()
        choice = panel_choice(presenter, (action, *then), offered, view)
        if choice[0] not in seen and choice[1] not in seen:
            out.append(choice)
            seen.update(choice)
    return out


def hint_message(presenter: Presenter, found: Hint, match: Match, seat: int) -> tuple[str, str]:
    """The hint's choice (its joined keys, for ▶ Play it) and the hint in
    words, with every move about as good named."""
    (key, move), other = hint_choices(presenter, found, match, seat)
    also = [label for _key, label in close_choices(presenter, found, match, seat)]
    return key, hint_text(presenter, found, move, other and other[1], also)


def listed(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c" (the current language's way)."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}", first=_(", ").join(items[:-1]), last=items[-1])


def hint_text(
    presenter: Presenter,
    found: Hint,
    move: str,
    other: str | None,
    also: Sequence[str] = (),
) -> str:
    """The hint in words (the current language), its move and the
    runner-up (None: no other worth naming) already in the panel's words
    (`hint_choices`); `also`: every move about as good, in the panel's
    words (`close_choices`; the runner-up among them when it is close)."""
    close = [other] if other is not None else []
    close += [label for label in also if label not in close]
    if found.only:
        said = _(ONLY, move=move)
    elif other is None:
        said = _(SOLE, move=move)
    elif found.even and len(close) > 1:
        said = _(EVEN_MANY, move=move, others=listed([f"**{c}**" for c in close]))
    elif found.even:
        said = _(EVEN, move=move, other=other)
    elif not presenter.hint_points:  # the bots' reckoning is not the game's points
        said = _(CLEAR, move=move, other=other)
    elif (points := round(found.gain)) < 1:
        said = _(LITTLE, move=move, other=other)
    else:
        said = ngettext(  # the gain, in whole points of the game
            "💡 The expert would play **{move}**: about {n} point better on average "
            "than the next best, **{other}**.",
            "💡 The expert would play **{move}**: about {n} points better on average "
            "than the next best, **{other}**.",
            points,
            move=move,
            other=other,
        )
    return f"{said}\n{_(BLIND)}"
