"""Restart-proof components declared, not written: each is one row of a
table (`Spec`): its name, its custom_id prefix, the typed fields its
custom_id carries after the prefix (each `:`-separated, its regex given by
its type), its kind (button or select), the handler a click goes to, and
how it looks. `components` makes from the rows the DynamicItem classes
discord.py registers (cogs/components.py says why every component is one).

A class made here is built to be sent as `Name(*fields, **looks)`: its
custom_id is written from the fields and refused (ValueError) unless its
own template parses it back and it fits Discord's 100 characters. Rebuilt
from a click, it keeps the clicked component and the fields parsed from its
id (`item.match_id`, ...); a click on another kind of component than its
row's (a select's id sent as a button) is forged, answered politely and
never handed on.
"""

from __future__ import annotations

import logging
import re
import types
from collections.abc import Callable, Coroutine, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import discord

from cogs import replies
from cogs.replies import guarded, say

log = logging.getLogger(__name__)

#: Discord's limit on a component's custom_id
MAX_CUSTOM_ID = 100
#: a template no custom_id matches (the base class's: it is never registered)
NOTHING = r"(?!)"


@dataclass(frozen=True, slots=True)
class Field:
    """One `:`-separated part of a custom_id: its name (the attribute it
    becomes), its regex, and its type. An optional one may be missing
    from old ids (only last): it then reads as `default`; it is always written."""

    name: str
    pattern: str
    type: Callable[[str], Any] = str
    optional: bool = False
    default: Any = None


def number(name: str, digits: int, *, default: int | None = None) -> Field:
    """A whole number of 1 to `digits` digits (an id, a seq, a mask)."""
    return Field(name, f"[0-9]{{1,{digits}}}", int, default is not None, default)


def matching(name: str, pattern: str) -> Field:
    """Text matching `pattern` (an action key, an op, a game id)."""
    return Field(name, pattern, str)


def one_of(name: str, *words: str) -> Field:
    """One of a few words (yes or no)."""
    return Field(name, "|".join(re.escape(w) for w in words), str)


#: what a click does: (the click, the component rebuilt from it) -> the work
#: the services do for it (cogs/components.py, `served`)
Handler = Callable[[discord.Interaction, "Component"], Coroutine[Any, Any, object]]
#: how a component looks: (its custom_id, its fields, its looks) -> the item sent
Draw = Callable[..., discord.ui.Item[Any]]


@dataclass(frozen=True, slots=True)
class Spec:
    """One row of the table."""

    name: str  # the class made (log lines and tests name it)
    prefix: str
    fields: tuple[Field, ...]
    kind: type[discord.ui.Button[Any]] | type[discord.ui.Select[Any]]
    handler: Handler
    draw: Draw

    @property
    def template(self) -> str:
        """The regex of the custom_ids this row parses (built from the fields)."""
        parts = [re.escape(self.prefix)]
        for field in self.fields:
            part = f":(?P<{field.name}>{field.pattern})"
            parts.append(f"(?:{part})?" if field.optional else part)
        return "".join(parts)

    def custom_id(self, values: Mapping[str, Any]) -> str:
        """The custom_id carrying `values`; ValueError when it would not
        parse back to them or is too long for Discord."""
        custom_id = ":".join([self.prefix, *(str(values[f.name]) for f in self.fields)])
        if len(custom_id) > MAX_CUSTOM_ID:
            raise ValueError(f"custom_id {custom_id!r} is over {MAX_CUSTOM_ID} characters")
        found = re.fullmatch(self.template, custom_id)
        if found is None or self.parse(found) != dict(values):
            raise ValueError(f"{self.name} cannot carry {dict(values)!r}")
        return custom_id

    def parse(self, found: re.Match[str]) -> dict[str, Any]:
        """The typed fields of a custom_id its template matched."""
        return {
            f.name: f.default if found[f.name] is None else f.type(found[f.name])
            for f in self.fields
        }


class Component(discord.ui.DynamicItem[Any], template=NOTHING):
    """What every class of the table is: made by `components`."""

    spec: ClassVar[Spec]

    def __init__(self, *values: Any, **looks: Any) -> None:
        spec = self.spec
        if len(values) > len(spec.fields):
            raise TypeError(f"{spec.name} carries {len(spec.fields)} field(s)")
        given = {f.name: v for f, v in zip(spec.fields, values, strict=False)}
        for field in spec.fields[len(values) :]:
            if field.name in looks:
                given[field.name] = looks.pop(field.name)
            elif field.optional:
                given[field.name] = field.default
            else:
                raise TypeError(f"{spec.name} needs its field {field.name!r}")
        super().__init__(spec.draw(spec.custom_id(given), given, **looks))
        self.carried = given
        self.misfit = False

    def __getattr__(self, name: str) -> Any:
        """A field of the custom_id, by its name (`button.match_id`)."""
        carried = self.__dict__.get("carried")
        if carried is not None and name in carried:
            return carried[name]
        raise AttributeError(f"{type(self).__name__!r} has no attribute {name!r}")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Component:
        made = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(made, item)  # the clicked component, as it is
        made.carried = cls.spec.parse(match)
        made.misfit = not isinstance(item, cls.spec.kind)  # forged: refused in `callback`
        return made

    @classmethod
    def claims(cls, custom_id: str) -> bool:
        return cls.__discord_ui_compiled_template__.fullmatch(custom_id) is not None

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.misfit:
            await guarded(interaction, say(interaction, replies.INVALID_BUTTON), log)
            return
        await guarded(interaction, self.spec.handler(interaction, self), log)


def components(table: Iterable[Spec], module: str) -> tuple[type[Component], ...]:
    """The DynamicItem classes of the table's rows, in its order (`module`:
    where the table is, the classes' module)."""

    def made(spec: Spec) -> type[Component]:
        def body(namespace: dict[str, Any]) -> None:
            namespace.update(spec=spec, __qualname__=spec.name, __module__=module)

        made = types.new_class(spec.name, (Component,), {"template": spec.template}, body)
        return made

    return tuple(made(spec) for spec in table)
