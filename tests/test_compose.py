"""docker-compose.yml's promises, checked without a Docker engine: one
PostgreSQL with its data on a volume and a health check, and bot processes
that share it, each running its own shards, which together cover every
shard exactly once; no secret is written in the file."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from cogs.shards import parse
from storage.postgres.connect import is_postgres_url

ROOT = Path(__file__).resolve().parents[1]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def bots() -> dict[str, dict]:
    return {
        name: s
        for name, s in compose()["services"].items()
        if "DATABASE_URL" in s.get("environment", {})
    }


def test_postgres_keeps_its_data_and_says_when_it_is_ready():
    db = compose()["services"]["postgres"]
    assert db["image"].startswith("postgres:15")
    assert any(v.endswith(":/var/lib/postgresql/data") for v in db["volumes"])
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert db["environment"]["POSTGRES_PASSWORD"].startswith("${")  # from .env, not here


def test_bot_processes_share_the_database_and_split_the_shards():
    found = bots()
    assert len(found) >= 2
    owned: list[int] = []
    counts = set()
    for service in found.values():
        env = service["environment"]
        assert service["build"] == "." and service["restart"] == "unless-stopped"
        assert service["depends_on"]["postgres"]["condition"] == "service_healthy"
        url = env["DATABASE_URL"]
        assert is_postgres_url(url) and "@postgres:5432/" in url
        assert re.search(r":\$\{POSTGRES_PASSWORD[^}]*\}@", url)  # no password in the file
        assert env["DISCORD_TOKEN"].startswith("${DISCORD_TOKEN")
        shards = parse(env["SHARD_COUNT"], env["SHARD_IDS"])
        assert shards is not None
        counts.add(shards.count)
        owned.extend(shards.ids)
    assert len(counts) == 1  # one layout
    assert sorted(owned) == list(range(counts.pop()))  # every shard, once
