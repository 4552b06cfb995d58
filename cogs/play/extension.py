"""The play extension's setup: its components and its `/game` commands,
over the services it is given (cogs/services.py)."""

from __future__ import annotations

from cogs.game_group import GameGroup, Host, add_game_cog
from cogs.play.buttons import ITEMS
from cogs.play.commands import PlayCommands
from cogs.play.places import PermissionChanges
from cogs.services import Services


async def setup(bot: Host, group: GameGroup, services: Services) -> None:
    tables = services.tables
    bot.add_dynamic_items(*ITEMS)
    await add_game_cog(bot, PlayCommands(group, services))
    await bot.add_cog(
        PermissionChanges(tables.places, lambda match_id: tables.editor.want(match_id))
    )
