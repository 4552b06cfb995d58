"""Moves and the action log on PostgreSQL: the seq-conditioned commit (one
transaction per move), ending a match outside the rules, and the story.

A move's condition is the statement that locks the match's row, `... WHERE
id = $1 AND seq = $expected AND status = 'active' FOR NO KEY UPDATE`: a
second process committing on the same seq waits for the first, then
re-reads the row, finds the new seq and gets no row, so it raises
StaleCommit having written nothing. The schema's triggers check the same
invariants once more (storage/postgres/schema.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import Match
from storage.errors import StaleCommit
from storage.moves import Step, check_deadline, checked_steps, last_move
from storage.postgres import results
from storage.postgres.base import PgBase, lock_match
from storage.postgres.deadlines import put_deadline
from storage.postgres.messages import put_message
from storage.records import (
    UNCHANGED,
    DeadlinePlan,
    LoggedAction,
    Status,
    Unchanged,
    decode_logged,
    dumps,
)


class Moves(PgBase):
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
        """Append (seat, key) with its events as action `expected_seq` and
        store the snapshot after it, in one transaction, only if the stored
        seq is `expected_seq` and the match is active (with
        `finished_outcome`, the match also ends). Returns the new seq.
        Raises StaleCommit, WrongStatus or UnknownMatch, having changed
        nothing. As Store.commit_action."""
        return await self._commit(
            match_id,
            expected_seq,
            [(seat, key, events)],
            snapshot,
            finished_outcome=finished_outcome,
        )

    async def commit(self, match_id: int, match: Match, events: list[dict[str, Any]]) -> int:
        """Commit the last action applied to `match`; as Store.commit."""
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
        """A whole move in one transaction: the last `len(steps)` actions
        applied to `match`, the snapshot after them (ending the match when
        the engine says so), the deadline of the next decision (a
        DeadlinePlan; None clears it; UNCHANGED leaves it), message rows and
        seat names. All or nothing, conditioned on the stored seq; as
        Store.commit_move. Returns the new seq."""
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
    ) -> int:
        rows = checked_steps(expected_seq, steps, snapshot)
        check_deadline(deadline)
        snapshot_json = dumps(snapshot)
        outcome_json = None if finished_outcome is None else dumps(finished_outcome)
        now = self._now()
        final = expected_seq + len(rows)
        async with self._write() as conn:
            won = await conn.fetchval(
                "SELECT id FROM matches WHERE id = $1 AND seq = $2 AND status = 'active'"
                " FOR NO KEY UPDATE",
                match_id,
                expected_seq,
            )
            if won is None:
                row = await lock_match(conn, match_id, (Status.ACTIVE,))
                raise StaleCommit(match_id, expected_seq, row["seq"])
            for n, (seat, key, events_json) in enumerate(rows):
                seq = expected_seq + n
                await conn.execute(
                    "INSERT INTO actions (match_id, seq, seat, key, at, events)"
                    " VALUES ($1, $2, $3, $4, $5, $6)",
                    match_id,
                    seq,
                    seat,
                    key,
                    now,
                    events_json,
                )
                if seq + 1 < final:  # a step on the way: the log grows one action at a time
                    await conn.execute("UPDATE matches SET seq = seq + 1 WHERE id = $1", match_id)
            if outcome_json is None:
                await conn.execute(
                    "UPDATE matches SET seq = seq + 1, snapshot = $2, updated_at = $3"
                    " WHERE id = $1",
                    match_id,
                    snapshot_json,
                    now,
                )
            else:
                await conn.execute(
                    "UPDATE matches SET seq = seq + 1, snapshot = $2, updated_at = $3,"
                    " status = 'finished', outcome = $4, ended_at = $3 WHERE id = $1",
                    match_id,
                    snapshot_json,
                    now,
                    outcome_json,
                )
                await results.record_finish(conn, match_id)
            if deadline is None:
                await conn.execute("DELETE FROM deadlines WHERE match_id = $1", match_id)
            elif isinstance(deadline, DeadlinePlan):
                await put_deadline(conn, match_id, final, deadline.remind_at, deadline.timeout_at)
            for kind, channel_id, message_id in messages:
                await put_message(conn, match_id, kind, channel_id, message_id, now)
            for user_id, name in (names or {}).items():
                await conn.execute(
                    "UPDATE seats SET name = $3 WHERE match_id = $1 AND user_id = $2"
                    " AND name IS DISTINCT FROM $3",
                    match_id,
                    user_id,
                    name,
                )
            return final

    async def finish(
        self, match_id: int, outcome: dict[str, Any], *, expected_seq: int | None = None
    ) -> None:
        """End an active match outside the rules (a forfeit on timeout, a
        moderator's decision; a concession is an engine action, committed
        like a move) with the given outcome. With `expected_seq`, only if no
        move was committed since (else StaleCommit)."""
        outcome_json = dumps(outcome)
        now = self._now()
        async with self._write() as conn:
            row = await lock_match(conn, match_id, (Status.ACTIVE,))
            if expected_seq is not None and row["seq"] != expected_seq:
                raise StaleCommit(match_id, expected_seq, row["seq"])
            await conn.execute(
                "UPDATE matches SET status = 'finished', outcome = $2, ended_at = $3,"
                " updated_at = $3 WHERE id = $1",
                match_id,
                outcome_json,
                now,
            )
            await results.record_finish(conn, match_id)

    async def story(
        self, match_id: int, *, since: int = 0, until: int | None = None
    ) -> list[LoggedAction]:
        """Logged actions `since` <= seq < `until` with their events, oldest
        first. Events are every seat's: filter them for the reader
        (rules.core.events.visible)."""
        rows = await self._fetch(
            "SELECT seq, seat, key, events::text AS events, at FROM actions"
            " WHERE match_id = $1 AND seq >= $2 AND ($3::integer IS NULL OR seq < $3)"
            " ORDER BY seq",
            match_id,
            since,
            until,
        )
        return [decode_logged(r) for r in rows]
