"""Configuration from the environment (and an optional `.env` file).

Everything a host may set is documented in `.env.example`. Reading it is kept
apart from the bot so a bad setting fails at start with a plain message.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from cogs.shards import ShardError, Shards
from cogs.shards import parse as parse_shards
from storage.postgres.connect import database_url

TOKEN_HELP = (
    "DISCORD_TOKEN is not set. Create an application at "
    "https://discord.com/developers/applications, open Bot -> Reset Token, "
    "and put the token in a .env file next to bot.py as DISCORD_TOKEN=... "
    "(see README.md, 'Create the Discord application'). "
    "To try the bot first without one, run `make playground`: it plays against a "
    "fake Discord in your browser (README.md, 'Playground')."
)


DEFAULT_DATABASE = "data/games.db"


class ConfigError(Exception):
    """A setting is missing or invalid; the message says how to fix it."""


@dataclass(frozen=True)
class Config:
    token: str
    database_path: Path
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    bot_move_delay: float = 1.5  # seconds a bot seat "thinks" before moving
    table_max_age: float = 3600.0  # older table messages are re-posted, not edited
    #: seconds the table may lag while the players owing a move watch it in
    #: their own open panels (one edit then shows a quick answer too); short,
    #: since spectators and the other players in the thread see the table
    table_watched_delay: float = 1.5
    api_base: str | None = None  # only for tests against a fake Discord
    gateway_url: str | None = None  # only for tests against a fake Discord
    #: only for tests: deal every match from the seed "<fixed_seed>-<match id>"
    #: so a test can script a known deal (never set it for real players)
    fixed_seed: str | None = None
    #: seconds between looks for due reminders and timeouts
    deadline_poll: float = 30.0
    #: only for tests: a file holding seconds to add to the real clock
    test_clock: Path | None = None
    #: only for tests and bench/load: a file the bot keeps its counters in
    #: (transactions, moves, table edits), rewritten as they change
    test_stats: Path | None = None
    #: only for bench/load: a file every move click's timeline is appended to
    #: (cogs/play/click_timings.py)
    click_times: Path | None = None
    #: the default folder (data/) is created; a configured one must exist,
    #: since a missing one usually means a volume that is not mounted
    create_database_folder: bool = True
    #: days a server's data is kept after the bot leaves it (then purged)
    guild_data_retention_days: float = 30.0
    #: the file kept fresh while the bot is connected (cogs/heartbeat.py)
    heartbeat_path: Path = Path(DEFAULT_DATABASE).parent / "heartbeat"
    #: DATABASE_URL: PostgreSQL shared by several processes (else the SQLite file)
    database_url: str | None = None
    #: SHARD_COUNT / SHARD_IDS: the shards this process runs (None: all of them)
    shards: Shards | None = None
    #: GAMEHOST_GAMES: the games offered, comma-separated: installed games by
    #: id, `all` for every installed one, other game packages by import name
    #: (none: every installed game; `cogs.presenters.enable_games`)
    games: tuple[str, ...] = ()
    #: BOT_WORKERS: worker processes where bots and hints think (None: one
    #: per core but the one the event loop needs; cogs/thinking/pool.py)
    bot_workers: int | None = None

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(TOKEN_HELP)
        return cls(
            token=token,
            database_path=Path(env.get("DATABASE_PATH") or DEFAULT_DATABASE),
            dev_guild_id=_int(env, "DEV_GUILD_ID"),
            log_level=_log_level(env.get("LOG_LEVEL", "INFO")),
            bot_move_delay=_float(env, "BOT_MOVE_DELAY", 1.5),
            table_max_age=_float(env, "TABLE_MAX_AGE", 3600.0),
            table_watched_delay=_float(env, "TABLE_WATCHED_DELAY", 1.5, most=600),
            api_base=env.get("DISCORD_API_BASE") or None,
            gateway_url=env.get("DISCORD_GATEWAY_URL") or None,
            fixed_seed=env.get("GAMEHOST_TEST_SEED") or None,
            deadline_poll=_float(env, "DEADLINE_POLL", 30.0),
            test_clock=Path(env["GAMEHOST_TEST_CLOCK"]) if env.get("GAMEHOST_TEST_CLOCK") else None,
            test_stats=Path(env["GAMEHOST_TEST_STATS"]) if env.get("GAMEHOST_TEST_STATS") else None,
            click_times=(
                Path(env["GAMEHOST_CLICK_TIMES"]) if env.get("GAMEHOST_CLICK_TIMES") else None
            ),
            create_database_folder=not env.get("DATABASE_PATH"),
            guild_data_retention_days=_float(
                env, "GUILD_DATA_RETENTION_DAYS", 30.0, unit="days", most=36500
            ),
            heartbeat_path=heartbeat_path(env),
            database_url=_database_url(env),
            shards=_shards(env),
            games=_games(env),
            bot_workers=_workers(env),
        )


def heartbeat_path(env: dict[str, str]) -> Path:
    """HEARTBEAT_PATH, else `heartbeat` beside the database (the data folder,
    a volume in Docker): the bot and its health check both ask here."""
    if env.get("HEARTBEAT_PATH", "").strip():
        return Path(env["HEARTBEAT_PATH"].strip())
    return Path(env.get("DATABASE_PATH") or DEFAULT_DATABASE).parent / "heartbeat"


def _database_url(env: dict[str, str]) -> str | None:
    try:
        return database_url(env)
    except ValueError as exc:
        raise ConfigError(f"{exc} (e.g. postgresql://user:password@host:5432/gamehost)") from exc


def _shards(env: dict[str, str]) -> Shards | None:
    try:
        return parse_shards(env.get("SHARD_COUNT"), env.get("SHARD_IDS"))
    except ShardError as exc:
        raise ConfigError(str(exc)) from exc


def _games(env: dict[str, str]) -> tuple[str, ...]:
    names = tuple(n.strip() for n in env.get("GAMEHOST_GAMES", "").split(",") if n.strip())
    for name in names:
        if not all(part.isidentifier() for part in name.split(".")):
            raise ConfigError(
                f"GAMEHOST_GAMES names games (like keltis, all or my_games.chess): {name!r}"
            )
    return names


def _workers(env: dict[str, str]) -> int | None:
    raw = env.get("BOT_WORKERS", "").strip()
    if not raw:
        return None
    if not raw.isdigit() or not 1 <= int(raw) <= 64:
        raise ConfigError(f"BOT_WORKERS must be a number of processes from 1 to 64, not {raw!r}")
    return int(raw)


def _int(env: dict, name: str) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ConfigError(f"{name} must be a numeric Discord id, got {raw!r}")
    return int(raw)


def _float(
    env: dict, name: str, default: float, *, unit: str = "seconds", most: float = 1e9
) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not 0 <= value <= most:  # also refuses nan
        raise ConfigError(f"{name} must be a number of {unit} from 0 to {most:g}, got {raw!r}")
    return value


def _log_level(raw: str) -> str:
    level = raw.strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, got {raw!r}")
    return level
