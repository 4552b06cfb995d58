"""The hosting extension's setup: its components, its `/game` commands and
the servers' comings and goings, over the services it is given
(cogs/services.py)."""

from __future__ import annotations

from cogs.game_group import GameGroup, Host, add_game_cog
from cogs.hosting.commands import HostingCommands
from cogs.hosting.forget import ForgetButton
from cogs.hosting.guilds import Guilds
from cogs.hosting.help import RulesButton
from cogs.hosting.lobby_button import LobbyButton
from cogs.services import Services

#: the components whose clicks this extension answers
ITEMS = (LobbyButton, ForgetButton, RulesButton)


async def setup(bot: Host, group: GameGroup, services: Services) -> None:
    bot.add_dynamic_items(*ITEMS)
    await add_game_cog(bot, HostingCommands(group, services))
    await bot.add_cog(Guilds(bot, services))
