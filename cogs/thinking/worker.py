"""A thinking worker process (cogs/thinking/pool.py starts it): reads jobs
from stdin, one at a time, and writes each answer to stdout (frames:
cogs/worker_frames.py; status b"A" and the answer's JSON, or b"E" and the
error). It stops when stdin closes, so it never outlives the bot. Its
arguments name the packages of the games the bot offers
(`loaded_packages`), enabled here too, bot policies included."""

from __future__ import annotations

import json
import os
import sys
import traceback

from cogs.thinking.jobs import run
from cogs.worker_frames import answer, read_frame
from rules.core import registry

#: the worker's niceness: on a busy machine the bot's event loop (people's
#: clicks) gets the processor first, and a bot seat moves a little later
NICENESS = 10


def serve(stdin, stdout) -> None:
    while (frame := read_frame(stdin)) is not None:
        try:
            found = run(json.loads(frame))
        except Exception:
            answer(stdout, b"E", traceback.format_exc().encode())
            continue
        answer(stdout, b"A", json.dumps(found, separators=(",", ":")).encode())


def main() -> None:
    os.nice(NICENESS)
    answers = sys.stdout.buffer
    sys.stdout = sys.stderr  # a game's stray print must not break the frames
    registry.enable(sys.argv[1:])
    try:
        serve(sys.stdin.buffer, answers)
    except (BrokenPipeError, ConnectionResetError, KeyboardInterrupt):
        # The bot is gone: stop quietly, and keep Python from complaining
        # again while flushing stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), answers.fileno())


if __name__ == "__main__":
    main()
