"""The checks every example position of `/game rules` passes (issue 45),
shared by tests/cogs/presenters/test_rules_pictures.py and each game's own
tests (games/<id>/tests/test_examples.py), so a change of a game's engine
that makes an example's moves illegal, or its caption false, fails there."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from cogs.i18n import _, speaking
from cogs.presenters import presenter_for, rules_pictures
from cogs.presenters.rules_pictures import Example, replay
from rules.core import registry

RULE_ID = re.compile(r"\b[A-Z]-\d+[A-Za-z0-9]*")


def rules_page(game_id: str) -> str:
    """The game's rules page (`rules.md` beside its package's `__init__.py`)."""
    presenter_for(game_id)  # the game packages set up
    package = registry.package_of(game_id)
    assert package is not None, game_id
    where = importlib.import_module(package).__file__
    assert where is not None
    return (Path(where).parent / "rules.md").read_text(encoding="utf-8")


def check_example(game_id: str, example: Example) -> None:
    """Replays to a position still in play where the caption's facts hold,
    drawn from the public view; cites rules of the game's rules page; is
    translated into Japanese with the same rule ids and names."""
    match = replay(game_id, example)  # raises at a move that is not legal
    assert match.seq == len(example.moves)
    assert match.to_act() and match.outcome() is None, "the position is still in play"
    public = match.view(None)
    assert example.holds(public), "the caption's facts hold in the position"
    rules_pictures._views.cache_clear()
    shown = [p for p in rules_pictures.positions(game_id) if p[0] is example]
    assert shown, "the example is shown"
    [(_example, view, names)] = shown
    assert view == public and names == rules_pictures.names(example.players)
    # its rule ids: cited by the caption, each on the game's rules page
    page = rules_page(game_id)
    assert example.rules and tuple(RULE_ID.findall(example.caption)) == example.rules
    for rule in example.rules:
        assert re.search(rf"\b{re.escape(rule)}\b", page), f"{rule} is not on {game_id}'s page"
    # its caption: short, in English and Japanese, naming the players drawn
    with speaking("en"):
        english = _(example.caption)
    with speaking("ja"):
        japanese = _(example.caption)
    assert english == example.caption and len(english) <= 300
    assert japanese != english and "。" in japanese
    assert RULE_ID.findall(japanese) == RULE_ID.findall(english)
    # the players it names are seated, in Japanese by their Japanese names
    named = [i for i, name in enumerate(rules_pictures.NAMES) if name in english]
    assert named and all(seat < example.players for seat in named)
    with speaking("ja"):
        assert all(_(rules_pictures.NAMES[seat]) in japanese for seat in named)
        assert not any(rules_pictures.NAMES[seat] in japanese for seat in named)


def check_examples(game_id: str) -> None:
    """A game with a board picture has one or two examples, each checked."""
    examples = rules_pictures.examples_of(game_id)
    assert 1 <= len(examples) <= rules_pictures.MAX_EXAMPLES
    for example in examples:
        check_example(game_id, example)
