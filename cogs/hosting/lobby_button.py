"""A lobby's buttons: join, leave, add a bot (of a level), start, cancel.
Their custom_ids carry the match and the operation (see
cogs/components.py); each click goes to the services' `lobbies`.
"""

from __future__ import annotations

import re
from typing import Protocol

import discord

from cogs.components import fit, hand_over, served
from cogs.i18n import N_, _
from cogs.presenters.seats import BOT_LABELS


class LobbyClicks(Protocol):
    """The lobbies (cogs/hosting/lobby.py), as their buttons use them."""

    async def on_button(self, interaction: discord.Interaction, match_id: int, op: str) -> None: ...


class LobbyDesk(Protocol):
    @property
    def lobbies(self) -> LobbyClicks: ...


LOBBY = "lobby"  # lobby:<match>:<op>            -> join / leave / bot / start / cancel
#: a lobby's "add a bot" buttons, by the bot's level (rules/bots)
BOT_OPS = {"botrandom": "random", "botgreedy": "greedy", "botexpert": "expert"}
#: the lobby message's buttons
LOBBY_OPS = ("join", "leave", "start", "cancel", *BOT_OPS)
#: a host's start of a rematch lobby whose unconfirmed seats go to bots (a
#: button of the private answer to Start, not of the lobby)
START_NOW = "startnow"


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"lobby:(?P<mid>[0-9]{1,18}):(?P<op>[a-z]{1,10})",
):
    STYLES = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
        "cancel": discord.ButtonStyle.danger,
        START_NOW: discord.ButtonStyle.primary,
    }
    LABELS = {
        "join": N_("Join"),
        "leave": N_("Leave"),
        "bot": N_("Add bot"),
        "start": N_("Start"),
        "cancel": N_("Cancel"),
        START_NOW: N_("Start without them"),
        **{op: BOT_LABELS[level] for op, level in BOT_OPS.items()},
    }

    def __init__(self, match_id: int, op: str, *, disabled: bool = False):
        super().__init__(
            discord.ui.Button(
                label=(("🤖 " if op in BOT_OPS else "") + _(self.LABELS.get(op, op)))[:80],
                style=self.STYLES.get(op, discord.ButtonStyle.secondary),
                disabled=disabled,
                row=1 if op in BOT_OPS else 0,
                custom_id=f"{LOBBY}:{match_id}:{op}",
            )
        )
        self.match_id, self.op = match_id, op

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return fit(cls(int(match["mid"]), match["op"]), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        desk: LobbyDesk = served(interaction)
        service = desk.lobbies
        await hand_over(self, interaction, service.on_button(interaction, self.match_id, self.op))
