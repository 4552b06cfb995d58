"""A finished table's 🔁 Rematch button (issue 31). Its custom_id carries the
finished match (see cogs/components.py), so it works after a restart; the
click goes to the services' `lobbies`, which open (or point to) the rematch
lobby. It lives beside the table's other buttons, which the table's view
draws, and the hosting extension, which answers it, registers it."""

from __future__ import annotations

from typing import Protocol

import discord

from cogs.component_table import Spec, components, number
from cogs.components import served
from cogs.i18n import _

REMATCH = "rm"  # rm:<match>                     -> a rematch of a finished match


class RematchClicks(Protocol):
    """The lobbies (cogs/hosting/lobby.py), as the rematch button uses them."""

    async def rematch(self, interaction: discord.Interaction, match_id: int) -> None: ...


class RematchDesk(Protocol):
    @property
    def lobbies(self) -> RematchClicks: ...


def _rematch(custom_id: str, carried: dict, *, row: int | None = None) -> discord.ui.Button:
    return discord.ui.Button(
        label=_("🔁 Rematch"), style=discord.ButtonStyle.primary, row=row, custom_id=custom_id
    )


def _rematch_desk(interaction: discord.Interaction) -> RematchDesk:
    return served(interaction)


#: the rematch button: name, prefix, the fields of the custom_id, kind, what
#: a click does, how it looks
TABLE = (
    Spec(
        "RematchButton",
        REMATCH,
        (number("match_id", 18),),
        discord.ui.Button,
        lambda i, c: _rematch_desk(i).lobbies.rematch(i, c.match_id),
        _rematch,
    ),
)
(RematchButton,) = components(TABLE, __name__)
