"""Every rule id on the five rules pages has a scenario test named after it.

The pages live beside the repository (README: `../shared/rules/`); a test is
named after id `O-6h` when `O6h` is one of the `_`-separated words of its
name (`test_O6h_...`, `test_O6b_O6c_...`). Without the pages (a bare
checkout) there is nothing to check against, so the test is skipped.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
PAGES = TESTS.parents[1] / ".." / "shared" / "rules"
# rule id prefix -> (rules page, folder of its scenario tests)
GAMES = {
    "K": ("keltis.md", "keltis"),
    "O": ("oracle.md", "oracle"),
    "D": ("keltis_dice.md", "keltis_dice"),
    "C": ("cuttle.md", "cuttle"),
    "Z": ("cucco.md", "cucco"),
}
RULE_ID = re.compile(r"\b([A-Z])-(\d+[A-Za-z]?\d*)\b")


def page_ids(prefix: str, text: str) -> set[str]:
    return {p + n for p, n in RULE_ID.findall(text) if p == prefix}


def scenario_test_words(folder: Path) -> set[str]:
    words: set[str] = set()
    for path in folder.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                words.update(node.name.split("_"))
    return words


def test_page_ids_are_read_as_test_words():
    text = "## Tiles (O-6)\n- **O-6h Chains [D]:** see O-7a, C-5e and O-4A1."
    assert page_ids("O", text) == {"O6", "O6h", "O7a", "O4A1"}


@pytest.mark.parametrize("prefix", sorted(GAMES))
def test_every_rule_id_on_the_page_has_a_scenario_test(prefix):
    page, folder = GAMES[prefix]
    if not (PAGES / page).is_file():
        pytest.skip(f"rules page {page} not found beside the repository")
    ids = page_ids(prefix, (PAGES / page).read_text(encoding="utf-8"))
    assert ids, f"no {prefix}- ids found on {page}"
    missing = sorted(ids - scenario_test_words(TESTS / folder))
    assert not missing, f"{page}: no scenario test named after {missing}"
