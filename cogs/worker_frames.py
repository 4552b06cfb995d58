"""The bot's worker processes (the board worker, cogs/presenters/board_worker.py;
the thinking workers, cogs/thinking/worker.py): how they are started, and
the frames they talk in over pipes: a request is a 4-byte big-endian length
and its body; an answer is one status byte, a 4-byte length and its payload.

Plain subprocesses fed through pipes, not a fork of the bot: the bot's
threads may hold locks a fork would copy held."""

from __future__ import annotations

import asyncio
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LENGTH = struct.Struct(">I")


def read_frame(stream) -> bytes | None:
    """The next request's body, or None when the bot closed the pipe."""
    head = stream.read(LENGTH.size)
    if len(head) < LENGTH.size:
        return None
    (size,) = LENGTH.unpack(head)
    body = stream.read(size)
    return body if len(body) == size else None


def answer(stream, status: bytes, payload: bytes) -> None:
    stream.write(status + LENGTH.pack(len(payload)) + payload)
    stream.flush()


def request_frame(body: bytes) -> bytes:
    return LENGTH.pack(len(body)) + body


async def start_worker(module: str, packages: list[str]) -> asyncio.subprocess.Process:
    """`python -m module` beside the bot, its stdin and stdout pipes to it;
    `packages`: the games the bot registered from packages of their own,
    which the worker registers too. OSError when it cannot be started."""
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        module,
        *packages,
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
