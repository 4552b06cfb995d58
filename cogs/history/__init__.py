"""History: looking back, a discord.py extension.

Recent results, members' records and ratings, leaderboards, a match's log
and the replay of a finished one, its export; and the story (moves in
words) that the table's recent moves share. Uses the play extension's seat
names (loaded before it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.game_group import add_game_cog
from cogs.history.buttons import LogButton, ReplayButton
from cogs.history.commands import HistoryCommands
from cogs.history.logbook import Logbook
from cogs.history.results import History

if TYPE_CHECKING:
    from cogs.app import GameHost

#: the components whose clicks this extension answers
ITEMS = (LogButton, ReplayButton)


async def setup(bot: GameHost) -> None:
    bot.history = History(bot.store)
    bot.logbook = Logbook(bot.store, bot.tables.names)
    bot.add_dynamic_items(*ITEMS)
    await add_game_cog(bot, HistoryCommands(bot))
