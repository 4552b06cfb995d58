"""Lobbies: gather players (and bot seats), then start the match.

While a match is in the lobby its stored `options` hold the lobby's own
settings, `{"options": <engine options>, "seats": <target or null>}`; at the
start they are replaced by the engine-normalised options. A lobby with a
target number of seats starts by itself when the last seat is taken.

A rematch lobby (cogs/hosting/rematch.py) is opened full, from a finished
table's button; it starts by itself once every person seated in it has
confirmed with **Join**; who owes that is kept in its match settings.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from cogs import replies
from cogs.answer_first import (
    PRIVATE,
    acknowledge,
    edit_clicked,
    holding,
    send_private,
    would_wait,
)
from cogs.history.hints import ALLOWED as HINTS_ALLOWED
from cogs.history.hints import HINTS
from cogs.history.hints import allowed as hints_allowed
from cogs.hosting import rematch as rematches
from cogs.hosting.game_options import OptionProblem, engine_options, options_text, problem_with
from cogs.hosting.lobby_button import BOT_OPS, LOBBY_OPS, START_NOW, LobbyButton
from cogs.hosting.settings import may_host_new, may_manage, server_settings
from cogs.i18n import N_, _, ngettext, speaking
from cogs.permissions import (
    CREATE_THREADS,
    FILES,
    FOR_TABLES,
    SEND_IN_THREADS,
    in_place,
    lacking,
    table_needs,
    words,
)
from cogs.play.tables import Tables
from cogs.presenters import presenter_for
from cogs.presenters.seats import bot_name
from cogs.replies import say
from rules import BadOptions, Match, get_game
from rules.bots import DEFAULT_LEVEL
from storage import MatchInfo, SeatError, Status, Store, UnknownMatch, WrongStatus

#: how a lobby message is posted: (embed, view) -> the message
Poster = Callable[[discord.Embed, discord.ui.View], Awaitable[discord.Message]]

log = logging.getLogger(__name__)

CANNOT_OPEN = N_(
    "I can't host a match in this channel: I'm missing {missing} here. A moderator can "
    "give it to me in the channel's settings (Edit Channel → Permissions); "
    "`/game config` shows what I have."
)
NO_THREAD = N_("The match is played in this channel: for a thread of its own I need {missing}.")
NO_PICTURES = N_("The table goes without a board picture here: that needs {missing}.")

#: a lobby that is no more, in words
STATUS_WORDS = {
    "finished": N_("This match is finished."),
    "cancelled": N_("This match is cancelled."),
}


#: the ops that start the match once their press is done
STARTS = frozenset({"start", START_NOW})
#: the ops that start it when they fill its last seat (and nobody owes a confirmation)
FILLS = frozenset({"join", "bot", *BOT_OPS})


@dataclass(frozen=True, slots=True)
class Press:
    """A press on a lobby's button, with what its handler checks."""

    interaction: discord.Interaction
    info: MatchInfo
    op: str
    seated: bool  # the presser holds a seat here
    owed: list[int]  # a rematch's people yet to confirm


def player_range(low: int, high: int) -> str:
    """How many players a game takes, as a number: "2-4" (Japanese "2～4"),
    or "2" when it takes exactly that many (never "2-2")."""
    return str(low) if low == high else _("{low}-{high}", low=low, high=high)


class Lobbies:
    def __init__(
        self, bot: discord.Client, store: Store, tables: Tables, fixed_seed: str | None = None
    ):
        self.bot = bot
        self.store = store
        self.tables = tables
        self.fixed_seed = fixed_seed
        #: each lobby button's op -> what its press does
        self._presses: dict[str, Callable[[Press], Awaitable[bool]]] = {
            "join": self._join,
            "leave": self._leave,
            "bot": self._add_bot,  # a button from before bot levels
            **dict.fromkeys(BOT_OPS, self._add_bot),
            "start": self._start,
            START_NOW: self._start,
            "cancel": self._cancel,
        }

    # -- drawing --------------------------------------------------------------
    def render(self, info: MatchInfo) -> tuple[discord.Embed, discord.ui.View | None]:
        game = get_game(info.game)
        title = _(presenter_for(info.game).title)
        target = info.options.get("seats") if info.status == Status.LOBBY else None
        lines = [
            f"{s.seat + 1}. " + (f"<@{s.user_id}>" if s.user_id else bot_name(s.seat, s.bot))
            for s in info.seats
        ]
        embed = discord.Embed(
            title=_("{game} · match #{match}", game=title, match=info.id), colour=0x5865F2
        )
        wanted = f"{target}" if target else player_range(game.min_players, game.max_players)
        owed = rematches.pending(info) if info.status == Status.LOBBY else []
        if owed:
            embed.description = _(
                rematches.WAITING,
                match=info.settings.get(rematches.REMATCH_OF),
                people=_(", ").join(f"<@{u}>" for u in owed),
            )
        elif info.status == Status.LOBBY:
            embed.description = _(
                "{creator} is gathering players ({seated}/{wanted} seats). Press **Join** to play.",
                creator=f"<@{info.creator_id}>",
                seated=len(info.seats),
                wanted=wanted,
            )
        elif info.status == Status.ACTIVE and info.thread_id:
            embed.description = _(
                "The match has started in {thread}.", thread=f"<#{info.thread_id}>"
            )
        elif info.status == Status.ACTIVE:
            embed.description = _("The match has started.")
        else:
            embed.description = _(STATUS_WORDS.get(info.status.value, info.status.value))
        embed.add_field(name=_("Seats"), value="\n".join(lines) or _("nobody yet"), inline=False)
        in_lobby = info.status == Status.LOBBY
        chosen = info.options.get("options") if in_lobby else info.options
        shown = options_text(info.game, chosen or {})
        if hints_allowed(info):
            shown = "\n".join(filter(None, (shown, _(HINTS_ALLOWED))))
        if shown:
            embed.add_field(name=_("Options"), value=shown, inline=False)
        if info.status != Status.LOBBY:
            return embed, None
        view = discord.ui.View(timeout=None)
        full = len(info.seats) >= game.max_players
        # a rematch's seats are all taken while its people confirm with Join
        taken = full or bool(owed and target and len(info.seats) >= target)
        for op in LOBBY_OPS:
            disabled = (
                (op == "join" and full and not owed)
                or (op in BOT_OPS and taken)
                or (op == "start" and len(info.seats) < game.min_players)
            )
            view.add_item(LobbyButton(info.id, op, disabled=disabled))
        return embed, view

    # -- creating ------------------------------------------------------------------
    async def create(
        self,
        interaction: discord.Interaction,
        game_id: str,
        seats: int | None,
        bots: int,
        given: dict,
        here: bool,
        level: str = DEFAULT_LEVEL,
        hints: bool = False,
    ) -> None:
        """`given`: the game options as the slash command gave them (None: unset);
        `hints`: players may ask for a hint (a match setting, fixed from here on)."""
        if not await may_host_new(self.store, interaction.user):
            await say(interaction, N_("On this server only hosts open matches; ask a moderator."))
            return
        game = get_game(game_id)
        if seats is not None and not game.min_players <= seats <= game.max_players:
            await say(
                interaction,
                ngettext(
                    "{game} is for {players} player.",
                    "{game} is for {players} players.",
                    game.max_players,
                    game=_(presenter_for(game_id).title),
                    players=player_range(game.min_players, game.max_players),
                ),
            )
            return
        limit = (seats or game.max_players) - 1
        if bots > limit:
            await say(
                interaction,
                ngettext(
                    "At most {n} bot seat fits next to you.",
                    "At most {n} bot seats fit next to you.",
                    limit,
                ),
            )
            return
        try:  # without a seat count, any seat the game may have is fine until the start
            options = engine_options(game_id, given, seats or game.max_players)
        except OptionProblem as exc:
            await say(interaction, str(exc))
            return
        # What the bot may do here, as Discord says with the command: a
        # match whose table can never be shown is not opened at all.
        permissions = interaction.app_permissions
        in_thread = isinstance(interaction.channel, discord.Thread)
        missing = lacking(permissions, table_needs(in_thread))
        if missing:
            await say(interaction, CANNOT_OPEN, missing=words(missing))
            return
        notes = []
        threads = (await server_settings(self.store, interaction.guild_id or 0))["threads"]
        if threads and not here and not in_thread:
            no_thread = lacking(permissions, (CREATE_THREADS, SEND_IN_THREADS))
            if no_thread:
                here = True
                notes.append(_(NO_THREAD, missing=words(no_thread)))
        if not permissions.attach_files:
            notes.append(_(NO_PICTURES, missing=words([FILES])))
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        assert guild_id is not None and channel_id is not None  # /game runs in servers only
        match_id = await self.store.create_lobby(
            guild_id,
            channel_id,
            game_id,
            {"options": options, "seats": seats},
            interaction.user.id,
        )
        if hints:
            await self.store.set_match_settings(match_id, {HINTS: True})
        await self.store.add_user_seat(match_id, interaction.user.id, interaction.user.display_name)
        for _seat in range(bots):
            await self.store.add_bot_seat(match_id, level)
        info = await self.store.info(match_id)

        async def answer(embed: discord.Embed, view: discord.ui.View) -> discord.Message:
            await interaction.response.send_message(embed=embed, view=view)
            return await interaction.original_response()

        in_thread = threads and not here and isinstance(interaction.channel, discord.TextChannel)
        await self.post(info, answer, thread=in_thread)
        if notes:  # what the match goes without, to its creator only
            await interaction.followup.send("\n".join(notes), ephemeral=True)
        if seats is not None and len(info.seats) >= seats:
            await self.start(info, self.deal(info))

    async def post(self, info: MatchInfo, send: Poster, *, thread: bool) -> discord.Message:
        """Post a new lobby (`send` puts it where it belongs), record its
        message and, with `thread`, give the match its own thread: what
        `/game new` and a rematch share."""
        public = await self.tables.languages.of_server(info.guild_id)
        with speaking(public):  # the lobby is public
            embed, view = self.render(info)
            title = _(presenter_for(info.game).title)
            thread_name = _("{game} #{match}", game=title, match=info.id)
        # Held until the thread is recorded, so that a quick Join or Start
        # (which take the same lock) cannot put the table in the channel.
        assert view is not None  # an open lobby has its buttons
        async with self.tables.lock(info.id):
            message = await send(embed, view)
            await self.store.set_message(info.id, "lobby", message.channel.id, message.id)
            if thread:
                try:
                    made = await message.create_thread(
                        name=thread_name, auto_archive_duration=10080
                    )
                    await self.store.set_thread(info.id, made.id)
                except discord.HTTPException as exc:
                    log.info("no thread for match %s (%s); playing in the channel", info.id, exc)
        return message

    # -- rematch -----------------------------------------------------------------------
    async def rematch(self, interaction: discord.Interaction, match_id: int) -> None:
        """A finished table's 🔁 Rematch: open its one rematch lobby, or
        point to it (and count a second click of someone owing a
        confirmation as that confirmation). The finished match's lock makes
        racing clicks in one process open one lobby."""
        try:
            info = await self.store.info(match_id)
        except UnknownMatch:
            await say(interaction, replies.UNKNOWN_MATCH)
            return
        if info.guild_id != interaction.guild_id:
            await say(interaction, replies.WRONG_SERVER)
            return
        if info.status != Status.FINISHED:
            await say(interaction, rematches.NOT_FINISHED)
            return
        user = interaction.user
        history = await self.store.seat_history(match_id)
        if user.id not in rematches.players(info, history):
            await say(interaction, rematches.NOT_A_PLAYER)
            return
        self.tables.remember(user)
        async with holding(interaction, self.tables.lock(match_id), PRIVATE):
            if await self._existing_rematch(interaction, info):
                return
            if not await may_host_new(self.store, user):
                await say(interaction, rematches.ONLY_HOSTS)
                return
            await self._open_rematch(interaction, info, history)

    async def _existing_rematch(self, interaction: discord.Interaction, info: MatchInfo) -> bool:
        """Answer a click when the rematch is open already (recorded, or a
        lobby whose posting a restart cut short, which is posted now)."""
        ref = await self.store.message(info.id, rematches.REMATCH_MESSAGE)
        lobby = await self._rematch_lobby(info.id, interaction.guild_id or 0)
        if ref is None and lobby is not None:
            await acknowledge(interaction, PRIVATE)
            message = await self._post_rematch(lobby, info)
            if message is None:
                await say(interaction, replies.BROKEN)
                return True
            ref = await self.store.message(info.id, rematches.REMATCH_MESSAGE)
        if ref is None:
            return False
        link = rematches.jump_url(info.guild_id, ref.channel_id, ref.message_id)
        if lobby is not None and interaction.user.id in rematches.pending(lobby):
            if would_wait(self.tables.lock(lobby.id)):
                await acknowledge(interaction, PRIVATE)
            await self._confirm(lobby.id, interaction.user.id)
            await say(interaction, rematches.CONFIRMED, link=link)
        else:
            await say(interaction, rematches.EXISTING, link=link)
        return True

    async def _rematch_lobby(self, old_id: int, guild_id: int) -> MatchInfo | None:
        """The open lobby that plays `old_id` again, if there is one."""
        for live in await self.store.live_matches(guild_id=guild_id):
            if live.status == Status.LOBBY and live.settings.get(rematches.REMATCH_OF) == old_id:
                return live
        return None

    async def _open_rematch(
        self, interaction: discord.Interaction, info: MatchInfo, history: list
    ) -> None:
        permissions = in_place(self.bot, info.guild_id, info.channel_id)
        missing = lacking(permissions, FOR_TABLES) if permissions is not None else []
        if missing:
            await say(interaction, CANNOT_OPEN, missing=words(missing))
            return
        await acknowledge(interaction, PRIVATE)
        plan = rematches.plan(info, history, interaction.user.id)
        match_id = await self.store.create_lobby(
            info.guild_id, info.channel_id, plan.game, plan.lobby_options, interaction.user.id
        )
        await self.store.set_match_settings(match_id, plan.settings)
        for seat in plan.seats:
            if seat.user_id is not None:
                await self.store.add_user_seat(match_id, seat.user_id, seat.name)
            else:
                await self.store.add_bot_seat(match_id, seat.bot or DEFAULT_LEVEL)
        lobby = await self.store.info(match_id)
        if await self._post_rematch(lobby, info) is None:
            await self.store.cancel(match_id)
            await say(interaction, replies.BROKEN)
            return
        ref = await self.store.message(info.id, rematches.REMATCH_MESSAGE)
        assert ref is not None  # just recorded
        link = rematches.jump_url(info.guild_id, ref.channel_id, ref.message_id)
        await say(interaction, rematches.OPENED, link=link)
        if not rematches.pending(lobby):  # nobody else to ask: play at once
            await self._start_if_ready(match_id)

    async def _post_rematch(self, lobby: MatchInfo, old: MatchInfo) -> discord.Message | None:
        """Post a rematch lobby in its channel (in a thread of its own when
        the match it plays again had one, the server still plays in threads
        and the bot may make one), mentioning who is asked to confirm; record
        it as the old match's rematch."""
        channel = self.bot.get_channel(lobby.channel_id)
        place = (
            channel
            if isinstance(channel, discord.TextChannel)
            else self.bot.get_partial_messageable(lobby.channel_id, guild_id=lobby.guild_id)
        )
        permissions = in_place(self.bot, lobby.guild_id, lobby.channel_id)
        threads = (await server_settings(self.store, lobby.guild_id))["threads"]
        thread = (
            bool(threads)
            and old.thread_id is not None
            and isinstance(channel, discord.TextChannel)
            and (permissions is None or not lacking(permissions, (CREATE_THREADS, SEND_IN_THREADS)))
        )
        owed = rematches.pending(lobby)

        async def send(embed: discord.Embed, view: discord.ui.View) -> discord.Message:
            return await place.send(
                content=" ".join(f"<@{u}>" for u in owed) or None,
                embed=embed,
                view=view,
                allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            )

        try:
            message = await self.post(lobby, send, thread=thread)
        except discord.HTTPException as exc:
            log.info("could not post the rematch lobby %s: %s", lobby.id, exc)
            return None
        await self.store.set_message(
            old.id, rematches.REMATCH_MESSAGE, message.channel.id, message.id
        )
        return message

    async def _confirm(self, lobby_id: int, user_id: int) -> None:
        """`user_id` confirms their seat in a rematch lobby (a second 🔁 click)."""
        async with self.tables.lock(lobby_id):
            info = await self.store.info(lobby_id)
            settings = rematches.confirmed(info, user_id)
            if info.status != Status.LOBBY or settings is None:
                return
            await self.store.set_match_settings(lobby_id, settings)
            if not await self._start_if_ready(lobby_id):
                await self.refresh_lobby(lobby_id)

    async def _start_if_ready(self, match_id: int) -> bool:
        """Start a full lobby that owes no confirmation; whether it started."""
        info = await self.store.info(match_id)
        target = info.options.get("seats")
        if rematches.pending(info) or not target or len(info.seats) < target:
            return False
        try:
            await self.start(info, self.deal(info))
        except (BadOptions, SeatError, WrongStatus) as exc:
            log.info("rematch lobby %s could not start: %s", match_id, exc)
            await self.refresh_lobby(match_id)
            return False
        return True

    # -- buttons ---------------------------------------------------------------------
    async def on_button(self, interaction: discord.Interaction, match_id: int, op: str) -> None:
        """A lobby's button, under the match's lock: a press that must wait
        for long is acknowledged (a deferred update of the lobby), and
        its answer follows through its token (cogs/answer_first.py)."""
        async with holding(interaction, self.tables.lock(match_id)):
            await self._on_button(interaction, match_id, op)

    async def _on_button(self, interaction: discord.Interaction, match_id: int, op: str) -> None:
        try:
            info = await self.store.info(match_id)
        except UnknownMatch:
            await say(interaction, replies.UNKNOWN_MATCH)
            return
        if info.guild_id != interaction.guild_id:  # before anything else
            await say(interaction, replies.WRONG_SERVER)
            return
        self.tables.remember(interaction.user)
        if info.status != Status.LOBBY:
            await say(interaction, N_("This lobby is closed."))
            return
        on_lobby = await self._on_lobby_message(interaction, info)
        handler = self._presses.get(op)
        if handler is None:
            await say(interaction, replies.INVALID_BUTTON)
            return
        press = Press(
            interaction,
            info,
            op,
            seated=any(s.user_id == interaction.user.id for s in info.seats),
            owed=rematches.pending(info),  # a rematch's people who have yet to confirm
        )
        try:
            if not await handler(press):
                return  # refused, or answered otherwise
        except (SeatError, WrongStatus) as exc:
            await say(
                interaction, N_("That didn't work: {reason}"), reason=replies.conflict_problem(exc)
            )
            return
        info = await self.store.info(match_id)
        target = info.options.get("seats")
        if op in STARTS or (
            op in FILLS and target and len(info.seats) >= target and not rematches.pending(info)
        ):
            await self._start_pressed(interaction, info)
            return
        if on_lobby:
            with speaking(await self.tables.languages.of_server(info.guild_id)):  # public
                embed, view = self.render(info)
            await edit_clicked(interaction, embed=embed, view=view)
        else:  # a forged click elsewhere: never rewrite that message
            await say(interaction, replies.LOBBY_UPDATED)
            await self.refresh_lobby(match_id)

    # -- each button: True when the lobby changed (then it may start, or is redrawn)
    async def _join(self, press: Press) -> bool:
        info, user, owed = press.info, press.interaction.user, press.owed
        # Seated in a full lobby: a restart came between the last seat
        # and the start (the lobby still looks open); this starts it.
        full = info.options.get("seats") and len(info.seats) >= info.options["seats"]
        if user.id in owed:  # a rematch's player confirms
            await self.store.set_match_settings(
                info.id, rematches.confirmed(info, user.id) or info.settings
            )
        elif press.seated and (owed or not full):
            await say(press.interaction, N_("You're already in this match."))
            return False
        elif not press.seated:
            if owed and full:
                await say(press.interaction, rematches.SEATS_TAKEN)
                return False
            await self.store.add_user_seat(info.id, user.id, user.display_name)
        return True

    async def _leave(self, press: Press) -> bool:
        info, user = press.info, press.interaction.user
        if not press.seated:
            await say(press.interaction, N_("You're not in this match."))
            return False
        if user.id in press.owed:  # not playing again: the seat is free for anyone
            await self.store.set_match_settings(
                info.id, rematches.confirmed(info, user.id) or info.settings
            )
        await self.store.remove_user_seat(info.id, user.id)
        return True

    async def _add_bot(self, press: Press) -> bool:
        """A bot of the button's level ("bot": a button from before levels)."""
        info = press.info
        if press.owed and info.options.get("seats") and len(info.seats) >= info.options["seats"]:
            await say(press.interaction, rematches.SEATS_TAKEN)
            return False
        if not await may_manage(self.store, info, press.interaction.user):
            await say(
                press.interaction, N_("Only the match's creator or a moderator can add bots.")
            )
            return False
        await self.store.add_bot_seat(info.id, BOT_OPS.get(press.op, DEFAULT_LEVEL))
        return True

    async def _start(self, press: Press) -> bool:
        """Start (or, for a rematch with people yet to confirm, "start without
        them"): checked here, made by `_start_pressed`."""
        info, interaction = press.info, press.interaction
        if not await may_manage(self.store, info, interaction.user):
            await say(interaction, N_("Only the match's creator or a moderator can start it."))
            return False
        if press.owed and press.op == START_NOW:
            info = await self._seat_stand_ins(info, press.owed)
        elif press.owed:
            await send_private(
                interaction,
                _(rematches.START_WITHOUT, people=_(", ").join(f"<@{u}>" for u in press.owed)),
                view=discord.ui.View(timeout=None).add_item(LobbyButton(info.id, START_NOW)),
            )
            return False
        game = get_game(info.game)
        if not game.min_players <= len(info.seats) <= game.max_players:
            await say(
                interaction,
                ngettext(
                    "This game needs {players} player; add a bot or wait for someone.",
                    "This game needs {players} players; add a bot or wait for someone.",
                    game.max_players,
                    players=player_range(game.min_players, game.max_players),
                ),
            )
            return False
        return True

    async def _cancel(self, press: Press) -> bool:
        if not await may_manage(self.store, press.info, press.interaction.user):
            await say(
                press.interaction, N_("Only the match's creator or a moderator can cancel it.")
            )
            return False
        await self.store.cancel(press.info.id)
        return True

    async def _start_pressed(self, interaction: discord.Interaction, info: MatchInfo) -> None:
        """Deal and start the match a press completed or started."""
        try:
            match = self.deal(info)
        except BadOptions as exc:
            why = problem_with(
                info.game, info.options.get("options") or {}, len(info.seats)
            ) or str(exc)
            await say(interaction, N_("The match can't start with these options: {why}"), why=why)
            return
        await acknowledge(interaction)  # the lobby and the table show the start
        try:
            await self.start(info, match)
        except (SeatError, WrongStatus):
            await say(interaction, N_("The lobby changed at the same moment; please look again."))

    async def _seat_stand_ins(self, info: MatchInfo, owed: list[int]) -> MatchInfo:
        """A rematch's seats whose people never confirmed go to the server's
        stand-in bots (`/game config stand_in:`), each in its place, so the
        host can start without them; their confirmations are owed no more."""
        level = await self.tables.seats.stand_in(info.guild_id)
        for user_id in owed:
            seat = next(s.seat for s in info.seats if s.user_id == user_id)
            await self.store.replace_seat(info.id, seat, how="replaced", bot=level)
        await self.store.set_match_settings(info.id, rematches.released(info, owed))
        return await self.store.info(info.id)

    async def _on_lobby_message(self, interaction: discord.Interaction, info: MatchInfo) -> bool:
        """Was the click on this match's own lobby message? If the process
        died between posting the lobby and recording it, the creator's own
        public `/game new` answer is adopted as the lobby (Discord, not the
        clicker, says which interaction made a message)."""
        message = interaction.message
        if message is None:
            return False
        ref = await self.store.message(info.id, "lobby")
        if ref is not None:
            return message.id == ref.message_id
        made_by = message.interaction_metadata
        if (
            message.flags.ephemeral
            or made_by is None
            or made_by.user.id != info.creator_id
            or made_by.type is not discord.InteractionType.application_command
        ):
            return False
        await self.store.set_message(info.id, "lobby", message.channel.id, message.id)
        return True

    # -- starting -----------------------------------------------------------------------
    def deal(self, info: MatchInfo) -> Match:
        """A fresh match for the lobby's seats (BadOptions if they don't fit)."""
        chosen = info.options.get("options") or {}
        seed = f"{self.fixed_seed}-{info.id}" if self.fixed_seed else secrets.token_hex(8)
        return Match.new(info.game, len(info.seats), seed, chosen)

    async def start(self, info: MatchInfo, match: Match) -> None:
        """Store the dealt match, show the lobby as started and post the table."""
        await self.store.start_match(info.id, match)
        await self.finish_start(info.id)

    async def finish_start(self, match_id: int) -> None:
        """Show a started match: its lobby says so, its table is posted, the
        first player is told, bot seats move (also after a restart, for a
        match started but never shown: `Tables.resume`)."""
        await self.refresh_lobby(match_id)
        await self.tables.show_change(match_id, frozenset())

    async def refresh_lobby(self, match_id: int) -> None:
        ref = await self.store.message(match_id, "lobby")
        if ref is None:
            return
        info = await self.store.info(match_id)
        with speaking(await self.tables.languages.of_server(info.guild_id)):  # public
            embed, view = self.render(info)
        try:
            await (
                self.bot.get_partial_messageable(ref.channel_id)
                .get_partial_message(ref.message_id)
                .edit(embed=embed, view=view)
            )
        except discord.HTTPException as exc:
            log.info("could not update lobby of match %s: %s", match_id, exc)
