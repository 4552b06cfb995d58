"""Snowflakes and timestamps.

Ids are real Discord snowflakes (time in the top bits) because discord.py
derives ``Message.created_at`` from the id, not from the ``timestamp`` field;
backdating a message therefore means giving it an older snowflake.
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime

DISCORD_EPOCH_MS = 1420070400000
_counter = itertools.count(1)


def now() -> datetime:
    return datetime.now(UTC)


def snowflake(at: datetime | None = None) -> int:
    """A unique snowflake whose embedded time is ``at`` (default: now)."""
    ms = int((at or now()).timestamp() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def snowflake_in_shard(shard: int, count: int) -> int:
    """A unique snowflake (a guild id) that Discord routes to ``shard`` of
    ``count``: ``(id >> 22) % count == shard``, a millisecond or two in the past."""
    ms = int(now().timestamp() * 1000) - DISCORD_EPOCH_MS
    ms -= (ms - shard) % count
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard that receives a guild's events (DMs: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


def snowflake_time(value: int) -> datetime:
    return datetime.fromtimestamp(((value >> 22) + DISCORD_EPOCH_MS) / 1000, UTC)


def iso(at: datetime | None) -> str | None:
    return None if at is None else at.isoformat()
