"""Every registered game package has the one shape, and its engine is as
pure as rules/: the import contracts of pyproject.toml, held over every
game the suite knows (an add-on installed or in examples/, or a test game,
which lint-imports cannot name in advance).

A game's `engine` (module or package) and its `policy` import, even
indirectly, nothing of Discord, the storage, the event loop, the clock or a
chance of their own: replays, restarts and bots rely on it.
"""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec

import grimp
import pytest

from rules import all_games
from rules.core.registry import package_of

FORBIDDEN = [
    "cogs", "storage", "discord", "aiohttp", "aiosqlite", "asyncpg", "PIL",
    "asyncio", "time", "datetime", "random",
]  # fmt: skip
PACKAGED = [g for g in all_games() if package_of(g) is not None]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    tops = {package_of(g).split(".")[0] for g in PACKAGED}  # type: ignore[union-attr]
    return grimp.build_graph(*sorted(tops | {"rules"}), include_external_packages=True)


def test_the_suite_knows_packaged_games_beyond_the_project_s_own():
    """An added game is held to these checks as the built-in ones are."""
    outside = [g for g in PACKAGED if not (package_of(g) or "").startswith("games.")]
    assert outside, "no game from outside games/ is registered in the tests"


@pytest.mark.parametrize("game_id", PACKAGED)
def test_the_package_exposes_its_parts_and_holds_its_engine(game_id):
    package = package_of(game_id)
    assert package is not None
    module = import_module(package)
    assert module.GAME.id == game_id and module.PRESENTER.game_id == game_id
    assert find_spec(f"{package}.engine") is not None, f"{package} has no engine module"
    assert type(module.GAME).__module__.startswith(f"{package}.engine")


@pytest.mark.parametrize("game_id", PACKAGED)
def test_the_engine_and_policy_import_nothing_impure(game_id, graph):
    package = package_of(game_id)
    assert package is not None
    pure = [
        m for m in sorted(graph.modules) if m.startswith((f"{package}.engine", f"{package}.policy"))
    ]
    assert pure
    chains = [
        chain
        for module in pure
        for forbidden in FORBIDDEN
        if forbidden in graph.modules
        and (chain := graph.find_shortest_chain(importer=module, imported=forbidden))
    ]
    assert chains == [], f"{package}: impure imports {chains}"
