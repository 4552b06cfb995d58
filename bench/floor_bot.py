"""The floor of bench/load: a bare discord.py bot that answers a click at
once and does nothing else. It runs as a process of its own, like the game
bot, against a fake Discord of its own in bench/load's event loop, beside
the game bot's: the two are measured alike.

It posts one message with a button in FLOOR_CHANNEL when ready; every click
on it is answered with a short private message."""

from __future__ import annotations

import logging
import os
import time

import discord
import yarl

#: FLOOR_CLICK_TIMES: each click's id and when its handler started, one a line
TIMES = (
    open(os.environ["FLOOR_CLICK_TIMES"], "a", buffering=1, encoding="utf-8")  # noqa: SIM115
    if os.environ.get("FLOOR_CLICK_TIMES")
    else None
)
discord.http.Route.BASE = os.environ["DISCORD_API_BASE"]
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["DISCORD_GATEWAY_URL"])


class Answer(discord.ui.View):
    def __init__(self):
        super().__init__(timeout=None)

    @discord.ui.button(label="Click", custom_id="floor:click")
    async def click(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        started = time.monotonic()
        await interaction.response.send_message("ok", ephemeral=True)
        if TIMES is not None:  # as the game bot's (cogs/play/click_timings.py)
            TIMES.write(f"{interaction.id} {started:.6f}\n")


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
