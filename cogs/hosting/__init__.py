"""Hosting: everything around the matches themselves, a discord.py extension.

Lobbies and `/game new`, hosts' moderation (cancel, kick, replace, pause,
resume, timers), the server's settings and language, players'
notification choice, deadlines (reminders and timeouts), help and rules,
and the server's data (kept while the bot is away, forgotten on request).
Needs the play extension's services (loaded before it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.game_group import add_game_cog
from cogs.hosting.commands import HostingCommands
from cogs.hosting.deadlines import Deadlines
from cogs.hosting.forget import ForgetButton
from cogs.hosting.guilds import Guilds
from cogs.hosting.help import RulesButton
from cogs.hosting.lobby import Lobbies
from cogs.hosting.lobby_button import LobbyButton
from cogs.hosting.moderation import Moderation

if TYPE_CHECKING:
    from cogs.app import GameHost

#: the components whose clicks this extension answers
ITEMS = (LobbyButton, ForgetButton, RulesButton)


async def setup(bot: GameHost) -> None:
    tables = bot.tables  # the play extension's
    bot.lobbies = Lobbies(bot, bot.store, tables, bot.config.fixed_seed)
    bot.deadlines = Deadlines(bot.store, tables, bot.clock, bot.config.deadline_poll)
    tables.deadlines = bot.deadlines
    bot.moderation = Moderation(bot.store, tables, bot.deadlines)
    bot.add_dynamic_items(*ITEMS)
    await add_game_cog(bot, HostingCommands(bot))
    await bot.add_cog(Guilds(bot))
