"""Start the game host: read the configuration, set up logging, load the
games and check that one `/game new` can offer all their options
(cogs/hosting/game_options.py), check and open the database (all before any
connection to Discord: a host learns of a bad setting, game or file at once,
in one line), run the bot until SIGINT/SIGTERM, then shut down within
seconds in any state (the store is closed last)."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

import discord
import yarl
from dotenv import load_dotenv

from cogs.config import Config, ConfigError
from cogs.heartbeat import Heartbeat, connected
from cogs.hosting.game_options import option_problems
from cogs.presenters import enable_games, presented_games
from rules.core import registry
from storage import UnusableDatabase, open_store

log = logging.getLogger("gamehost")

EXIT_CONFIG, EXIT_LOGIN, EXIT_STORAGE = 2, 1, 3
#: seconds the runner gets to end once cancelled, and again once the bot closed
RUNNER_GRACE = 0.5


def redirect(config: Config) -> None:
    """Point the client at another Discord (the project's fake one in tests)."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


async def run(config: Config) -> None:
    # Imported here, after `enable_games`: the slash commands are made as the
    # app is imported, and offer the games enabled by then.
    from cogs.app import GameHost, make_clock

    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    clock = make_clock(config)
    store = await open_store(
        config.database_path,
        url=config.database_url,
        clock=clock.time,
        create_folder=config.create_database_folder,
    )
    if stopping.is_set():  # asked to stop while the file was being checked
        await store.close()
        return
    bot = GameHost(config, store, clock)
    async with bot, Heartbeat(config.heartbeat_path, lambda: connected(bot)):
        runner = asyncio.create_task(bot.start(config.token), name="discord")
        stopper = asyncio.create_task(stopping.wait())
        await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        stopper.cancel()
        if not runner.done():
            log.info("stopping")
            # Cancelling the runner first ends a reconnect back-off (which
            # discord.py would sleep out, up to minutes) or a login at once.
            runner.cancel()
            # A shard caught reconnecting swallows the cancellation and waits
            # for its next event: closing the bot sends it one (clean close).
            await asyncio.wait({runner}, timeout=RUNNER_GRACE)
            await bot.close()
            await asyncio.wait({runner}, timeout=RUNNER_GRACE)
            if not runner.done():
                runner.cancel()
            log.info("stopped")
        else:
            await runner  # it ended on its own: raise what ended it


def main() -> int:
    load_dotenv()
    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    discord.utils.setup_logging(level=getattr(logging, config.log_level), root=True)
    redirect(config)
    try:
        enable_games(config.games)  # GAMEHOST_GAMES, before the app is imported
    except (ImportError, TypeError, ValueError) as exc:
        log.error("cannot load the games of GAMEHOST_GAMES: %s", exc)
        return EXIT_CONFIG
    for game, error in registry.load_errors.items():
        log.warning("the installed game %r is left out: it cannot be loaded: %s", game, error)
    clashes = option_problems(presented_games())  # what one /game new can't offer
    if clashes:
        log.error("cannot offer the games' options in /game new: %s", "; ".join(clashes))
        return EXIT_CONFIG
    try:
        asyncio.run(run(config))
    except discord.LoginFailure:
        log.error("Discord refused the token. Check DISCORD_TOKEN (see README.md).")
        return EXIT_LOGIN
    except UnusableDatabase as exc:
        log.error("cannot use the database %s", exc)
        return EXIT_STORAGE
    return 0


if __name__ == "__main__":
    sys.exit(main())
