"""The slash commands' Japanese: every description, option name and choice
name the command tree asks to translate has a catalogue entry, and the
payload discord.py syncs carries the `ja` localisations."""

from __future__ import annotations

import unittest.mock

import discord
import pytest
from discord.app_commands import TranslationContextLocation as Where
from discord.ext import commands

from cogs import catalogues
from cogs.game_group import GameGroup, add_game_cog
from cogs.history.commands import HistoryCommands
from cogs.hosting.commands import HostingCommands
from cogs.i18n import LANGUAGES
from cogs.play.commands import PlayCommands
from cogs.slash_translator import OPTION, UNTRANSLATED, CatalogueTranslator


class Recording(CatalogueTranslator):
    def __init__(self):
        self.asked = set()

    async def translate(self, string, locale, context):
        if locale is discord.Locale.japanese:
            self.asked.add((context.location, string.message))
        return await super().translate(string, locale, context)


@pytest.fixture
async def payload():
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    group = GameGroup()  # what GameHost holds: the one /game group
    for cog in (PlayCommands, HostingCommands, HistoryCommands):
        await add_game_cog(bot, cog(group, unittest.mock.Mock()))  # services: not called
    translator = Recording()
    data = [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]
    return {"commands": data, "asked": translator.asked}


def _options(command: dict):
    for sub in command.get("options", ()):
        yield sub, sub.get("options", ())


async def test_every_string_the_tree_asks_for_is_in_the_catalogue(payload):
    ids = catalogues.every_source_id()
    missing = []
    for where, message in payload["asked"]:
        if where in UNTRANSLATED or message in LANGUAGES.values() or len(message) == 1:
            continue  # names stay English; languages and letters read the same everywhere
        context = OPTION if where is Where.parameter_name else None
        if (context, message) not in ids:
            missing.append((where.name, message))
    assert missing == []


async def test_the_synced_payload_carries_japanese(payload):
    (game,) = payload["commands"]
    assert game["name"] == "game" and "ja" not in (game.get("name_localizations") or {})
    assert game["description_localizations"]["ja"] == "ここでボードゲームを遊ぶ"
    subs = {sub["name"]: (sub, options) for sub, options in _options(game)}
    new, new_options = subs["new"]
    assert new["description_localizations"]["ja"] == "新しい対戦のロビーを開く"
    by_name = {o["name"]: o for o in new_options}
    game_option = by_name["game"]
    assert game_option["name_localizations"]["ja"] == "ゲーム"
    assert game_option["description_localizations"]["ja"] == "遊ぶゲーム"
    choices = {c["value"]: c["name_localizations"]["ja"] for c in game_option["choices"]}
    assert choices["keltis"] == "ケルト" and choices["cuttle"] == "カトル"
    assert by_name["side"]["name_localizations"]["ja"] == "面"
    config_options = {o["name"]: o for o in subs["config"][1]}
    language = config_options["language"]
    assert language["name_localizations"]["ja"] == "言語"
    assert {c["value"] for c in language["choices"]} == set(LANGUAGES)
    for sub, options in subs.values():  # every description and option has its Japanese
        assert sub["description_localizations"].get("ja"), sub["name"]
        for option in options:
            assert option["description_localizations"].get("ja"), (sub["name"], option["name"])
            assert option["name_localizations"].get("ja"), (sub["name"], option["name"])
