"""The whole suite's hooks: the random order's seed, printed even under ``-q``.

pytest-randomly shuffles the tests (modules, then the tests in each) and tells
its seed only in the header, which ``-q`` (``make test``, CI) leaves out: the
seed is printed here at the start and again at the end of the run, so a
failure seen in CI can be replayed in the same order (README, Development).
"""

from __future__ import annotations

import pytest


def _seed_line(config: pytest.Config) -> str | None:
    seed = getattr(config.option, "randomly_seed", None)
    if not isinstance(seed, int) or not config.getoption("randomly_reorganize"):
        return None  # `-p no:randomly`, or the order left as written
    return f"tests in random order: replay this order with --randomly-seed={seed}"


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    line = _seed_line(session.config)
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if line and reporter is not None and session.config.option.verbose < 0:
        reporter.write_line(line)  # the header, which says it too, is not shown


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    line = _seed_line(config)
    if line:
        terminalreporter.write_line(line)
