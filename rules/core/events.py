"""Events: the story of a match, as data.

`Match.act()` returns a list of events (JSON-safe dicts with a `type`). They
are stored with the action in the log and are what every sentence, log line
and replay is rendered from, so they carry everything a reader needs: no
presenter has to re-derive what a move did.

An event is public unless it has an `only` list: then it is private to those
seats (a card drawn from the hidden draw pile is shown to the drawer alone).
The engine writes a public event for what everybody saw ("alice drew from
the deck") and a private one for the hidden detail ("you drew 🟢7").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

ONLY = "only"

#: one event: JSON-safe, with a "type"; its other keys depend on the type
Event = dict[str, Any]


def private(event: Event, *seats: int) -> Event:
    """`event`, visible only to `seats`."""
    return {**event, ONLY: sorted(set(seats))}


def is_public(event: Event) -> bool:
    return ONLY not in event


def visible_to(event: Event, seat: int | None) -> bool:
    """May `seat` (None: a spectator) see this event?"""
    only = event.get(ONLY)
    return only is None or (seat is not None and seat in only)


def visible(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see, in order (None: the public ones)."""
    return [e for e in events if visible_to(e, seat)]
