"""Options belong to their game (issue 41, part 3): two games may each have
an option called `cards` meaning different things. `/game new` offers one
`cards` that takes what either takes and says it depends on the game; the
chosen game's own option takes the value or refuses it with what that game
takes, opening nothing. Only what one slash option can't offer (a number in
one game, yes or no in another) is refused, at start, in one line naming
the games and the option, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
import unittest.mock
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import AppCommandOptionType as T
from discord import app_commands
from discord.ext import commands

import cogs.presenters as presenters
from cogs import i18n
from cogs.hosting.commands import HostingCommands
from cogs.hosting.game_options import (
    DEPENDS_ON_THE_GAME,
    OptionClash,
    build_slash_options,
    option_problems,
    options_help,
    with_slash_options,
)
from cogs.i18n import speaking
from rules import Match, get_game
from rules.core.options import INT, Option
from storage import Store
from tests.cogs.helpers import GUILD_ID, MockGuild, MockInteraction, MockMember
from tests.cogs.hosting.test_rematch import lobbies_on
from tests.cogs.matches import ALICE
from tests.registries import isolate_registries

ROOT = Path(__file__).resolve().parents[3]
BID, RACE = "hidden_bid", "race_cards"  # `cards`: 3 to 8 in one, 10 to 30 in the other
RACE_PACKAGE = "tests.cogs.hosting.card_games.race"
FLAG_PACKAGE = "tests.cogs.hosting.card_games.flag"


@pytest.fixture
def card_games(monkeypatch):
    """Hidden bids and Race with cards registered, as GAMEHOST_GAMES would;
    every registry restored after the test."""
    isolate_registries(monkeypatch)
    presenters.load_games(["tests.games.hidden_bid", RACE_PACKAGE])
    yield
    monkeypatch.undo()
    i18n.translator_for.cache_clear()


def test_one_cards_option_takes_what_either_game_takes_and_says_it_depends(card_games):
    assert option_problems(presenters.presented_games()) == []
    [cards] = [o for o in build_slash_options([BID, RACE]) if o.name == "cards"]
    assert cards.type == "integer" and set(cards.stands_for) == {BID, RACE}
    assert cards.description == DEPENDS_ON_THE_GAME
    with speaking("ja"):  # the catalogue words it in each language, in Discord's 100 characters
        assert i18n._(DEPENDS_ON_THE_GAME) != DEPENDS_ON_THE_GAME
        assert len(i18n._(DEPENDS_ON_THE_GAME)) <= 100

    class Commands(commands.Cog):  # /game new as discord.py reads it, for these games
        @app_commands.command(name="new", description="new")
        @with_slash_options
        async def new(
            self,
            interaction: discord.Interaction,
            game: str,
            players: int | None = None,
            bots: int = 0,
            bot_level: str | None = None,
            here: bool = False,
            hints: bool = False,
            **options: Any,
        ) -> None: ...

    parameter = next(p for p in Commands.new.parameters if p.name == "cards")
    assert (parameter.type, parameter.min_value, parameter.max_value) == (T.integer, 3, 30)
    assert parameter.description == DEPENDS_ON_THE_GAME and not parameter.required


def test_games_meaning_the_same_keep_their_own_description(card_games, monkeypatch):
    alike = Option("face_up", INT, "h", low=10, high=30, label="cards", description="Cards")
    monkeypatch.setattr(type(get_game(RACE)), "options_schema", (alike,))
    monkeypatch.setattr(
        type(get_game(BID)),
        "options_schema",
        (Option("cards", INT, "h", low=3, high=8, description="Cards"),),
    )
    [cards] = build_slash_options([BID, RACE])
    assert cards.description == "Cards"


def test_the_rules_of_each_game_tell_its_own_cards(card_games):
    assert options_help(BID) == (
        "`cards`: how many cards each player holds (and rounds are played); "
        "a whole number from 3 to 8"
    )
    assert options_help(RACE) == (
        "`cards`: how many cards are turned up before the race; a whole number from 10 to 30"
    )
    with speaking("ja"):
        assert (
            options_help(BID)
            == "`枚数`: 各プレイヤーの手札の枚数（ラウンド数も同じ）。3から8までの整数"
        )


def new_game(game_id: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=game_id, value=game_id)


async def game_new(store: Store, game_id: str, **given: Any) -> MockInteraction:
    """`/game new game:<game_id>` with these options, by Alice: the real
    command and lobbies (the lobby's message is not posted)."""
    cog = HostingCommands(unittest.mock.Mock(), unittest.mock.Mock(lobbies=lobbies_on(store)))
    interaction = MockInteraction(
        user=MockMember(id=ALICE, guild=MockGuild(id=GUILD_ID)),
        kind=discord.InteractionType.application_command,
    )
    new: Any = HostingCommands.new.callback  # the method, as discord.py calls it
    await new(cog, interaction, new_game(game_id), **given)
    return interaction


async def test_each_game_gets_its_own_cards_through_game_new(card_games, store: Store):
    await game_new(store, BID, cards=7)
    await game_new(store, RACE, cards=20)
    lobbies = {m.game: m for m in await store.live_matches(guild_id=GUILD_ID)}
    assert lobbies[BID].options["options"] == {"cards": 7}
    assert lobbies[RACE].options["options"] == {"face_up": 20}
    match = Match.new(RACE, 2, "race", lobbies[RACE].options["options"])
    assert match.options == {"face_up": 20}


@pytest.mark.parametrize(
    "game_id,cards,says",
    [
        (
            BID,
            20,
            "`cards` must be a whole number from 3 to 8. "
            "Hidden bids takes `cards`: a whole number from 3 to 8.",
        ),
        (
            RACE,
            7,
            "`cards` must be a whole number from 10 to 30. "
            "Race with cards takes `cards`: a whole number from 10 to 30.",
        ),
    ],
)
async def test_a_number_the_chosen_game_does_not_take_is_refused_and_opens_nothing(
    card_games, store: Store, game_id, cards, says
):
    interaction = await game_new(store, game_id, cards=cards)
    [(how, text)] = interaction.answers()
    assert how == "send_message" and text == says
    assert await store.live_matches(guild_id=GUILD_ID) == []


def test_a_number_and_a_yes_or_no_under_one_name_is_one_line_naming_both_games(card_games):
    presenters.load_games([FLAG_PACKAGE])
    [problem] = option_problems(presenters.presented_games())
    assert "\n" not in problem
    assert all(word in problem for word in ("'cards'", BID, "race_flag", RACE))
    assert "int in hidden_bid" in problem and "bool in race_flag" in problem
    with pytest.raises(OptionClash) as refused:
        build_slash_options(presenters.presented_games())
    assert str(refused.value) == problem


def test_a_name_game_new_has_of_its_own_is_refused(card_games, monkeypatch):
    players = Option("face_up", INT, "h", low=10, high=30, label="players")
    monkeypatch.setattr(type(get_game(RACE)), "options_schema", (players,))
    assert option_problems([BID, RACE]) == [
        "the option 'players' of race_cards is one /game new has of its own"
    ]


def test_more_options_than_discord_allows_are_refused(card_games, monkeypatch):
    many = tuple(Option(f"o{i}", INT, "h", low=1, high=2) for i in range(19))
    monkeypatch.setattr(type(get_game(RACE)), "options_schema", many)
    assert option_problems([RACE]) == []  # 19 beside /game new's own 6: Discord's 25
    [problem] = option_problems([BID, RACE])
    assert problem.startswith("the games have 20 options of different names, and /game new ")
    assert "cards (hidden_bid)" in problem


def test_names_that_read_alike_in_a_language_are_refused(card_games, monkeypatch):
    kanji = Option("face_up", INT, "h", low=10, high=30, label="枚数")
    monkeypatch.setattr(type(get_game(RACE)), "options_schema", (kanji,))
    assert option_problems([BID, RACE]) == [
        "the options 'cards' (hidden_bid), '枚数' (race_cards) are all called '枚数' in ja"
    ]


def test_the_bot_refuses_to_start_in_one_line_naming_both_games(tmp_path):
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "GAMEHOST_"))},
        "DISCORD_TOKEN": "unused",
        "DATABASE_PATH": str(tmp_path / "games.db"),
        "GAMEHOST_GAMES": f"tests.games.hidden_bid,{FLAG_PACKAGE}",
        "PYTHONPATH": str(ROOT),
    }
    ran = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        cwd=tmp_path,  # no .env of the checkout's
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    output = (ran.stdout + ran.stderr).strip()
    assert ran.returncode == 2, output
    assert "Traceback" not in output and len(output.splitlines()) == 1, output
    assert "cannot offer the games' options in /game new" in output
    assert all(word in output for word in ("'cards'", BID, "race_flag")), output
    assert not (tmp_path / "games.db").exists()  # refused before the database
