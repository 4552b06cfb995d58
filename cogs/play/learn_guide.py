"""A learn match's guide on the learner's private panel (`/game learn`,
issue 45): each kind of decision explained the first time it comes (the
game's `Lesson` for it: cogs/presenters/lessons.py), a **Why?** button on
later panels that shows it again, and, for the learner's first decisions
that are a choice, the 💡 hint in the panel itself with its ▶ Play it.

What the learner met before is read from the match's own record: the log
is replayed from the seed, and the kinds the learner faced at each of
their logged decisions are the kinds met. So a bot restarted mid-match
still knows what it explained, and nothing is kept in memory.
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from cogs.i18n import N_, _
from cogs.play.learn_buttons import WhyButton
from cogs.presenters import Presenter
from cogs.presenters.lessons import Lesson
from rules import Match
from rules.core.match import CONCEDE

#: the learner's first decisions (of those that are a choice) that the guide's
#: hint comes with
GUIDED = 3

#: the panel's field that explains a kind of decision met for the first time
NEW_KIND = N_("📖 New: how this decision works")
#: the same explanation, again, after **Why?**
AGAIN = N_("📖 How this decision works")
#: the rule ids under a lesson
RULES = N_("Rules: {rules}")
#: the guide's field over the hint, on the first decisions
GUIDE = N_("🧭 Guide ({n}/{of})")
GUIDE_TEXT = N_(
    "For your first moves I show what the expert would do. Press **▶ Play it** to follow it, "
    "or choose any move you like."
)
#: while the guide's hint is worked out
GUIDE_THINKING = N_("💡 Working out what the expert would do…")
#: the guide's hint could not be had (the panel still works)
GUIDE_FAILED = N_("💡 No hint this time: choose your move, or press 💡 Hint.")
#: the last row of a panel (Refresh, 💡 Hint), where Why? and ▶ Play it go
LAST_ROW = 4


@dataclass(frozen=True, slots=True)
class Progress:
    """What the learner met before their current decision."""

    #: the kinds of decision the learner faced at their earlier decisions
    kinds: frozenset[str]
    #: how many of their earlier decisions were a choice (more than one move)
    choices: int


def progress(match: Match, seat: int) -> Progress:
    """The learner's earlier decisions, from the match's record: its log
    replayed from the seed, each of `seat`'s logged moves read in the state
    it was made in (a concession is no decision)."""
    replay = Match.new(match.game_id, match.players, match.seed, match.options)
    kinds: set[str] = set()
    choices = 0
    for who, key in match.log:
        if who == seat and key != CONCEDE:
            kind = replay.decision_kind(seat)
            if kind is not None:
                kinds.add(kind)
            if len(replay.legal(seat)) > 1:
                choices += 1
        replay.apply_logged(who, key)
    return Progress(frozenset(kinds), choices)


@dataclass(frozen=True, slots=True)
class Guidance:
    """What the guide adds to the learner's panel now."""

    kind: str | None  # the decision's kind (None: none, or not the learner's turn)
    lesson: Lesson | None  # its lesson, when the game has one
    first: bool  # met for the first time: the lesson is shown in the panel
    guided: int  # 1..GUIDED: this decision is guided (the hint comes with it); 0: not


def guidance(presenter: Presenter, match: Match, seat: int) -> Guidance:
    """The guide's part of the panel of `seat` (the learner) now."""
    kind = match.decision_kind(seat)
    legal = match.legal(seat) if seat in match.to_act() else []
    if not legal:
        return Guidance(None, None, False, 0)
    met = progress(match, seat)
    lesson = presenter.lessons.get(kind) if kind is not None else None
    first = kind is not None and kind not in met.kinds
    guided = met.choices + 1 if len(legal) > 1 and met.choices < GUIDED else 0
    return Guidance(kind, lesson, first, guided)


def lesson_text(lesson: Lesson) -> str:
    """A lesson in words (the current language), its rule ids under it."""
    text = _(lesson.text)
    if lesson.rules:
        text += "\n-# " + _(RULES, rules=_(", ").join(lesson.rules))
    return text[:1024]


def decorate(
    embed: discord.Embed,
    view: discord.ui.View,
    guide: Guidance,
    match_id: int,
    seq: int,
) -> None:
    """The lesson of a kind met for the first time as a field of the panel,
    or a **Why?** button (a kind met before); the guide's field while its
    hint is worked out (`add_hint` then fills it)."""
    if guide.lesson is not None and guide.first:
        embed.add_field(name=_(NEW_KIND), value=lesson_text(guide.lesson), inline=False)
    elif guide.lesson is not None:
        add_button(view, WhyButton(match_id, seq, row=LAST_ROW))
    if guide.guided:
        embed.add_field(
            name=_(GUIDE, n=guide.guided, of=GUIDED),
            value=f"{_(GUIDE_TEXT)}\n{_(GUIDE_THINKING)}",
            inline=False,
        )


def waiting(embed: discord.Embed) -> bool:
    """Does the panel wait for the guide's hint (`decorate` said so)?"""
    marker = _(GUIDE_THINKING)
    return any(field.value and marker in field.value for field in embed.fields)


def add_hint(
    embed: discord.Embed, view: discord.ui.View, button: discord.ui.Item | None, text: str
):
    """The guide's hint in its field (the last the guide added), and its
    ▶ Play it button (None: the hint could not be had)."""
    for index, field in enumerate(embed.fields):
        if field.value and _(GUIDE_THINKING) in field.value:
            value = field.value.replace(_(GUIDE_THINKING), text)[:1024]
            embed.set_field_at(index, name=field.name, value=value, inline=False)
    if button is not None:
        add_button(view, button)


def add_button(view: discord.ui.View, button: discord.ui.Item) -> bool:
    """A button on the panel's last row, or the first with room (False: none)."""
    for row in (LAST_ROW, *range(LAST_ROW)):
        button.row = row
        try:
            view.add_item(button)
        except ValueError:
            continue
        return True
    return False
