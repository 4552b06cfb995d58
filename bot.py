"""Start the game host: read the configuration, set up logging, run the bot
until SIGINT/SIGTERM, then shut down cleanly (the store is closed last)."""
from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord
import yarl
from dotenv import load_dotenv

from cogs.app import GameHost
from cogs.config import Config, ConfigError

log = logging.getLogger("gamehost")


def redirect(config: Config) -> None:
    """Point the client at another Discord (the project's fake one in tests)."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


async def run(config: Config) -> None:
    bot = GameHost(config)
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    async with bot:
        runner = asyncio.create_task(bot.start(config.token))
        stopper = asyncio.create_task(stopping.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("stopping")
            await bot.close()
        stopper.cancel()
        await runner


def main() -> int:
    load_dotenv()
    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=getattr(logging, config.log_level), root=True)
    redirect(config)
    try:
        asyncio.run(run(config))
    except discord.LoginFailure:
        log.error("Discord refused the token. Check DISCORD_TOKEN (see README.md).")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
