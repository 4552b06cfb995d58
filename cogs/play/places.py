"""Where a match can be shown now, and a host told once what is missing.

A match is shown in its thread, else in its channel. When a moderator
closes the thread to the bot (locks it, deletes it, or takes a permission
away there) while the channel still has what a table needs, the match
moves to the channel for good. When neither place may show it, nothing is
sent there (the bot's cache says so, so no refused request counts towards
Discord's ban), the match is kept playable from the players' panels, a
host is told once in words, and the table is shown again as soon as a
permission changes in that server.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.i18n import N_, _, speaking
from cogs.language import Languages
from cogs.permissions import (
    FOR_TABLES,
    FOR_THREAD_TABLES,
    Need,
    Refusal,
    in_place,
    lacking,
    refusal,
    words,
)
from cogs.presenters import presenter_for
from storage import MatchInfo

if TYPE_CHECKING:
    from storage import Store

log = logging.getLogger(__name__)

CANNOT_SHOW = N_(
    "I can't show match #{match} ({game}) in <#{place}>: I'm missing {missing} there. "
    "A moderator can give it to me in that channel's settings (Edit Channel → "
    "Permissions). Until then the match goes on: players open their panels from "
    "**Your move** or `/game mine`."
)
MOVED = N_("Match #{match} ({game}) now goes on in <#{place}>: its thread is closed to me ({why}).")
WHY_MOVED = {
    Refusal.LOCKED: N_("the thread is locked"),
    Refusal.GONE: N_("the thread was deleted"),
    Refusal.ARCHIVED: N_("the thread is archived"),
    Refusal.MISSING_PERMISSION: N_("a permission is missing there"),
}


class Places:
    def __init__(self, client: discord.Client, store: Store, languages: Languages):
        self.client = client
        self.store = store
        self.languages = languages
        #: matches whose table could not be shown anywhere (match -> guild)
        self.blocked: dict[int, int] = {}
        self._told: set[tuple[int, str]] = set()  # (where it was said, what) already

    def lacks(self, info: MatchInfo, place_id: int) -> list[Need] | None:
        """What the bot lacks to show a table in `place_id` ([] when nothing;
        None when its cache does not know the place: try it)."""
        permissions = in_place(self.client, info.guild_id, place_id)
        if permissions is None:
            return None
        return lacking(permissions, FOR_THREAD_TABLES if place_id == info.thread_id else FOR_TABLES)

    def files_allowed(self, info: MatchInfo, place_id: int) -> bool:
        """May a board picture be attached there? (When the cache does not
        know, try: a refusal is read then.)"""
        permissions = in_place(self.client, info.guild_id, place_id)
        return permissions is None or permissions.attach_files

    async def usable(self, info: MatchInfo) -> int | None:
        """Where to show the match now: its thread, or its channel once the
        thread is closed to the bot (the match moves there); None when no
        place may show it (a host is told once)."""
        if info.thread_id is not None:
            missing = self.lacks(info, info.thread_id)
            if not missing:
                return info.thread_id
            if self.lacks(info, info.channel_id):  # the channel can't take it either
                await self.tell(info, info.thread_id, missing)
                return None
            await self.move_to_channel(info, self._why_closed(info, missing))
            return info.channel_id
        missing = self.lacks(info, info.channel_id)
        if missing:
            await self.tell(info, info.channel_id, missing)
            return None
        return info.channel_id

    def _why_closed(self, info: MatchInfo, missing: list[Need]) -> str:
        """Why the thread is closed to the bot, as a host would put it."""
        guild = self.client.get_guild(info.guild_id)
        thread = guild.get_thread(info.thread_id or 0) if guild is not None else None
        if thread is not None and thread.locked:
            return _(WHY_MOVED[Refusal.LOCKED])
        return words(missing)

    async def refused(self, info: MatchInfo, place_id: int, exc: discord.HTTPException) -> bool:
        """A post or edit for the match was refused although the cache
        allowed it: mend what can be mended. True when trying once more (in
        the place `usable` now gives) may succeed; never for a refusal that
        would come again (no retry loops on 403 or 404)."""
        kind = refusal(exc)
        in_thread = place_id == info.thread_id
        if kind is Refusal.ARCHIVED and in_thread:
            thread = self.client.get_channel(place_id)
            try:
                if isinstance(thread, discord.Thread):
                    await thread.edit(archived=False)
                    return True
            except discord.HTTPException as again:
                log.info("could not unarchive the thread of match %s: %s", info.id, again)
            await self.move_to_channel(info, _(WHY_MOVED[kind]))
            return True
        if kind in (Refusal.LOCKED, Refusal.GONE, Refusal.MISSING_PERMISSION) and in_thread:
            await self.move_to_channel(info, _(WHY_MOVED[kind]))
            return True
        if kind is Refusal.MISSING_PERMISSION:
            await self.tell(info, place_id, [])
        return False

    async def move_to_channel(self, info: MatchInfo, why: str) -> None:
        """The match is shown in its channel from now on."""
        log.info("match %s moves from its thread to its channel: %s", info.id, why)
        await self.store.set_thread(info.id, None)
        await self._say_once(
            info,
            info.channel_id,
            f"moved:{info.id}",
            MOVED,
            match=info.id,
            place=info.channel_id,
            why=why,
        )

    async def tell(self, info: MatchInfo, place_id: int, missing: list[Need]) -> None:
        """Tell the match's creator, once per place and what is missing,
        by DM (the place itself is what fails)."""
        self.blocked[info.id] = info.guild_id
        said = ",".join(n.flag for n in missing)
        log.warning(
            "match %s cannot be shown in %s: missing %s", info.id, place_id, said or "permissions"
        )
        await self._say_once(
            info,
            None,
            f"missing:{place_id}:{said}",
            CANNOT_SHOW,
            match=info.id,
            place=place_id,
            missing=words(missing) if missing else _(N_("a permission")),
        )

    def shown(self, info: MatchInfo, place_id: int) -> None:
        """A table was shown there. When it was a table kept waiting for a
        permission, whatever was missing is back (and a later loss is told
        again); another table's success proves nothing, as it may have been
        sent just before the loss (the host would be told twice)."""
        if self.blocked.pop(info.id, None) is not None:
            self._told = {k for k in self._told if not k[1].startswith(f"missing:{place_id}:")}

    async def _say_once(
        self, info: MatchInfo, place_id: int | None, what: str, text: str, **params
    ) -> None:
        """`text` to the match's creator by DM (`place_id` None) or in
        `place_id`, once for `what`."""
        key = (place_id or 0, what)
        if key in self._told:
            return
        self._told.add(key)
        title = presenter_for(info.game).title
        try:
            if place_id is None:
                user = self.client.get_user(info.creator_id) or await self.client.fetch_user(
                    info.creator_id
                )
                with speaking(await self.languages.of_user(info.creator_id)):  # a DM: theirs
                    await user.send(_(text, game=_(title), **params))
            else:
                with speaking(await self.languages.of_server(info.guild_id)):  # public
                    await self.client.get_partial_messageable(place_id).send(
                        _(text, game=_(title), **params),
                        allowed_mentions=discord.AllowedMentions.none(),
                    )
        except discord.HTTPException as exc:
            log.info("could not tell about match %s (%s): %s", info.id, what, exc)

    def blocked_in(self, guild_id: int) -> list[int]:
        """The matches of a server whose table is waiting for a permission."""
        return [m for m, g in self.blocked.items() if g == guild_id]


class PermissionChanges(commands.Cog):
    """A server's permissions changed (a channel's, a role's, a thread
    locked or opened): the tables waiting there for a permission are shown
    again (`want` checks the cache first, so a table still blocked costs
    no request)."""

    def __init__(self, places: Places, want: Callable[[int], object]):
        self.places = places
        self.want = want

    def _changed(self, guild_id: int) -> None:
        for match_id in self.places.blocked_in(guild_id):
            self.want(match_id)

    @commands.Cog.listener()
    async def on_guild_channel_update(
        self, before: object, after: discord.abc.GuildChannel
    ) -> None:
        self._changed(after.guild.id)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: object, after: discord.Role) -> None:
        self._changed(after.guild.id)

    @commands.Cog.listener()
    async def on_thread_update(self, before: object, after: discord.Thread) -> None:
        self._changed(after.guild.id)

    @commands.Cog.listener()
    async def on_member_update(self, before: object, after: discord.Member) -> None:
        if after.id == getattr(self.places.client.user, "id", None):  # the bot's own roles
            self._changed(after.guild.id)
