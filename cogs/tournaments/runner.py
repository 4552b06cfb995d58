"""Runs the tournaments: pairs each round once the previous one is over,
opens its tables' matches (each in its own thread, with the tournament's
deadline and timeout policy), and keeps the standings message current.

Every step is safe to repeat, which is what makes a restart (or a
`kill -9` in the middle of a round's pairing) harmless: a round is paired
in one transaction conditioned on the last round paired, so two triggers
pair it once; a table's match is created once (`Store.open_table`); a
match left in its lobby by a crash is started by the next `advance`. So
`advance` is simply called again after a start, after every finished
tournament match and after every host's act."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import discord

from cogs.i18n import N_, _, ngettext, speaking
from cogs.tournaments.board import render
from cogs.tournaments.names import entrant_name
from cogs.tournaments.record import Played, played
from rules import get_game
from storage import Conflict, MatchInfo, Status, Store, UnknownMatch, stopped_after
from storage.tournament_records import RUNNING, Entrant, Tournament, UnknownTournament
from tournaments.model import ROUND_ROBIN, SINGLE_ELIMINATION, Round
from tournaments.pairing import (
    elimination_round,
    is_over,
    round_robin_round,
    swiss_round,
)
from tournaments.scoring import standings

if TYPE_CHECKING:
    from cogs.hosting.lobby import Lobbies
    from cogs.language import Languages

log = logging.getLogger(__name__)


def next_round(tournament: Tournament, record: Played) -> Round:
    """The round after the last one paired, as the format pairs it."""
    number = tournament.round + 1
    if tournament.format == ROUND_ROBIN:
        return round_robin_round(record.seeded, number, record.dropped)
    if tournament.format == SINGLE_ELIMINATION:
        return elimination_round(record.seeded, record.history, record.dropped, number)
    # no table smaller than the game allows (Cucco for five: five exactly)
    smallest = max(tournament.per_match - 1, get_game(tournament.game).min_players, 2)
    return swiss_round(
        record.seeded, record.history, record.dropped, tournament.per_match, number, smallest
    )


def is_done(tournament: Tournament, record: Played) -> bool:
    """No round is left to play (the last one being over)."""
    active = [e for e in record.entrants if e.entrant not in record.dropped]
    if len(active) < 2:
        return True
    if tournament.format == SINGLE_ELIMINATION:
        return is_over(record.seeded, record.history, record.dropped)
    return tournament.round >= tournament.rounds


class TournamentRunner:
    def __init__(
        self,
        bot: discord.Client,
        store: Store,
        lobbies: Lobbies,
        languages: Languages,
        owns=lambda guild_id: True,
    ):
        self.bot = bot
        self.store = store
        self.lobbies = lobbies
        self.languages = languages
        self.owns = owns  # the guilds this process runs (shards)
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task] = set()

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # -- what moves a tournament on ---------------------------------------------------
    def soon(self, tournament_id: int) -> None:
        """`advance`, in a task of its own (a click's answer never waits
        for a round's threads to be opened)."""
        task = asyncio.create_task(self._advance(tournament_id), name=f"tournament-{tournament_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def on_match_over(self, match_id: int) -> None:
        """A match finished (or was stopped for having no end: said in the
        tournament's channel): if it was a tournament's, the tournament
        moves on."""
        found = await self.store.table_of_match(match_id)
        if found is None:
            return
        tournament_id, number, table_no = found
        try:
            moves = stopped_after(await self.store.info(match_id))
        except UnknownMatch:  # deleted meanwhile
            moves = None
        if moves is not None:
            with contextlib.suppress(UnknownTournament):
                await self._post(
                    await self.store.tournament(tournament_id),
                    lambda: ngettext(
                        "🏆 Tournament #{tournament} · round {round} · table {table}: "
                        "stopped, no end after {n} move; it counts as a draw.",
                        "🏆 Tournament #{tournament} · round {round} · table {table}: "
                        "stopped, no end after {n} moves; it counts as a draw.",
                        moves,
                        tournament=tournament_id,
                        round=number,
                        table=table_no,
                    ),
                )
        self.soon(tournament_id)

    async def resume(self) -> None:
        """After a start: every running tournament of this process's servers
        moves on from where the record says it is."""
        for tournament in await self.store.running_tournaments():
            if self.owns(tournament.guild_id):
                self.soon(tournament.id)

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _advance(self, tournament_id: int) -> None:
        try:
            await self.advance(tournament_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("tournament %s could not move on", tournament_id)

    async def advance(self, tournament_id: int) -> None:
        """Bring the tournament up to date with its record: the current
        round's matches opened, the next round paired once this one is over
        (several at once when a round has only byes), the end declared, the
        standings message redrawn."""
        async with self.lock(tournament_id):
            try:
                tournament = await self.store.tournament(tournament_id)
            except UnknownTournament:
                return
            record = await played(self.store, tournament)
            while tournament.status == RUNNING:
                if not record.round_over(tournament.round):
                    await self._open_round(tournament, record)
                    break
                if tournament.paused:
                    break
                if is_done(tournament, record):
                    await self.store.finish_tournament(tournament.id)
                    tournament = await self.store.tournament(tournament.id)
                    await self._announce_end(tournament, record)
                    break
                pairing = next_round(tournament, record)
                tables = [t.players for t in pairing.tables]
                await self.store.pair_round(tournament.id, pairing.number, tables, pairing.byes)
                tournament = await self.store.tournament(tournament.id)
                record = await played(self.store, tournament)
                if tournament.round == pairing.number:
                    await self._announce_round(tournament, record)
            await self.show(tournament, record)

    # -- a round's matches ---------------------------------------------------------
    async def _open_round(self, tournament: Tournament, record: Played) -> None:
        bots = {e.entrant: e.bot for e in record.entrants if e.bot is not None}
        names = {e.entrant: e.name for e in record.entrants if e.name}
        by_id = {e.entrant: e for e in record.entrants}
        for table in record.of_round(tournament.round):
            if any(p in record.dropped for p in table.players) and table.match_id is None:
                continue  # a walkover: nobody to play it
            match_id = await self.store.open_table(
                tournament.id,
                table.round,
                table.table_no,
                tournament.channel_id,
                {},
                bots,
                names,
            )
            try:
                info = await self.store.info(match_id)
            except UnknownMatch:
                continue
            if info.status != Status.LOBBY:
                continue  # started before
            if info.thread_id is None:
                await self._post_table(
                    tournament, table.round, table.table_no, table.players, info, by_id
                )
                info = await self.store.info(match_id)
            try:
                await self.lobbies.start(info, self.lobbies.deal(info))
            except Conflict:  # started meanwhile by another process (shards)
                continue

    async def _post_table(
        self,
        tournament: Tournament,
        number: int,
        table_no: int,
        players: Iterable[int],
        info: MatchInfo,
        entrants: dict[int, Entrant],
    ) -> None:
        """The table's announcement in the tournament's channel, and the
        thread its match is played in (in the channel itself when the bot
        may not make one)."""
        channel = self.bot.get_partial_messageable(
            tournament.channel_id, guild_id=tournament.guild_id
        )
        with speaking(await self.languages.of_server(tournament.guild_id)):
            who = _(" vs ").join(entrant_name(entrants[p], mention=True) for p in players)
            text = _(
                "🏆 Tournament #{tournament} · round {round} · table {table}: {players}",
                tournament=tournament.id,
                round=number,
                table=table_no,
                players=who,
            )
            name = _(
                "Tournament #{tournament} · R{round} T{table}",
                tournament=tournament.id,
                round=number,
                table=table_no,
            )
        try:
            message = await channel.send(
                text, allowed_mentions=discord.AllowedMentions(users=True, roles=False)
            )
        except discord.HTTPException as exc:
            log.info("no announcement for match %s: %s", info.id, exc)
            return
        try:
            thread = await message.create_thread(name=name[:100], auto_archive_duration=10080)
        except discord.HTTPException as exc:
            log.info("no thread for match %s (%s); playing in the channel", info.id, exc)
            return
        await self.store.set_thread(info.id, thread.id)

    # -- words in public ------------------------------------------------------------
    async def _say(self, to: Tournament, text: str, **params) -> None:
        await self._post(to, lambda: _(text, **params))

    async def _post(self, to: Tournament, words: Callable[[], str]) -> None:
        """Post what `words()` says in the server's language (a plural)."""
        channel = self.bot.get_partial_messageable(to.channel_id, guild_id=to.guild_id)
        with speaking(await self.languages.of_server(to.guild_id)):
            text = words()
        with contextlib.suppress(discord.HTTPException):
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())

    async def _announce_round(self, tournament: Tournament, record: Played) -> None:
        await self._say(
            tournament,
            N_("🏆 Tournament #{tournament}: round {round} of {rounds} begins."),
            tournament=tournament.id,
            round=tournament.round,
            rounds=tournament.rounds,
        )

    async def _announce_end(self, tournament: Tournament, record: Played) -> None:
        table = standings(record.seeded, record.history, record.dropped)
        if not table:
            return
        names = {e.entrant: e for e in record.entrants}
        await self._say(
            tournament,
            N_("🏆 Tournament #{tournament} is over. The winner: {winner}!"),
            tournament=tournament.id,
            winner=entrant_name(names[table[0].user_id]),
        )

    async def show(self, tournament: Tournament, record: Played | None = None) -> None:
        """Redraw the tournament's message (sign-up, then standings)."""
        if tournament.message_id is None:
            return
        record = record or await played(self.store, tournament)
        with speaking(await self.languages.of_server(tournament.guild_id)):
            embed, view = render(tournament, record)
        channel = self.bot.get_partial_messageable(
            tournament.channel_id, guild_id=tournament.guild_id
        )
        try:
            await channel.get_partial_message(tournament.message_id).edit(embed=embed, view=view)
        except discord.HTTPException as exc:
            log.info("could not show tournament %s: %s", tournament.id, exc)
