"""Play: running matches in Discord, a discord.py extension.

The public table and its coalesced edits, players' private panels, the
clicks that become moves, turn pings, `/game hand|status|spectate|concede`,
and the seat service, which moves for bot seats and hands seats over.
Loaded first: the hosting and history extensions use its services.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.game_group import add_game_cog
from cogs.play.buttons import ITEMS
from cogs.play.clicks import Clicks
from cogs.play.commands import PlayCommands
from cogs.play.concede import Concessions
from cogs.play.places import PermissionChanges
from cogs.play.tables import Tables

if TYPE_CHECKING:
    from cogs.app import GameHost


async def setup(bot: GameHost) -> None:
    tables = Tables(bot, bot.store, bot.config, bot.languages)
    bot.tables = tables
    bot.seats = tables.seats
    bot.clicks = Clicks(tables)
    bot.concessions = Concessions(tables)
    bot.add_dynamic_items(*ITEMS)
    await add_game_cog(bot, PlayCommands(bot))
    await bot.add_cog(
        PermissionChanges(tables.places, lambda match_id: tables.editor.want(match_id))
    )
