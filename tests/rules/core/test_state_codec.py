"""The generated snapshot functions (rules/core/state_codec.py).

Snapshots live in players' databases, so the codec is held to a frozen sample
written by the hand-written dump/load it replaced (golden/snapshots.json, see
golden/make_snapshots.py): replaying each sample's log must write the same
JSON, byte for byte, at every step, and every kept snapshot must load and
write itself back unchanged. `copy` must equal `load(dump(...))` exactly and
share nothing with the original.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple, TypedDict

import pytest

from rules import Match
from rules.core.state_codec import as_row, state_codec
from tests.rules.core.golden.make_snapshots import digest
from tests.rules.core.state_checks import assert_shares_nothing, strictly_equal

GOLDEN = json.loads((Path(__file__).parent / "golden" / "snapshots.json").read_text("utf-8"))


def _id(sample: dict) -> str:
    return f"{sample['game']}-{sample['players']}-{sample['seed'][-1]}"


@pytest.mark.parametrize("sample", GOLDEN, ids=_id)
def test_replays_write_the_frozen_snapshots_byte_for_byte(sample):
    match = Match.new(sample["game"], sample["players"], sample["seed"], sample["options"])
    game = match.game
    texts = [json.dumps(match.snapshot())]
    for seat, key in sample["log"]:
        match.apply_logged(seat, key)
        texts.append(json.dumps(match.snapshot()))
        stored = json.loads(texts[-1])["state"]
        copied = game.copy(match.state)
        strictly_equal(copied, game.load(stored))
        assert_shares_nothing(copied, match.state)
    for seq, text in sample["snapshots"].items():
        assert texts[int(seq)] == text, f"seq {seq}"
    assert digest(texts) == sample["digest"]


@pytest.mark.parametrize("sample", GOLDEN, ids=_id)
def test_frozen_snapshots_load_and_write_back_unchanged(sample):
    for seq, text in sample["snapshots"].items():
        record = {**sample, "log": sample["log"][: int(seq)], "snapshot": json.loads(text)}
        match = Match.from_record(record)
        assert json.dumps(match.snapshot()) == text
        assert_shares_nothing(match.state, record["snapshot"])
        assert Match.from_record(record, verify=True).snapshot() == record["snapshot"]


# -- every declared form, on a toy state --------------------------------------
class Colour(enum.Enum):
    RED = "r"
    BLUE = "b"


@as_row
@dataclass(slots=True)
class Stack:
    card: int
    jacks: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Seat:
    name: str
    colour: Colour | None


class Trick(NamedTuple):
    winner: int
    cards: list[int]


class Record(TypedDict):
    deal: int
    chips: list[int]
    note: str | None


@dataclass(slots=True)
class Toy:
    counts: dict[int, int]  # int keys: text in JSON
    by_colour: dict[str, list[Colour]]
    pair: tuple[int, str]
    fixed: tuple[int, ...]
    rows: tuple[list[int], ...]
    stacks: list[Stack]
    seats: list[Seat]
    tricks: list[Trick]
    history: list[Record]
    anything: Any
    loose: dict | None
    maybe: Seat | None = None
    flag: bool = False
    ratio: float = 0.5


def toy() -> Toy:
    return Toy(
        counts={3: 1, 10: 2},
        by_colour={"x": [Colour.RED, Colour.BLUE]},
        pair=(1, "a"),
        fixed=(4, 5),
        rows=([1], [2, 3]),
        stacks=[Stack(7, [11])],
        seats=[Seat("ann", Colour.BLUE), Seat("bo", None)],
        tricks=[Trick(1, [2, 3])],
        history=[Record(deal=1, chips=[1, -1], note=None)],
        anything={"a": [1, (2, 3)], "b": None},
        loose=None,
        maybe=Seat("cy", Colour.RED),
        flag=True,
    )


STORED = {
    "counts": {"3": 1, "10": 2},
    "by_colour": {"x": ["r", "b"]},
    "pair": [1, "a"],
    "fixed": [4, 5],
    "rows": [[1], [2, 3]],
    "stacks": [[7, [11]]],
    "seats": [{"name": "ann", "colour": "b"}, {"name": "bo", "colour": None}],
    "tricks": [[1, [2, 3]]],
    "history": [{"deal": 1, "chips": [1, -1], "note": None}],
    "anything": {"a": [1, [2, 3]], "b": None},
    "loose": None,
    "maybe": {"name": "cy", "colour": "r"},
    "flag": True,
    "ratio": 0.5,
}


def test_every_declared_form_is_stored_as_json_and_loads_back():
    codec = state_codec(Toy)
    state = toy()
    assert codec.dump(state) == STORED
    assert json.loads(json.dumps(codec.dump(state))) == STORED
    loaded = codec.load(json.loads(json.dumps(STORED)))
    expected = toy()
    expected.anything = {"a": [1, [2, 3]], "b": None}  # JSON has no tuples
    strictly_equal(loaded, expected)
    strictly_equal(codec.copy(state), loaded)
    assert_shares_nothing(codec.copy(state), state)
    assert_shares_nothing(loaded, STORED)


def test_types_without_a_stored_form_are_refused_when_the_game_is_built() -> None:
    @dataclass
    class WithSet:
        cards: set[int]

    @dataclass
    class WithUnion:  # int | str would be fine: both are stored as they are
        value: int | list[int]

    @dataclass
    class WithTupleKeys:
        value: dict[tuple[int, int], int]

    for cls in (WithSet, WithUnion, WithTupleKeys):
        with pytest.raises(TypeError):
            state_codec(cls)
    with pytest.raises(TypeError):
        state_codec(int)
