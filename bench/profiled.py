"""Run a script (the bot) with cProfile at hand, for `bench.load --ramp --profile`.

`python bench/profiled.py bot.py ...`: SIGUSR1 starts profiling the main
thread (the bot's event loop; its other threads, the writer's and the bots'
thinking, are not seen), SIGUSR2 stops and writes the stats to the file
named by GAMEHOST_PROFILE (for `pstats`). With GAMEHOST_PROFILE_START set,
profiling starts with the script (bench.live: the start-up)."""

from __future__ import annotations

import cProfile
import os
import runpy
import signal
import sys
from pathlib import Path

PROFILE = cProfile.Profile()


def start(*_: object) -> None:
    PROFILE.enable()


def stop(*_: object) -> None:
    PROFILE.disable()
    PROFILE.dump_stats(os.environ["GAMEHOST_PROFILE"])


if __name__ == "__main__":
    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)
    if os.environ.get("GAMEHOST_PROFILE_START"):
        start()
    script = sys.argv[1]
    sys.argv = sys.argv[1:]
    sys.path[0] = str(Path(script).resolve().parent)
    runpy.run_path(script, run_name="__main__")
