"""Rematch: a finished match's table offers a new lobby for the same game,
engine options and seats, in the same order, with the first player moved on
by one seat (issue 31), hints allowed as they were (issue 32).

This module decides *what* the rematch is (`plan`), from the stored record
only, and keeps the confirmations the people owe in the lobby's own match
settings (`PENDING`), so a restart keeps them; cogs/hosting/lobby.py opens
the lobby (`Lobbies.rematch`) and starts it once nobody owes a confirmation.
Who played first is asked of the engine (the match dealt again from its seed
and options), never worked out from a game's rules here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cogs.history.hints import HINTS
from cogs.hosting.settings import MATCH_KEYS
from cogs.i18n import N_
from rules import Match, get_game
from rules.bots import DEFAULT_LEVEL
from rules.core.options import Option
from storage import Holder, MatchInfo

#: the lobby's match settings: which match it plays again, and who must still confirm
REMATCH_OF = "rematch_of"
PENDING = "confirm"
#: the finished match's message kind that records its rematch lobby's message
REMATCH_MESSAGE = "rematch"
#: the option that names the seat playing (or dealing) first, in every game that has one
FIRST_PLAYER = "first_player"

NOT_A_PLAYER = N_("Only the players of this match can ask for a rematch.")
NOT_FINISHED = N_("Only a finished match can be played again.")
ONLY_HOSTS = N_("On this server only hosts open matches; ask a moderator.")
EXISTING = N_("This match's rematch is already open: {link}")
CONFIRMED = N_("You're in the rematch: {link}")
OPENED = N_("Your rematch is open: {link}")
WAITING = N_("Rematch of #{match}: waiting for {people} to press **Join**.")
SEATS_TAKEN = N_(
    "Every seat of this rematch is taken; one frees up if one of its players presses **Leave**."
)
STILL_WAITING = N_("Still waiting for {people} to press **Join** (or **Leave**).")
#: ... said to a host, with a button to start at once
START_WITHOUT = N_(
    "Still waiting for {people} to press **Join** (or **Leave**). Start without them, "
    "and bots take their seats?"
)


@dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat of the rematch lobby: a person (with their name) or a bot's level."""

    user_id: int | None
    name: str | None = None
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    game: str
    #: the lobby's options: `{"options": <engine options>, "seats": <count>}`
    lobby_options: dict[str, Any]
    seats: tuple[NewSeat, ...]
    #: the lobby's match settings: what it plays again, who must confirm, the timers
    settings: dict[str, Any]


def players(info: MatchInfo, history: list[Holder]) -> set[int]:
    """Everyone who held a seat of the match, at its end or before."""
    return {h.user_id for h in history if h.user_id is not None} | set(info.user_ids)


def reseated(info: MatchInfo, history: list[Holder]) -> tuple[NewSeat, ...]:
    """Each seat's player again, in seat order: the last person who held it
    (a person who left mid-match was followed by a bot, and is asked back),
    else its bot at the end, at the same level."""
    out: list[NewSeat] = []
    placed: set[int] = set()
    for seat in info.seats:
        people = [h for h in history if h.seat == seat.seat and h.user_id is not None]
        if seat.user_id is not None and not people:  # (a record without its history)
            people = [Holder(seat.seat, 0, seat.user_id, None, "start", seat.name)]
        person = people[-1] if people else None
        if person is not None and person.user_id is not None and person.user_id not in placed:
            placed.add(person.user_id)
            name = seat.name if seat.user_id == person.user_id and seat.name else person.name
            out.append(NewSeat(person.user_id, name))
        else:  # a bot seat, or a person already seated at an earlier seat
            out.append(NewSeat(None, bot=seat.bot or DEFAULT_LEVEL))
    return tuple(out)


def first_player_option(game_id: str) -> Option | None:
    """The game's option naming who plays (or deals) first, if it has one."""
    for option in get_game(game_id).options_schema:
        if option.public_name == FIRST_PLAYER:
            return option
    return None


def opening_seat(info: MatchInfo) -> int | None:
    """The value of the first-player option the finished match was dealt
    with: the stored option, else (drawn by lot) the one seat whose option
    the engine deals with the same seats to act first. None when the game
    has no such option or the engine cannot tell."""
    option = first_player_option(info.game)
    if option is None or info.players is None or info.seed is None:
        return None
    given = info.options.get(option.name)
    if isinstance(given, int):
        return given
    try:
        opened = Match.new(info.game, info.players, info.seed, info.options).to_act()
        fits = [
            seat
            for seat in range(info.players)
            if Match.new(
                info.game, info.players, info.seed, {**info.options, option.name: seat}
            ).to_act()
            == opened
        ]
    except Exception:  # an older record the engine deals differently now
        return None
    return fits[0] if len(fits) == 1 else None


def moved_on(info: MatchInfo) -> dict[str, Any]:
    """The finished match's engine options, with the first player moved on by one seat."""
    options = dict(info.options)
    option = first_player_option(info.game)
    seat = opening_seat(info)
    if option is not None and seat is not None:
        options[option.name] = (seat + 1) % len(info.seats)
    return options


def plan(info: MatchInfo, history: list[Holder], clicker: int) -> Plan:
    """The rematch of a finished match, asked for by `clicker` (a player)."""
    seats = reseated(info, history)
    pending = [s.user_id for s in seats if s.user_id is not None and s.user_id != clicker]
    settings = {k: v for k, v in info.settings.items() if k in (*MATCH_KEYS, HINTS)}
    settings.update({REMATCH_OF: info.id, PENDING: pending})
    return Plan(
        info.game,
        {"options": moved_on(info), "seats": len(seats)},
        seats,
        settings,
    )


def pending(info: MatchInfo) -> list[int]:
    """The people of a rematch lobby who have still to confirm (seated ones only)."""
    seated = set(info.user_ids)
    return [u for u in info.settings.get(PENDING) or () if isinstance(u, int) and u in seated]


def confirmed(info: MatchInfo, user_id: int) -> dict[str, Any] | None:
    """The lobby's settings once `user_id` has confirmed (or left); None if
    they owed no confirmation."""
    if user_id not in (info.settings.get(PENDING) or []):
        return None
    return released(info, [user_id])


def released(info: MatchInfo, people: list[int]) -> dict[str, Any]:
    """The lobby's settings with `people` owing no confirmation any more
    (their seats went to bots)."""
    owed = info.settings.get(PENDING) or []
    return {**info.settings, PENDING: [u for u in owed if u not in people]}


def jump_url(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"
