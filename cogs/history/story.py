"""Moves in words: the story of a match, told from its logged events.

The engine's events say what happened; the game's presenter turns each into
a phrase ("played 🟢7 on their green row"); this module joins a seat's
phrases into sentences ("**alice** played 🟢7 on their green row, then drew
from the draw pile."), each under the name of whoever held the seat then.
It is shared by the table's recent moves, `/game log` and the replay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cogs.i18n import _
from cogs.presenters import Presenter
from rules.core.events import visible
from storage import Holder, LoggedAction, holder_at

#: phrases joined into one sentence at most (a long bot turn gets several)
PHRASES_PER_SENTENCE = 4
#: how far back the table looks for the previous turn of the seat to act
MAX_RECENT_ACTIONS = 40
#: the table's recent moves when nobody owes a decision (the end)
FINAL_RECENT_ACTIONS = 8
#: the table always shows at least this many last actions (a counter chain
#: interleaves the seats, and a short window would cut it)
MIN_RECENT_ACTIONS = 4

NamesAt = Callable[[int], list[str]]


@dataclass(frozen=True, slots=True)
class Line:
    """One sentence of the story; `seq` is the first action it tells."""

    seq: int
    text: str


@dataclass(slots=True)
class _Sentence:
    seq: int
    seat: int
    name: str
    phrases: list[str] = field(default_factory=list)

    def text(self) -> str:
        return _("**{name}** {phrases}.", name=self.name, phrases=_(", then ").join(self.phrases))


def tell(
    presenter: Presenter,
    actions: Sequence[LoggedAction],
    names_at: NamesAt,
    viewer: int | None = None,
) -> list[Line]:
    """The sentences of `actions` as `viewer` (a seat; None: everybody) may
    read them: public events, plus the viewer's own private ones."""
    lines: list[Line] = []
    current: _Sentence | None = None

    def flush() -> None:
        nonlocal current
        if current is not None and current.phrases:
            lines.append(Line(current.seq, current.text()))
        current = None

    for action in actions:
        names = names_at(action.seq)
        for event in visible(action.events, viewer):
            phrase = presenter.phrase(event, names)
            if phrase is None:
                continue
            same = current is not None and current.seat == phrase.seat
            if phrase.detail and same and current is not None and current.phrases:
                current.phrases[-1] += _(" ({detail})", detail=phrase.text)
                continue
            if phrase.seat is None:
                flush()
                lines.append(Line(action.seq, phrase.text))
                continue
            if not same or current is None or len(current.phrases) >= PHRASES_PER_SENTENCE:
                flush()
                current = _Sentence(action.seq, phrase.seat, names[phrase.seat])
            current.phrases.append(phrase.text)
    flush()
    return lines


def recent_start(log: Sequence[tuple[int, str]], owing: Sequence[int]) -> int:
    """Where the table's recent moves begin: just after the previous turn
    of the seat(s) now owing a decision, so a player coming back reads
    everything that happened since they last played (their own turn in
    progress included), and never fewer than the last few actions. At the
    end of a match: the last few actions."""
    end = len(log)
    floor = max(0, end - MAX_RECENT_ACTIONS)
    if not owing:
        return max(floor, end - FINAL_RECENT_ACTIONS)
    mine = set(owing)
    i = end
    while i > floor and log[i - 1][0] in mine:  # their turn in progress
        i -= 1
    while i > floor and log[i - 1][0] not in mine:  # everybody else since
        i -= 1
    return min(i, max(0, end - MIN_RECENT_ACTIONS))


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
