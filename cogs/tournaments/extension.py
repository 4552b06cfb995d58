"""The tournaments extension's setup: the sign-up's buttons and the
`/game tournament` commands, over what it uses of the services."""

from __future__ import annotations

from cogs.game_group import GameGroup, Host, add_game_cog
from cogs.tournaments.buttons import TournamentButton
from cogs.tournaments.commands import TournamentCommands, TournamentServices

#: the components whose clicks this extension answers
ITEMS = (TournamentButton,)


async def setup(bot: Host, group: GameGroup, services: TournamentServices) -> None:
    bot.add_dynamic_items(*ITEMS)
    await add_game_cog(bot, TournamentCommands(group, services))
