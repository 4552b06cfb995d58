"""A finished table's 🔁 Rematch button (issue 31). Its custom_id carries the
finished match (see cogs/components.py), so it works after a restart; the
click goes to the services' `lobbies`, which open (or point to) the rematch
lobby. It lives beside the table's other buttons, which the table's view
draws, and the hosting extension, which answers it, registers it."""

from __future__ import annotations

import re
from typing import Protocol

import discord

from cogs.components import fit, hand_over, served
from cogs.i18n import _

REMATCH = "rm"  # rm:<match>                     -> a rematch of a finished match


class RematchClicks(Protocol):
    """The lobbies (cogs/hosting/lobby.py), as the rematch button uses them."""

    async def rematch(self, interaction: discord.Interaction, match_id: int) -> None: ...


class RematchDesk(Protocol):
    @property
    def lobbies(self) -> RematchClicks: ...


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"rm:(?P<mid>[0-9]{1,18})",
):
    def __init__(self, match_id: int, *, row: int | None = None):
        super().__init__(
            discord.ui.Button(
                label=_("🔁 Rematch"),
                style=discord.ButtonStyle.primary,
                row=row,
                custom_id=f"{REMATCH}:{match_id}",
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return fit(cls(int(match["mid"])), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        desk: RematchDesk = served(interaction)
        await hand_over(self, interaction, desk.lobbies.rematch(interaction, self.match_id))
