"""Every rule id on every game's rules page has a scenario test named after it.

A game package carries its rules page (`rules.md`) and its tests (`tests/`).
The page's ids are the most used capital prefix on it (`K-4c` for Keltis;
pages cite each other's ids too); a test is named after id `O-6h` when `O6h`
is one of the `_`-separated words of its name (`test_O6h_...`,
`test_O6b_O6c_...`), anywhere under the package's tests.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from importlib import import_module
from pathlib import Path

import pytest

from rules import all_games
from rules.core.registry import package_of

RULE_ID = re.compile(r"\b([A-Z])-(\d+[A-Za-z]?\d*)\b")


def page_ids(prefix: str, text: str) -> set[str]:
    return {p + n for p, n in RULE_ID.findall(text) if p == prefix}


def page_prefix(text: str) -> str:
    """The page's own prefix: the one most of its ids carry."""
    return Counter(p for p, _n in RULE_ID.findall(text)).most_common(1)[0][0]


def scenario_test_words(folder: Path) -> set[str]:
    words: set[str] = set()
    for path in folder.rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                words.update(node.name.split("_"))
    return words


def folder_of(game_id: str) -> Path | None:
    package = package_of(game_id)
    if package is None:
        return None
    origin = import_module(package).__file__
    return None if origin is None else Path(origin).parent


def paged_games() -> list[str]:
    """The registered games whose package carries a rules page."""
    return [g for g in all_games() if (folder := folder_of(g)) and (folder / "rules.md").is_file()]


def test_page_ids_are_read_as_test_words():
    text = "## Tiles (O-6)\n- **O-6h Chains [D]:** see O-7a, C-5e and O-4A1."
    assert page_ids("O", text) == {"O6", "O6h", "O7a", "O4A1"}
    assert page_prefix(text) == "O"


def test_the_project_s_games_carry_their_rules_pages():
    """A built-in game (a package under games/) holds its page, so no id
    goes unchecked on a fresh clone."""
    built_in = [g for g in all_games() if (package_of(g) or "").startswith("games.")]
    assert built_in and set(built_in) <= set(paged_games())


@pytest.mark.parametrize("game_id", paged_games())
def test_every_rule_id_on_the_page_has_a_scenario_test(game_id):
    folder = folder_of(game_id)
    assert folder is not None
    text = (folder / "rules.md").read_text(encoding="utf-8")
    prefix = page_prefix(text)
    ids = page_ids(prefix, text)
    missing = sorted(ids - scenario_test_words(folder / "tests"))
    assert not missing, f"{game_id}'s rules.md: no scenario test named after {missing}"
