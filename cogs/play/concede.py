"""`/game concede`: a player gives up, after a private Yes or No.

Between two players the match ends and they cannot win (the engine's
concession); with more players the others play on and a bot takes the
seat (the seat service), so one leaver spoils nobody's game.
"""

from __future__ import annotations

import discord

from cogs import replies
from cogs.answer_first import PUBLIC, announce, holding
from cogs.i18n import N_, _, speaking
from cogs.play.buttons import ConcedeButton
from cogs.play.tables import Tables
from cogs.play.turns import humans_owing
from cogs.replies import own_panel, say
from storage import StaleCommit, WrongStatus


class Concessions:
    def __init__(self, tables: Tables):
        self.tables = tables

    async def ask(self, interaction: discord.Interaction, match_id: int) -> None:
        """`/game concede` asks first: Yes or No, privately."""
        loaded, seat = await self.tables.load_seated(interaction, match_id)
        if loaded is None or seat is None:
            return
        assert loaded.match is not None
        what = replies.CONCEDE_TWO if loaded.match.players == 2 else replies.CONCEDE_MANY
        view = discord.ui.View(timeout=None)
        view.add_item(ConcedeButton(match_id, "yes"))
        view.add_item(ConcedeButton(match_id, "no"))
        await interaction.response.send_message(
            _(replies.CONCEDE_ASK, match=match_id, what=_(what)), view=view, ephemeral=True
        )

    async def answer(self, interaction: discord.Interaction, match_id: int, yes: bool) -> None:
        if not yes:
            if own_panel(interaction):
                await interaction.response.edit_message(content=_(replies.CONCEDE_NO), view=None)
            else:
                await say(interaction, replies.CONCEDE_NO)
            return
        await self.concede(interaction, match_id)

    async def concede(self, interaction: discord.Interaction, match_id: int) -> None:
        """The user gives up: the engine's concession between two players, a
        bot in their seat with more. A Yes that must wait for the match's
        lock long is acknowledged (cogs/answer_first.py); the word on it
        then follows in public, a refusal privately."""
        tables = self.tables
        async with holding(interaction, tables.lock(match_id), PUBLIC):
            loaded, seat = await tables.load_seated(interaction, match_id)
            if loaded is None or seat is None:
                return
            assert loaded.match is not None
            before = humans_owing(loaded)
            committed = None
            if loaded.match.players > 2:
                await tables.seats.to_bot(match_id, seat, how="conceded")
                text = N_("{user} left match #{match}; a bot takes their seat.")
            else:
                events = loaded.match.concede(seat, loaded.match.seq)
                try:
                    committed = await tables.moves.commit(loaded, [events])
                except (StaleCommit, WrongStatus):
                    await say(interaction, replies.RACED)
                    return
                text = N_("{user} conceded match #{match}.")
            with speaking(await tables.languages.of_server(loaded.guild_id)):  # said in public
                text = _(text, user=interaction.user.mention, match=match_id)
            await announce(interaction, text, allowed_mentions=discord.AllowedMentions.none())
        if committed is not None:  # a move: shown as committed
            await tables.after_move(committed, before)
        else:  # a seat handed over
            await tables.show_change(match_id, before)
