"""`/game help`: how to start a match and how a turn goes, with a button per
game that answers with its rules, exactly as `/game rules` does.

The rules buttons are restart-proof like every other component: the
custom_id `rules:<game>` is all they need.
"""

from __future__ import annotations

import logging
import re

import discord

from cogs.components import fit, hand_over
from cogs.hosting.game_options import options_help
from cogs.i18n import N_, _
from cogs.presenters import presented_games, presenter_for
from cogs.replies import say

log = logging.getLogger(__name__)

RULES = "rules"  # rules:<game> -> that game's rules, only to the clicker
UNKNOWN_GAME = N_("I don't know that game; `/game help` shows the games I host.")

ONBOARDING = N_(
    "**Start a match:** `/game new game:<game>` opens a lobby; others press **Join** and "
    "you press **Start**, or give `players:` and it starts when the seats are full "
    "(`bots:` fills seats with bots). Each match gets its own thread.\n"
    "**Your turn:** you are mentioned in the match's thread, or sent a direct message "
    "(choose with `/game notify`). The public table shows the board and whose move it is.\n"
    "**Your hand:** press **My hand** on the table (or `/game hand`): a panel only you see "
    "shows your cards and your moves as buttons. Pick one and the move is made; nobody "
    "else ever sees your hand.\n"
    "**More:** `/game log` tells every move so far, `/game list` shows the open matches, "
    "`/game concede` gives up. Take as long as you like: matches wait, even across days.\n"
    "**Rules:** press a game below."
)


def rules_embed(game_id: str) -> discord.Embed:
    """A game's rules summary (`/game rules` and the help's buttons)."""
    presenter = presenter_for(game_id)
    embed = discord.Embed(
        title=_("How to play {game}", game=_(presenter.title)),
        description=_(presenter.rules_summary),
    )
    options = options_help(game_id)
    if options:
        embed.add_field(name=_("Options of `/game new`"), value=options, inline=False)
    return embed


def help_message() -> tuple[discord.Embed, discord.ui.View]:
    embed = discord.Embed(title=_("How to play here"), description=_(ONBOARDING))
    view = discord.ui.View(timeout=None)
    for game_id in presented_games():
        view.add_item(RulesButton(game_id))
    return embed, view


async def show_help(interaction: discord.Interaction) -> None:
    embed, view = help_message()
    await interaction.response.send_message(embed=embed, view=view, ephemeral=True)


async def show_rules(interaction: discord.Interaction, game_id: str) -> None:
    """The rules, only to the asker; a game nobody can play is a forged click."""
    if game_id not in presented_games():
        await say(interaction, UNKNOWN_GAME)
        return
    await interaction.response.send_message(embed=rules_embed(game_id), ephemeral=True)


class RulesButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"rules:(?P<game>[a-z0-9_]{1,40})"
):
    def __init__(self, game_id: str):
        super().__init__(
            discord.ui.Button(
                label=_(presenter_for(game_id).title)[:80],
                style=discord.ButtonStyle.secondary,
                custom_id=f"{RULES}:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):
        return fit(cls(match["game"]), item, discord.ui.Button)

    async def callback(self, interaction: discord.Interaction) -> None:
        await hand_over(self, interaction, show_rules(interaction, self.game_id))
