"""The play extension's setup: its components and its `/game` commands,
over what it uses of the services (cogs/services.py), as its Protocol names it."""

from __future__ import annotations

from cogs.game_group import GameGroup, Host, add_game_cog
from cogs.play.buttons import ITEMS
from cogs.play.commands import PlayCommands, PlayServices
from cogs.play.places import PermissionChanges


async def setup(bot: Host, group: GameGroup, services: PlayServices) -> None:
    tables = services.tables
    bot.add_dynamic_items(*ITEMS)
    await add_game_cog(bot, PlayCommands(group, services))
    await bot.add_cog(
        PermissionChanges(tables.places, lambda match_id: tables.editor.want(match_id))
    )
