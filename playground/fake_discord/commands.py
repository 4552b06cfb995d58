"""Turning ``"game new", game="keltis"`` into the option tree Discord would send.

The structure comes from the commands the bot *synced*, so a test can only
invoke what a real user could see; the checks Discord's client makes (known
option, required present, choices, ranges, permissions) raise here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .interactions import resolve, snowflake_of
from .models import AppCommand, Channel, Guild, Member, Perm, Role, User

if TYPE_CHECKING:
    from .state import State

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


class CommandNotAvailable(LookupError):
    """The command is not synced where the user is, or the user may not use it."""


def find_command(state: State, guild: Guild | None, name: str) -> AppCommand | None:
    scopes = ([guild.id] if guild else []) + [None]
    for scope in scopes:
        cmd = state.commands.get(scope, {}).get((1, name))
        if cmd is not None:
            return cmd
    return None


def check_permission(cmd: AppCommand, member: Member | None) -> None:
    required = cmd.data.get("default_member_permissions")
    if required is None or member is None:
        return
    have = member.permissions()
    if have & Perm.ADMINISTRATOR or (int(required) and have & int(required) == int(required)):
        return
    raise CommandNotAvailable(f"{member.user.name} lacks permissions {required} for /{cmd.name}")


def build_command_data(
    state: State,
    guild: Guild | None,
    member: Member | None,
    path: str,
    values: dict[str, Any],
    *,
    focused: str | None = None,
    checked: bool = True,
    scope: Guild | None = None,
) -> dict[str, Any]:
    """``data`` of a slash command (or autocomplete, when ``focused`` names the option being typed).

    ``checked=False`` skips the checks of option values (types, choices,
    ranges, lengths) and of subcommand names that Discord's client makes, as
    a forged request would;
    ``scope`` finds the command synced to that guild even from elsewhere.
    """
    words = path.split()
    cmd = find_command(state, scope or guild, words[0])
    if cmd is None:
        synced = {scope: sorted(n for _, n in cmds) for scope, cmds in state.commands.items()}
        raise CommandNotAvailable(f"/{words[0]} is not synced here; synced: {synced}")
    if checked:
        check_permission(cmd, member)
    data: dict[str, Any] = {"id": str(cmd.id), "name": cmd.name, "type": 1}
    if cmd.guild_id is not None:
        data["guild_id"] = str(cmd.guild_id)

    specs, container = cmd.data.get("options", []), data
    for word in words[1:]:
        spec = next(
            (
                o
                for o in specs
                if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if spec is None and not checked:  # forged: a subcommand nobody synced
            spec = {"name": word, "type": SUB_COMMAND, "options": []}
        if spec is None:
            raise CommandNotAvailable(
                f"/{path}: no subcommand {word!r}; have {[o['name'] for o in specs]}"
            )
        node = {"name": word, "type": spec["type"], "options": []}
        container.setdefault("options", []).append(node)
        specs, container = spec.get("options", []), node
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in specs):
        raise CommandNotAvailable(
            f"/{path} is a group; name a subcommand: {[o['name'] for o in specs]}"
        )

    options = [
        _option(path, specs, name, value, focused == name, checked)
        for name, value in values.items()
    ]
    if focused is None:
        missing = [o["name"] for o in specs if o.get("required") and o["name"] not in values]
        if missing and checked:
            raise ValueError(f"/{path}: missing required options {missing}")
        resolved = resolve(list(values.values()), guild, state)
        if resolved:
            data["resolved"] = resolved
    container.setdefault("options", []).extend(options)
    return data


def _option(
    path: str,
    specs: list[dict[str, Any]],
    name: str,
    value: Any,
    focused: bool,
    checked: bool = True,
) -> dict[str, Any]:
    spec = next((o for o in specs if o["name"] == name), None)
    if spec is None:
        raise ValueError(f"/{path} has no option {name!r}; options: {[o['name'] for o in specs]}")
    kind = spec["type"]
    option: dict[str, Any] = {"name": name, "type": kind}
    if focused:
        option.update(value=str(value), focused=True)
        return option
    if not checked and not isinstance(value, (User, Member, Role, Channel)):
        option["value"] = value  # anything at all, as a forged request may send
        return option
    if kind in (USER, CHANNEL, ROLE, MENTIONABLE):
        expected = {
            USER: (User, Member),
            CHANNEL: (Channel,),
            ROLE: (Role,),
            MENTIONABLE: (User, Member, Role),
        }[kind]
        if not isinstance(value, expected):
            raise TypeError(f"/{path} {name}: pass a fake {expected[0].__name__}, not {value!r}")
        option["value"] = snowflake_of(value)
        return option
    types: dict[int, type | tuple[type, ...]] = {
        STRING: str,
        INTEGER: int,
        BOOLEAN: bool,
        NUMBER: (int, float),
    }
    python_type = types.get(kind)
    if python_type is None:
        raise NotImplementedError(f"option type {kind} ({name}) is not supported by the fake")
    if not isinstance(value, python_type) or (kind == INTEGER and isinstance(value, bool)):
        raise TypeError(f"/{path} {name}: expected {python_type}, got {value!r}")
    choices = [c["value"] for c in spec.get("choices") or []]
    if choices and value not in choices:
        raise ValueError(f"/{path} {name}: {value!r} is not one of the choices {choices}")
    low, high = spec.get("min_value"), spec.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"/{path} {name}: {value!r} outside [{low}, {high}]")
    if (
        kind == STRING
        and isinstance(value, str)
        and not spec.get("min_length", 0) <= len(value) <= spec.get("max_length", 6000)
    ):
        raise ValueError(f"/{path} {name}: length of {value!r} outside the allowed range")
    option["value"] = value
    return option
