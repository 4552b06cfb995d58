"""Slash commands in the players' language: discord.py asks this translator
for every description, option name and choice name when it syncs, and the
payload carries each catalogue language as a localisation.

Command names stay English (`/game new`, `/game hand`...): the replies, the
help and the README quote them, players of both languages share one server
and its habits, and one name per command keeps those quotes true for
everyone. Everything else is localised, option names included (Discord
allows Japanese there); option names come from the catalogue under the
"option" context, so a word like "game" can read differently as an option
than in a sentence.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from cogs.i18n import DEFAULT, LANGUAGES, language_of, translator_for


#: marks an option name for extraction (`P_` is an extraction keyword: context, id)
def P_(context: str, msgid: str) -> str:
    return msgid


OPTION = "option"
#: the commands' own slash option names, for the catalogues (a test checks none
#: is missing); a game's options carry their own (`Option.label`, rules/core/options.py)
OPTION_NAMES = (
    P_("option", "game"),
    P_("option", "players"),
    P_("option", "bots"),
    P_("option", "bot_level"),
    P_("option", "here"),
    P_("option", "hints"),
    P_("option", "match"),
    P_("option", "mode"),
    P_("option", "quick_pass"),
    P_("option", "reminder"),
    P_("option", "timeout"),
    P_("option", "policy"),
    P_("option", "threads"),
    P_("option", "host_role"),
    P_("option", "clear_host_role"),
    P_("option", "forget"),
    P_("option", "language"),
    P_("option", "member"),
    P_("option", "substitute"),
    P_("option", "season"),
    P_("option", "stand_in"),
    P_("option", "format"),
    P_("option", "rounds"),
    P_("option", "players_per_match"),
    P_("option", "player"),
    P_("option", "tournament"),
)

#: what is not translated: command and group names (see the module's docstring)
UNTRANSLATED = (Where.command_name, Where.group_name)


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext,
    ) -> str | None:
        lang = language_of(locale)
        if lang == DEFAULT or lang not in LANGUAGES or context.location in UNTRANSLATED:
            return None
        catalogue = translator_for(lang)
        if context.location is Where.parameter_name:
            text = catalogue.pgettext(OPTION, string.message)
        else:
            text = catalogue.gettext(string.message)
        return text if text != string.message else None
