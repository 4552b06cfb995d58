"""A lobby's buttons: join, leave, add a bot (of a level), start, cancel.
Their custom_ids carry the match and the operation (see
cogs/components.py); each click goes to the services' `lobbies`.
"""

from __future__ import annotations

from typing import Protocol

import discord

from cogs.component_table import Spec, components, matching, number
from cogs.components import served
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


def _lobby(custom_id: str, carried: dict, *, disabled: bool = False) -> discord.ui.Button:
    op = carried["op"]
    return discord.ui.Button(
        label=(("🤖 " if op in BOT_OPS else "") + _(LABELS.get(op, op)))[:80],
        style=STYLES.get(op, discord.ButtonStyle.secondary),
        disabled=disabled,
        row=1 if op in BOT_OPS else 0,
        custom_id=custom_id,
    )


def desk(interaction: discord.Interaction) -> LobbyDesk:
    return served(interaction)


#: a lobby's buttons: name, prefix, the fields of the custom_id, kind, what
#: a click does, how it looks
TABLE = (
    Spec(
        "LobbyButton",
        LOBBY,
        (number("match_id", 18), matching("op", "[a-z]{1,10}")),
        discord.ui.Button,
        lambda i, c: desk(i).lobbies.on_button(i, c.match_id, c.op),
        _lobby,
    ),
)
(LobbyButton,) = components(TABLE, __name__)
