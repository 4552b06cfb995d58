"""The board worker process (cogs/presenters/board_pool.py starts it):
reads requests from stdin, draws each board, writes the PNG to stdout, in
order. It stops when stdin closes (or stdout breaks), so it never outlives
the bot. Its arguments name the packages of the games the bot offers
(`loaded_packages`), enabled here too.

Frames (cogs/worker_frames.py): a request is JSON
[game_id, view, names, language] (a finished game's view carries its
outcome's public facts for the winner banner: `base.board_view`); an
answer's status is b"P" (a PNG follows), b"N" (no picture) or b"E" (an
error message follows)."""

from __future__ import annotations

import json
import os
import sys
import traceback

from cogs.i18n import speaking
from cogs.presenters import enable_games, presenter_for
from cogs.worker_frames import answer, read_frame

#: the worker's niceness: drawing a table is background work, so on a busy
#: machine the bot's answers to clicks (its event loop) come first, and a
#: table waits a little longer
NICENESS = 10


def serve(stdin, stdout) -> None:
    while (frame := read_frame(stdin)) is not None:
        try:
            game_id, view, names, language = json.loads(frame)
            with speaking(language):
                png = presenter_for(game_id).render_board(view, names)
        except Exception:
            answer(stdout, b"E", traceback.format_exc().encode())
            continue
        answer(stdout, b"N", b"") if png is None else answer(stdout, b"P", png)


def main() -> None:
    os.nice(NICENESS)
    enable_games(sys.argv[1:])
    try:
        serve(sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, ConnectionResetError):
        # The bot is gone (killed mid-drawing): stop quietly, and keep Python
        # from complaining again while flushing stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    main()
