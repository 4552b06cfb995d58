"""The world an end-to-end module's tests share: a fake Discord with its
servers, channels and people, a database file, and the real bot.py against
them. Made by the ``world`` fixture (tests/e2e/conftest.py) from the module's
``world`` marker, whose options are :class:`Options`; at the module's end
every bot it started is stopped (the conftest's ``spawn_bot`` kills what
is left)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from playground.fake_discord import BotProcess, FakeDiscord, User, python_argv

ROOT = Path(__file__).resolve().parents[2]

#: ``await spawn_bot(argv, env=..., cwd=...)``: the conftest's fixture
SpawnBot = Callable[..., Awaitable[BotProcess]]


@dataclass(frozen=True)
class Options:
    """What a module's ``pytest.mark.world(...)`` may say (all keywords).

    guild
        the name of the server ``world.guild`` (None: none by that name);
    guilds
        more servers: attribute -> name, or -> the keywords of
        ``fake.add_guild`` (``{"name": ..., "preferred_locale": "ja"}``);
    dev_guild
        the attribute of the server whose id is ``DEV_GUILD_ID`` (the bot's
        commands registered there at once): True for the first server made,
        None for none (commands registered globally, for every server);
    channel
        the name of a text channel ``world.channel`` in the first server;
    channels
        more channels: attribute -> (the server's attribute, name);
    users
        the people, each ``world.<name>`` and ``world.users[name]``: names,
        or name -> the keywords of ``fake.add_user`` (its ``guilds`` given
        as servers' attributes);
    mods
        more people, with Manage Server;
    delay
        ``BOT_MOVE_DELAY``, the seconds a bot seat waits before it moves
        (None: the bot's own default);
    seed
        ``GAMEHOST_TEST_SEED`` (None: random deals);
    env
        more of the bot's environment;
    stats
        the bot writes its counters to ``world.stats`` (a JSON file);
    clock
        the bot's clock is ``world.clock`` (a file, seconds added to the real
        time; ``world.advance(seconds)`` moves it) and it looks for due
        deadlines every 0.2 s;
    database
        ``DATABASE_PATH`` is ``world.db`` (False: the module says where);
    round_trip
        the fake's REST answers come that many seconds late, once the bot
        is up (``fake.round_trip``);
    start
        the bot is started (``world.bot``); False: the tests start theirs
        with ``await world.spawn(**env)``.
    """

    guild: str | None = "Game night"
    guilds: Mapping[str, str | Mapping[str, Any]] = field(default_factory=dict)
    dev_guild: str | bool | None = True
    channel: str | None = None
    channels: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    users: Sequence[str] | Mapping[str, Mapping[str, Any]] = ()
    mods: Sequence[str] = ()
    delay: float | None = 0.02
    seed: str | None = None
    env: Mapping[str, str] = field(default_factory=dict)
    stats: bool = False
    clock: bool = False
    database: bool = True
    round_trip: float | None = None
    start: bool = True


class World(SimpleNamespace):
    """``fake`` (the fake Discord), ``folder`` (the module's own), ``db``,
    ``env`` (the bot's, on top of the fake's), ``bot`` (once started), the
    servers, channels and people the marker names as attributes, ``users``
    (name -> User), and what the options add (``stats``, ``clock``).

    A SimpleNamespace, so a module may keep more on it (its matches, its
    findings) and read any attribute it set without a declaration."""

    fake: FakeDiscord
    folder: Path
    db: Path
    env: dict[str, str]
    bot: BotProcess
    users: dict[str, User]
    offset: float
    spawn_bot: SpawnBot
    spawned: list[BotProcess]

    async def spawn(self, **env: str) -> BotProcess:
        """Another bot.py with the world's environment, and `env` on top."""
        bot = await self.spawn_bot(python_argv(ROOT / "bot.py"), env={**self.env, **env}, cwd=ROOT)
        self.spawned.append(bot)
        return bot

    async def stop(self) -> None:
        """Stop every bot the world started, in whatever state the tests left
        it: SIGTERM, so it closes its database and its workers (SIGKILL after 5 s)."""
        for bot in self.spawned:
            await bot.stop()

    def add_user(self, name: str, **options: Any) -> User:
        """A person (``fake.add_user``), kept as ``world.<name>`` too."""
        if name in vars(self):
            raise ValueError(f"the world already has a {name!r}")
        user = self.fake.add_user(name, **options)
        self.users[name] = user
        setattr(self, name, user)
        return user

    def advance(self, seconds: float) -> None:
        """Move the bot's clock (the ``clock`` option) on by `seconds`."""
        self.offset += seconds
        self.clock.write_text(str(self.offset))


async def make_world(
    options: Options, fake: FakeDiscord, spawn_bot: SpawnBot, folder: Path
) -> World:
    """The servers, channels and people, then the bot (started unless not)."""
    w = World(fake=fake, folder=folder, db=folder / "games.db", env={}, users={}, offset=0.0)
    w.spawn_bot, w.spawned = spawn_bot, []
    guilds: dict[str, str | Mapping[str, Any]] = {}
    if options.guild is not None:
        guilds["guild"] = options.guild
    guilds.update(options.guilds)
    for attr, spec in guilds.items():
        made = fake.add_guild(spec) if isinstance(spec, str) else fake.add_guild(**spec)
        setattr(w, attr, made)
    first = next(iter(guilds), None)
    channels = dict(options.channels)
    if options.channel is not None:
        assert first is not None, "a channel needs a server"
        channels = {"channel": (first, options.channel), **channels}
    for attr, (guild, name) in channels.items():
        setattr(w, attr, fake.add_text_channel(getattr(w, guild), name))
    users = options.users
    people = dict(users) if isinstance(users, Mapping) else {name: {} for name in users}
    people.update({name: {"manage_guild": True} for name in options.mods})
    for name, spec in people.items():
        spec = dict(spec)
        if "guilds" in spec:
            spec["guilds"] = [getattr(w, g) for g in spec["guilds"]]
        w.add_user(name, **spec)

    if options.database:
        w.env["DATABASE_PATH"] = str(w.db)
    dev = first if options.dev_guild is True else options.dev_guild
    if dev:
        w.env["DEV_GUILD_ID"] = str(getattr(w, dev).id)
    if options.delay is not None:
        w.env["BOT_MOVE_DELAY"] = str(options.delay)
    if options.seed is not None:
        w.env["GAMEHOST_TEST_SEED"] = options.seed
    if options.stats:
        w.stats = folder / "stats.json"
        w.env["GAMEHOST_TEST_STATS"] = str(w.stats)
    if options.clock:
        w.clock = folder / "clock"
        w.clock.write_text("0")
        w.env["GAMEHOST_TEST_CLOCK"] = str(w.clock)
        w.env["DEADLINE_POLL"] = "0.2"
    w.env.update(options.env)
    if options.start:
        w.bot = await w.spawn()
    if options.round_trip is not None:
        # Discord answers each REST call after a round trip (a fraction of real
        # Discord's): an answer made behind a lock waits for those before it
        fake.round_trip(options.round_trip)
    return w
