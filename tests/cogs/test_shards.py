"""SHARD_COUNT / SHARD_IDS: parsing, refusals that say how to fix them, and
which guilds a process owns."""

from __future__ import annotations

import pytest

from cogs.shards import ALL, ShardError, Shards, parse, shard_of


def guild_in(shard: int, count: int) -> int:
    """A snowflake-like guild id that Discord routes to `shard` of `count`."""
    return ((1_000_000 * count + shard) << 22) | 12345


def test_nothing_set_is_one_process_for_everything():
    assert parse(None, None) is None and parse("", " ") is None
    assert ALL.owns(guild_in(0, 7)) and ALL.owns(None)


@pytest.mark.parametrize(
    ("count", "ids", "want"),
    [
        ("8", "0-3", (0, 1, 2, 3)),
        ("8", "4-7", (4, 5, 6, 7)),
        ("4", "1,3", (1, 3)),
        ("8", " 4-5, 7 ", (4, 5, 7)),
        ("2", None, (0, 1)),
        ("1", "0", (0,)),
    ],
)
def test_ranges_and_lists(count, ids, want):
    assert parse(count, ids) == Shards(int(count), want)


@pytest.mark.parametrize(
    ("count", "ids", "says"),
    [
        (None, "0-3", "needs SHARD_COUNT"),
        ("eight", None, "whole number"),
        ("0", None, "whole number"),
        ("8", "3-1", "not within"),
        ("8", "0-8", "not within 0-7"),
        ("8", "a", "ids or ranges"),
        ("8", "1-", "ids or ranges"),
    ],
)
def test_bad_layouts_are_refused_with_the_fix(count, ids, says):
    with pytest.raises(ShardError, match=says):
        parse(count, ids)


def test_a_process_owns_exactly_its_shards_guilds():
    low, high = parse("4", "0-1"), parse("4", "2-3")
    for shard in range(4):
        guild = guild_in(shard, 4)
        assert shard_of(guild, 4) == shard
        assert low.owns(guild) == (shard < 2) and high.owns(guild) == (shard >= 2)
    assert low.owns(None) and not high.owns(None)  # DMs reach shard 0
