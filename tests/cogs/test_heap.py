"""The garbage collector's settings for the bot process (cogs/heap.py)."""

import gc
import weakref

import pytest

from cogs import heap


@pytest.fixture
def collector():
    """The suite's own process gets its collector back."""
    yield
    gc.unfreeze()


class Node:
    me: object


def cycle() -> weakref.ref:
    """A reference cycle that only the collector can free, and a way to see it go."""
    node = Node()
    node.me = node
    return weakref.ref(node)


def test_the_startup_heap_is_frozen_and_later_garbage_still_collected(collector):
    left_by_startup = cycle()
    frozen = heap.freeze_startup_heap()
    assert left_by_startup() is None  # collected before the freeze, not kept forever
    # frozen objects whose last reference goes (the suite's other tests' leftovers)
    # leave the count by refcounting, so it may only shrink from here
    assert frozen > 0 and 0 < gc.get_freeze_count() <= frozen
    later = cycle()
    gc.collect()
    assert later() is None  # garbage made after the freeze is collected as before
    assert gc.get_freeze_count() <= frozen  # a collection after it freezes nothing more
