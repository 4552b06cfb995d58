"""The hosting extension's setup: its components, its `/game` commands and
the servers' comings and goings, over what it uses of the services
(cogs/services.py), as its Protocols name it."""

from __future__ import annotations

from typing import Protocol

from cogs.game_group import GameGroup, Host, add_game_cog
from cogs.hosting.commands import HostingCommands, HostingServices
from cogs.hosting.forget import ForgetButton
from cogs.hosting.guilds import Guilds, GuildServices
from cogs.hosting.help import HelpButton, RulesButton, RulesSelect
from cogs.hosting.lobby_button import LobbyButton
from cogs.hosting.seasons import SeasonCommands
from cogs.play.learn_buttons import ITEMS as LEARN_ITEMS
from cogs.play.rematch_button import RematchButton


class Needs(HostingServices, GuildServices, Protocol):
    """What the hosting extension uses of the services (cogs/services.py)."""


#: the components whose clicks this extension answers
ITEMS = (
    LobbyButton,
    ForgetButton,
    RulesButton,
    RulesSelect,
    HelpButton,
    RematchButton,
    *LEARN_ITEMS,
)


async def setup(bot: Host, group: GameGroup, services: Needs) -> None:
    bot.add_dynamic_items(*ITEMS)
    await add_game_cog(bot, HostingCommands(group, services))
    await add_game_cog(bot, SeasonCommands(group, services))
    await bot.add_cog(Guilds(bot, services))
