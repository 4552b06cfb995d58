from pathlib import Path

import pytest

from cogs.config import Config, ConfigError


def test_token_is_required_and_the_message_says_how_to_get_one():
    with pytest.raises(ConfigError, match="developers/applications"):
        Config.from_env({})


def test_defaults_and_overrides():
    c = Config.from_env({"DISCORD_TOKEN": "t"})
    assert c.database_path == Path("data/games.db") and c.dev_guild_id is None
    c = Config.from_env(
        {
            "DISCORD_TOKEN": "t",
            "DATABASE_PATH": "/x/y.db",
            "DEV_GUILD_ID": "42",
            "LOG_LEVEL": "debug",
            "BOT_MOVE_DELAY": "0",
        }
    )
    assert (c.database_path, c.dev_guild_id, c.log_level, c.bot_move_delay) == (
        Path("/x/y.db"),
        42,
        "DEBUG",
        0.0,
    )


@pytest.mark.parametrize(
    "env",
    [
        {"DEV_GUILD_ID": "abc"},
        {"LOG_LEVEL": "loud"},
        {"BOT_MOVE_DELAY": "-1"},
        {"TABLE_MAX_AGE": "soon"},
    ],
)
def test_bad_settings_are_refused_clearly(env):
    with pytest.raises(ConfigError):
        Config.from_env({"DISCORD_TOKEN": "t", **env})


def test_only_games_with_a_presenter_are_offered():
    from cogs.game_group import GAME_CHOICES
    from cogs.presenters import presenter_for
    from rules import all_games

    offered = {c.value for c in GAME_CHOICES}
    assert "keltis" in offered
    for game_id in all_games():
        assert (game_id in offered) == (presenter_for(game_id).game_id == game_id)


def test_fixed_test_seed_is_off_unless_set():
    assert Config.from_env({"DISCORD_TOKEN": "t"}).fixed_seed is None
    assert Config.from_env({"DISCORD_TOKEN": "t", "GAMEHOST_TEST_SEED": "e2e"}).fixed_seed == "e2e"


def test_guild_data_retention_and_the_database_folder():
    c = Config.from_env({"DISCORD_TOKEN": "t"})
    assert c.guild_data_retention_days == 30 and c.create_database_folder
    c = Config.from_env(
        {
            "DISCORD_TOKEN": "t",
            "GUILD_DATA_RETENTION_DAYS": "7.5",
            "DATABASE_PATH": "/data/games.db",
        }
    )
    assert c.guild_data_retention_days == 7.5 and not c.create_database_folder
    for bad in ("-1", "soon", "nan", "inf"):
        with pytest.raises(ConfigError, match="GUILD_DATA_RETENTION_DAYS.*days"):
            Config.from_env({"DISCORD_TOKEN": "t", "GUILD_DATA_RETENTION_DAYS": bad})


def test_postgres_and_shards_are_off_unless_set():
    c = Config.from_env({"DISCORD_TOKEN": "t"})
    assert c.database_url is None and c.shards is None


def test_database_url_and_shard_layout():
    c = Config.from_env(
        {
            "DISCORD_TOKEN": "t",
            "DATABASE_URL": "postgresql://bot@db/games",
            "SHARD_COUNT": "8",
            "SHARD_IDS": "4-7",
        }
    )
    assert c.database_url == "postgresql://bot@db/games"
    assert c.shards is not None and (c.shards.count, c.shards.ids) == (8, (4, 5, 6, 7))


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"DATABASE_URL": "mysql://bot:secret@db/games"}, "postgresql://"),
        ({"SHARD_IDS": "0-3"}, "needs SHARD_COUNT"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "2-5"}, "not within 0-3"),
    ],
)
def test_bad_database_or_shard_settings_say_the_fix(env, says):
    with pytest.raises(ConfigError, match=says) as refused:
        Config.from_env({"DISCORD_TOKEN": "t", **env})
    assert "secret" not in str(refused.value)


def test_games_from_packages_of_their_own_are_named_in_gamehost_games():
    assert Config.from_env({"DISCORD_TOKEN": "t"}).games == ()
    env = {"DISCORD_TOKEN": "t", "GAMEHOST_GAMES": " tests.games.hidden_bid, other.game ,"}
    assert Config.from_env(env).games == ("tests.games.hidden_bid", "other.game")
    with pytest.raises(ConfigError, match="GAMEHOST_GAMES names games"):
        Config.from_env({"DISCORD_TOKEN": "t", "GAMEHOST_GAMES": "tests/games/hidden_bid"})
