"""Strict comparisons of game states for the codec tests: equal values of
equal types all the way down (True is not 1, a tuple is not a list), and
copies that share no mutable part."""

from __future__ import annotations

import dataclasses
from typing import Any


def strictly_equal(a: Any, b: Any, where: str = "state") -> None:
    assert type(a) is type(b), f"{where}: {type(a).__name__} != {type(b).__name__}"
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            strictly_equal(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, dict):
        assert list(a) == list(b), f"{where}: keys {list(a)} != {list(b)}"
        for k in a:
            strictly_equal(a[k], b[k], f"{where}[{k!r}]")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), f"{where}: length {len(a)} != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            strictly_equal(x, y, f"{where}[{i}]")
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"


def mutable_parts(
    value: Any, found: dict[int, str] | None = None, where: str = "state"
) -> dict[int, str]:
    """id -> path of every list, dict and dataclass instance inside `value`."""
    found = {} if found is None else found
    if dataclasses.is_dataclass(value):
        cls: Any = type(value)  # typeshed's dataclass protocol omits the params
        if not cls.__dataclass_params__.frozen:
            found[id(value)] = where
        for f in dataclasses.fields(value):
            mutable_parts(getattr(value, f.name), found, f"{where}.{f.name}")
    elif isinstance(value, dict):
        found[id(value)] = where
        for k, v in value.items():
            mutable_parts(v, found, f"{where}[{k!r}]")
    elif isinstance(value, (list, tuple)):
        if isinstance(value, list):
            found[id(value)] = where
        for i, v in enumerate(value):
            mutable_parts(v, found, f"{where}[{i}]")
    return found


def assert_shares_nothing(a: Any, b: Any) -> None:
    ours, theirs = mutable_parts(a), mutable_parts(b)
    shared = sorted(ours[i] for i in set(ours) & set(theirs))
    assert not shared, f"the copy shares {shared}"
