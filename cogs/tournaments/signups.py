"""What hosts and players do to a tournament: open it (`/game tournament
new`), sign up on its message, start it, and the hosts' acts (drop a
player, award a forfeit, pause, resume, cancel). Each is recorded by the
store (the acts never rewritten) and then handed to the runner, which
moves the tournament on from the record."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from typing import TYPE_CHECKING

import discord

from cogs import replies
from cogs.answer_first import acknowledge, edit_clicked, holding
from cogs.hosting.settings import is_host
from cogs.i18n import N_, _, speaking
from cogs.replies import say
from cogs.tournaments.board import render
from cogs.tournaments.names import game_title
from cogs.tournaments.record import DROP, FORFEIT, played
from rules import get_game
from storage import Status, Store
from storage.tournament_records import (
    RUNNING,
    Tournament,
    TournamentConflict,
    UnknownTournament,
)
from tournaments.model import FORMATS, SWISS, Table
from tournaments.pairing import rounds_needed

if TYPE_CHECKING:
    from cogs.language import Languages
    from cogs.play.tables import Tables
    from cogs.tournaments.runner import TournamentRunner

log = logging.getLogger(__name__)

UNKNOWN = N_("There is no such tournament here.")
NONE_HERE = N_("There is no tournament running here; name one with `tournament:`.")
CLOSED = N_("The sign-up of this tournament is closed.")
NOT_RUNNING = N_("This tournament is not running.")
CONFLICTS = {
    TournamentConflict.NOT_SIGNUP: CLOSED,
    TournamentConflict.JOINED: N_("You are signed up already."),
    TournamentConflict.NOT_JOINED: N_("You are not signed up."),
    TournamentConflict.NOT_RUNNING: NOT_RUNNING,
}
#: seconds a sign-up message may lag behind a burst of presses before a
#: press redraws it although others queue behind (the last one redraws it)
BOARD_LAG = 1.0
#: a tournament's bots play at this level
BOT_LEVEL = "expert"
MAX_ROUNDS = 20


class Signups:
    def __init__(
        self, store: Store, runner: TournamentRunner, languages: Languages, tables: Tables
    ):
        self.store = store
        self.runner = runner
        self.languages = languages
        self.tables = tables
        #: tournament -> when a sign-up change was first left unshown (loop
        #: time), and the last press that made one
        self._unshown: dict[int, tuple[float, discord.Interaction]] = {}
        #: tournament -> presses waiting for its lock
        self._pressing: Counter[int] = Counter()

    # -- opening ------------------------------------------------------------------
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        rounds: int | None,
        per_match: int | None,
        timeout: int | None,
        policy: str | None,
    ) -> None:
        if not await is_host(self.store, interaction.user):
            await say(interaction, replies.HOSTS_ONLY)
            return
        rules = get_game(game)
        per_match = per_match or rules.min_players
        if format not in FORMATS:
            await say(interaction, replies.BAD_OPTION)
            return
        if not rules.min_players <= per_match <= rules.max_players:
            await say(
                interaction,
                N_("{game} is not played {n} to a table."),
                game=game_title(game),
                n=per_match,
            )
            return
        if format != SWISS and per_match != 2:
            await say(interaction, N_("Only a Swiss tournament seats more than two to a table."))
            return
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            await say(interaction, N_("A tournament plays 1 to 20 rounds."))
            return
        settings: dict[str, int | str] = {}
        if timeout is not None:
            settings["timeout"] = timeout
        if policy is not None:
            settings["policy"] = policy
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        assert guild_id is not None and channel_id is not None  # /game runs in servers only
        tid = await self.store.create_tournament(
            guild_id,
            channel_id,
            game,
            format,
            rounds or 0,
            per_match,
            settings,
            interaction.user.id,
        )
        tournament = await self.store.tournament(tid)
        record = await played(self.store, tournament)
        with speaking(await self.languages.of_server(guild_id)):  # public
            embed, view = render(tournament, record)
        assert view is not None
        await interaction.response.send_message(embed=embed, view=view)
        message = await interaction.original_response()
        await self.store.set_tournament_message(tid, message.id)

    # -- the sign-up's buttons -------------------------------------------------------
    async def on_button(
        self, interaction: discord.Interaction, tournament_id: int, op: str
    ) -> None:
        """Join, Leave, 🤖 Add bot, Start, under the sign-up's lock. Answer
        first, then wait (cogs/answer_first.py): a press queued behind the
        lock is acknowledged (a deferred update of the sign-up), and its
        refusal follows privately. The sign-up message is redrawn once a
        change has been made and no press queues behind (or the message has
        lagged for BOARD_LAG seconds): a burst of Joins redraws it a few
        times, not once each."""
        tournament = await self.find(interaction, tournament_id)
        if tournament is None:
            return
        waiting = self._pressing
        waiting[tournament_id] += 1
        entered = False
        try:
            async with holding(interaction, self.runner.lock(tournament_id)):
                waiting[tournament_id] -= 1
                entered = True
                changed = await self._signup_act(interaction, tournament, op)
                if changed:
                    since, _changer = self._unshown.get(tournament_id, (None, None))
                    now = asyncio.get_running_loop().time()
                    self._unshown[tournament_id] = (now if since is None else since, interaction)
                await self._show_signup(interaction, tournament_id, waiting[tournament_id] > 0)
        finally:
            if not entered:
                waiting[tournament_id] -= 1
            if waiting[tournament_id] <= 0:
                del waiting[tournament_id]
        if changed and op == "start":
            self.runner.soon(tournament_id)

    async def _signup_act(
        self, interaction: discord.Interaction, tournament: Tournament, op: str
    ) -> bool:
        """The press's change to the sign-up (the caller holds its lock):
        whether one was made; a refusal is told to the presser."""
        tournament_id = tournament.id
        try:
            if op == "join":
                await self.store.join_tournament(
                    tournament_id, interaction.user.id, interaction.user.display_name
                )
            elif op == "leave":
                await self.store.leave_tournament(tournament_id, interaction.user.id)
            elif op in ("bot", "start"):
                if not await is_host(self.store, interaction.user):
                    await say(interaction, replies.HOSTS_ONLY)
                    return False
                if op == "bot":
                    await self.store.join_tournament(tournament_id, 0, None, bot=BOT_LEVEL)
                elif not await self._start(interaction, tournament):
                    return False
            else:
                await say(interaction, replies.INVALID_BUTTON)
                return False
        except TournamentConflict as refused:
            await say(interaction, CONFLICTS.get(refused.why, CLOSED))
            return False
        return True

    async def _show_signup(
        self, interaction: discord.Interaction, tournament_id: int, pressed_behind: bool
    ) -> None:
        """Redraw the sign-up message if a change is not shown yet and no
        press queues behind this one (`pressed_behind`: a later one redraws
        it), or the message has lagged long enough: through the last press that changed it (its
        answer then shows its change), else through this press, when either
        was on the sign-up message and may still edit it, else by the bot.
        The press is answered in any case."""
        since, changer = self._unshown.get(tournament_id, (None, None))
        now = asyncio.get_running_loop().time()
        if since is not None and (not pressed_behind or now - since >= BOARD_LAG):
            del self._unshown[tournament_id]
            tournament = await self.store.tournament(tournament_id)
            record = await played(self.store, tournament)
            with speaking(await self.languages.of_server(tournament.guild_id)):  # public
                embed, view = render(tournament, record)
            presses = (p for p in (changer, interaction) if p is not None)
            for press in dict.fromkeys(presses):  # each once, in this order
                message = press.message
                on_board = message is not None and tournament.message_id in (None, message.id)
                if on_board and await edit_clicked(press, embed=embed, view=view):
                    break
            else:
                await self.runner.show(tournament, record)
        await acknowledge(interaction)  # (unless answered) the sign-up shows it

    async def _start(self, interaction: discord.Interaction, tournament: Tournament) -> bool:
        entrants = await self.store.entrants(tournament.id)
        if len(entrants) < max(2, tournament.per_match):
            await say(
                interaction,
                N_("A tournament needs at least {n} entrants to start."),
                n=max(2, tournament.per_match),
            )
            return False
        seeds = {}
        for e in entrants:
            if e.bot is None:
                stats = await self.store.player_stats(tournament.guild_id, e.entrant)
                rating = stats[tournament.game].rating if tournament.game in stats else None
                seeds[e.entrant] = rating or 0.0
            else:
                seeds[e.entrant] = 0.0
        asked = tournament.rounds or None
        rounds = rounds_needed(tournament.format, len(entrants), asked, tournament.per_match)
        await self.store.start_tournament(tournament.id, seeds, rounds, interaction.user.id)
        return True

    # -- the hosts' acts ---------------------------------------------------------------
    async def act(
        self,
        interaction: discord.Interaction,
        tournament_id: int | None,
        act: str,
        member: discord.abc.User | None = None,
    ) -> None:
        """A host's `act` on the tournament named, or the one running here."""
        tournament = await self.find(interaction, tournament_id)
        if tournament is None:
            return
        if not await is_host(self.store, interaction.user):
            await say(interaction, replies.HOSTS_ONLY)
            return
        args: dict = {}
        async with self.runner.lock(tournament.id):
            tournament = await self.store.tournament(tournament.id)
            if act in (DROP, FORFEIT):
                assert member is not None
                refusal = await self._check_player(tournament, member.id, act)
                if refusal is not None:
                    await say(interaction, refusal, player=member.mention)
                    return
                args = {"entrant": member.id}
                if act == FORFEIT:
                    args["round"] = tournament.round
            try:
                await self.store.tournament_act(tournament.id, interaction.user.id, act, args)
            except TournamentConflict as refused:
                await say(interaction, CONFLICTS.get(refused.why, NOT_RUNNING))
                return
        if act in (FORFEIT, "cancel"):
            await self._cancel_matches(tournament, member.id if member else None)
        with speaking(await self.languages.of_server(tournament.guild_id)):  # public
            text = _(
                ACT_WORDS[act],
                tournament=tournament.id,
                host=interaction.user.mention,
                player=member.mention if member else "",
            )
        await interaction.response.send_message(
            text, allowed_mentions=discord.AllowedMentions.none()
        )
        self.runner.soon(tournament.id)

    async def _check_player(self, tournament: Tournament, user_id: int, act: str) -> str | None:
        if tournament.status != RUNNING:
            return NOT_RUNNING
        record = await played(self.store, tournament)
        if user_id not in {e.entrant for e in record.entrants} or user_id in record.dropped:
            return N_("{player} is not playing in this tournament.")
        if act == FORFEIT:
            table = next(
                (t for t in record.of_round(tournament.round) if user_id in t.players), None
            )
            current = record.history[tournament.round - 1] if record.history else None
            if table is None or current is None:
                return N_("{player} has no table in this round.")
            if current.result_for(Table(table.players)) is not None:
                return N_("{player}'s table of this round is over already.")
        return None

    async def _cancel_matches(self, tournament: Tournament, only: int | None) -> None:
        """The current round's matches still being played (only `only`'s,
        for a forfeit) are cancelled, which their record keeps, and their
        tables say so: the forfeit or the cancel decided them."""
        record = await played(self.store, tournament)
        for table in record.of_round(tournament.round):
            if table.match_id is None or (only is not None and only not in table.players):
                continue
            info = await self.store.info(table.match_id)
            if info.status in (Status.LOBBY, Status.ACTIVE):
                await self.store.cancel(info.id)
                if info.status == Status.ACTIVE:
                    await self.tables.refresh(info.id)
                    await self.tables.pings.withdraw(info.id)

    # -- finding ----------------------------------------------------------------------
    async def find(
        self, interaction: discord.Interaction, tournament_id: int | None, *, live: bool = True
    ) -> Tournament | None:
        """The tournament named (of this server), else the newest one of
        this channel (else of this server) that is live (with `live`) or
        any; None after saying why."""
        if tournament_id is not None:
            try:
                found = await self.store.tournament(tournament_id)
            except UnknownTournament:
                found = None
            if found is None or found.guild_id != interaction.guild_id:
                await say(interaction, UNKNOWN)
                return None
            return found
        listed = await self.store.tournaments(interaction.guild_id or 0, live=live)
        here = [t for t in listed if t.channel_id == interaction.channel_id] or listed
        if not here:
            await say(interaction, NONE_HERE)
            return None
        return here[-1]

    async def standings(self, interaction: discord.Interaction, tournament_id: int | None) -> None:
        tournament = await self.find(interaction, tournament_id, live=False)
        if tournament is None:
            return
        record = await played(self.store, tournament)
        embed, _view = render(tournament, record)  # in the asker's language
        await interaction.response.send_message(embed=embed, ephemeral=True)


ACT_WORDS = {
    DROP: N_("Tournament #{tournament}: {host} dropped {player}; they are paired no more."),
    FORFEIT: N_(
        "Tournament #{tournament}: {host} awarded a forfeit: {player} loses this round's table."
    ),
    "pause": N_("Tournament #{tournament} is paused by {host}: the next round waits."),
    "resume": N_("Tournament #{tournament} goes on ({host})."),
    "cancel": N_("Tournament #{tournament} was cancelled by {host}."),
}
