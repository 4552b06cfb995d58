"""Which guilds this process owns, when several processes share the bot.

Discord splits a bot's guilds into shards: guild g belongs to shard
`(g >> 22) % SHARD_COUNT`, and only that shard's gateway connection receives
its events and clicks. A process runs the shards `SHARD_IDS` (e.g. `0-3` of
`SHARD_COUNT=8`) and owns their guilds: it alone fires their deadlines, makes
their bot moves on its own initiative (after a restart, on a timeout) and
purges them when the bot leaves. Clicks need no check — Discord sends them to
the owner — except from DMs, which reach shard 0 whatever the match's guild;
there the database decides (a move commits only on the seq it was made on).
"""

from __future__ import annotations

from dataclasses import dataclass


class ShardError(ValueError):
    """SHARD_COUNT / SHARD_IDS are not a valid shard layout; says how to fix it."""


@dataclass(frozen=True, slots=True)
class Shards:
    """The shard layout of this process: `count` shards in all, `ids` its own."""

    count: int
    ids: tuple[int, ...]

    def owns(self, guild_id: int | None) -> bool:
        """Whether this process owns `guild_id` (None: DMs, which reach shard 0)."""
        return shard_of(guild_id, self.count) in self.ids


#: one process running every shard: owns everything (the default)
ALL = Shards(1, (0,))


def shard_of(guild_id: int | None, count: int) -> int:
    return 0 if guild_id is None else (guild_id >> 22) % count


def parse(count: str | None, ids: str | None) -> Shards | None:
    """SHARD_COUNT and SHARD_IDS from the environment; None when neither is
    set (one process for everything). SHARD_IDS is a list of ids and ranges
    (`0-3`, `1,3`, `4-5,7`); without it the process runs every shard."""
    count, ids = (count or "").strip(), (ids or "").strip()
    if not count:
        if ids:
            raise ShardError("SHARD_IDS needs SHARD_COUNT (the number of shards in all)")
        return None
    if not count.isdigit() or not 1 <= int(count) <= 65536:
        raise ShardError(f"SHARD_COUNT must be a whole number from 1, got {count!r}")
    total = int(count)
    if not ids:
        return Shards(total, tuple(range(total)))
    chosen: set[int] = set()
    for part in ids.split(","):
        low, dash, high = part.strip().partition("-")
        if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
            raise ShardError(f"SHARD_IDS must be ids or ranges like 0-3 or 1,3, got {ids!r}")
        first, last = int(low), int(high) if dash else int(low)
        if first > last or last >= total:
            raise ShardError(
                f"SHARD_IDS {part.strip()!r} is not within 0-{total - 1} (SHARD_COUNT={total})"
            )
        chosen.update(range(first, last + 1))
    return Shards(total, tuple(sorted(chosen)))
