"""`/game learn`: a guided first match (issue 45). One person against bots
(the game's fewest seats), in a private place: a private thread of the
channel the command was used in when the bot may make one, else a direct
message with the bot. The match is a learn match (storage: `learn`):
never rated nor counted in stats, seasons, leaderboards or history, and
hints are allowed. Its panel explains each kind of decision the first time
and guides the first decisions (cogs/play/learn_guide.py); its end says in
a line or two what the learner did well or missed, and offers a real match
of the same game in one click (a `/game new` lobby in the channel where
the lesson was asked for).
"""

from __future__ import annotations

import logging

import discord

from cogs import replies
from cogs.answer_first import PRIVATE, acknowledge
from cogs.history.hints import HINTS
from cogs.hosting import rematch as rematches
from cogs.hosting.game_options import OptionProblem, engine_options
from cogs.hosting.lobby import Lobbies
from cogs.hosting.settings import may_host_new, server_settings
from cogs.i18n import N_, _, speaking
from cogs.permissions import CREATE_THREADS, SEND_IN_THREADS, Need, in_place, lacking
from cogs.play.learn_buttons import RealMatchButton
from cogs.play.learn_guide import AGAIN, lesson_text
from cogs.play.tables import Tables
from cogs.presenters import presenter_for
from cogs.replies import say
from rules import get_game
from rules.bots import DEFAULT_LEVEL
from storage import Status, Store, UnknownMatch

log = logging.getLogger(__name__)

#: the bots' level in a learn match: the quick one
LEARN_LEVEL = DEFAULT_LEVEL
#: what a private thread of the lesson needs
CREATE_PRIVATE = Need(
    "create_private_threads", N_("Create Private Threads"), N_("a private thread for a lesson")
)

READY_THREAD = N_("Your lesson of {game} is ready in {thread}: only you and I are in it.")
READY_DM = N_(
    "I can't open a private thread here, so your lesson of {game} is in our direct messages."
)
DM_CLOSED = N_(
    "I can't open a private thread here, and your direct messages are closed to me, so I "
    "can't start a lesson. Allow direct messages from this server's members, or ask in a "
    "channel where I may create private threads. Nothing was started."
)
WELCOME = N_(
    "{player}, welcome to your lesson of **{game}**, against bots. Open your panel with "
    "**My hand** on the table below. Each new kind of decision is explained in your panel; "
    "for your first moves I show what the expert would do. Nothing here counts in your "
    "stats or ratings."
)
THREAD_NAME = N_("Lesson: {game} · {player}")
REVIEW_TITLE = N_("🎓 Lesson over: {game}")
REVIEW_FALLBACK = N_("You played a whole match: well done.")
REVIEW_NEXT = N_("Ready for a real match? The button below opens a lobby in {channel}.")
NOT_LEARN = N_("That button belongs to a lesson (`/game learn`), and this match is not one.")
NOT_YOURS = N_("Only the learner of this lesson can use that button.")
WHY_STALE = N_(
    "That **Why?** was for an earlier decision: the match has moved on. Your panel shows "
    "the decision you face now."
)
NO_LESSON = N_("There is nothing more to explain about this decision.")
LOBBY_OPENED = N_("Your real match's lobby is open: {link}")


class Learning:
    def __init__(self, client: discord.Client, store: Store, tables: Tables, lobbies: Lobbies):
        self.client = client
        self.store = store
        self.tables = tables
        self.lobbies = lobbies

    # -- /game learn ----------------------------------------------------------------
    async def start(self, interaction: discord.Interaction, game_id: str, given: dict) -> None:
        """Open a learn match for the user: the private place first (a DM
        closed to the bot is answered, and nothing is made), then the
        match, dealt and started at once; its table comes in that place."""
        game = get_game(game_id)
        seats = game.min_players
        try:
            options = engine_options(game_id, given, seats)
        except OptionProblem as exc:
            await say(interaction, str(exc))
            return
        await acknowledge(interaction, PRIVATE)  # a thread, a DM: more than a moment
        user = interaction.user
        await self.tables.languages.remember(interaction)
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        assert guild_id is not None and channel_id is not None  # /game runs in servers only
        title = _(presenter_for(game_id).title)
        place = await self._private_place(interaction, title)
        if place is None:
            await say(interaction, DM_CLOSED)
            return
        match_id = await self.store.create_lobby(
            guild_id,
            channel_id,
            game_id,
            {"options": options, "seats": seats},
            user.id,
            thread_id=place.id,
            learn=True,
        )
        await self.store.set_match_settings(match_id, {HINTS: True})
        await self.store.add_user_seat(match_id, user.id, getattr(user, "display_name", None))
        for _seat in range(seats - 1):
            await self.store.add_bot_seat(match_id, LEARN_LEVEL)
        info = await self.store.info(match_id)
        await self.lobbies.start(info, self.lobbies.deal(info))
        if isinstance(place, discord.Thread):
            await say(interaction, READY_THREAD, game=title, thread=place.mention)
        else:
            await say(interaction, READY_DM, game=title)

    async def _private_place(
        self, interaction: discord.Interaction, title: str
    ) -> discord.Thread | discord.DMChannel | None:
        """A private thread of the command's channel with the learner in it,
        else a DM (None: closed to the bot); it says welcome."""
        user = interaction.user
        welcome = _(WELCOME, player=user.mention, game=title)
        only_them = discord.AllowedMentions(users=[user], roles=False, everyone=False)
        channel = interaction.channel
        if isinstance(channel, discord.TextChannel) and not lacking(
            interaction.app_permissions, (CREATE_PRIVATE, SEND_IN_THREADS)
        ):
            try:
                thread = await channel.create_thread(
                    name=_(THREAD_NAME, game=title, player=user.display_name)[:100],
                    type=discord.ChannelType.private_thread,
                    invitable=False,
                    auto_archive_duration=10080,
                )
                await thread.add_user(user)
                await thread.send(welcome, allowed_mentions=only_them)
                return thread
            except discord.HTTPException as exc:
                log.info("no private thread for a lesson of %s (%s): a DM", user.id, exc)
        try:
            dm = await user.create_dm()
            await dm.send(welcome, allowed_mentions=only_them)
            return dm
        except discord.HTTPException as exc:
            log.info("no DM for a lesson of %s (%s)", user.id, exc)
            return None

    # -- Why? ---------------------------------------------------------------------------
    async def why(self, interaction: discord.Interaction, match_id: int, seq: int) -> None:
        """The lesson of the clicker's decision at move `seq`, privately; a
        stale or foreign press is refused privately and changes nothing."""
        loaded, seat = await self.tables.load_seated(interaction, match_id)
        if loaded is None or seat is None:
            return
        match = loaded.match
        assert match is not None  # a running match
        if not loaded.learn:
            await say(interaction, NOT_LEARN)
            return
        if seq != match.seq or seat not in match.to_act():
            await say(interaction, WHY_STALE)
            return
        kind = match.decision_kind(seat)
        lesson = presenter_for(loaded.game).lessons.get(kind) if kind is not None else None
        if lesson is None:
            await say(interaction, NO_LESSON)
            return
        embed = discord.Embed(title=_(AGAIN), description=lesson_text(lesson), colour=0x2F855A)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # -- the end ------------------------------------------------------------------------
    async def on_match_over(self, match_id: int) -> None:
        """A learn match over: the review, and the real match's button, in
        its place, for the learner (mentioning nobody)."""
        try:
            info = await self.store.info(match_id)
        except UnknownMatch:
            return
        if not info.learn or info.status != Status.FINISHED or info.thread_id is None:
            return
        loaded = await self.store.load(match_id)
        seat = info.seat_of(info.creator_id)
        if loaded.match is None or seat is None:
            return
        presenter = presenter_for(info.game)
        with speaking(await self.tables.languages.of_user(info.creator_id)):
            lines = presenter.learn_review(loaded.match.view(seat), info.outcome or {}, seat) or [
                _(REVIEW_FALLBACK)
            ]
            embed = discord.Embed(
                title=_(REVIEW_TITLE, game=_(presenter.title)),
                description="\n".join(
                    [*lines, "", _(REVIEW_NEXT, channel=f"<#{info.channel_id}>")]
                ),
                colour=0x2F855A,
            )
            view = discord.ui.View(timeout=None).add_item(RealMatchButton(match_id))
        try:
            await self.client.get_partial_messageable(info.thread_id).send(
                embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as exc:
            log.info("could not post lesson %s's review: %s", match_id, exc)

    async def real_match(self, interaction: discord.Interaction, match_id: int) -> None:
        """The end's button: a `/game new` lobby of the lesson's game, for
        the learner, in the channel where the lesson was asked for."""
        try:
            info = await self.store.info(match_id)
        except UnknownMatch:
            await say(interaction, replies.UNKNOWN_MATCH)
            return
        if not info.learn:
            await say(interaction, NOT_LEARN)
            return
        user = interaction.user
        if user.id != info.creator_id:
            await say(interaction, NOT_YOURS)
            return
        guild = self.client.get_guild(info.guild_id)
        member = guild.get_member(user.id) if guild is not None else None
        if not await may_host_new(self.store, member or user):
            await say(interaction, rematches.ONLY_HOSTS)
            return
        await acknowledge(interaction, PRIVATE)
        game = get_game(info.game)
        options = engine_options(info.game, {}, game.max_players)
        lobby_id = await self.store.create_lobby(
            info.guild_id, info.channel_id, info.game, {"options": options, "seats": None}, user.id
        )
        await self.store.add_user_seat(lobby_id, user.id, getattr(user, "display_name", None))
        lobby = await self.store.info(lobby_id)
        channel = self.client.get_channel(info.channel_id)
        place = (
            channel
            if isinstance(channel, discord.TextChannel | discord.Thread)
            else self.client.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
        )
        permissions = in_place(self.client, info.guild_id, info.channel_id)
        threads = (await server_settings(self.store, info.guild_id))["threads"]
        thread = (
            bool(threads)
            and isinstance(channel, discord.TextChannel)
            and (permissions is None or not lacking(permissions, (CREATE_THREADS, SEND_IN_THREADS)))
        )

        async def send(embed: discord.Embed, view: discord.ui.View) -> discord.Message:
            return await place.send(
                embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none()
            )

        try:
            message = await self.lobbies.post(lobby, send, thread=thread)
        except discord.HTTPException as exc:
            log.info("could not post lesson %s's real match: %s", match_id, exc)
            await self.store.cancel(lobby_id)
            await say(interaction, replies.BROKEN)
            return
        link = rematches.jump_url(info.guild_id, message.channel.id, message.id)
        await say(interaction, LOBBY_OPENED, link=link)
