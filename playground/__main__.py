"""``python -m playground [--port N]`` (``make playground``): try the bot in a browser.

Starts the fake Discord, the real bot against it and the page on
http://127.0.0.1:PORT, prints the address, and runs until Ctrl-C (or
SIGTERM), which stops the page, the bot process and the fake, in that order,
with no traceback. If the bot process ends by itself, so does the playground,
with the tail of the bot's log.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path

from .web import serve
from .world import DEFAULT_DATA_DIR, DataDirError, Playground

DEFAULT_PORT = 8033


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m playground",
        description="Try the bot in a browser, against a fake Discord (no application needed).",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port on 127.0.0.1 (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=DEFAULT_DATA_DIR,
        help="folder for the playground's own database and the bot's log, emptied at start"
        " (default .playground/)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        help="seconds a bot seat thinks before moving (default 0.6)",
    )
    return parser.parse_args(argv)


async def run(args: argparse.Namespace) -> int:
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stopping.set)
    pg = Playground(data_dir=args.data, bot_move_delay=args.bot_delay)
    print("Starting the fake Discord and the bot...", flush=True)
    try:
        await pg.start()
    except DataDirError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:
        if stopping.is_set():  # Ctrl-C while starting: the bot got it too
            return 0
        print(f"error: the bot did not start: {exc}", file=sys.stderr)
        return 1
    if stopping.is_set():
        await pg.stop()
        return 0
    try:
        runner, url = await serve(pg, args.port)
    except OSError as exc:
        await pg.stop()
        print(f"error: cannot serve on 127.0.0.1:{args.port} ({exc}); try --port", file=sys.stderr)
        return 1
    print(f"Playground: {url}  (Ctrl-C stops it)", flush=True)
    print(f"The bot's log: {pg.log_path}", flush=True)
    assert pg.bot is not None and pg.bot.proc is not None
    exited = asyncio.ensure_future(pg.bot.proc.wait())
    stopped = asyncio.ensure_future(stopping.wait())
    await asyncio.wait({exited, stopped}, return_when=asyncio.FIRST_COMPLETED)
    status = 0
    if exited.done() and not stopping.is_set():
        print(f"error: the bot stopped by itself:\n{pg.bot.log_tail(20)}", file=sys.stderr)
        status = 1
    stopped.cancel()
    exited.cancel()
    print("Stopping...", flush=True)
    await runner.cleanup()
    await pg.stop()
    return status


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C while stopping
        return asyncio.run(run(args))
    return 130


if __name__ == "__main__":
    sys.exit(main())
