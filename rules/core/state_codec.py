"""A game state's snapshot and copy, derived from its dataclass.

Every game keeps its state in a dataclass; the type hints of its fields say
how each one is stored, so no game writes `dump`/`load` by hand. From the
hints, `state_codec` writes three functions once per dataclass, as Python
source compiled at first use (no introspection per call):

- `dump(state)`: the JSON-safe dict stored as the snapshot,
- `load(data)`: its inverse (it copies: the result shares nothing with `data`),
- `copy(state)`: the same as `load(dump(state))`, in one pass. Bots copy
  states thousands of times per decision, so this is the path that must be
  as tight as hand-written code.

How each type is stored (declared by the hint, never coded per game):

| hint | stored as |
|---|---|
| `int`, `float`, `str`, `bool`, `None` | itself |
| `T | None` | None or T's form |
| `list[T]` | a list |
| `tuple[T, ...]`, `tuple[A, B]` | a list (loaded back as a tuple) |
| `dict[str, T]`, `dict[int, T]` | an object (int keys as text, as JSON requires) |
| an `Enum` | its value |
| a dataclass | an object of its fields, or with `@as_row` a list in field order |
| a `NamedTuple` | a list in field order (a row) |
| a `TypedDict` | an object of its keys, in declared order (all present) |
| `dict`, `list`, `Any`, `dict[str, Any]`, `list[Any]` | any JSON value, deep-copied |
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar

#: the dataclass a codec stores
T = TypeVar("T")

_ATOMS = (int, float, str, bool, type(None))
#: the built-in types of JSON values that need no copy
_ATOM_TYPES = frozenset(_ATOMS)
_ROW_MARK = "__stored_as_row__"
#: parameterised hints of any JSON value, stored like the bare `dict` and `list`
_JSON_HINTS = (dict[str, Any], list[Any])


def as_row(cls: type) -> type:
    """Mark a dataclass to be stored as a list of its fields in order
    (`[card, owner, jacks]`), not as an object: compact where it is stored
    many times, and the form older snapshots already use."""
    setattr(cls, _ROW_MARK, True)
    return cls


def json_copy(value: Any) -> Any:
    """A deep copy of a JSON value; tuples become lists, as JSON has no tuple."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _ATOM_TYPES else json_copy(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _ATOM_TYPES else json_copy(v) for v in value]
    return value


@dataclasses.dataclass(frozen=True, slots=True)
class StateCodec(Generic[T]):
    """The generated functions for one dataclass, and their source (for
    reading when a snapshot looks wrong)."""

    dump: Callable[[T], dict[str, Any]]
    load: Callable[[dict[str, Any]], T]
    copy: Callable[[T], T]
    source: str


#: the codecs built so far, per dataclass
_codecs: dict[type, StateCodec[Any]] = {}


def state_codec(cls: type[T]) -> StateCodec[T]:
    """The codec of dataclass `cls` (built once, then cached)."""
    codec = _codecs.get(cls)
    if codec is None:
        codec = _codecs[cls] = _write_codec(cls)
    return codec


def _write_codec(cls: type) -> StateCodec[Any]:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    writer = _Writer()
    source = "\n".join(
        [
            f"def dump(s):\n    return {writer.expr(cls, 's', 'dump')}",
            f"def load(s):\n    return {writer.expr(cls, 's', 'load')}",
            f"def copy(s):\n    return {writer.expr(cls, 's', 'copy')}",
        ]
    )
    namespace = dict(writer.names)
    exec(compile(source, f"<state codec of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
    return StateCodec(namespace["dump"], namespace["load"], namespace["copy"], source)


class _Writer:
    """Writes one Python expression per (type, operation)."""

    OPS: ClassVar[tuple[str, ...]] = ("dump", "load", "copy")

    def __init__(self) -> None:
        self.names: dict[str, Any] = {"json_copy": json_copy}
        self._counter = 0
        self._open: set[type] = set()  # dataclasses being written (no recursion)

    def _var(self) -> str:
        self._counter += 1
        return f"v{self._counter}"

    def _name(self, obj: Any) -> str:
        """A name for `obj` in the generated code's namespace."""
        for name, known in self.names.items():
            if known is obj:
                return name
        name = f"_{getattr(obj, '__name__', 'obj')}_{len(self.names)}"
        self.names[name] = obj
        return name

    # -- what needs no work ---------------------------------------------------
    def is_plain(self, tp: Any, op: str) -> bool:
        """True when `op` may pass a value of type `tp` through as it is: it
        is immutable and already in its stored (dump) or live (load) form."""
        if tp in _ATOMS or tp is type(None):
            return True
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return op == "copy"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            return all(self.is_plain(a, op) for a in args)
        if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
            return op == "copy" and all(
                self.is_plain(t, op) for t in typing.get_type_hints(tp).values()
            )
        if origin is tuple and op == "copy":
            return all(self.is_plain(a, op) for a in args if a is not Ellipsis)
        return False

    # -- the expression for one value ------------------------------------------
    def expr(self, tp: Any, src: str, op: str) -> str:
        """A side-effect-free expression for `op` applied to the value `src`
        (a name, attribute or subscript: it may be evaluated more than once)."""
        if self.is_plain(tp, op):
            return src
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return f"{src}.value" if op == "dump" else f"{self._name(tp)}({src})"
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            return self._dataclass(tp, src, op)
        if isinstance(tp, type) and issubclass(tp, tuple) and hasattr(tp, "_fields"):
            return self._named_tuple(tp, src, op)
        if typing.is_typeddict(tp):
            hints = typing.get_type_hints(tp)
            return (
                "{"
                + ", ".join(
                    f"{k!r}: " + self.expr(t, f"{src}[{k!r}]", op) for k, t in hints.items()
                )
                + "}"
            )
        if tp is Any or tp in (dict, list, tuple) or tp in _JSON_HINTS:
            return f"json_copy({src})"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            rest = [a for a in args if a is not type(None)]
            if len(rest) != 1 or len(rest) == len(args):
                raise TypeError(f"unsupported union {tp!r}: only `T | None` is stored")
            return f"(None if {src} is None else {self.expr(rest[0], src, op)})"
        if origin is list:
            return self._sequence(args[0], src, op, "list", from_list=True)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return self._sequence(
                    args[0], src, op, "list" if op == "dump" else "tuple", from_list=op == "load"
                )
            items = ", ".join(self.expr(a, f"{src}[{i}]", op) for i, a in enumerate(args))
            return f"[{items}]" if op == "dump" else f"({items},)"
        if origin is dict:
            return self._mapping(args[0], args[1], src, op)
        raise TypeError(f"no stored form for {tp!r}")

    def _sequence(self, item: Any, src: str, op: str, kind: str, from_list: bool) -> str:
        """A list or tuple (`kind`) of the items of `src`, a list when
        `from_list`. list.copy() and comprehensions are the fastest forms for
        the short lists of a state (faster than list() or map())."""
        if self.is_plain(item, op):
            return f"{src}.copy()" if from_list and kind == "list" else f"{kind}({src})"
        var = self._var()
        body = f"[{self.expr(item, var, op)} for {var} in {src}]"
        return body if kind == "list" else f"tuple({body})"

    def _mapping(self, key: Any, value: Any, src: str, op: str) -> str:
        if key not in (str, int):
            raise TypeError(f"dict keys must be str or int, not {key!r}")
        text_keys = key is int and op != "copy"
        if not text_keys and self.is_plain(value, op):
            return f"{src}.copy()"
        k, var = self._var(), self._var()
        stored_key = {"dump": f"str({k})", "load": f"int({k})"}.get(op, k) if text_keys else k
        return f"{{{stored_key}: {self.expr(value, var, op)} for {k}, {var} in {src}.items()}}"

    def _named_tuple(self, cls: type[Any], src: str, op: str) -> str:
        """A row: stored as a list, indexed (so a plain list loads as well).
        (`cls` is any NamedTuple class: typed loosely for its `_fields`.)"""
        hints = typing.get_type_hints(cls)
        items = [self.expr(hints[f], f"{src}[{i}]", op) for i, f in enumerate(cls._fields)]
        if op == "dump":
            return f"[{', '.join(items)}]"
        return f"{self._name(cls)}({', '.join(items)})"

    def _dataclass(self, cls: type, src: str, op: str) -> str:
        if cls in self._open:
            raise TypeError(f"{cls.__qualname__} contains itself: no stored form")
        self._open.add(cls)
        try:
            hints = typing.get_type_hints(cls)
            fields = dataclasses.fields(cls)
            if not all(f.init for f in fields):
                raise TypeError(f"{cls.__qualname__}: every field must be an init field")
            row = bool(getattr(cls, _ROW_MARK, False))
            if op == "dump":
                if row:
                    return (
                        "["
                        + ", ".join(self.expr(hints[f.name], f"{src}.{f.name}", op) for f in fields)
                        + "]"
                    )
                return (
                    "{"
                    + ", ".join(
                        f"{f.name!r}: " + self.expr(hints[f.name], f"{src}.{f.name}", op)
                        for f in fields
                    )
                    + "}"
                )
            if op == "load":
                parts = [
                    self.expr(hints[f.name], f"{src}[{i if row else repr(f.name)}]", op)
                    for i, f in enumerate(fields)
                ]
            else:
                parts = [self.expr(hints[f.name], f"{src}.{f.name}", op) for f in fields]
            return f"{self._name(cls)}({', '.join(parts)})"
        finally:
            self._open.discard(cls)
