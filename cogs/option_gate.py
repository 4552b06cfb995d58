"""One gate for every slash command's options, before any handler runs.

discord.py passes an option's raw value on as it came: a forged request may
send a bool, a list or 2**63 where an integer is declared, and the handler
(or SQLite under it) fails. Here every raw option is checked against the
command's declared parameters (type, range, length, choices, required), for
every command the tree holds, current and future; a bad one is refused with
a `BadOption` naming the option and what it takes, answered by the tree's
error handler (cogs/app.py). No Discord client sends what is refused here.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from discord import AppCommandOptionType as Kind
from discord import app_commands

from cogs.i18n import N_, _, pgettext

#: SQLite's integers and PostgreSQL's bigint: every integer option stays within
INT64 = (-(2**63), 2**63 - 1)
#: Discord's longest string option
MAX_TEXT = 6000
#: a snowflake: Discord's ids are unsigned 64-bit
MAX_SNOWFLAKE = 2**64 - 1
#: an option holding subcommands, not a value
SUBCOMMANDS = (Kind.subcommand.value, Kind.subcommand_group.value)
#: where each id option's object is, in the interaction's `resolved`
RESOLVED: dict[Kind, tuple[str, ...]] = {
    Kind.user: ("users",),
    Kind.channel: ("channels",),
    Kind.role: ("roles",),
    Kind.mentionable: ("users", "roles"),
    Kind.attachment: ("attachments",),
}

WHOLE = N_("`{name}` takes a whole number from {low} to {high}.")
NUMBER = N_("`{name}` takes a number from {low} to {high}.")
TEXT = N_("`{name}` takes text of at most {high} characters: {hint}.")
TEXT_RANGE = N_("`{name}` takes text of {low} to {high} characters: {hint}.")
TRUE_FALSE = N_("`{name}` takes True or False.")
CHOICE = N_("`{name}` takes one of: {choices}.")
TAKES_ID = {
    Kind.user: N_("`{name}` takes a user."),
    Kind.channel: N_("`{name}` takes a channel."),
    Kind.role: N_("`{name}` takes a role."),
    Kind.mentionable: N_("`{name}` takes a user or a role."),
    Kind.attachment: N_("`{name}` takes a file."),
}
UNKNOWN = N_("`{name}` is not an option of `/{command}`.")
TWICE = N_("`{name}` is given more than once.")
REQUIRED = N_("`{name}` is required.")
#: two sentences, one after the other (Japanese puts no space between)
SENTENCES = N_("{first} {second}")


@dataclass(frozen=True)
class Refusal:
    """Why an option is refused, worded only when answered (in the reader's
    language, as `speaking` sets it): `param` None for a name the command
    does not have."""

    name: str
    param: app_commands.Parameter | None = None
    why: str | None = None  # UNKNOWN, TWICE or REQUIRED; None: what it takes
    words: Mapping[str, str] = field(default_factory=dict)

    def text(self) -> str:
        shown = pgettext("option", self.name)
        what = takes(self.param, shown) if self.param is not None else ""
        if not self.why:
            return what
        said = _(self.why, name=shown, **self.words)
        return _(SENTENCES, first=said, second=what) if what else said


class BadOption(app_commands.AppCommandError):
    """A slash option refused by the gate; `refusal` says which and why."""

    def __init__(self, refusal: Refusal):
        super().__init__(f"option {refusal.name!r} refused")
        self.refusal = refusal


def takes(param: app_commands.Parameter, shown: str) -> str:
    """What the option takes, in the current language."""
    if param.choices:
        names = _(", ").join(_(c.name) for c in param.choices)
        return _(CHOICE, name=shown, choices=names)
    if param.type is Kind.integer:
        low, high = int_range(param)
        return _(WHOLE, name=shown, low=str(low), high=str(high))
    if param.type is Kind.number:
        low_n, high_n = param.min_value, param.max_value
        return _(
            NUMBER,
            name=shown,
            low="-∞" if low_n is None else str(low_n),
            high="∞" if high_n is None else str(high_n),
        )
    if param.type is Kind.string:
        low, high = text_range(param)
        hint = _(param.description).rstrip(".。")
        if low <= 0:
            return _(TEXT, name=shown, high=str(high), hint=hint)
        return _(TEXT_RANGE, name=shown, low=str(low), high=str(high), hint=hint)
    if param.type is Kind.boolean:
        return _(TRUE_FALSE, name=shown)
    return _(TAKES_ID.get(param.type, TAKES_ID[Kind.user]), name=shown)


def int_range(param: app_commands.Parameter) -> tuple[int, int]:
    """The declared range, within a signed 64-bit integer's."""
    low = INT64[0] if param.min_value is None else max(INT64[0], math.ceil(param.min_value))
    high = INT64[1] if param.max_value is None else min(INT64[1], math.floor(param.max_value))
    return low, high


def text_range(param: app_commands.Parameter) -> tuple[int, int]:
    low = 0 if param.min_value is None else int(param.min_value)
    high = MAX_TEXT if param.max_value is None else min(MAX_TEXT, int(param.max_value))
    return low, high


def is_whole(value: object) -> bool:
    """An integer, not a bool (which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def fits(param: app_commands.Parameter, value: Any, resolved: Mapping[str, Any]) -> bool:
    """Is `value` one the parameter declares?"""
    kind = param.type
    if kind is Kind.integer:
        low, high = int_range(param)
        good = is_whole(value) and low <= value <= high
    elif kind is Kind.number:
        good = is_number(value) and (
            (param.min_value is None or value >= param.min_value)
            and (param.max_value is None or value <= param.max_value)
        )
    elif kind is Kind.string:
        low, high = text_range(param)
        good = isinstance(value, str) and low <= len(value) <= high
    elif kind is Kind.boolean:
        good = isinstance(value, bool)
    elif kind in RESOLVED:
        good = resolves(param, value, resolved)
    else:
        good = False  # a kind no command here declares: nothing is known to fit
    if good and param.choices:
        good = any(value == c.value for c in param.choices)  # of the declared type
    return good


def is_number(value: object) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:  # an int beyond any float
        return False


def snowflake(value: object) -> str | None:
    """An id as Discord sends it (a string of digits; an int also read),
    as its string, or None."""
    if is_whole(value):
        text = str(value)
    elif isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 20:
        text = value
    else:
        return None
    return text if 0 < int(text) <= MAX_SNOWFLAKE else None


def resolves(param: app_commands.Parameter, value: Any, resolved: Mapping[str, Any]) -> bool:
    """An id option's value is a snowflake found in the interaction's
    `resolved` (where Discord puts the user, role or channel it names)."""
    key = snowflake(value)
    if key is None or not isinstance(resolved, Mapping):
        return False
    found = [
        table[key]
        for where in RESOLVED[param.type]
        if isinstance(table := resolved.get(where), Mapping) and key in table
    ]
    if not found or not all(isinstance(f, Mapping) for f in found):
        return False
    if param.type is Kind.channel and param.channel_types:
        return found[0].get("type") in [t.value for t in param.channel_types]
    return True


#: what a name the command does not know may show of itself
SHOWN_NAME = re.compile(r"[^\w-]")


def shown_name(name: object) -> str:
    """An unknown option's name, safe to quote (Discord's names are word
    characters and dashes, at most 32)."""
    return SHOWN_NAME.sub("", name)[:32] if isinstance(name, str) else ""


def unknown(command: app_commands.Command, name: object) -> Exception:
    """An option the command does not have, named if it can be quoted."""
    shown = shown_name(name)
    if not shown:
        return Unreadable("an option without a usable name")
    return BadOption(Refusal(shown, why=UNKNOWN, words={"command": command.qualified_name}))


class Unreadable(Exception):
    """The options are not even shaped as Discord sends them."""


def leaf_options(command: app_commands.Command, data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The options of the command itself, below its group and subcommand,
    as discord.py picks them (a subcommand is the first option of its
    level); anything beside a subcommand is an unknown option."""
    options = data.get("options", [])
    while True:
        if not isinstance(options, list) or not all(isinstance(o, dict) for o in options):
            raise Unreadable("options are not a list of objects")
        if not options or options[0].get("type") not in SUBCOMMANDS:
            return options
        sub, *beside = options
        if beside:
            raise unknown(command, beside[0].get("name"))
        options = sub.get("options", [])


def check(command: app_commands.Command, data: Mapping[str, Any]) -> None:
    """Raise BadOption for the first option `command` would not declare
    (Unreadable when the payload has no shape at all); else normalise an id
    sent as an int to Discord's string, so discord.py finds what it names."""
    params = {p.display_name: p for p in command.parameters}
    resolved = data.get("resolved", {})
    seen: set[str] = set()
    for option in leaf_options(command, data):
        name = option.get("name")
        param = params.get(name) if isinstance(name, str) else None
        if param is None:
            raise unknown(command, name)
        if name in seen:
            raise BadOption(Refusal(param.display_name, param, why=TWICE))
        seen.add(param.display_name)
        value = option.get("value")
        kind = option.get("type")
        if not is_whole(kind) or kind != param.type.value or not fits(param, value, resolved):
            raise BadOption(Refusal(param.display_name, param))
        if param.type in RESOLVED and isinstance(value, int):
            option["value"] = str(value)
    for param in command.parameters:
        if param.required and param.display_name not in seen:
            raise BadOption(Refusal(param.display_name, param, why=REQUIRED))
