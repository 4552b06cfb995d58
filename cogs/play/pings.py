"""What the bot says in a match's thread and in players' DMs: whose move it
is (a turn ping, or a reminder), hosts' and timeouts' doings, and, once a
match is over, its rating changes and the archiving of its thread.

A turn ping replaces the previous one (the thread stays short). Which
message that is gets stored with the match's next move, in the move's own
transaction (`unstored`, `stored`), or at shutdown (`store_all`).

A ping is only for a running match. What follows a move (or a hand-over)
may still be posting a ping when a host cancels the match: the match is
looked at again once the ping is posted, and a cancelling host withdraws
the match's last ping (`withdraw`), so whichever comes last removes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

from cogs.history.hints import rated_mark
from cogs.history.results import rating_changes_text
from cogs.i18n import _, speaking
from cogs.language import Languages
from cogs.play.buttons import TurnButton
from cogs.play.places import Places
from cogs.presenters import presenter_for
from storage import MatchInfo, MessageRef, Status, UnknownMatch

if TYPE_CHECKING:
    from storage import Store

log = logging.getLogger(__name__)


def turn_view(match_id: int) -> discord.ui.View:
    """The button a turn ping carries: it opens the player's panel at once."""
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(match_id))
    return view


#: how long a user whose DMs refused the bot is not sent another (each refusal
#: is an invalid request to Discord)
DMS_CLOSED_FOR = 3600.0


class Pings:
    def __init__(self, bot: discord.Client, store: Store, languages: Languages, places: Places):
        self.bot = bot
        self.store = store
        self.languages = languages
        self.places = places
        self._pings: dict[int, MessageRef] = {}  # match -> its last ping, not stored yet
        self._dms_closed: dict[int, float] = {}  # user -> when their DMs refused the bot

    def unstored(self, match_id: int) -> MessageRef | None:
        """The match's last ping, if posted since its last move."""
        return self._pings.get(match_id)

    def stored(self, match_id: int, ping: MessageRef) -> None:
        """`ping` was stored (with a move): forget it, unless a newer came meanwhile."""
        if self._pings.get(match_id) is ping:
            del self._pings[match_id]

    async def notify(
        self, loaded: MatchInfo, users: frozenset[int], *, reminder: bool = False
    ) -> None:
        """Tell players they owe a decision, each the way they chose with
        `/game notify`: a mention in the match's thread (default), a direct
        message (falling back to the mention when their DMs are closed), or
        nothing. The previous mention is removed so the thread stays short.
        Nobody is told of a match that stopped running since it was loaded."""
        if not await self._running(loaded.id):
            return
        presenter = presenter_for(loaded.game)
        mention = []
        for user_id in sorted(users):
            mode = await self.store.get_user_setting(user_id, "notify", "mention")
            if mode == "dm" and await self._dm(loaded, user_id, reminder=reminder):
                continue  # (DMs closed: mention them in the thread instead)
            if mode != "off":
                mention.append(user_id)
        if not mention:
            return
        place_id = await self.places.usable(loaded)
        if place_id is None:  # the thread and channel are closed to the bot: by DM, then
            await self._by_dm(loaded, mention, reminder=reminder)
            return
        mentions = " ".join(f"<@{u}>" for u in mention)
        channel = self.bot.get_partial_messageable(place_id)
        with speaking(await self.languages.of_server(loaded.guild_id)):  # in the thread
            if reminder:
                text = _(
                    "⏰ {mentions} — a reminder: {game} #{match} is waiting for your move.",
                    mentions=mentions,
                    game=_(presenter.title),
                    match=loaded.id,
                )
            else:
                text = _(
                    "{mentions} — your move in {game} #{match}. {hint}",
                    mentions=mentions,
                    game=_(presenter.title),
                    match=loaded.id,
                    hint=presenter.ping_hint,
                )
            try:
                message = await channel.send(
                    text,
                    view=turn_view(loaded.id),
                    allowed_mentions=discord.AllowedMentions(
                        users=True, roles=False, everyone=False
                    ),
                )
            except discord.HTTPException as exc:  # mended for the next time; by DM now
                await self.places.refused(loaded, place_id, exc)
                await self._by_dm(loaded, mention, reminder=reminder)
                return
        # Stored with the match's next move (one transaction per move), or at shutdown.
        old = self._pings.get(loaded.id) or await self.store.message(loaded.id, "ping")
        ping = MessageRef(loaded.id, "ping", channel.id, message.id, datetime.now(UTC))
        self._pings[loaded.id] = ping
        if old is not None:
            await self._delete(old)
        # Cancelled while this was posted? (A cancel after this look withdraws it.)
        if not await self._running(loaded.id) and self._pings.get(loaded.id) is ping:
            del self._pings[loaded.id]
            await self._delete(ping)

    async def withdraw(self, match_id: int) -> None:
        """Remove the match's last turn ping: the match was cancelled, and
        its Your move leads nowhere now."""
        ping = self._pings.pop(match_id, None) or await self.store.message(match_id, "ping")
        if ping is not None:
            await self._delete(ping)

    async def _running(self, match_id: int) -> bool:
        """Is the match running (not cancelled, over, deleted or paused) as stored now?"""
        try:
            info = await self.store.info(match_id)
        except UnknownMatch:
            return False
        return info.status == Status.ACTIVE and not info.paused

    async def _delete(self, ping: MessageRef) -> None:
        with contextlib.suppress(discord.HTTPException):  # gone already
            await (
                self.bot.get_partial_messageable(ping.channel_id)
                .get_partial_message(ping.message_id)
                .delete()
            )

    async def _by_dm(self, loaded: MatchInfo, users: list[int], *, reminder: bool) -> None:
        """Players who would have been mentioned where the bot cannot post."""
        for user_id in users:
            await self._dm(loaded, user_id, reminder=reminder)

    async def _dm(self, loaded: MatchInfo, user_id: int, *, reminder: bool) -> bool:
        """Tell one player by DM, in their language; False when their DMs
        are closed (then they are not tried again for a while: each refusal
        is an invalid request to Discord)."""
        now = asyncio.get_running_loop().time()
        if now - self._dms_closed.get(user_id, -DMS_CLOSED_FOR) < DMS_CLOSED_FOR:
            return False
        title = presenter_for(loaded.game).title
        where = f"https://discord.com/channels/{loaded.guild_id}/{loaded.place_id}"
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            with speaking(await self.languages.of_user(user_id)):  # a DM: theirs
                params = dict(game=_(title), match=loaded.id, link=where)
                text = (
                    _("⏰ Reminder: your move in {game} #{match}: {link}", **params)
                    if reminder
                    else _("Your move in {game} #{match}: {link}", **params)
                )
                await user.send(text, view=turn_view(loaded.id))
            return True
        except discord.HTTPException as exc:
            log.info("no DM to %s for match %s: %s", user_id, loaded.id, exc)
            self._dms_closed[user_id] = now
            return False

    async def announce(self, loaded: MatchInfo, text: str, **params: Any) -> None:
        """A public line in the match's thread (hosts' and timeouts' doings),
        in the server's language: `text` is a catalogue message. Not where
        the bot may not post (the table is shown again there once it may)."""
        await self.announce_words(loaded, lambda: _(text, **params))

    async def announce_words(self, loaded: MatchInfo, words: Callable[[], str]) -> None:
        """`announce` what `words()` says in the language spoken (a plural)."""
        place_id = await self.places.usable(loaded)
        if place_id is None:
            log.info("not announcing in match %s: no place to post", loaded.id)
            return
        with speaking(await self.languages.of_server(loaded.guild_id)):
            text = words()
        try:
            await self.bot.get_partial_messageable(place_id).send(
                text, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as exc:
            log.info("could not announce in match %s: %s", loaded.id, exc)

    async def wrap_up(self, loaded: MatchInfo) -> None:
        """Once a match is over: its rating changes told, its thread
        archived, and that recorded (a message of kind 'closed'), so that a
        start after a stop or a crash in between wraps it up again
        (`Tables.resume`, `unclosed_matches`) and never twice."""
        await self.tell_ratings(loaded)
        await self.close_thread(loaded)
        try:
            await self.store.set_message(
                loaded.id, "closed", loaded.thread_id or loaded.channel_id, 0
            )
        except Exception as exc:  # deleted meanwhile, or the storage is closing
            log.info("could not record the wrap-up of match %s: %s", loaded.id, exc)

    async def tell_ratings(self, loaded: MatchInfo) -> None:
        """Once a rated match is over: each person's rating change, in the
        match's thread, in the server's language (nobody is pinged), marked
        when the match allowed hints, with who used how many. Told once: the
        message is recorded (kind 'ratings')."""
        if await self.store.message(loaded.id, "ratings") is not None:
            return
        try:
            changes = await self.store.rating_changes(loaded.id)
        except Exception:  # the match's record unreadable: the table says who won
            log.exception("no rating changes for match %s", loaded.id)
            return
        if not changes:
            return
        place_id = await self.places.usable(loaded)
        if place_id is None:
            return
        with speaking(await self.languages.of_server(loaded.guild_id)):
            text = rating_changes_text(changes)
            mark = await rated_mark(self.store, loaded)  # a rated match with hints says so
            if mark:
                text = f"{text}\n{mark}"
        try:
            told = await self.bot.get_partial_messageable(place_id).send(
                text, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as exc:
            log.info("could not tell the ratings of match %s: %s", loaded.id, exc)
            return
        await self.store.set_message(loaded.id, "ratings", place_id, told.id)

    async def close_thread(self, loaded: MatchInfo) -> None:
        """A finished match's thread is archived (it stays readable)."""
        if loaded.thread_id is None:
            return
        try:
            thread = self.bot.get_channel(loaded.thread_id) or await self.bot.fetch_channel(
                loaded.thread_id
            )
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=True)
        except discord.HTTPException as exc:
            log.info("could not archive thread of match %s: %s", loaded.id, exc)

    async def store_all(self) -> None:
        """The pings posted since their match's last move, stored now (at
        shutdown), so that a restart still removes them when the next comes."""
        for match_id, ping in list(self._pings.items()):
            try:
                await self.store.set_message(match_id, "ping", ping.channel_id, ping.message_id)
            except Exception as exc:  # deleted meanwhile, or the storage is closing
                log.info("could not store the ping of match %s: %s", match_id, exc)
            self._pings.pop(match_id, None)
