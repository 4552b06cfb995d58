"""The hints players asked for (protocol.Hints): one row per decision,
append-only (the schema's trigger refuses an UPDATE), gone only with their
match (ON DELETE CASCADE). Writing one changes nothing of the match itself,
so no load of it kept in memory goes stale."""

from __future__ import annotations

from storage.protocol import Hints
from storage.records import HintUse, from_ms
from storage.sql.base import SqlBase


class SqlHints(SqlBase, Hints):
    async def record_hint(self, match_id: int, seq: int, seat: int, user_id: int) -> bool:
        async with self._write() as tx:
            await self._hold(tx, match_id)  # UnknownMatch; kept from a purge meanwhile
            added = await tx.rows(
                "INSERT INTO hints (match_id, seq, seat, user_id, at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (match_id, seq, seat) DO NOTHING RETURNING seq",
                (match_id, seq, seat, user_id, self._now()),
            )
            return bool(added)

    async def hints(self, match_id: int) -> list[HintUse]:
        rows = await self._fetch(
            "SELECT seq, seat, user_id, at FROM hints WHERE match_id = ? ORDER BY seq, seat",
            (match_id,),
        )
        return [HintUse(r["seq"], r["seat"], r["user_id"], from_ms(r["at"])) for r in rows]
