"""Every game the suite knows is registered before any test module is
collected, so each shared check (they enumerate the registered games) runs
over all of them: the installed ones (the project's own, by their entry
points), the example add-on games of examples/ (each as its pyproject.toml
declares it, as if installed) and the games that exist only for the tests."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from rules.core.registry import GROUP

ROOT = Path(__file__).parent
#: games registered only in the tests (packages under tests/games/)
TEST_GAMES = ["tests.games.hidden_bid"]


def example_packages() -> list[str]:
    """The game packages examples/*/ declare, their folders put on the path."""
    found = []
    for project in sorted(ROOT.glob("examples/*/pyproject.toml")):
        declared = tomllib.loads(project.read_text(encoding="utf-8"))["project"]
        if str(project.parent) not in sys.path:
            sys.path.append(str(project.parent))
        found += declared.get("entry-points", {}).get(GROUP, {}).values()
    return found


def pytest_configure(config) -> None:
    from cogs.presenters import load_games

    load_games([*example_packages(), *TEST_GAMES])
