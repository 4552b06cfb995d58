"""Who holds which seat (protocol.Seats). Lobby seats stay numbered
0..n-1; once the match starts, seats are fixed and change hands only by
`replace_seat`, which the seat history (`seat_holders`) records."""

from __future__ import annotations

from collections.abc import Callable

from storage.errors import SeatError
from storage.protocol import Seats
from storage.records import LIVE, Holder, Row, Seat, Status
from storage.seating import DEFAULT_BOT, check_bot_kind, check_hand_over, handed_over, next_seat
from storage.sql.base import SqlBase
from storage.sql.queries import touch


def _seat(r: Row) -> Seat:
    return Seat(r["seat"], r["user_id"], r["bot"], r["name"])


class SqlSeats(SqlBase, Seats):
    async def add_user_seat(self, match_id: int, user_id: int, name: str | None = None) -> int:
        return await self._add_seat(match_id, user_id, None, name)

    async def add_bot_seat(self, match_id: int, bot: str = DEFAULT_BOT) -> int:
        check_bot_kind(bot)
        return await self._add_seat(match_id, None, bot)

    async def _add_seat(
        self, match_id: int, user_id: int | None, bot: str | None, name: str | None = None
    ) -> int:
        now = self._now()
        async with self._write() as tx:
            row = await self._lock(tx, match_id, (Status.LOBBY,))
            seated = await tx.rows(
                "SELECT user_id FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
            )
            seat = next_seat(match_id, row["game"], [r["user_id"] for r in seated], user_id)
            await tx.run(
                "INSERT INTO seats (match_id, seat, user_id, bot, joined_at, name)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, seat, user_id, bot, now, name),
            )
            await touch(tx, match_id, now)
            return seat

    async def remove_seat(self, match_id: int, seat: int) -> Seat:
        return await self._remove_seat(
            match_id, lambda s: s.seat == seat, SeatError(match_id, SeatError.NO_SEAT, seat=seat)
        )

    async def remove_user_seat(self, match_id: int, user_id: int) -> Seat:
        return await self._remove_seat(
            match_id,
            lambda s: s.user_id == user_id,
            SeatError(match_id, SeatError.NOT_SEATED, user_id=user_id),
        )

    async def _remove_seat(
        self, match_id: int, pick: Callable[[Seat], bool], missing: SeatError
    ) -> Seat:
        now = self._now()
        async with self._write() as tx:
            await self._lock(tx, match_id, (Status.LOBBY,))
            seats = [
                _seat(r)
                for r in await tx.rows(
                    "SELECT seat, user_id, bot, name FROM seats WHERE match_id = ? ORDER BY seat",
                    (match_id,),
                )
            ]
            gone = next((s for s in seats if pick(s)), None)
            if gone is None:
                raise missing
            await tx.run("DELETE FROM seats WHERE match_id = ? AND seat = ?", (match_id, gone.seat))
            # One row at a time, ascending, so each target number is already
            # free (the primary key is checked row by row).
            for s in seats:
                if s.seat > gone.seat:
                    await tx.run(
                        "UPDATE seats SET seat = seat - 1 WHERE match_id = ? AND seat = ?",
                        (match_id, s.seat),
                    )
            await touch(tx, match_id, now)
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
        check_hand_over(user_id, bot, how)
        now = self._now()
        async with self._write() as tx:
            row = await self._lock(tx, match_id, LIVE)
            rows = await tx.rows(
                "SELECT seat, user_id, bot, name FROM seats WHERE match_id = ?", (match_id,)
            )
            old = handed_over(match_id, [_seat(r) for r in rows], seat, user_id)
            await tx.run(
                "UPDATE seats SET user_id = ?, bot = ?, joined_at = ?, name = ?"
                " WHERE match_id = ? AND seat = ?",
                (user_id, bot, now, name, match_id, seat),
            )
            if row["status"] == Status.ACTIVE:
                await tx.run(
                    "INSERT INTO seat_holders (match_id, seat, from_seq, user_id, bot, how, at,"
                    " name) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (match_id, seat, row["seq"], user_id, bot, how, now, name),
                )
            await touch(tx, match_id, now)
            return old

    async def seat_history(self, match_id: int) -> list[Holder]:
        rows = await self._lookup(
            "SELECT seat, from_seq, user_id, bot, how, name FROM seat_holders"
            " WHERE match_id = ? ORDER BY seat, id",
            (match_id,),
        )
        return [
            Holder(r["seat"], r["from_seq"], r["user_id"], r["bot"], r["how"], r["name"])
            for r in rows
        ]

    async def rename_seats(self, guild_id: int, user_id: int, name: str) -> int:
        # Looked up first: most renames concern no live seat, and then cost
        # no write transaction.
        where = (
            "user_id = ? AND name IS DISTINCT FROM ? AND match_id IN (SELECT id FROM matches"
            " WHERE guild_id = ? AND status IN ('lobby', 'active'))"
        )
        if not await self._lookup(
            f"SELECT 1 FROM seats WHERE {where} LIMIT 1", (user_id, name, guild_id)
        ):
            return 0
        async with self._write() as tx:
            # The matches' rows first, in id order, as every other writer
            # locks a match before its seats and change counter: two renames
            # of players seated together at several matches cannot deadlock.
            await tx.rows(
                f"SELECT id FROM matches WHERE id IN (SELECT match_id FROM seats WHERE {where})"
                f" ORDER BY id{self._dialect.lock_row}",
                (user_id, name, guild_id),
            )
            return await tx.run(
                f"UPDATE seats SET name = ? WHERE {where}", (name, user_id, name, guild_id)
            )
