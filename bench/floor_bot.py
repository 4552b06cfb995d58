"""The floor of bench/load: a bare discord.py bot that answers a click at
once and does nothing else, run against its own fake Discord in the same
process and event loop as the game bot's, so the two are measured alike.

It posts one message with a button in FLOOR_CHANNEL when ready; every click
on it is answered with a short private message."""

from __future__ import annotations

import logging
import os

import discord
import yarl

discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])


class Answer(discord.ui.View):
    def __init__(self):
        super().__init__(timeout=None)

    @discord.ui.button(label="Click", custom_id="floor:click")
    async def click(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("ok", ephemeral=True)


class Floor(discord.Client):
    async def setup_hook(self) -> None:
        self.add_view(Answer())

    async def on_ready(self) -> None:
        channel = self.get_partial_messageable(int(os.environ["FLOOR_CHANNEL"]))
        await channel.send("floor", view=Answer())


if __name__ == "__main__":
    Floor(intents=discord.Intents.none()).run(
        os.environ["DISCORD_TOKEN"], log_level=logging.WARNING
    )
