"""The playground's world: a fake Discord, a server with people, and the real bot.

`make playground` has to show what players see without a Discord
application, so it runs the unmodified ``bot.py`` as its own process against
:class:`~playground.fake_discord.FakeDiscord`, exactly as the end-to-end
tests do. The bot gets a database of its own in the playground's folder:
``DATABASE_URL`` is blanked and ``DATABASE_PATH`` set before ``bot.py`` reads
its ``.env`` (which never overrides what the environment already has), so a
host's real database is never touched, whatever ``.env`` says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .fake_discord import BotProcess, Channel, FakeDiscord, Guild, User, python_argv

ROOT = Path(__file__).resolve().parents[1]
#: where `make playground` keeps its database and the bot's log (ignored by git)
DEFAULT_DATA_DIR = ROOT / ".playground"
PEOPLE = ("alice", "bob", "carol")
#: who has Manage Server, so the host's commands (/game config, seasons) can be tried too
MODERATORS = ("alice",)
#: the files a run makes in its folder, removed when the next one starts
RUN_FILES = ("games.db", "games.db-wal", "games.db-shm", "heartbeat", "bot.log")
#: the file that says a folder is the playground's own
MARKER = "PLAYGROUND"


class DataDirError(RuntimeError):
    """The folder given for the playground's files is not fit for it."""


@dataclass
class Playground:
    """A running fake Discord with one server, its ``#games`` channel, a few
    people and the bot connected; ``await start()`` / ``await stop()``."""

    data_dir: Path = DEFAULT_DATA_DIR
    #: seconds a bot seat "thinks" before moving (the bot's default is 1.5)
    bot_move_delay: float = 0.6
    extra_env: dict[str, str] = field(default_factory=dict)
    fake: FakeDiscord = field(init=False)
    guild: Guild = field(init=False)
    channel: Channel = field(init=False)
    people: list[User] = field(init=False, default_factory=list)
    bot: BotProcess | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.data_dir = Path(self.data_dir).resolve()  # the bot runs in the repository's root

    @property
    def database_path(self) -> Path:
        return self.data_dir / "games.db"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "bot.log"

    def bot_env(self) -> dict[str, str]:
        """What the bot process gets on top of the fake's token and addresses."""
        return {
            "DATABASE_PATH": str(self.database_path),
            "DATABASE_URL": "",  # never a host's PostgreSQL, even if .env names one
            "HEARTBEAT_PATH": str(self.data_dir / "heartbeat"),
            "DEV_GUILD_ID": str(self.guild.id),  # commands synced to the server at once
            "BOT_MOVE_DELAY": str(self.bot_move_delay),
            "SHARD_COUNT": "",
            "SHARD_IDS": "",
            "LOG_LEVEL": "INFO",
            **self.extra_env,
        }

    async def start(self, *, timeout: float = 30.0) -> Playground:
        self.claim_data_dir()
        for name in RUN_FILES:  # a fresh world each run: old matches point at no message
            (self.data_dir / name).unlink(missing_ok=True)
        self.fake = FakeDiscord(bot_name="GameBot")
        await self.fake.start()
        self.guild = self.fake.add_guild("Playground")
        self.channel = self.fake.add_text_channel(self.guild, "games")
        self.people = [self.fake.add_user(name, manage_guild=name in MODERATORS) for name in PEOPLE]
        self.bot = BotProcess(
            self.fake,
            python_argv(ROOT / "bot.py"),
            env=self.bot_env(),
            cwd=ROOT,
            log_path=self.log_path,
        )
        try:
            await self.bot.start(timeout=timeout)
            await self.fake.wait_until(lambda: self.fake.state.commands, timeout, "the commands")
        except BaseException:
            await self.stop()
            raise
        return self

    async def stop(self) -> None:
        """The bot first (SIGTERM: it shuts down as on a real host), then the fake."""
        if self.bot is not None:
            await self.bot.stop()
            self.bot.forget()
        await self.fake.stop()

    def claim_data_dir(self) -> None:
        """Make the folder ours (a marker file), refusing one that holds a database
        the playground did not make: its files are removed at each start, so a
        mistyped ``--data data`` must not empty a host's real database."""
        marker = self.data_dir / MARKER
        if (self.data_dir / "games.db").exists() and not marker.exists():
            raise DataDirError(
                f"{self.data_dir} holds a database the playground did not make;"
                " give it a folder of its own (--data)"
            )
        self.data_dir.mkdir(parents=True, exist_ok=True)
        marker.write_text("The playground's folder: its files are removed at each start.\n")

    def person(self, name: str) -> User | None:
        return next((u for u in self.people if u.name == name), None)
