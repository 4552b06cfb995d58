"""The history extension's setup: its components and its `/game` commands,
over what it uses of the services (cogs/services.py), as its Protocol names it."""

from __future__ import annotations

from cogs.game_group import GameGroup, Host, add_game_cog
from cogs.history.buttons import LogButton, ReplayButton
from cogs.history.commands import HistoryCommands, HistoryServices

#: the components whose clicks this extension answers
ITEMS = (LogButton, ReplayButton)


async def setup(bot: Host, group: GameGroup, services: HistoryServices) -> None:
    bot.add_dynamic_items(*ITEMS)
    await add_game_cog(bot, HistoryCommands(group, services))
