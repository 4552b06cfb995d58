"""Running matches in Discord: clicks become engine actions, the table and
the private panels are redrawn, the next player is mentioned and bot seats
move by themselves.

The engine decides everything (legal moves, turns, outcome); this service
only loads, asks, commits and shows. Every interaction gets an answer.
"""
from __future__ import annotations

import asyncio
import io
import logging
from dataclasses import dataclass
from datetime import datetime, timezone

import discord

from cogs import replies
from cogs.components import ConcedeButton, TurnButton
from cogs.i18n import N_, _, speaking
from cogs.language import Languages
from cogs.live_panels import LivePanels, digest
from cogs.play.seats import STAND_IN, SeatService  # noqa: F401  (STAND_IN: re-exported)
from cogs.play.turns import bot_seats, bots_move_next, humans_owing, seat_of  # noqa: F401
from cogs.panels import panel_view, table_view
from cogs.presenters import presenter_for
from cogs.presenters.seats import bot_name
from cogs.replies import say
from cogs.story import NamesAt, names_by_history, recent_start, tell
from cogs.table_editor import TableEditor
from rules import (
    Action,
    GameOver,
    IllegalAction,
    Match,
    NotYourDecision,
    UnknownAction,
)
from storage import (
    UNCHANGED,
    CorruptMatch,
    LoadedMatch,
    MatchInfo,
    MessageRef,
    StaleCommit,
    Status,
    UnknownMatch,
    WrongStatus,
)

log = logging.getLogger(__name__)

IMAGE_NAME = "table.png"


@dataclass
class Rendered:
    """A table ready to send: embed, components and an optional board image."""
    embed: discord.Embed
    view: discord.ui.View | None
    image: bytes | None = None

    def files(self) -> list[discord.File]:
        """Fresh File objects (discord.py consumes them when sending)."""
        return [discord.File(io.BytesIO(self.image), filename=IMAGE_NAME)] if self.image else []


def turn_view(match_id: int) -> discord.ui.View:
    """The button a turn ping carries: it opens the player's panel at once."""
    view = discord.ui.View(timeout=None)
    view.add_item(TurnButton(match_id))
    return view


def own_panel(interaction: discord.Interaction) -> bool:
    """Is the clicked message the clicker's own ephemeral panel? Only then may
    an answer replace it: anything else (the public table, a forged id) gets a
    new private message, so no public message ever turns into a hand."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return False
    shown = message.interaction_metadata
    return shown is not None and shown.user.id == interaction.user.id


def _age_seconds(posted: datetime) -> float:
    if posted.tzinfo is None:
        posted = posted.replace(tzinfo=timezone.utc)
    return (datetime.now(timezone.utc) - posted).total_seconds()


#: a player who clicked in a match within this many seconds is playing it:
#: when their open panel has just been redrawn to show their turn, that
#: panel tells them, and they are not pinged (a ping is a post and a delete)
ACTIVE_WINDOW = 300.0
#: joins two action keys into one move (cogs/panels.py offers such moves)
COMBO = "+"
MAX_COMBO = 2


class Tables:
    def __init__(self, bot, store, config):
        self.bot = bot
        self.store = store
        self.config = config
        self._locks: dict[int, asyncio.Lock] = {}
        self._panel_locks: dict[tuple[int, int], asyncio.Lock] = {}
        self._names: dict[int, str] = {}  # user id -> display name at their last click
        self._learning: set[tuple[int, int]] = set()  # (guild, user) names being fetched
        self._chores: set[asyncio.Task] = set()  # work done after an answer
        self._pings: dict[int, MessageRef] = {}  # match -> its last ping, not stored yet
        self._clicked: dict[tuple[int, int], float] = {}  # (match, user) -> loop time
        self.deadlines = None  # set by the bot once the deadline service exists
        self.panels = LivePanels()
        self.languages = Languages(bot, store)  # which language each message speaks
        self.editor = TableEditor(self._show_latest)
        self.seats = SeatService(store, self, move_delay=config.bot_move_delay)
        self.moves = 0  # moves committed (a two-step move counts once), bots' included
        self.human_moves = 0

    @property
    def lazy_delay(self) -> float:
        """How long a table may wait for the bot moves that follow a move, so
        that one edit shows them all (a bot moves after bot_move_delay)."""
        return 2 * self.config.bot_move_delay + 1.0

    def lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    def panel_lock(self, match_id: int, user_id: int) -> asyncio.Lock:
        """Orders the redraws of one player's private panel in a match (never
        held while taking the match lock, so the two cannot deadlock). Per
        player: a click's answer never waits for the redraw of someone
        else's panel."""
        return self._panel_locks.setdefault((match_id, user_id), asyncio.Lock())

    def remember(self, user: discord.abc.User, loaded: MatchInfo | None = None) -> None:
        """The clicker's display name as Discord shows it now. A seat whose
        stored name is out of date is renamed after the answer (a move
        carries it in its own transaction instead: see `moved_names`)."""
        self._names[user.id] = user.display_name
        if loaded is not None:
            self.clicked(loaded.id, user.id)
        if loaded is not None and self.moved_names(loaded, user):
            self.after_answer(self.store.rename_seats(loaded.guild_id, user.id,
                                                      user.display_name))

    def clicked(self, match_id: int, user_id: int) -> None:
        """The user just clicked something of this match (see ACTIVE_WINDOW)."""
        now = asyncio.get_running_loop().time()
        self._clicked[(match_id, user_id)] = now
        if len(self._clicked) > 10_000:  # forget those long gone
            self._clicked = {k: t for k, t in self._clicked.items()
                             if now - t < ACTIVE_WINDOW}

    def playing(self, match_id: int, user_ids) -> set[int]:
        """Those of `user_ids` who clicked in this match within ACTIVE_WINDOW."""
        now = asyncio.get_running_loop().time()
        return {u for u in user_ids
                if now - self._clicked.get((match_id, u), -ACTIVE_WINDOW) < ACTIVE_WINDOW}

    @staticmethod
    def moved_names(loaded: MatchInfo, user: discord.abc.User) -> dict[int, str]:
        """{user id: name} when the user's seat here shows an older name."""
        seat = next((s for s in loaded.seats if s.user_id == user.id), None)
        name = getattr(user, "display_name", None)
        return {user.id: name} if seat is not None and name and seat.name != name else {}

    def after_answer(self, work) -> None:
        """Run `work` (a coroutine) in the background: nobody's answer waits
        for it; failures are logged."""
        async def run():
            try:
                await work
            except Exception:
                log.exception("background work failed")
        task = asyncio.create_task(run())
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    # -- loading with polite refusals -----------------------------------------
    async def load_running(self, interaction: discord.Interaction, match_id: int, *,
                           from_dm: bool = False) -> LoadedMatch | None:
        """The active match, or None after telling the user why not. A click
        from another server (or a DM, unless `from_dm`: a turn ping's button
        sent by DM) is refused before anything else."""
        try:
            loaded = await self.store.load(match_id)
        except UnknownMatch:
            await say(interaction, replies.UNKNOWN_MATCH)
            return None
        except CorruptMatch as exc:
            log.error("match %s is corrupt: %s", match_id, exc)
            await say(interaction, replies.CORRUPT_MATCH)
            return None
        in_dm = from_dm and interaction.guild_id is None
        if loaded.guild_id != interaction.guild_id and not in_dm:
            await say(interaction, replies.WRONG_SERVER)
            return None
        if loaded.status == Status.FINISHED:
            await say(interaction, replies.FINISHED)
            return None
        if loaded.status != Status.ACTIVE or loaded.match is None:
            await say(interaction, replies.NOT_ACTIVE)
            return None
        return loaded

    async def load_seated(self, interaction: discord.Interaction, match_id: int, *,
                          from_dm: bool = False) -> tuple[LoadedMatch | None, int | None]:
        """The active match and the clicker's seat, or (None, None) after
        telling them why not."""
        loaded = await self.load_running(interaction, match_id, from_dm=from_dm)
        if loaded is None:
            return None, None
        seat = seat_of(loaded, interaction.user.id)
        if seat is None:
            await say(interaction, replies.NOT_SEATED)
            return None, None
        return loaded, seat

    # -- clicks -------------------------------------------------------------------
    async def on_action(self, interaction: discord.Interaction, match_id: int, seq: int,
                        key: str) -> None:
        """A move button or select. `key` is one action key, or two joined by
        `+` (a move that is two decisions in a row, e.g. keep the dice and
        move): both are applied, or neither."""
        from_panel = own_panel(interaction)
        keys = key.split(COMBO)
        try:
            if len(keys) > MAX_COMBO:
                raise UnknownAction(key)
            for part in keys:
                Action.parse(part)
        except UnknownAction:
            await say(interaction, replies.INVALID_BUTTON)
            return
        async with self.lock(match_id):
            loaded, seat = await self.load_seated(interaction, match_id)
            if loaded is None:
                return
            self._names[interaction.user.id] = interaction.user.display_name
            self.clicked(match_id, interaction.user.id)
            if loaded.paused:
                await say(interaction, replies.PAUSED)
                return
            match = loaded.match
            if seq != match.seq:
                if from_panel:
                    await self.render_panel(interaction, loaded, seat, edit=True,
                                            note=_(replies.STALE))
                else:
                    await say(interaction, replies.STALE_SHORT)
                return
            before = humans_owing(loaded)
            try:
                if len(keys) > 1:  # all or nothing: try the whole move on a copy first
                    twin = Match.from_record(match.to_record())
                    for part in keys:
                        twin.act(seat, part, twin.seq)
                steps = [match.act(seat, keys[0], match.seq)]
            except NotYourDecision:
                await say(interaction, replies.NOT_YOUR_TURN)
                return
            except (IllegalAction, UnknownAction):
                await say(interaction, replies.ILLEGAL)
                return
            except GameOver:
                await say(interaction, replies.FINISHED)
                return
            for part in keys[1:]:  # legal: tried above
                steps.append(match.act(seat, part, match.seq))
            try:  # the whole move and what it implies: one transaction
                await self.commit_move(loaded, steps, names=self.moved_names(loaded,
                                                                             interaction.user))
            except (StaleCommit, WrongStatus):
                await say(interaction, replies.RACED)
                return
            self.human_moves += 1
            if from_panel:
                await self.render_panel(interaction, loaded, seat, edit=True)
            else:
                await interaction.response.defer()
        await self.after_move(match_id, before, planned=True, burst=True)

    async def commit_move(self, loaded: LoadedMatch, steps: list[list[dict]], *,
                          names: dict[int, str] | None = None) -> None:
        """Commit the moves just applied to `loaded.match` with everything
        they imply, in one transaction (one fsync): the deadline of the
        decision the match waits on next, the last turn ping's message (kept
        in memory since it was posted) and the mover's new display name.
        Durability first: the click is answered only after this."""
        plan = UNCHANGED
        if self.deadlines is not None:
            plan = await self.deadlines.plan(loaded)
        ping = self._pings.get(loaded.id)
        messages = [("ping", ping.channel_id, ping.message_id)] if ping else []
        await self.store.commit_move(loaded.id, loaded.match, steps, deadline=plan,
                                     messages=messages, names=names)
        self.moves += 1
        if ping is not None and self._pings.get(loaded.id) is ping:
            del self._pings[loaded.id]

    async def on_group(self, interaction: discord.Interaction, match_id: int, seq: int,
                       group: str) -> None:
        loaded, seat = await self.load_seated(interaction, match_id)
        if loaded is None:
            return
        self.remember(interaction.user, loaded)
        if seq != loaded.match.seq:
            await self.render_panel(interaction, loaded, seat, edit=True, note=_(replies.STALE))
            return
        presenter = presenter_for(loaded.game)
        chosen = [a for a in loaded.match.legal(seat) if presenter.group(a) == group]
        if not chosen:
            await self.render_panel(interaction, loaded, seat, edit=True, note=_(replies.ILLEGAL))
            return
        if len(chosen) == 1:  # the card has one use: picking it is the move
            await self.on_action(interaction, match_id, seq, chosen[0].key())
            return
        await self.render_panel(interaction, loaded, seat, edit=True, group=group)

    async def on_toggle(self, interaction: discord.Interaction, match_id: int, seq: int,
                        mask: int) -> None:
        """Mark or unmark a die: the buttons are redrawn with the new marks,
        on the message clicked (the table or the player's own panel); the
        match itself does not change until a move button is pressed."""
        loaded, seat = await self.load_seated(interaction, match_id)
        if loaded is None:
            return
        self.clicked(match_id, interaction.user.id)
        match = loaded.match
        if seq != match.seq:
            await say(interaction, replies.STALE_SHORT)
            return
        if seat not in match.to_act():
            await say(interaction, replies.NOT_YOUR_TURN)
            return
        presenter = presenter_for(loaded.game)
        state = match.view(None)
        labels = presenter.toggles(state)
        if not labels or mask >= 1 << len(labels):
            await say(interaction, replies.STALE_SHORT)
            return
        table = await self.store.message(match_id, "table")
        if own_panel(interaction):
            view = panel_view(presenter, match_id, seq, match.legal(seat), match.view(seat),
                              mask=mask)
        elif table is not None and interaction.message is not None \
                and table.message_id == interaction.message.id:
            view = self.table_components(loaded, presenter, state, mask)
        else:
            await say(interaction, replies.INVALID_BUTTON)
            return
        await interaction.response.edit_message(view=view)

    async def open_panel(self, interaction: discord.Interaction, match_id: int, *,
                         edit: bool, from_dm: bool = False) -> None:
        loaded, seat = await self.load_seated(interaction, match_id, from_dm=from_dm)
        if loaded is None:
            return
        self.remember(interaction.user, loaded)
        await self.render_panel(interaction, loaded, seat, edit=edit)

    async def render_panel(self, interaction: discord.Interaction, loaded: LoadedMatch,
                           seat: int, *, edit: bool, group: str | None = None,
                           note: str | None = None) -> None:
        """The seat's private panel: their view and their legal actions. It
        replaces the clicked message only when that is the clicker's own
        ephemeral panel; otherwise it comes as a new private message."""
        async with self.panel_lock(loaded.id, interaction.user.id):  # see update_panels
            embed, components, seen = await self.panel_message(loaded, seat, group=group,
                                                               note=note)
            if edit and own_panel(interaction) and not interaction.response.is_done():
                await interaction.response.edit_message(embed=embed, view=components)
            elif interaction.response.is_done():
                await interaction.followup.send(embed=embed, view=components, ephemeral=True)
                return  # a followup's token is not the panel's: don't keep it current
            else:
                await interaction.response.send_message(embed=embed, view=components,
                                                        ephemeral=True)
            self.panels.shown(loaded.id, interaction.user.id, interaction, seen,
                              loaded.match.seq)

    async def panel_message(self, loaded: LoadedMatch, seat: int, *, group: str | None = None,
                            note: str | None = None,
                            ) -> tuple[discord.Embed, discord.ui.View, tuple]:
        """The embed and components of a seat's panel, and what it shows its
        owner (see cogs/live_panels.py)."""
        match = loaded.match
        presenter = presenter_for(loaded.game)
        state = match.view(seat)
        names = await self.names_for(loaded)
        embed = presenter.panel_embed(match_id=loaded.id, view=state, names=names, seat=seat,
                                      to_act=match.to_act(), seq=match.seq, note=note)
        if note and seat not in match.to_act():
            embed.description = f"{note}\n{embed.description or ''}"
        legal = match.legal(seat)
        combos = self.combos(match, seat, legal, presenter, state) if group is None else []
        components = panel_view(presenter, loaded.id, match.seq, legal, state, group,
                                combos=combos)
        return embed, components, digest(seat in match.to_act(), match.seq,
                                         [a.key() for a in legal], state)

    @staticmethod
    def combos(match, seat: int, legal: list[Action], presenter, state: dict,
               ) -> list[tuple[str, str]]:
        """The moves that can be made together with the presenter's `then`
        decision (a move, then the draw), as the engine says: each move is
        tried on a copy, and offered with `then` only if that is legal next."""
        if presenter.then is None or seat not in match.to_act():
            return []
        then, words = presenter.then
        found = []
        for action in legal:
            if presenter.group(action) is not None:
                continue
            twin = Match.from_record(match.to_record())
            twin.act(seat, action, twin.seq)
            if any(a.key() == then for a in twin.legal(seat)):
                found.append((f"{action.key()}{COMBO}{then}",
                              _("{move}, {then}", move=presenter.label(action, state),
                                then=_(words))[:80]))
        return found

    async def update_panels(self, match_id: int) -> set[int]:
        """Redraw the open panels whose owner's turn came or whose hand
        changed, through the interactions that showed them (Discord allows
        that for 15 minutes; past that the turn ping's button opens one).

        From a fresh load, each panel under its owner's panel lock, and
        never over a panel showing a later move: a click answers with its
        panel under the same lock, so an older redraw can never land after
        (and over) a newer one. (Not the match lock: this also runs inside
        it, e.g. when a lobby starts its match.)

        Returns the players whose open panel now shows them their decision
        (they need no ping)."""
        if not self.panels.editable(match_id):
            return set()
        loaded = await self.store.load(match_id)
        if loaded.match is None or loaded.status != Status.ACTIVE:
            self.panels.forget(loaded.id)
            return set()
        showing = set()
        match = loaded.match
        for user_id in self.panels.editable(loaded.id):
            seat = seat_of(loaded, user_id)
            if seat is None:
                self.panels.forget(loaded.id, user_id)
                continue
            async with self.panel_lock(loaded.id, user_id):
                panel = self.panels.get(loaded.id, user_id)  # maybe redrawn meanwhile
                if panel is None:
                    continue
                if panel.seq > match.seq:  # it shows a later move already
                    if panel.digest[0]:
                        showing.add(user_id)
                    continue
                owes = seat in match.to_act()
                legal = match.legal(seat)
                seen = digest(owes, match.seq, [a.key() for a in legal], match.view(seat))
                if seen == panel.digest:
                    panel.seq = match.seq
                    if owes:
                        showing.add(user_id)
                    continue
                with speaking(getattr(panel.interaction, "locale", None)):  # its owner's
                    embed, components, seen = await self.panel_message(loaded, seat)
                try:
                    await panel.interaction.edit_original_response(embed=embed, view=components)
                    panel.digest, panel.seq = seen, match.seq
                    if owes:
                        showing.add(user_id)
                except discord.HTTPException:
                    self.panels.forget(loaded.id, user_id)
        return showing

    async def ask_concede(self, interaction: discord.Interaction, match_id: int) -> None:
        """`/game concede` asks first: Yes or No, privately."""
        loaded, seat = await self.load_seated(interaction, match_id)
        if loaded is None:
            return
        what = (replies.CONCEDE_TWO if loaded.match.players == 2 else replies.CONCEDE_MANY)
        view = discord.ui.View(timeout=None)
        view.add_item(ConcedeButton(match_id, "yes"))
        view.add_item(ConcedeButton(match_id, "no"))
        await interaction.response.send_message(
            _(replies.CONCEDE_ASK, match=match_id, what=_(what)), view=view, ephemeral=True)

    async def on_concede_answer(self, interaction: discord.Interaction, match_id: int,
                                yes: bool) -> None:
        if not yes:
            if own_panel(interaction):
                await interaction.response.edit_message(content=_(replies.CONCEDE_NO), view=None)
            else:
                await say(interaction, replies.CONCEDE_NO)
            return
        await self.concede(interaction, match_id)

    async def concede(self, interaction: discord.Interaction, match_id: int) -> None:
        """The user gives up. Between two players the match ends and they
        cannot win (the engine's concession); with more players the others
        play on and a bot takes the seat, so one leaver spoils nobody's game."""
        async with self.lock(match_id):
            loaded, seat = await self.load_seated(interaction, match_id)
            if loaded is None:
                return
            before = humans_owing(loaded)
            if loaded.match.players > 2:
                await self.seats.to_bot(match_id, seat, how="conceded")
                text = N_("{user} left match #{match}; a bot takes their seat.")
            else:
                events = loaded.match.concede(seat, loaded.match.seq)
                try:
                    await self.commit_move(loaded, [events])
                except (StaleCommit, WrongStatus):
                    await say(interaction, replies.RACED)
                    return
                text = N_("{user} conceded match #{match}.")
            with speaking(await self.languages.of_server(loaded.guild_id)):  # said in public
                text = _(text, user=interaction.user.mention, match=match_id)
            await interaction.response.send_message(
                text, allowed_mentions=discord.AllowedMentions.none())
        await self.after_move(match_id, before)

    # -- after every move ---------------------------------------------------------
    async def after_move(self, match_id: int, owed_before: frozenset[int], *,
                         planned: bool = False, burst: bool = False) -> None:
        """Show what changed: the table, the deadlines (unless the move's
        commit `planned` them), open panels, a ping for whoever owes a
        decision now, bot seats' moves. A player who is playing (clicked in
        the match within ACTIVE_WINDOW) and whose open panel now shows their
        turn is not pinged: the panel, redrawn for them, tells them.

        With `burst` (a move, which bot moves may follow at once), while a
        bot moves next the table waits for it (at most `lazy_delay`), so a
        burst of bot moves ends in one edit showing all of them. Likewise,
        while every player owing a decision is playing and sees it in their
        open panel, the table waits for their answer (at most
        `table_watched_delay`): a quick exchange of moves costs one edit."""
        try:
            try:
                loaded = await self.store.load(match_id)
            except CorruptMatch as exc:
                log.error("cannot show match %s: %s", match_id, exc)
                return
            if loaded.match is None:
                return
            waits_for_bots = burst and bots_move_next(loaded)
            if waits_for_bots:
                self.editor.want(match_id, delay=self.lazy_delay)
            if self.deadlines is not None:  # the clock starts before anyone is told
                if planned:
                    self.deadlines.wake()
                else:
                    await self.deadlines.schedule(loaded)
            shown = await self.update_panels(match_id)
            now_owing = humans_owing(loaded)
            told = self.playing(match_id, shown)  # their panel says it, and they look
            if not waits_for_bots:
                if burst and now_owing and now_owing <= told:
                    # everyone owing a move watches it in their own panel: the
                    # table may wait a little for their answer, and one edit
                    # shows both moves (it waits at most table_watched_delay)
                    self.editor.want(match_id, delay=self.config.table_watched_delay)
                else:
                    await self.editor.show(match_id)
            if now_owing and now_owing != owed_before and not loaded.paused:
                if now_owing - told:
                    await self.notify(loaded, now_owing - told)
            if loaded.status == Status.FINISHED:
                await self.close_thread(loaded)
            self.seats.schedule(loaded)
        except UnknownMatch:  # deleted meanwhile: its server asked to be forgotten, or was purged
            log.info("match %s was deleted while its table was being updated", match_id)
        except Exception:
            log.exception("updating the table of match %s failed", match_id)

    async def names_for(self, loaded) -> list[str]:
        """The seats' names now: members' display names (stored with their
        seats), bots by seat. Never waits on Discord: a name not known yet is
        fetched after the answer, and "Player n" stands in meanwhile."""
        return [self._seat_name(loaded, s.seat, s.user_id, s.bot, s.name) for s in loaded.seats]

    async def history_names(self, loaded) -> NamesAt:
        """names_at(seq): the seats' names when action `seq` was played, so
        a move keeps its author after the seat was handed over."""
        history = await self.store.seat_history(loaded.id)
        current = {s.seat: s for s in loaded.seats}

        def name(h) -> str:
            seat = current.get(h.seat)
            if seat is not None and h.user_id is not None and seat.user_id == h.user_id:
                stored = seat.name or h.name  # the holder now: their name now
            else:
                stored = h.name
            return self._seat_name(loaded, h.seat, h.user_id, h.bot, stored)
        return names_by_history(history, loaded.match.players, name)

    def _seat_name(self, loaded, seat: int, user_id: int | None, bot: str | None,
                   stored: str | None) -> str:
        if user_id is None:
            return bot_name(seat, bot)
        name = stored or self._names.get(user_id)
        if name is None:
            guild = self.bot.get_guild(loaded.guild_id)
            member = guild.get_member(user_id) if guild is not None else None
            if member is not None:
                name = member.display_name
            else:
                self._learn_name(loaded, user_id)
        return name or _("Player {n}", n=seat + 1)

    def _learn_name(self, loaded, user_id: int) -> None:
        """A seat whose name is not known (seated before names were kept):
        ask Discord once, after the answer, store it and redraw the table."""
        key = (loaded.guild_id, user_id)
        if key in self._learning:
            return
        self._learning.add(key)

        async def learn():
            guild = self.bot.get_guild(loaded.guild_id)
            if guild is None:
                return
            try:
                member = await guild.fetch_member(user_id)
            except discord.HTTPException:
                return
            self._names[user_id] = member.display_name
            if await self.store.rename_seats(loaded.guild_id, user_id, member.display_name):
                self.editor.want(loaded.id)
        self.after_answer(learn())

    async def recent_lines(self, loaded: LoadedMatch) -> list[str]:
        """The table's recent moves in words: everything public since the
        previous turn of the seat(s) now owing a decision."""
        match = loaded.match
        owing = match.to_act() if loaded.status == Status.ACTIVE else ()
        since = recent_start(match.log, owing)
        actions = await self.store.story(loaded.id, since=since)
        names_at = await self.history_names(loaded)
        return [line.text for line in tell(presenter_for(loaded.game), actions, names_at)]

    async def render_table(self, loaded: LoadedMatch) -> Rendered:
        match = loaded.match
        presenter = presenter_for(loaded.game)
        names = await self.names_for(loaded)
        state = match.view(None)
        to_act = match.to_act() if loaded.status == Status.ACTIVE else ()
        outcome = match.outcome() or loaded.outcome
        embed = presenter.table_embed(match_id=loaded.id, view=state, names=names, to_act=to_act,
                                      recent=await self.recent_lines(loaded), outcome=outcome,
                                      seq=match.seq)
        if loaded.status == Status.CANCELLED:
            embed.description = _("**This match was cancelled.**")
        elif loaded.paused and loaded.status == Status.ACTIVE:
            embed.description = _("⏸ **Paused by a host.**") + f"\n{embed.description or ''}"
        components = self.table_components(loaded, presenter, state)
        image = await presenter.board_image(state, names)
        if image:
            embed.set_image(url=f"attachment://{IMAGE_NAME}")
        return Rendered(embed, components, image)

    @staticmethod
    def table_components(loaded: LoadedMatch, presenter, state: dict,
                         mask: int = 0) -> discord.ui.View:
        """The table's buttons: the public decisions owed now, My hand, Log."""
        match = loaded.match
        to_act = match.to_act() if loaded.status == Status.ACTIVE else ()
        public: list[Action] = []
        for seat in to_act:
            for action in match.legal(seat):
                if presenter.is_public(action) and action not in public:
                    public.append(action)
        return table_view(presenter, loaded.id, match.seq, public, state,
                          over=loaded.status != Status.ACTIVE,
                          replay=loaded.status == Status.FINISHED, mask=mask)

    async def refresh_table(self, match_id: int) -> LoadedMatch | None:
        """Redraw the table message now (through the match's editor, so in
        order with every other edit) and return the match as it was shown."""
        await self.editor.show(match_id)
        try:
            return await self.store.load(match_id)
        except (UnknownMatch, CorruptMatch) as exc:
            log.error("cannot show match %s: %s", match_id, exc)
            return None

    async def _show_latest(self, match_id: int, shown: int | None) -> int | None:
        """The editor's one way to edit a table: from a fresh load, so the
        newest committed state; returns the seq shown. (Redraw the table;
        post a fresh one when the old is too old to edit cheaply, or gone.)"""
        try:
            loaded = await self.store.load(match_id)
        except UnknownMatch:
            self.editor.forget(match_id)
            return None
        except CorruptMatch as exc:
            log.error("cannot show match %s: %s", match_id, exc)
            return None
        if loaded.match is None:
            return None
        with speaking(await self.languages.of_server(loaded.guild_id)):  # a public message
            await self._show_table(loaded)
        return loaded.seq

    async def _show_table(self, loaded: LoadedMatch) -> None:
        match_id = loaded.id
        table = await self.render_table(loaded)
        channel = self.bot.get_partial_messageable(loaded.place_id)
        ref = await self.store.message(match_id, "table")
        if ref is not None and _age_seconds(ref.posted_at) < self.config.table_max_age:
            try:
                await channel.get_partial_message(ref.message_id).edit(
                    embed=table.embed, view=table.view, attachments=table.files())
                return
            except discord.NotFound:
                pass
            except discord.HTTPException as exc:
                log.info("editing table of match %s failed (%s); posting a new one",
                         match_id, exc)
        message = await channel.send(embed=table.embed, view=table.view, files=table.files())
        await self.store.set_message(match_id, "table", channel.id, message.id)
        if ref is not None:
            try:
                await channel.get_partial_message(ref.message_id).delete()
            except discord.HTTPException:
                pass

    async def notify(self, loaded: LoadedMatch, users: frozenset[int], *,
                     reminder: bool = False) -> None:
        """Tell players they owe a decision, each the way they chose with
        `/game notify`: a mention in the match's thread (default), a direct
        message (falling back to the mention when their DMs are closed), or
        nothing. The previous mention is removed so the thread stays short."""
        presenter = presenter_for(loaded.game)
        where = f"https://discord.com/channels/{loaded.guild_id}/{loaded.place_id}"
        mention = []
        for user_id in sorted(users):
            mode = await self.store.get_user_setting(user_id, "notify", "mention")
            if mode == "dm":
                try:
                    user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
                    with speaking(await self.languages.of_user(user_id)):  # a DM: theirs
                        params = dict(game=_(presenter.title), match=loaded.id, link=where)
                        text = (_("⏰ Reminder: your move in {game} #{match}: {link}", **params)
                                if reminder else
                                _("Your move in {game} #{match}: {link}", **params))
                        await user.send(text, view=turn_view(loaded.id))
                    continue
                except discord.HTTPException:
                    pass  # DMs closed: mention them in the thread instead
            if mode != "off":
                mention.append(user_id)
        if not mention:
            return
        mentions = " ".join(f"<@{u}>" for u in mention)
        channel = self.bot.get_partial_messageable(loaded.place_id)
        with speaking(await self.languages.of_server(loaded.guild_id)):  # in the thread
            if reminder:
                text = _("⏰ {mentions} — a reminder: {game} #{match} is waiting for your move.",
                         mentions=mentions, game=_(presenter.title), match=loaded.id)
            else:
                text = _("{mentions} — your move in {game} #{match}. {hint}", mentions=mentions,
                         game=_(presenter.title), match=loaded.id, hint=presenter.ping_hint)
            message = await channel.send(
                text, view=turn_view(loaded.id),
                allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False))
        # Stored with the match's next move (one transaction per move), or at shutdown.
        old = self._pings.get(loaded.id) or await self.store.message(loaded.id, "ping")
        self._pings[loaded.id] = MessageRef(loaded.id, "ping", channel.id, message.id,
                                            datetime.now(timezone.utc))
        if old is not None:
            try:
                await self.bot.get_partial_messageable(old.channel_id).get_partial_message(
                    old.message_id).delete()
            except discord.HTTPException:
                pass

    async def announce(self, loaded: LoadedMatch, text: str, **params) -> None:
        """A public line in the match's thread (hosts' and timeouts' doings),
        in the server's language: `text` is a catalogue message."""
        with speaking(await self.languages.of_server(loaded.guild_id)):
            text = _(text, **params)
        await self.bot.get_partial_messageable(loaded.place_id).send(
            text, allowed_mentions=discord.AllowedMentions.none())

    async def close_thread(self, loaded: LoadedMatch) -> None:
        """A finished match's thread is archived (it stays readable)."""
        if loaded.thread_id is None:
            return
        try:
            thread = self.bot.get_channel(loaded.thread_id) or await self.bot.fetch_channel(
                loaded.thread_id)
            if isinstance(thread, discord.Thread):
                await thread.edit(archived=True)
        except discord.HTTPException as exc:
            log.info("could not archive thread of match %s: %s", loaded.id, exc)

    async def resume(self) -> None:
        """After a start: a match whose start was stored but never shown (the
        process died in between) gets its table and lobby now; bots owing a
        decision in any active match move again (not in servers the bot has
        left: they resume when it is back)."""
        for info in await self.store.live_matches(departed=False):
            if info.status != Status.ACTIVE:
                continue
            if await self.store.message(info.id, "table") is None:
                await self.finish_start(info.id)
                continue
            # The process may have died between a commit and its table edit
            # (edits are coalesced, and may wait for bot moves): show the
            # committed state, unless this process showed it already (every
            # move since asked for its own edit). Not awaited: the editors
            # work side by side.
            if info.id not in self.editor.shown:
                self.editor.want(info.id)
            if any(s.user_id is None for s in info.seats):
                try:
                    self.seats.schedule(await self.store.load(info.id))
                except (UnknownMatch, CorruptMatch) as exc:
                    log.error("not resuming match %s: %s", info.id, exc)

    async def finish_start(self, match_id: int) -> None:
        """Show a started match: its lobby says so, its table is posted, the
        first player is told, bot seats move."""
        lobbies = getattr(self.bot, "lobbies", None)
        if lobbies is not None:
            await lobbies.refresh_lobby(match_id)
        await self.after_move(match_id, frozenset())

    async def stop(self) -> None:
        await self.seats.stop()
        await self.editor.stop()
        await self.store_pings()

    async def store_pings(self) -> None:
        """The pings posted since their match's last move, stored now (at
        shutdown), so that a restart still removes them when the next comes."""
        for match_id, ping in list(self._pings.items()):
            try:
                await self.store.set_message(match_id, "ping", ping.channel_id, ping.message_id)
            except Exception as exc:  # deleted meanwhile, or the storage is closing
                log.info("could not store the ping of match %s: %s", match_id, exc)
            self._pings.pop(match_id, None)
