"""Restart-proof components: what every button and select shares.

Every button and select is a `DynamicItem` whose custom_id carries all it
needs (match id, seq, action key); nothing lives in memory, so a click on a
message sent before a restart still works. Each extension declares the items
it answers as rows of a table (cogs/component_table.py: prefix, typed
fields, kind, handler; in cogs/play/buttons.py, cogs/history/buttons.py,
the lobby's, forget's and help's buttons in cogs/hosting, ...) and registers
them; their handlers only hand over to the services (cogs/services.py,
which the bot holds: `served`), which answer every interaction, politely
when the click is stale or forged. Each family of components names what it uses of the
services in a Protocol of its own, beside it, so no component needs the
bot's type, nor the services' module. A click none of them claims is
answered by the bot itself (`will_dispatch`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import discord

#: a kind of restart-proof component (a DynamicItem subclass)
ItemKind = type[discord.ui.DynamicItem[Any]]


def served(interaction: discord.Interaction) -> Any:
    """The services the bot holds, which answer the clicks; each family of
    components reads them through its own Protocol (tests/cogs/test_services.py
    checks the services fit every one)."""
    return interaction.client.services  # type: ignore[attr-defined]


def first_value(values: list[str]) -> str:
    """The chosen value of a select, as text ("" when none came)."""
    return str(values[0]) if values else ""


def is_ours(custom_id: str, items: Iterable[ItemKind]) -> bool:
    """Does any of our templates (of `items`) claim this custom_id?"""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in items)


def carried(message, component_type, custom_id: str) -> bool:
    """Does the clicked message carry a component of this type with this id?"""
    stack = list(getattr(message, "components", None) or ())
    while stack:
        component = stack.pop()
        stack.extend(getattr(component, "children", None) or ())
        kind = getattr(getattr(component, "type", None), "value", None)
        if kind == component_type and getattr(component, "custom_id", None) == custom_id:
            return True
    return False


def will_dispatch(interaction: discord.Interaction, items: Iterable[ItemKind]) -> bool:
    """Will discord.py hand this click to one of our items? Only when one of
    our templates claims the id and the clicked message carries a component
    of the clicked type with that id; every other click (old, forged, on the
    wrong message) is dropped without an answer, so a listener answers it."""
    data: Mapping[str, object] = interaction.data or {}
    custom_id = data.get("custom_id", "")
    return (
        isinstance(custom_id, str)
        and is_ours(custom_id, items)
        and interaction.message is not None
        and carried(interaction.message, data.get("component_type"), custom_id)
    )
