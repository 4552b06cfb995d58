"""Seats on PostgreSQL: taken and freed in the lobby, handed over during
play (the seat history keeps every holder), and the holders' display
names. As the same methods of `storage.store.Store`."""

from __future__ import annotations

from collections.abc import Callable

from storage.errors import SeatError
from storage.postgres.base import PgBase, affected, lock_match
from storage.records import LIVE, Holder, Seat, Status
from storage.seating import (
    DEFAULT_BOT,
    check_bot_kind,
    check_hand_over,
    handed_over,
    next_seat,
)


class Seats(PgBase):
    async def add_user_seat(self, match_id: int, user_id: int, name: str | None = None) -> int:
        """Seat a user at the next free seat; its number. SeatError if the
        user is already seated or the lobby is full. `name`: their display
        name, kept with the seat so tables never wait on Discord for it."""
        return await self._add_seat(match_id, user_id, None, name)

    async def add_bot_seat(self, match_id: int, bot: str = DEFAULT_BOT) -> int:
        """Seat a bot of kind `bot` at the next free seat; its number."""
        check_bot_kind(bot)
        return await self._add_seat(match_id, None, bot)

    async def _add_seat(
        self, match_id: int, user_id: int | None, bot: str | None, name: str | None = None
    ) -> int:
        now = self._now()
        async with self._write() as conn:
            row = await lock_match(conn, match_id, (Status.LOBBY,))
            seats = await conn.fetch(
                "SELECT seat, user_id FROM seats WHERE match_id = $1 ORDER BY seat", match_id
            )
            seat = next_seat(match_id, row["game"], [s["user_id"] for s in seats], user_id)
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, bot, joined_at, name)"
                " VALUES ($1, $2, $3, $4, $5, $6)",
                match_id,
                seat,
                user_id,
                bot,
                now,
                name,
            )
            await conn.execute("UPDATE matches SET updated_at = $2 WHERE id = $1", match_id, now)
            return seat

    async def remove_seat(self, match_id: int, seat: int) -> Seat:
        """Free a lobby seat; later seats move up one so seats stay 0..n-1.
        Returns the removed seat."""
        return await self._remove_seat(match_id, lambda s: s.seat == seat, f"no seat {seat}")

    async def remove_user_seat(self, match_id: int, user_id: int) -> Seat:
        """A user leaves the lobby; returns the seat they had."""
        return await self._remove_seat(
            match_id, lambda s: s.user_id == user_id, f"user {user_id} is not seated"
        )

    async def _remove_seat(self, match_id: int, pick: Callable[[Seat], bool], missing: str) -> Seat:
        now = self._now()
        async with self._write() as conn:
            await lock_match(conn, match_id, (Status.LOBBY,))
            rows = await conn.fetch(
                "SELECT seat, user_id, bot, name FROM seats WHERE match_id = $1 ORDER BY seat",
                match_id,
            )
            seats = [Seat(r["seat"], r["user_id"], r["bot"], r["name"]) for r in rows]
            gone = next((s for s in seats if pick(s)), None)
            if gone is None:
                raise SeatError(match_id, missing)
            await conn.execute(
                "DELETE FROM seats WHERE match_id = $1 AND seat = $2", match_id, gone.seat
            )
            # One row at a time, ascending, so each target number is already
            # free (the primary key is checked row by row).
            for s in seats:
                if s.seat > gone.seat:
                    await conn.execute(
                        "UPDATE seats SET seat = seat - 1 WHERE match_id = $1 AND seat = $2",
                        match_id,
                        s.seat,
                    )
            await conn.execute("UPDATE matches SET updated_at = $2 WHERE id = $1", match_id, now)
            return gone

    async def replace_seat(
        self,
        match_id: int,
        seat: int,
        *,
        how: str,
        user_id: int | None = None,
        bot: str | None = None,
        name: str | None = None,
    ) -> Seat:
        """Give a seat of a live match to another user or to a bot; `how` the
        holder left (HAND_OVERS: conceded, kicked, forfeited, replaced).
        Returns the seat as it was. The seat history keeps the old holder
        and their moves. SeatError if the new user is already seated or the
        seat is missing."""
        check_hand_over(user_id, bot, how)
        now = self._now()
        async with self._write() as conn:
            row = await lock_match(conn, match_id, LIVE)
            rows = await conn.fetch(
                "SELECT seat, user_id, bot, name FROM seats WHERE match_id = $1", match_id
            )
            before = handed_over(
                match_id,
                [Seat(r["seat"], r["user_id"], r["bot"], r["name"]) for r in rows],
                seat,
                user_id,
            )
            await conn.execute(
                "UPDATE seats SET user_id = $3, bot = $4, joined_at = $5, name = $6"
                " WHERE match_id = $1 AND seat = $2",
                match_id,
                seat,
                user_id,
                bot,
                now,
                name,
            )
            if row["status"] == Status.ACTIVE:
                await conn.execute(
                    "INSERT INTO seat_holders (match_id, seat, from_seq, user_id, bot, how, at,"
                    " name) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                    match_id,
                    seat,
                    row["seq"],
                    user_id,
                    bot,
                    how,
                    now,
                    name,
                )
            await conn.execute("UPDATE matches SET updated_at = $2 WHERE id = $1", match_id, now)
            return before

    async def seat_history(self, match_id: int) -> list[Holder]:
        """Every holder of every seat of a started match, in order of seat
        and time (empty for a lobby)."""
        rows = await self._fetch(
            "SELECT seat, from_seq, user_id, bot, how, name FROM seat_holders"
            " WHERE match_id = $1 ORDER BY seat, id",
            match_id,
        )
        return [
            Holder(r["seat"], r["from_seq"], r["user_id"], r["bot"], r["how"], r["name"])
            for r in rows
        ]

    async def rename_seats(self, guild_id: int, user_id: int, name: str) -> int:
        """A member's display name changed: their seats in the guild's live
        matches show the new one (the seat history keeps the name each
        holder had when taking the seat). Returns the seats renamed; writes
        nothing when none is out of date."""
        where = (
            "user_id = $1 AND name IS DISTINCT FROM $2 AND match_id IN (SELECT id FROM matches"
            " WHERE guild_id = $3 AND status IN ('lobby', 'active'))"
        )
        if not await self._fetchval(
            f"SELECT 1 FROM seats WHERE {where} LIMIT 1", user_id, name, guild_id
        ):
            return 0
        async with self._write() as conn:
            return affected(
                await conn.execute(
                    f"UPDATE seats SET name = $2 WHERE {where}", user_id, name, guild_id
                )
            )
