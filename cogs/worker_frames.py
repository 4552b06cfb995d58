"""The frames the bot and its worker processes talk in over pipes (the board
worker, cogs/presenters/board_worker.py; the thinking workers,
cogs/thinking/worker.py): a request is a 4-byte big-endian length and its
body; an answer is one status byte, a 4-byte length and its payload.

Plain subprocesses fed through pipes, not a fork of the bot: the bot's
threads may hold locks a fork would copy held."""

from __future__ import annotations

import struct

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
