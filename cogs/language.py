"""Which language a message speaks.

- An ephemeral answer follows the clicker's Discord client (`interaction.locale`;
  set by `cogs.replies.guarded` around every handler).
- A public message (lobby, table, pings and announcements in the match's
  thread) follows the server: `/game config language:`, else the server's
  preferred locale (Discord's Community setting), else English.
- A direct message follows the player's last known locale, remembered from
  their last interaction (a user setting, like their notification choice).
"""

from __future__ import annotations

import logging

from cogs.i18n import DEFAULT, LANGUAGES, language_of

log = logging.getLogger(__name__)

SERVER_KEY = "language"  # guild setting: a key of LANGUAGES, set by /game config
USER_KEY = "locale"  # user setting: the language of their last interaction


class Languages:
    def __init__(self, bot, store):
        self.bot = bot
        self.store = store
        self._users: dict[int, str] = {}  # what is stored, so most clicks write nothing

    async def of_server(self, guild_id: int | None) -> str:
        if guild_id is None:
            return DEFAULT
        chosen = await self.store.get_setting(guild_id, SERVER_KEY)
        if chosen in LANGUAGES:
            return chosen
        guild = self.bot.get_guild(guild_id)
        return language_of(getattr(guild, "preferred_locale", None))

    async def of_user(self, user_id: int) -> str:
        if user_id not in self._users:
            stored = await self.store.get_user_setting(user_id, USER_KEY)
            self._users[user_id] = stored if stored in LANGUAGES else DEFAULT
        return self._users[user_id]

    async def remember(self, interaction) -> None:
        """Store the language of the user's client when it changed, for the
        direct messages they get later (turn pings, reminders). Best effort:
        a store that can't write now changes nothing the user asked for."""
        user = getattr(interaction, "user", None)
        if user is None or getattr(user, "bot", False):
            return
        lang = language_of(getattr(interaction, "locale", None))
        if self._users.get(user.id) == lang:
            return
        try:
            if await self.store.get_user_setting(user.id, USER_KEY) != lang:
                await self.store.set_user_setting(user.id, USER_KEY, lang)
            self._users[user.id] = lang
        except Exception as exc:  # read-only or closing storage: try again next time
            log.info("could not remember the language of user %s: %s", user.id, exc)
