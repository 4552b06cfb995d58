"""Tournaments (protocol.Tournaments): sign-up, the rounds as paired, the
matches their tables are played in, and the hosts' acts.

Each step that two clicks or two processes could take at once is one
transaction conditioned on the state it moves from: a start on the
sign-up, a round's pairing on the last round paired (a second Start or a
race pairs nothing), a table's match on the table having none (opening
it again after a crash gives the same match)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rules import get_game
from storage.protocol import Tournaments
from storage.records import ENDLESS, STOPPED, Status, dumps
from storage.sql.base import SqlBase
from storage.standings import LEAVING, LEFT, seat_key
from storage.tournament_records import (
    RUNNING,
    SIGNUP,
    Entrant,
    Tournament,
    TournamentAct,
    TournamentConflict,
    TournamentTable,
    UnknownTournament,
    decode_act,
    decode_entrant,
    decode_table,
    decode_tournament,
)

_COLUMNS = (
    "id, guild_id, channel_id, message_id, game, format, rounds, per_match, {settings},"
    " status, paused, round, creator_id, created_at"
)


class SqlTournaments(SqlBase, Tournaments):
    def _columns(self) -> str:
        return _COLUMNS.format(settings=self._dialect.text("settings"))

    async def create_tournament(
        self,
        guild_id: int,
        channel_id: int,
        game: str,
        format: str,
        rounds: int,
        per_match: int,
        settings: dict[str, Any],
        creator_id: int,
    ) -> int:
        get_game(game)
        now = self._now()
        async with self._write() as tx:
            row = await tx.row(
                "INSERT INTO tournaments (guild_id, channel_id, game, format, rounds, per_match,"
                " settings, creator_id, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    guild_id,
                    channel_id,
                    game,
                    format,
                    rounds,
                    per_match,
                    dumps(settings),
                    creator_id,
                    now,
                    now,
                ),
            )
            assert row is not None  # an INSERT ... RETURNING's row
            return int(row["id"])

    async def tournament(self, tournament_id: int) -> Tournament:
        row = await self._fetch_one(
            f"SELECT {self._columns()} FROM tournaments WHERE id = ?", (tournament_id,)
        )
        if row is None:
            raise UnknownTournament(tournament_id)
        return decode_tournament(row)

    async def tournaments(self, guild_id: int, *, live: bool = True) -> list[Tournament]:
        where = " AND status IN ('signup', 'running')" if live else ""
        rows = await self._fetch(
            f"SELECT {self._columns()} FROM tournaments WHERE guild_id = ?{where} ORDER BY id",
            (guild_id,),
        )
        return [decode_tournament(r) for r in rows]

    async def running_tournaments(self) -> list[Tournament]:
        rows = await self._fetch(
            f"SELECT {self._columns()} FROM tournaments WHERE status = 'running'"
            " AND guild_id NOT IN (SELECT guild_id FROM departed_guilds) ORDER BY id",
            (),
        )
        return [decode_tournament(r) for r in rows]

    async def set_tournament_message(self, tournament_id: int, message_id: int) -> None:
        async with self._write() as tx:
            await tx.run(
                "UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id)
            )

    async def _locked(self, tx: Any, tournament_id: int, *statuses: str) -> Any:
        """The tournament's row, locked against its other writers until the
        transaction ends; UnknownTournament, or a TournamentConflict when
        it is not in one of `statuses`."""
        row = await tx.row(
            f"SELECT status, paused, round FROM tournaments WHERE id = ?{self._dialect.lock_row}",
            (tournament_id,),
        )
        if row is None:
            raise UnknownTournament(tournament_id)
        if statuses and row["status"] not in statuses:
            why = TournamentConflict.NOT_SIGNUP if SIGNUP in statuses else "not_running"
            raise TournamentConflict(tournament_id, why)
        return row

    async def _touch(self, tx: Any, tournament_id: int) -> None:
        await tx.run(
            "UPDATE tournaments SET updated_at = ? WHERE id = ?", (self._now(), tournament_id)
        )

    # -- sign-up ----------------------------------------------------------------------
    async def join_tournament(
        self, tournament_id: int, entrant: int, name: str | None, bot: str | None = None
    ) -> None:
        async with self._write() as tx:
            await self._locked(tx, tournament_id, SIGNUP)
            if bot is not None:  # the next bot's id: -1, -2, ...
                low = await tx.row(
                    "SELECT min(entrant) AS low FROM tournament_entrants"
                    " WHERE tournament_id = ? AND entrant < 0",
                    (tournament_id,),
                )
                entrant = min(0, (low["low"] if low and low["low"] is not None else 0)) - 1
            found = await tx.row(
                "SELECT 1 AS x FROM tournament_entrants WHERE tournament_id = ? AND entrant = ?",
                (tournament_id, entrant),
            )
            if found is not None:
                raise TournamentConflict(tournament_id, TournamentConflict.JOINED)
            await tx.run(
                "INSERT INTO tournament_entrants (tournament_id, entrant, bot, name, joined_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (tournament_id, entrant, bot, name, self._now()),
            )
            await self._touch(tx, tournament_id)

    async def leave_tournament(self, tournament_id: int, entrant: int) -> None:
        async with self._write() as tx:
            await self._locked(tx, tournament_id, SIGNUP)
            gone = await tx.run(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND entrant = ?",
                (tournament_id, entrant),
            )
            if not gone:
                raise TournamentConflict(tournament_id, TournamentConflict.NOT_JOINED)
            await self._touch(tx, tournament_id)

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        rows = await self._fetch(
            "SELECT entrant, bot, name, seed FROM tournament_entrants WHERE tournament_id = ?"
            " ORDER BY joined_at, entrant < 0, abs(entrant)",
            (tournament_id,),
        )
        return [decode_entrant(r) for r in rows]

    # -- the rounds -------------------------------------------------------------------
    async def start_tournament(
        self, tournament_id: int, seeds: dict[int, float], rounds: int, actor_id: int
    ) -> None:
        async with self._write() as tx:
            await self._locked(tx, tournament_id, SIGNUP)
            await tx.run_many(
                "UPDATE tournament_entrants SET seed = ? WHERE tournament_id = ? AND entrant = ?",
                [(seed, tournament_id, entrant) for entrant, seed in seeds.items()],
            )
            await tx.run(
                "UPDATE tournaments SET status = 'running', rounds = ?, updated_at = ?"
                " WHERE id = ?",
                (rounds, self._now(), tournament_id),
            )
            await self._act(tx, tournament_id, actor_id, "start", {})

    async def pair_round(
        self,
        tournament_id: int,
        number: int,
        tables: Sequence[Sequence[int]],
        byes: Sequence[int],
    ) -> bool:
        async with self._write() as tx:
            row = await self._locked(tx, tournament_id, RUNNING)
            if row["round"] != number - 1 or row["paused"]:
                return False  # paired already (a race, a second Start), or paused meanwhile
            rows = [(tournament_id, number, 0, dumps(list(byes)))] if byes else []
            rows += [
                (tournament_id, number, n, dumps(list(players)))
                for n, players in enumerate(tables, 1)
            ]
            await tx.run_many(
                "INSERT INTO tournament_tables (tournament_id, round, table_no, players)"
                " VALUES (?, ?, ?, ?)",
                rows,
            )
            await tx.run(
                "UPDATE tournaments SET round = ?, updated_at = ? WHERE id = ?",
                (number, self._now(), tournament_id),
            )
            return True

    async def tournament_tables(self, tournament_id: int) -> list[TournamentTable]:
        rows = await self._fetch(
            f"SELECT round, table_no, {self._dialect.text('players')}, match_id"
            " FROM tournament_tables WHERE tournament_id = ? ORDER BY round, table_no",
            (tournament_id,),
        )
        return [decode_table(r) for r in rows]

    async def open_table(
        self,
        tournament_id: int,
        number: int,
        table_no: int,
        channel_id: int,
        options: dict[str, Any],
        bots: dict[int, str],
        names: dict[int, str],
    ) -> int:
        now = self._now()
        async with self._write() as tx:
            t = await tx.row(
                "SELECT guild_id, game, creator_id, "
                f"{self._dialect.text('settings')} FROM tournaments WHERE id = ?",
                (tournament_id,),
            )
            table = await tx.row(
                f"SELECT {self._dialect.text('players')}, match_id FROM tournament_tables"
                f" WHERE tournament_id = ? AND round = ? AND table_no = ?{self._dialect.lock_row}",
                (tournament_id, number, table_no),
            )
            if t is None or table is None:
                raise UnknownTournament(tournament_id)
            if table["match_id"] is not None:
                return int(table["match_id"])  # opened before (a restart, a second call)
            players = json.loads(table["players"])
            created = await tx.row(
                "INSERT INTO matches (guild_id, channel_id, game, status, creator_id, options,"
                " settings, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?)"
                " RETURNING id",
                (
                    t["guild_id"],
                    channel_id,
                    t["game"],
                    t["creator_id"],
                    dumps({"options": options, "seats": len(players)}),
                    dumps({**json.loads(t["settings"]), "tournament": tournament_id}),
                    now,
                    now,
                ),
            )
            assert created is not None
            match_id = int(created["id"])
            await tx.run_many(
                "INSERT INTO seats (match_id, seat, user_id, bot, joined_at, name)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (
                        match_id,
                        seat,
                        None if entrant < 0 else entrant,
                        bots.get(entrant) if entrant < 0 else None,
                        now,
                        names.get(entrant),
                    )
                    for seat, entrant in enumerate(players)
                ],
            )
            await tx.run(
                "UPDATE tournament_tables SET match_id = ?"
                " WHERE tournament_id = ? AND round = ? AND table_no = ?",
                (match_id, tournament_id, number, table_no),
            )
            return match_id

    async def table_of_match(self, match_id: int) -> tuple[int, int, int] | None:
        row = await self._fetch_one(
            "SELECT tournament_id, round, table_no FROM tournament_tables WHERE match_id = ?",
            (match_id,),
        )
        return (row["tournament_id"], row["round"], row["table_no"]) if row else None

    async def seat_places(self, match_id: int) -> list[int] | None:
        """Each seat's finishing place (1 best, ties equal; a seat whose
        first holder left it by conceding, being kicked or forfeiting is
        last), or None while the match is not finished with a result. A
        match stopped for having no end (records.ENDLESS) is a draw: every
        seat shares the first place but those left."""
        row = await self._fetch_one(
            f"SELECT status, {self._dialect.text('outcome')} FROM matches WHERE id = ?",
            (match_id,),
        )
        if row is None or row["outcome"] is None:
            return None
        outcome = json.loads(row["outcome"])
        stopped = row["status"] == Status.CANCELLED and outcome.get(STOPPED) == ENDLESS
        if not stopped and row["status"] != Status.FINISHED:
            return None
        if not stopped and "winners" not in outcome and "scores" not in outcome:
            return None  # ended from outside the rules, without a result
        history = await self.seat_history(match_id)  # type: ignore[attr-defined]
        conceded = {
            r["seat"]
            for r in await self._fetch(
                "SELECT seat FROM actions WHERE match_id = ? AND key = 'concede'", (match_id,)
            )
        }
        seats = sorted({h.seat for h in history})
        left = {h.seat for h in history if h.how in LEAVING} | conceded
        keys = [(LEFT, 0.0) if s in left else seat_key(outcome, s) for s in seats]
        return [1 + sum(other < key for other in keys) for key in keys]

    # -- the hosts' acts --------------------------------------------------------------
    async def _act(
        self, tx: Any, tournament_id: int, actor_id: int, act: str, args: dict[str, Any]
    ) -> None:
        await tx.run(
            "INSERT INTO tournament_acts (tournament_id, at, actor_id, act, args)"
            " VALUES (?, ?, ?, ?, ?)",
            (tournament_id, self._now(), actor_id, act, dumps(args)),
        )

    async def tournament_act(
        self, tournament_id: int, actor_id: int, act: str, args: dict[str, Any]
    ) -> None:
        async with self._write() as tx:
            row = await self._locked(tx, tournament_id, SIGNUP, RUNNING)
            if act in ("pause", "resume"):
                await tx.run(
                    "UPDATE tournaments SET paused = ? WHERE id = ?",
                    (int(act == "pause"), tournament_id),
                )
            elif act == "cancel":
                await tx.run(
                    "UPDATE tournaments SET status = 'cancelled' WHERE id = ?", (tournament_id,)
                )
            elif act == "drop" and row["status"] == SIGNUP:
                raise TournamentConflict(tournament_id, "not_running")
            await self._act(tx, tournament_id, actor_id, act, args)
            await self._touch(tx, tournament_id)

    async def finish_tournament(self, tournament_id: int) -> bool:
        async with self._write() as tx:
            row = await self._locked(tx, tournament_id)
            if row["status"] != RUNNING:
                return False
            await tx.run(
                "UPDATE tournaments SET status = 'finished', updated_at = ? WHERE id = ?",
                (self._now(), tournament_id),
            )
            return True

    async def tournament_acts(self, tournament_id: int) -> list[TournamentAct]:
        rows = await self._fetch(
            f"SELECT id, at, actor_id, act, {self._dialect.text('args')} FROM tournament_acts"
            " WHERE tournament_id = ? ORDER BY id",
            (tournament_id,),
        )
        return [decode_act(r) for r in rows]
