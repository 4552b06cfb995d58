"""The Dockerfile's promises, checked without a Docker engine: the image
copies every folder the bot imports or reads, installs only the hash-locked
runtime set, runs as a non-root user with a health check on the heartbeat,
and the build context leaves secrets, environments and databases out."""

from __future__ import annotations

import ast
import json
import re
import shlex
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA_FOLDERS = {"locales"}  # read at run time, not imported


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order; continuation lines joined."""
    joined: list[str] = []
    parts: list[str] = []
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if line.lstrip().startswith("#") or (not line.strip() and not parts):
            continue
        parts.append(line.rstrip().removesuffix("\\").strip())
        if not line.rstrip().endswith("\\"):
            joined.append(" ".join(p for p in parts if p))
            parts = []
    return [(text.split(None, 1)[0].upper(), text.split(None, 1)[1]) for text in joined]


def arguments(kind: str) -> list[str]:
    return [args for name, args in instructions() if name == kind]


def copied() -> dict[str, str]:
    """COPY source -> destination."""
    pairs = {}
    for args in arguments("COPY"):
        *sources, _dest = shlex.split(args)
        for source in sources:
            pairs[source.rstrip("/")] = _dest
    return pairs


def first_party() -> set[str]:
    return {
        p.stem if p.suffix == ".py" else p.name
        for p in ROOT.iterdir()
        if (p.suffix == ".py" or (p / "__init__.py").exists())
    }


def imported_from(path: Path, ours: set[str]) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found |= {name.split(".")[0] for name in names} & ours
    return found


def declared_games() -> dict[str, str]:
    """The games the project's install declares: entry point -> package."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return project["project"]["entry-points"]["gamehost.games"]


def runtime_modules() -> set[str]:
    """The project's top-level modules and packages that bot.py needs,
    following imports (anywhere in a file, lazy ones too) package by package,
    from bot.py and from the games its install declares (plugged in: no
    import names them)."""
    ours = first_party()
    games = {package.split(".")[0] for package in declared_games().values()}
    needed, todo = {"bot", *games}, ["bot", *games]
    while todo:
        top = ROOT / todo.pop()
        files = (
            sorted(f for f in top.rglob("*.py") if "tests" not in f.relative_to(top).parts)
            if top.is_dir()
            else [top.with_suffix(".py")]
        )  # a package's own tests are not what the bot runs
        for name in set().union(*(imported_from(f, ours) for f in files)) - needed:
            needed.add(name)
            todo.append(name)
    return needed


def test_every_module_the_bot_imports_and_every_data_folder_is_copied():
    needed = runtime_modules()
    assert {"bot", "cogs", "games", "rules", "storage"} <= needed
    assert not needed & {"tests", "bench"}, "the bot imports test or bench code"
    sources = set(copied())
    paths = {name if (ROOT / name).is_dir() else f"{name}.py" for name in needed} | DATA_FOLDERS
    assert paths <= sources, f"not copied into the image: {sorted(paths - sources)}"
    assert "." not in sources, "copy what the bot runs, not the whole context"


def pip_installs() -> list[str]:
    return [run for run in arguments("RUN") if re.search(r"\bpip3? install\b", run)]


def test_only_the_hash_locked_runtime_set_is_installed():
    kinds = [name for name, _ in instructions()]
    installs = [run for run in pip_installs() if "-r" in shlex.split(run)]
    assert len(installs) == 1, installs
    words = shlex.split(installs[0])
    assert "--require-hashes" in words
    assert words[words.index("-r") + 1] == "requirements.lock"
    assert "requirements.lock" in copied()
    copy_at = next(
        i
        for i, (name, args) in enumerate(instructions())
        if name == "COPY" and "requirements.lock" in args
    )
    install_at = [i for i, (name, args) in enumerate(instructions()) if args == installs[0]][0]
    assert copy_at < install_at and kinds[install_at] == "RUN"


def test_the_project_is_installed_from_what_is_copied_with_nothing_downloaded():
    """The install declares the games (entry points): built from the copied
    source by the locked setuptools, with no index and no other package."""
    [project] = [run for run in pip_installs() if "-r" not in shlex.split(run)]
    words = shlex.split(project.split("&&")[0])
    assert {"--no-deps", "--no-index", "--no-build-isolation"} <= set(words)
    assert words[-1] == "." and {"pyproject.toml", "README.md"} <= set(copied())
    order = [args for _name, args in instructions()]
    assert order.index(project) > max(
        i for i, (name, _args) in enumerate(instructions()) if name == "COPY"
    )


def image_files() -> list[str]:
    """Every file the image gets from the build context, as the COPY lines
    and .dockerignore give them (relative paths)."""
    files = []
    for source in copied():
        if (ROOT / source).is_file():
            files.append(source)
            continue
        for path in sorted((ROOT / source).rglob("*")):
            relative = str(path.relative_to(ROOT))
            if path.is_file() and not ignored(relative):
                files.append(relative)
    return files


def test_the_image_leaves_the_games_tests_out_but_keeps_their_words_and_rules():
    files = image_files()
    assert not [f for f in files if f.startswith("games/") and "/tests/" in f]
    for package in declared_games().values():
        folder = package.replace(".", "/")
        assert f"{folder}/__init__.py" in files
        assert f"{folder}/rules.md" in files and f"{folder}/locales/ja.po" in files


def test_the_bot_runs_as_a_user_that_is_not_root():
    users = arguments("USER")
    assert users, "no USER: the bot would run as root"
    user = users[-1].split(":")[0].strip()
    assert user not in {"root", "0"}
    created = [run for run in arguments("RUN") if "useradd" in run]
    assert created and re.search(rf"\buseradd\b.*\b{re.escape(user)}\b", created[0])
    last_user = max(i for i, (name, _) in enumerate(instructions()) if name == "USER")
    later = [name for name, _ in instructions()[last_user:]]
    assert "CMD" in later and "HEALTHCHECK" in later


def test_the_health_check_runs_the_heartbeat_check_that_is_copied():
    [check] = arguments("HEALTHCHECK")
    command = json.loads(check[check.index("CMD") + 3 :].strip())
    assert command[:3] == ["python", "-m", "cogs.heartbeat"]
    assert (ROOT / "cogs" / "heartbeat.py").exists() and "cogs" in copied()
    assert re.search(r"--start-period=\d+s", check), "the first beat needs time to come"


def test_the_image_runs_bot_py_on_the_python_the_locks_are_made_for():
    [image] = arguments("FROM")
    version = re.fullmatch(r"python:(\d+\.\d+)[-.\w]*", image.strip())
    assert version, image
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert f">={version[1]}" in project["project"]["requires-python"]
    assert f"--python-version {version[1]}" in (ROOT / "Makefile").read_text()
    assert json.loads(arguments("CMD")[-1]) == ["python", "bot.py"]


WILDCARDS = {"**/": "(.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}


def dockerignore() -> list[tuple[bool, re.Pattern[str]]]:
    """(negated, pattern) for each line, as Docker reads them (`**` is any
    number of folders; a matched folder takes everything under it)."""
    rules = []
    for line in (ROOT / ".dockerignore").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        negated, line = line.startswith("!"), line.lstrip("!").strip("/")
        parts = re.findall(r"\*\*/|\*\*|\*|\?|[^*?]+", line)
        regex = "".join(WILDCARDS.get(part) or re.escape(part) for part in parts)
        rules.append((negated, re.compile(regex)))
    return rules


def ignored(path: str) -> bool:
    parents = path.split("/")
    candidates = ["/".join(parents[:n]) for n in range(1, len(parents) + 1)]
    verdict = False
    for negated, pattern in dockerignore():
        if any(pattern.fullmatch(c) for c in candidates):
            verdict = not negated
    return verdict


@pytest.mark.parametrize(
    "path",
    [
        ".env",
        ".env.local",
        ".venv",
        ".venv/bin/python",
        ".git/config",
        "data/games.db",
        "games.db",
        "backup/games.db",
        "backup/games.db-wal",
        "cogs/__pycache__/app.cpython-311.pyc",
        ".pytest_cache/v/cache",
        ".mypy_cache/3.11/x.json",
        ".ruff_cache/x",
        "locales/ja/LC_MESSAGES/messages.mo",
    ],
)
def test_the_build_context_leaves_out_secrets_environments_caches_and_databases(path):
    assert ignored(path)


def test_the_build_context_keeps_what_the_image_copies():
    for source in copied():
        files = (
            [source]
            if (ROOT / source).is_file()
            else [
                str(p.relative_to(ROOT))
                for p in (ROOT / source).rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".mo"
            ]
        )
        assert files, source
        # everything copied but a game's own tests (left out on purpose)
        kept = [f for f in files if not re.fullmatch(r"games/[^/]+/tests/.*", f)]
        assert kept and not [f for f in kept if ignored(f)], source
    assert not ignored(".env.example")
