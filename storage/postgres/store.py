"""`PgStore`: the move path of the store on PostgreSQL (issue 20, part 1).

Made to become, method for method, the same API as `storage.store.Store`
(issue 19's `Store` protocol) with the same guarantees, for several shard
processes sharing one database. So far it has what a move needs: a lobby
and its seats, the start, the move commit (with its deadline row, messages
and names, and the results when it ends the match), loading a match, and
deleting a guild.

Concurrency: SQLite has one writer at a time; PostgreSQL has many, in
READ COMMITTED. So every write that reads a match before changing it first
locks the match's row (`SELECT ... FOR UPDATE`), which serialises the writes
of one match across processes and leaves other matches free. A move's
condition is that locking statement itself, `... WHERE id = $1 AND seq =
$expected AND status = 'active' FOR UPDATE`: a second process committing on
the same seq waits for the first, then re-reads the row, finds the new seq
and gets no row, so it raises StaleCommit having written nothing. The
schema's triggers check the same invariants once more (storage/postgres/
schema.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, cast

import asyncpg

from rules import Action, Match, UnknownAction, get_game
from storage.errors import SeatError, StaleCommit, UnknownMatch, UnusableDatabase, WrongStatus
from storage.postgres import connect, results, schema
from storage.records import (
    UNCHANGED,
    Deadline,
    DeadlinePlan,
    LoadedMatch,
    MatchInfo,
    Status,
    decode_info,
    decode_match,
    dumps,
    from_ms,
    to_ms,
)

Clock = Callable[[], float]  # seconds since the Unix epoch, like time.time
DEFAULT_BOT = "bot"

# Metadata columns as storage.records decodes them (JSON as text, seats as
# one JSON array), read with the log in one statement: one consistent state.
_INFO = """
    m.id, m.guild_id, m.channel_id, m.thread_id, m.game, m.status, m.creator_id,
    m.options::text AS options, m.players, m.seed, m.rules_version, m.seq,
    m.outcome::text AS outcome, m.created_at, m.updated_at, m.started_at, m.ended_at,
    m.archived_at, m.settings::text AS settings, m.paused_at,
    (SELECT coalesce(json_agg(json_build_array(s.seat, s.user_id, s.bot, s.name)), '[]')::text
       FROM seats s WHERE s.match_id = m.id) AS seats_json
"""
_LOAD = f"""
SELECT {_INFO}, m.snapshot::text AS snapshot,
       (SELECT coalesce(json_agg(json_build_array(a.seq, a.seat, a.key) ORDER BY a.seq),
                        '[]')::text
          FROM actions a WHERE a.match_id = m.id) AS log_json
  FROM matches m WHERE m.id = $1
"""


class PgStore:
    """The store on a PostgreSQL database (a pool of connections). Open
    with `await PgStore.open(url)`; every method is a coroutine, safe to
    call from concurrent tasks and from several processes at once."""

    def __init__(self, pool: asyncpg.Pool, clock: Clock = time.time, where: str = "database"):
        self._pool = pool
        self._clock = clock
        self.where = where  # the database as errors name it (no password)

    # -- lifecycle ----------------------------------------------------------
    @classmethod
    async def open(
        cls,
        url: str | None = None,
        *,
        schema_name: str | None = None,
        clock: Clock = time.time,
        min_size: int = 1,
        max_size: int = 10,
    ) -> PgStore:
        """Connect to `url` (default: DATABASE_URL) and migrate its schema
        (the search_path's, or `schema_name`'s). Refuses with
        UnusableDatabase (SchemaTooNew for a newer schema) a database it
        cannot use, in one line naming it and what to do."""
        url = url or connect.database_url()
        if url is None:
            raise ValueError(f"no PostgreSQL URL given and {connect.ENV_VAR} is not set")
        where = connect.redact(url) + (f" (schema {schema_name})" if schema_name else "")
        try:
            pool = await connect.create_pool(
                url, schema=schema_name, min_size=min_size, max_size=max_size
            )
        except (OSError, asyncpg.PostgresError) as exc:
            raise UnusableDatabase(
                where,
                f"cannot connect ({exc})",
                "check DATABASE_URL and that the server is running",
            ) from exc
        store = cls(pool, clock, where)
        try:
            async with pool.acquire() as conn:
                await schema.migrate(conn, store._now, where=where)
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self._pool.close()

    async def __aenter__(self) -> PgStore:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    def _now(self) -> int:
        return int(self._clock() * 1000)

    # -- lobby ----------------------------------------------------------------
    async def create_lobby(
        self,
        guild_id: int,
        channel_id: int,
        game_id: str,
        options: dict[str, Any] | None,
        creator_id: int,
        thread_id: int | None = None,
    ) -> int:
        """A new match in the lobby (no seats, no engine state); its id.
        Raises rules.UnknownGame for a game this code does not have."""
        get_game(game_id)
        now = self._now()
        return cast(
            int,
            await self._pool.fetchval(
                "INSERT INTO matches (guild_id, channel_id, thread_id, game, status, creator_id,"
                " options, created_at, updated_at) VALUES ($1, $2, $3, $4, 'lobby', $5, $6, $7, $7)"
                " RETURNING id",
                guild_id,
                channel_id,
                thread_id,
                game_id,
                creator_id,
                dumps(options or {}),
                now,
            ),
        )

    async def add_user_seat(self, match_id: int, user_id: int, name: str | None = None) -> int:
        """Seat a user at the next free seat; its number. SeatError if the
        user is already seated or the lobby is full."""
        return await self._add_seat(match_id, user_id, None, name)

    async def add_bot_seat(self, match_id: int, bot: str = DEFAULT_BOT) -> int:
        """Seat a bot of kind `bot` at the next free seat; its number."""
        if not bot:
            raise ValueError("a bot seat needs a non-empty bot kind")
        return await self._add_seat(match_id, None, bot)

    async def _add_seat(
        self, match_id: int, user_id: int | None, bot: str | None, name: str | None = None
    ) -> int:
        now = self._now()
        async with self._pool.acquire() as conn, conn.transaction():
            row = await _lock(conn, match_id, (Status.LOBBY,))
            seats = await conn.fetch(
                "SELECT seat, user_id FROM seats WHERE match_id = $1 ORDER BY seat", match_id
            )
            if user_id is not None and any(s["user_id"] == user_id for s in seats):
                raise SeatError(match_id, f"user {user_id} is already seated")
            capacity = get_game(row["game"]).max_players
            if len(seats) >= capacity:
                raise SeatError(match_id, f"the lobby is full ({capacity} seats)")
            seat = len(seats)
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

    async def start_match(self, match_id: int, match: Match) -> None:
        """Lobby -> active with a fresh `Match` (seq 0) whose player count is
        the number of seats; stores seed, players, the engine-normalised
        options, rules version and the first snapshot. Seats are then fixed."""
        if match.seq != 0:
            raise ValueError(f"start_match needs a fresh match, this one is at seq {match.seq}")
        snapshot, options = dumps(match.snapshot()), dumps(match.options)
        now = self._now()
        async with self._pool.acquire() as conn, conn.transaction():
            row = await _lock(conn, match_id, (Status.LOBBY,))
            if row["game"] != match.game_id:
                raise ValueError(f"match {match_id} is {row['game']}, not {match.game_id}")
            count = await conn.fetchval("SELECT count(*) FROM seats WHERE match_id = $1", match_id)
            if count != match.players:
                raise SeatError(match_id, f"{count} seats for a {match.players}-player match")
            await conn.execute(
                "INSERT INTO seat_holders (match_id, seat, from_seq, user_id, bot, how, at, name)"
                " SELECT match_id, seat, 0, user_id, bot, 'start', $2, name FROM seats"
                " WHERE match_id = $1 ORDER BY seat",
                match_id,
                now,
            )
            await conn.execute(
                "UPDATE matches SET status = 'active', players = $2, seed = $3, options = $4,"
                " rules_version = $5, snapshot = $6, started_at = $7, updated_at = $7"
                " WHERE id = $1",
                match_id,
                match.players,
                match.seed,
                options,
                match.game.rules_version,
                snapshot,
                now,
            )

    # -- play -------------------------------------------------------------------
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
        deadline: DeadlinePlan | None | object = UNCHANGED,
        messages: Sequence[tuple[str, int, int]] = (),
        names: dict[int, str] | None = None,
    ) -> int:
        """A whole move in one transaction: the last `len(steps)` actions
        applied to `match`, the snapshot after them (ending the match when
        the engine says so), the deadline of the next decision (a
        DeadlinePlan; None clears it; UNCHANGED leaves it), message rows and
        seat names. All or nothing, conditioned on the stored seq; as
        Store.commit_move. Returns the new seq."""
        if not 1 <= len(steps) <= len(match.log):
            raise ValueError(f"{len(steps)} step(s) to commit, {len(match.log)} logged")
        done = [
            (seat, key, events)
            for (seat, key), events in zip(match.log[-len(steps) :], steps, strict=True)
        ]
        outcome = (match.outcome() or {}) if match.is_over() else None
        return await self._commit(
            match_id,
            match.seq - len(steps),
            done,
            match.snapshot(),
            finished_outcome=outcome,
            deadline=deadline,
            messages=messages,
            names=names,
        )

    async def _commit(
        self,
        match_id: int,
        expected_seq: int,
        steps: list[tuple[int, str, list[dict[str, Any]]]],
        snapshot: dict[str, Any],
        *,
        finished_outcome: dict[str, Any] | None = None,
        deadline: DeadlinePlan | None | object = UNCHANGED,
        messages: Sequence[tuple[str, int, int]] = (),
        names: dict[int, str] | None = None,
    ) -> int:
        rows = _checked_steps(expected_seq, steps, snapshot)
        if not (deadline is None or deadline is UNCHANGED or isinstance(deadline, DeadlinePlan)):
            raise TypeError(f"deadline must be a DeadlinePlan, None or UNCHANGED, not {deadline!r}")
        snapshot_json = dumps(snapshot)
        outcome_json = None if finished_outcome is None else dumps(finished_outcome)
        now = self._now()
        final = expected_seq + len(rows)
        async with self._pool.acquire() as conn, conn.transaction():
            # The condition: lock the row only if it is at the expected seq.
            won = await conn.fetchval(
                "SELECT id FROM matches WHERE id = $1 AND seq = $2 AND status = 'active'"
                " FOR UPDATE",
                match_id,
                expected_seq,
            )
            if won is None:
                row = await _lock(conn, match_id, (Status.ACTIVE,))
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
                await _put_deadline(conn, match_id, final, deadline)
            for kind, channel_id, message_id in messages:
                await conn.execute(
                    "INSERT INTO messages (match_id, kind, channel_id, message_id, posted_at)"
                    " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_id, kind) DO UPDATE SET"
                    " channel_id = excluded.channel_id, message_id = excluded.message_id,"
                    " posted_at = excluded.posted_at",
                    match_id,
                    kind,
                    channel_id,
                    message_id,
                    now,
                )
            for user_id, name in (names or {}).items():
                await conn.execute(
                    "UPDATE seats SET name = $3 WHERE match_id = $1 AND user_id = $2"
                    " AND name IS DISTINCT FROM $3",
                    match_id,
                    user_id,
                    name,
                )
            return final

    # -- reading ----------------------------------------------------------------
    async def info(self, match_id: int) -> MatchInfo:
        """Metadata and seats, without the engine state (cheap)."""
        row = await self._pool.fetchrow(f"SELECT {_INFO} FROM matches m WHERE m.id = $1", match_id)
        if row is None:
            raise UnknownMatch(match_id)
        return decode_info(row)

    async def load(self, match_id: int, *, verify: bool = False) -> LoadedMatch:
        """Metadata and the `Match` rebuilt from its snapshot; with `verify`,
        the log is replayed too and must give the same snapshot. Raises
        UnknownMatch, or CorruptMatch if unreadable."""
        row = await self._pool.fetchrow(_LOAD, match_id)
        if row is None:
            raise UnknownMatch(match_id)
        return decode_match(row, verify=verify)

    async def deadline(self, match_id: int) -> Deadline | None:
        row = await self._pool.fetchrow("SELECT * FROM deadlines WHERE match_id = $1", match_id)
        if row is None:
            return None
        return Deadline(
            row["match_id"], row["seq"], from_ms(row["remind_at"]), from_ms(row["timeout_at"])
        )

    # -- guilds -----------------------------------------------------------------
    async def delete_guild(self, guild_id: int) -> int:
        """Remove everything of a guild at once: its matches with their
        seats, logs (the one way log rows go: with their match), messages and
        deadlines, its settings, ratings and any pending purge. Returns the
        matches removed."""
        async with self._pool.acquire() as conn, conn.transaction():
            status = await conn.execute("DELETE FROM matches WHERE guild_id = $1", guild_id)
            for table in ("guild_settings", "departed_guilds", "ratings"):
                await conn.execute(f"DELETE FROM {table} WHERE guild_id = $1", guild_id)
            return int(status.split()[-1])


def _checked_steps(
    expected_seq: int, steps: list[tuple[int, str, list[dict[str, Any]]]], snapshot: dict[str, Any]
) -> list[tuple[int, str, str]]:
    """The steps as rows (seat, key, events JSON), refusing what the
    engine could not have produced, before anything is written."""
    if isinstance(expected_seq, bool) or not isinstance(expected_seq, int) or expected_seq < 0:
        raise ValueError(f"bad expected_seq {expected_seq!r}")
    rows = []
    for seat, key, events in steps:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise ValueError(f"bad seat {seat!r}")
        try:
            if Action.parse(key).key() != key:
                raise UnknownAction(key)
        except UnknownAction:
            raise ValueError(f"bad action key {key!r}") from None
        if not isinstance(events, list):
            raise TypeError(f"events must be a list, not {type(events).__name__}")
        rows.append((seat, key, dumps(events)))
    if not isinstance(snapshot, dict):
        raise TypeError(f"the snapshot must be a dict, not {type(snapshot).__name__}")
    return rows


async def _lock(
    conn: asyncpg.Connection, match_id: int, allowed: tuple[Status, ...] | None = None
) -> asyncpg.Record:
    """The match's row, locked until the transaction ends; UnknownMatch or
    WrongStatus if it is missing or not in an `allowed` status."""
    row = await conn.fetchrow(
        "SELECT id, game, status, seq FROM matches WHERE id = $1 FOR UPDATE", match_id
    )
    if row is None:
        raise UnknownMatch(match_id)
    if allowed is not None and row["status"] not in allowed:
        raise WrongStatus(match_id, row["status"], tuple(str(s) for s in allowed))
    return row


async def _put_deadline(
    conn: asyncpg.Connection, match_id: int, seq: int, plan: DeadlinePlan
) -> None:
    await conn.execute(
        "INSERT INTO deadlines (match_id, seq, remind_at, timeout_at) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (match_id) DO UPDATE SET seq = excluded.seq,"
        " remind_at = excluded.remind_at, timeout_at = excluded.timeout_at",
        match_id,
        seq,
        None if plan.remind_at is None else to_ms(plan.remind_at),
        None if plan.timeout_at is None else to_ms(plan.timeout_at),
    )
