"""The bot object's own duties: it builds the services once and hands them
to its extensions; events arriving while it closes are dropped (discord.py
unsets its loop in close(), so a late `ready` from its guild_ready_timeout
wait used to fail with an AttributeError), and closing stops the services
and closes the store."""

from __future__ import annotations

import pytest

from cogs.app import EXTENSIONS, GameHost, make_clock
from cogs.config import Config
from cogs.relay import Relay
from cogs.services import MatchOver
from storage import SqliteStore, StoreClosed


async def test_events_after_close_are_dropped_and_the_store_is_closed(tmp_path):
    config = Config(token="t", database_path=tmp_path / "games.db")
    store = await SqliteStore.open(config.database_path)
    bot = GameHost(config, store, make_clock(config))
    async with bot:
        pass  # enter and close, as a SIGTERM right after the start does
    bot.dispatch("ready")  # discord.py would call create_task on a missing loop here
    bot.dispatch("guild_available", None)
    with pytest.raises(StoreClosed):
        await store.get_setting(0, "k")


async def test_the_bot_loads_its_extensions_and_their_components(tmp_path):
    config = Config(token="t", database_path=tmp_path / "games.db")
    async with await SqliteStore.open(config.database_path) as store:
        bot = GameHost(config, store, make_clock(config))
        for setup in EXTENSIONS:  # as setup_hook does, without syncing
            await setup(bot, bot.game_group, bot.services)
        services = bot.services  # built once, before any extension
        assert services.seats is services.tables.seats and services.moves is services.tables.moves
        assert services.moves.deadlines is services.plans  # a move plans its deadline
        assert (
            services.logbook.names is services.tables.names
        )  # the log names seats as the table does
        assert {item.__name__ for item in bot.items} == {
            *("ActionButton", "ActionSelect", "GroupSelect", "HandButton", "PanelButton"),
            *("TurnButton", "DieToggle", "MarkSelect", "ConcedeButton", "LobbyButton"),
            *("ForgetButton", "RulesButton", "RulesSelect", "LogButton", "ReplayButton"),
            *("HelpButton",),
            *("RematchButton", "TournamentButton", "HintButton", "PlayHintButton"),
            *("WhyButton", "GuidePlayButton", "RealMatchButton"),  # /game learn's
        }
        finished = services.tables.on_finish
        assert isinstance(finished, Relay)  # connected once both were built
        assert finished.target == MatchOver(services.tournaments, services.learning)
        [group] = bot.tree.get_commands()
        # Discord's limit: 25 subcommands (season and tournament are groups of their own)
        assert group is bot.game_group and len(bot.game_group.commands) == 25
