"""The moves: the append-only action log (protocol.MoveLog).

A move is one `Database.transact` body, so that moves queued together share
one transaction and one fsync (group commit), and each is still all or
nothing on its own (a savepoint).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from rules import Match
from storage import moves, results
from storage.database import WriteConn
from storage.errors import StaleCommit
from storage.protocol import MoveLog
from storage.records import (
    UNCHANGED,
    DeadlinePlan,
    LoggedAction,
    Status,
    Unchanged,
    decode_logged,
    decode_moved,
    dumps,
)
from storage.sqlite.base import SqliteBase
from storage.sqlite.queries import MOVED_SQL, VERSION_SQL, put_deadline, put_message, require

_MAX_SQLITE_INT = 2**63 - 1


class SqliteMoveLog(SqliteBase, MoveLog):
    async def commit_action(
        self,
        match_id: int,
        expected_seq: int,
        seat: int,
        key: str,
        snapshot: dict[str, Any],
        events: list[dict[str, Any]],
        *,
        finished_outcome: dict[str, Any] | None = None,
    ) -> int:
        return await self._commit(
            match_id,
            expected_seq,
            [(seat, key, events)],
            snapshot,
            finished_outcome=finished_outcome,
        )

    async def commit(self, match_id: int, match: Match, events: list[dict[str, Any]]) -> int:
        return await self.commit_move(match_id, match, [events])

    async def commit_move(
        self,
        match_id: int,
        match: Match,
        steps: Sequence[list[dict[str, Any]]],
        *,
        deadline: DeadlinePlan | None | Unchanged = UNCHANGED,
        messages: Sequence[tuple[str, int, int]] = (),
        names: dict[int, str] | None = None,
    ) -> int:
        move = moves.last_move(match, steps)
        return await self._commit(
            match_id,
            move.expected_seq,
            move.steps,
            move.snapshot,
            finished_outcome=move.outcome,
            deadline=deadline,
            messages=messages,
            names=names,
            match=match,
        )

    async def _commit(
        self,
        match_id: int,
        expected_seq: int,
        steps: list[moves.Step],
        snapshot: dict[str, Any],
        *,
        finished_outcome: dict[str, Any] | None = None,
        deadline: DeadlinePlan | None | Unchanged = UNCHANGED,
        messages: Sequence[tuple[str, int, int]] = (),
        names: dict[int, str] | None = None,
        match: Match | None = None,
    ) -> int:
        """Commit the move; with `match` (the Match after it), also cache
        the match as the move leaves it, so the load that shows the move
        comes from memory: when the cache holds the state `match` moved on
        from and nothing else changed the match before the move's
        transaction (its change counter, read first inside it)."""
        rows = moves.checked_steps(expected_seq, steps, snapshot)
        moves.check_deadline(deadline)
        snapshot_json = dumps(snapshot)
        outcome_json = None if finished_outcome is None else dumps(finished_outcome)
        now = self._now()
        final = expected_seq + len(rows)
        base = None if match is None else self._loaded.moved_from(match_id, expected_seq, match)
        after = None if base is None or match is None else match.copy()

        async def move(conn: WriteConn) -> tuple[int, sqlite3.Row | None]:  # one hop
            unchanged = False
            if base is not None:
                found = list(await conn.execute_fetchall(VERSION_SQL, (match_id,)))
                unchanged = bool(found) and found[0][0] == base
            for n, (seat, key, events_json) in enumerate(rows):
                seq = expected_seq + n
                # The condition on seq and status *is* the INSERT's WHERE clause.
                cur = await conn.execute(
                    "INSERT INTO actions (match_id, seq, seat, key, at, events)"
                    " SELECT id, seq, ?, ?, ?, ? FROM matches"
                    " WHERE id = ? AND seq = ? AND status = 'active'",
                    (seat, key, now, events_json, match_id, seq),
                )
                if cur.rowcount != 1:
                    row = await require(conn, match_id, (Status.ACTIVE,))
                    raise StaleCommit(match_id, expected_seq, row["seq"])
                if seq + 1 < final:  # a step on the way: the log grows one action at a time
                    await conn.execute(
                        "UPDATE matches SET seq = seq + 1 WHERE id = ? AND seq = ?",
                        (match_id, seq),
                    )
            last = final - 1
            if outcome_json is None:
                await conn.execute(
                    "UPDATE matches SET seq = seq + 1, snapshot = ?, updated_at = ?"
                    " WHERE id = ? AND seq = ?",
                    (snapshot_json, now, match_id, last),
                )
            else:
                await conn.execute(
                    "UPDATE matches SET seq = seq + 1, snapshot = ?, updated_at = ?,"
                    " status = 'finished', outcome = ?, ended_at = ? WHERE id = ? AND seq = ?",
                    (snapshot_json, now, outcome_json, now, match_id, last),
                )
                await results.record_finish(conn, match_id)
            if deadline is None:
                await conn.execute("DELETE FROM deadlines WHERE match_id = ?", (match_id,))
            elif isinstance(deadline, DeadlinePlan):
                await put_deadline(conn, match_id, final, deadline.remind_at, deadline.timeout_at)
            for kind, channel_id, message_id in messages:
                await put_message(conn, match_id, kind, channel_id, message_id, now)
            for user_id, name in (names or {}).items():
                await conn.execute(
                    "UPDATE seats SET name = ? WHERE match_id = ? AND user_id = ?"
                    " AND name IS NOT ?",
                    (name, match_id, user_id, name),
                )
            if not unchanged:
                return final, None
            found = list(await conn.execute_fetchall(MOVED_SQL, (match_id,)))
            return final, found[0] if found else None

        try:
            committed, moved = await self._db.transact(move)
        except BaseException:
            self._loaded.drop(match_id)
            raise
        loaded = None if moved is None or after is None else decode_moved(moved, after)
        if moved is not None and loaded is not None:
            self._loaded.keep(match_id, moved["version"], loaded, copy=False)
        else:
            self._loaded.drop(match_id)
        return committed

    async def story(
        self, match_id: int, *, since: int = 0, until: int | None = None
    ) -> list[LoggedAction]:
        rows = await self._db.fetchall(
            "SELECT seq, seat, key, events, at FROM actions WHERE match_id = ? AND seq >= ?"
            " AND seq < ? ORDER BY seq",
            (match_id, since, _MAX_SQLITE_INT if until is None else until),
        )
        return [decode_logged(r) for r in rows]
