"""The locks install what pyproject.toml asks for, every file hash-pinned:
a dependency changed in pyproject.toml without `make lock` fails here, not on
a host's machine."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNTIME, DEV = ROOT / "requirements.lock", ROOT / "requirements-dev.lock"


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def locked(path: Path) -> dict[str, tuple[str, int]]:
    """name -> (version, number of hashes)."""
    entries: dict[str, tuple[str, int]] = {}
    name = None
    for line in path.read_text().splitlines():
        pin = re.match(r"([A-Za-z0-9][\w.-]*)==([^\s;\\]+)", line)
        if pin:
            name = canonical(pin[1])
            assert name not in entries, f"{name} locked twice in {path.name}"
            entries[name] = (pin[2], 0)
        elif line.strip().startswith("--hash=sha256:") and name:
            version, hashes = entries[name]
            entries[name] = (version, hashes + 1)
        else:
            assert not line.strip() or line.lstrip().startswith("#"), (
                f"{path.name}: a line that is neither a pin, a hash nor a comment: {line!r}"
            )
    return entries


def pins(requirements: list[str]) -> dict[str, str]:
    found = {}
    for requirement in requirements:
        pin = re.fullmatch(r"([A-Za-z0-9][\w.-]*)==(\S+)", requirement)
        assert pin, f"pin every direct dependency exactly in pyproject.toml: {requirement!r}"
        found[canonical(pin[1])] = pin[2]
    return found


PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


@pytest.mark.parametrize("lock", [RUNTIME, DEV], ids=lambda p: p.name)
def test_every_locked_package_is_pinned_with_hashes(lock):
    entries = locked(lock)
    assert entries
    assert not [name for name, (_, hashes) in entries.items() if hashes == 0]
    assert "://" not in lock.read_text(), "a lock names no index"


def test_the_runtime_lock_holds_the_pinned_dependencies():
    entries = locked(RUNTIME)
    for name, version in pins(PROJECT["dependencies"]).items():
        assert entries.get(name, (None,))[0] == version, f"{name}: run `make lock`"


def test_the_dev_lock_holds_the_dev_pins_and_the_runtime_lock_as_it_is():
    entries = locked(DEV)
    for name, version in pins(PROJECT["optional-dependencies"]["dev"]).items():
        assert entries.get(name, (None,))[0] == version, f"{name}: run `make lock`"
    for name, (version, _) in locked(RUNTIME).items():
        assert entries[name][0] == version, f"{name} differs between the locks: run `make lock`"


def test_make_installs_only_from_the_locks_and_checks_their_hashes():
    makefile = (ROOT / "Makefile").read_text()
    pip = re.search(r"^PIP\s*:=(.*)$", makefile, re.M)
    assert pip and "pip install" in pip[1] and "--require-hashes" in pip[1]
    recipes = [line.strip() for line in makefile.splitlines() if line.startswith("\t")]
    installs = [line for line in recipes if "$(PIP)" in line or "pip install" in line]
    assert installs
    assert all(re.fullmatch(r"\$\(PIP\) -r requirements(-dev)?\.lock", line) for line in installs)
