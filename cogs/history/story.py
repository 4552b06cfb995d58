"""Moves in words: the story of a match, told from its logged events.

The engine's events say what happened; the game's presenter turns each into
a phrase ("played 🟢7 on their green row"); this module tells each **turn**
as one entry of one sentence ("**alice** played 🟢7 on their green row and
drew from the draw pile."), under the name of whoever held the seat then.
It is shared by the table's recent moves, `/game log` and the replay.

A turn is one seat's consecutive actions, plus the answers other seats give
to them (a Cuttle counter, letting a one-off resolve: `answers`), and it
ends early where the presenter says a new one opens (the dice game's roll
after a 👺 kobold: `opens_turn`). Its sentence leads with what changed on
the board: the turn's phrases are listed ("A, B and C", never "then"; the same
phrase twice at once is counted: "drew from the draw pile ×2"), details
in one parenthesis after the phrase they follow (of the same seat, or
any phrase for a detail with no subject: what a one-off did), and the phrases of
the presenter's `asides` event types (the dice rolled) in one parenthesis at
the end of the seat's part. Another seat's words in the same turn (a
counter, the winner of a trick) follow after a semicolon. Phrases without a
subject (the game ends, a new deal) stand as lines of their own after it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cogs.i18n import _
from cogs.presenters import Presenter
from rules.core.events import visible
from storage import Holder, LoggedAction, holder_at

#: how far back the table looks for the previous turn of the seat to act
MAX_RECENT_ACTIONS = 40
#: the table's recent moves when nobody owes a decision (the end)
FINAL_RECENT_ACTIONS = 8
#: the table always shows at least this many last actions (a counter chain
#: interleaves the seats, and a short window would cut it); the window then
#: reaches back to the start of the turn they belong to
MIN_RECENT_ACTIONS = 4

NamesAt = Callable[[int], list[str]]


@dataclass(frozen=True, slots=True)
class Line:
    """One entry of the story; `seq` is the first action it tells."""

    seq: int
    text: str


def answers(presenter: Presenter | None, key: str) -> bool:
    """Does the action `key` answer the move in progress (it belongs to the
    turn of the seat that made it)? The presenter's `answers(key)`, if any."""
    return presenter is not None and presenter.answers(key)


def opens_turn(presenter: Presenter | None, key: str) -> bool:
    """Does the action `key` always open a new turn (even by the same seat)?"""
    return presenter is not None and presenter.opens_turn(key)


def turn_owners(log: Sequence[tuple[int, str]], presenter: Presenter | None = None) -> list[int]:
    """For each action of `log` ((seat, key) pairs), the seat whose turn it
    belongs to."""
    owners: list[int] = []
    for seat, key in log:
        if owners and answers(presenter, key):
            owners.append(owners[-1])
        else:
            owners.append(seat)
    return owners


def turn_starts(log: Sequence[tuple[int, str]], presenter: Presenter | None = None) -> list[int]:
    """The indices in `log` where a turn begins (0 first, if any)."""
    owners = turn_owners(log, presenter)
    return [
        i
        for i, (owner, (_seat, key)) in enumerate(zip(owners, log, strict=True))
        if i == 0 or owner != owners[i - 1] or opens_turn(presenter, key)
    ]


def turns(presenter: Presenter | None, actions: Sequence[LoggedAction]) -> list[list[LoggedAction]]:
    """`actions` cut into turns (the first one may be a turn's end, if
    `actions` starts in the middle of one)."""
    starts = set(turn_starts([(a.seat, a.key) for a in actions], presenter))
    out: list[list[LoggedAction]] = []
    for i, action in enumerate(actions):
        if i in starts or not out:
            out.append([])
        out[-1].append(action)
    return out


def listed(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c" (the current language's way)."""
    if len(items) <= 1:
        return "".join(items)
    return _("{first} and {last}", first=_(", ").join(items[:-1]), last=items[-1])


@dataclass(slots=True)
class _Clause:
    """A phrase with the details told after it, in one parenthesis."""

    text: str
    details: list[str] = field(default_factory=list)
    times: int = 1  # the same phrase again at once ("drew from the draw pile ×2")

    def __str__(self) -> str:
        text = self.text if self.times == 1 else f"{self.text} ×{self.times}"
        if self.details:
            text += _(" ({detail})", detail=listed(self.details))
        return text


@dataclass(slots=True)
class _Part:
    """One seat's words within a turn."""

    seat: int
    name: str
    clauses: list[_Clause] = field(default_factory=list)
    asides: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        last = self.clauses[-1] if self.clauses else None
        if last is not None and last.text == text and not last.details:
            last.times += 1
        else:
            self.clauses.append(_Clause(text))

    def text(self) -> str:
        if not self.clauses:  # a turn in progress: the dice rolled so far
            return _("**{name}** {phrases}", name=self.name, phrases=listed(self.asides))
        clauses = [str(c) for c in self.clauses]
        text = _("**{name}** {phrases}", name=self.name, phrases=listed(clauses))
        if self.asides:
            text += _(" ({detail})", detail=listed(self.asides))
        return text


def _tell_turn(
    presenter: Presenter, turn: Sequence[LoggedAction], names_at: NamesAt, viewer: int | None
) -> list[Line]:
    parts: list[_Part] = []
    alone: list[Line] = []  # phrases with no subject, after the turn's sentence
    seq: int | None = None
    asides = presenter.asides
    for action in turn:
        names = names_at(action.seq)
        for event in visible(action.events, viewer):
            phrase = presenter.phrase(event, names)
            if phrase is None:
                continue
            last = parts[-1] if parts else None
            if (
                phrase.detail
                and last is not None
                and last.clauses
                and phrase.seat in (None, last.seat)
            ):
                last.clauses[-1].details.append(phrase.text)
                continue
            if phrase.seat is None:
                alone.append(Line(action.seq, phrase.text))
                continue
            if seq is None:
                seq = action.seq
            part = parts[-1] if parts and parts[-1].seat == phrase.seat else None
            if part is None:
                part = _Part(phrase.seat, names[phrase.seat])
                parts.append(part)
            if event["type"] in asides:
                part.asides.append(phrase.text)
            else:
                part.add(phrase.text)
    if not parts:
        return alone
    text = parts[0].text()
    for part in parts[1:]:
        text = _("{earlier}; {later}", earlier=text, later=part.text())
    assert seq is not None
    return [Line(seq, _("{sentence}.", sentence=text)), *alone]


def tell(
    presenter: Presenter,
    actions: Sequence[LoggedAction],
    names_at: NamesAt,
    viewer: int | None = None,
) -> list[Line]:
    """The story of `actions` as `viewer` (a seat; None: everybody) may
    read it, one entry per turn (see the module's docstring): public
    events, plus the viewer's own private ones."""
    lines: list[Line] = []
    for turn in turns(presenter, actions):
        lines += _tell_turn(presenter, turn, names_at, viewer)
    return lines


def recent_start(
    log: Sequence[tuple[int, str]], owing: Sequence[int], presenter: Presenter | None = None
) -> int:
    """Where the table's recent moves begin: just after the previous turn
    of the seat(s) now owing a decision, so a player coming back reads
    everything that happened since they last played (their own turn in
    progress included), and never fewer than the last few actions. At the
    end of a match: the last few actions. Always at the start of a turn
    (`turn_starts`, with the game's `presenter`), never in the middle of
    one."""
    end = len(log)
    if end == 0:
        return 0
    floor = max(0, end - MAX_RECENT_ACTIONS)
    owners = turn_owners(log, presenter)
    starts = turn_starts(log, presenter)

    def turn_start(i: int) -> int:
        """The start of the turn action `i` belongs to."""
        return max(s for s in starts if s <= i)

    if not owing:
        i = max(floor, end - FINAL_RECENT_ACTIONS)
    else:
        mine = set(owing)
        i = end
        while i > floor and owners[i - 1] in mine:  # their turn in progress
            i = turn_start(i - 1)
        while i > floor and owners[i - 1] not in mine:  # everybody else's since
            i = turn_start(i - 1)
        i = min(i, max(0, end - MIN_RECENT_ACTIONS))
    return turn_start(i) if i < end else i


def names_by_history(
    history: Sequence[Holder], seats: int, name_of: Callable[[Holder], str]
) -> NamesAt:
    """names_at(seq): each seat's name as it was when action `seq` was
    played (a seat handed over keeps its earlier holder on earlier moves)."""
    cache: dict[tuple, list[str]] = {}
    history = list(history)

    def names_at(seq: int) -> list[str]:
        holders = tuple(holder_at(history, seat, seq) for seat in range(seats))
        if holders not in cache:
            cache[holders] = [
                name_of(h) if h is not None else _("Seat {n}", n=seat + 1)
                for seat, h in enumerate(holders)
            ]
        return cache[holders]

    return names_at
