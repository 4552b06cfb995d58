"""The moves: the append-only action log (protocol.MoveLog).

A move is one `_transact` body: on SQLite moves queued together share one
transaction and one fsync (group commit), each still all or nothing (a
savepoint); on PostgreSQL it is a transaction of its own.

Its condition is the first statement, which reads the match's status and
seq, and locks its row on PostgreSQL (dialect.py): a second process
committing on the same seq waits for the first, then finds the new seq, so
it raises StaleCommit having written nothing.
The schemas' triggers check the same invariants once more.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import Match
from storage.errors import ChangedMeanwhile, StaleCommit, UnknownMatch, WrongStatus
from storage.moves import Step, check_deadline, checked_steps, last_move
from storage.protocol import MoveLog
from storage.records import (
    UNCHANGED,
    DeadlinePlan,
    LoggedAction,
    Row,
    Status,
    Unchanged,
    decode_logged,
    decode_moved,
    dumps,
    from_ms,
)
from storage.sql.base import SqlBase
from storage.sql.queries import MAX_SEQ, checked, ms_or_none, put_deadline, put_message
from storage.sql.results import record_finish
from storage.sql.tx import OneTripMove, Tx


class SqlMoveLog(SqlBase, MoveLog):
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
        move = last_move(match, steps)
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
        steps: list[Step],
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
        transaction (its change counter, read first inside it). An ordinary
        move (no seat renamed, the match not ended) goes in one round trip
        where the backend has one (`_one_trip_move`), else in `move`."""
        rows = checked_steps(expected_seq, steps, snapshot)
        check_deadline(deadline)
        snapshot_json = dumps(snapshot)
        outcome_json = None if finished_outcome is None else dumps(finished_outcome)
        now = self._now()
        final = expected_seq + len(rows)
        base = None if match is None else self._loaded.moved_from(match_id, expected_seq, match)
        # A load for this move handed out unproven (matches.py): the move is
        # written only if the match still has the change counter it had.
        required = self._unproven.pop(match_id, None)
        after = None if base is None or match is None else match.copy()
        q, d = self._q, self._dialect
        if not names and outcome_json is None:
            one_trip = OneTripMove(
                match_id,
                expected_seq,
                rows,
                snapshot_json,
                now,
                *_deadline_args(deadline),
                messages,
                required,
            )
            try:
                done = await self._one_trip_move(one_trip)
                if done is not None:
                    return self._one_trip_done(match_id, expected_seq, done, base, after, now)
            except BaseException:
                self._loaded.drop(match_id)
                raise

        async def move(tx: Tx) -> tuple[int, Row | None]:  # on SQLite: one hop
            row = checked(match_id, await tx.row(q.lock_move, (match_id,)), (Status.ACTIVE,))
            if row["seq"] != expected_seq:
                raise StaleCommit(match_id, expected_seq, row["seq"])
            if required is not None and row["version"] != required:
                raise ChangedMeanwhile(match_id, expected_seq, row["seq"])
            # The names before the log: on PostgreSQL the change counter is
            # the last lock a move takes (storage/postgres/schema.py, V3).
            renamed = 0
            for user_id, name in (names or {}).items():
                renamed += await tx.run(
                    "UPDATE seats SET name = ? WHERE match_id = ? AND user_id = ?"
                    " AND name IS DISTINCT FROM ?",
                    (name, match_id, user_id, name),
                )
            if renamed and d.settle is not None:
                await tx.run(d.settle)
            for n, (seat, key, events_json) in enumerate(rows):
                seq = expected_seq + n
                await tx.run(
                    "INSERT INTO actions (match_id, seq, seat, key, at, events)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (match_id, seq, seat, key, now, events_json),
                )
                if seq + 1 < final:  # a step on the way: the log grows one action at a time
                    await tx.run(
                        "UPDATE matches SET seq = seq + 1 WHERE id = ? AND seq = ?", (match_id, seq)
                    )
            last = final - 1
            if outcome_json is None:
                await tx.run(
                    "UPDATE matches SET seq = seq + 1, snapshot = ?, updated_at = ?"
                    " WHERE id = ? AND seq = ?",
                    (snapshot_json, now, match_id, last),
                )
            else:
                await tx.run(
                    "UPDATE matches SET seq = seq + 1, snapshot = ?, updated_at = ?,"
                    " status = 'finished', outcome = ?, ended_at = ? WHERE id = ? AND seq = ?",
                    (snapshot_json, now, outcome_json, now, match_id, last),
                )
                await record_finish(tx, d, match_id)
            if deadline is None:
                await tx.run("DELETE FROM deadlines WHERE match_id = ?", (match_id,))
            elif isinstance(deadline, DeadlinePlan):
                await put_deadline(tx, match_id, final, deadline.remind_at, deadline.timeout_at)
            for kind, channel_id, message_id in messages:
                await put_message(tx, match_id, kind, channel_id, message_id, now)
            # On PostgreSQL, a lock waited for leaves the row's seq the latest
            # but the counter as of the statement's start: what it may miss
            # (a rename, a pause) is metadata, which `moved` reads afresh;
            # what the cached Match holds changes only with seq once active.
            if base is None or row["version"] != base:
                return final, None
            return final, await tx.row(q.moved, (match_id,))

        try:
            committed, moved = await self._transact(move)
        except BaseException:
            self._loaded.drop(match_id)
            raise
        loaded = None if moved is None or after is None else decode_moved(moved, after)
        if moved is not None and loaded is not None:
            self._loaded.keep(match_id, moved["version"], loaded, copy=False)
        else:
            self._loaded.drop(match_id)
        return committed

    def _one_trip_done(
        self,
        match_id: int,
        expected_seq: int,
        done: Row,
        base: int | None,
        after: Match | None,
        now: int,
    ) -> int:
        """The outcome of a move committed in one round trip: its final seq,
        or the refusal `move` above raises for the same reasons, nothing
        written; the cached match moved on when nothing else changed it."""
        result = done["result"]
        if result == "missing":
            raise UnknownMatch(match_id)
        if result == "stale":
            raise StaleCommit(match_id, expected_seq, done["at_seq"])
        if result == "changed":
            raise ChangedMeanwhile(match_id, expected_seq, done["at_seq"])
        if result != Status.ACTIVE:
            raise WrongStatus(match_id, result, (str(Status.ACTIVE),))
        final: int = done["at_seq"]
        if base is None or after is None or done["version_before"] != base:
            self._loaded.drop(match_id)
        else:
            self._loaded.advance(
                match_id,
                base,
                done["version_after"],
                seq=final,
                updated_at=from_ms(now),
                match=after,
            )
        return final

    async def story(
        self, match_id: int, *, since: int = 0, until: int | None = None
    ) -> list[LoggedAction]:
        rows = await self._fetch(
            f"SELECT seq, seat, key, {self._dialect.text('events')}, at FROM actions"
            " WHERE match_id = ? AND seq >= ? AND seq < ? ORDER BY seq",
            (match_id, since, MAX_SEQ if until is None else until),
        )
        return [decode_logged(r) for r in rows]


def _deadline_args(deadline: DeadlinePlan | None | Unchanged) -> tuple[int, int | None, int | None]:
    """A move's deadline as `OneTripMove` takes it: (what to do, remind_at,
    timeout_at in ms)."""
    if deadline is None:
        return 0, None, None
    if isinstance(deadline, DeadlinePlan):
        return 1, ms_or_none(deadline.remind_at), ms_or_none(deadline.timeout_at)
    return 2, None, None
