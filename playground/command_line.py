"""A slash command typed as in Discord's box, turned into what ``fake.slash`` takes.

``/game new game:cuttle bots:1`` -> ``("game new", {"game": "cuttle", "bots": 1})``.
The words and options come from the commands the bot synced (the same tree
the page offers while one types), so a typo is answered with what exists
instead of reaching the bot. A value runs up to the next ``name:`` of a known
option, so choices with spaces (``policy:keep waiting``) need no quotes.
Values are converted by the option's type: a choice by its value or its
name, a member by name (``@bob``), a channel by name (``#games``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
TRUE, FALSE = ("true", "yes", "1", "on"), ("false", "no", "0", "off")


class CommandLineError(ValueError):
    """What is wrong with the typed line, in words for the person typing."""


def parse(
    text: str,
    commands: list[dict[str, Any]],
    lookup: Callable[[int, str], Any] | None = None,
) -> tuple[str, dict[str, Any]]:
    """The command path and its options; ``lookup(kind, name)`` finds the fake
    user, channel or role a USER / CHANNEL / ROLE option names (None: unknown)."""
    text = text.strip()
    if not text.startswith("/"):
        raise CommandLineError("a command starts with /, e.g. /game help")
    rest = text[1:].lstrip()
    name, _, rest = rest.partition(" ")
    command = next((c for c in commands if c.get("name") == name), None)
    if command is None:
        known = ", ".join(f"/{c['name']}" for c in commands) or "none yet"
        raise CommandLineError(f"no command /{name}; the bot has: {known}")
    path, specs = [name], command.get("options") or []
    while any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in specs):
        rest = rest.lstrip()
        word, _, after = rest.partition(" ")
        spec = next(
            (
                o
                for o in specs
                if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if spec is None:
            names = ", ".join(o["name"] for o in specs)
            raise CommandLineError(f"/{' '.join(path)} needs one of: {names}")
        path.append(word)
        specs, rest = spec.get("options") or [], after
    return " ".join(path), _options(" ".join(path), specs, rest, lookup)


def _options(
    path: str, specs: list[dict[str, Any]], rest: str, lookup: Callable[[int, str], Any] | None
) -> dict[str, Any]:
    rest = rest.strip()
    if not rest:
        return {}
    names = sorted((re.escape(o["name"]) for o in specs), key=len, reverse=True)
    starts = list(re.finditer(rf"(?:^|\s)({'|'.join(names)}):", rest)) if names else []
    if not starts or rest[: starts[0].start()].strip():
        stray = rest[: starts[0].start()].strip() if starts else rest
        options = ", ".join(f"{o['name']}:" for o in specs) or "no options"
        raise CommandLineError(f"/{path}: what is {stray!r}? it takes {options}")
    found: dict[str, Any] = {}
    for i, match in enumerate(starts):
        end = starts[i + 1].start() if i + 1 < len(starts) else len(rest)
        raw = rest[match.end() : end].strip()
        spec = next(o for o in specs if o["name"] == match.group(1))
        found[spec["name"]] = _value(path, spec, raw, lookup)
    return found


def _value(
    path: str, spec: dict[str, Any], raw: str, lookup: Callable[[int, str], Any] | None
) -> Any:
    name, kind = spec["name"], spec["type"]
    if not raw:
        raise CommandLineError(f"/{path} {name}: give a value after {name}:")
    choices = spec.get("choices") or []
    if choices:
        for choice in choices:
            if raw.lower() in (str(choice["value"]).lower(), choice["name"].lower()):
                return choice["value"]
        listed = ", ".join(str(c["value"]) for c in choices)
        raise CommandLineError(f"/{path} {name}: one of {listed}")
    try:
        if kind == INTEGER:
            return int(raw)
        if kind == NUMBER:
            return float(raw)
    except ValueError:
        raise CommandLineError(f"/{path} {name}: a number, not {raw!r}") from None
    if kind == BOOLEAN:
        if raw.lower() in TRUE + FALSE:
            return raw.lower() in TRUE
        raise CommandLineError(f"/{path} {name}: True or False")
    if kind in (USER, CHANNEL, ROLE, MENTIONABLE):
        target = lookup(kind, raw.lstrip("@#")) if lookup is not None else None
        if target is None:
            raise CommandLineError(f"/{path} {name}: nobody or nothing called {raw!r} here")
        return target
    return raw
