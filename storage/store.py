"""`Store`: the one object the Discord layer talks to for anything stored.

A match's life: `create_lobby` -> seats come and go -> `start_match` ->
`commit_action`/`commit` per move (the last one may finish it; `finish` ends
it otherwise) -> maybe `archive`. `cancel` abandons it at any live stage.

The guarantee that matters: a move is one transaction that appends the log
row and replaces snapshot and seq, and it only happens if the stored seq is
the one the caller's move was computed from. So an acknowledged move is
durable, a racing duplicate changes nothing, and log and snapshot never
diverge (triggers in the schema refuse any write that would let them).
"""
from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import Callable, Generator, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import aiosqlite

from rules import Action, Match, UnknownAction, get_game
from storage import ratings, results
from storage.database import Database, default_path, prepare_file
from storage.errors import SeatError, StaleCommit, UnknownMatch, WrongStatus
from storage.records import (
    ENDED,
    INFO_COLUMNS,
    LIVE,
    LOAD_SQL,
    HAND_OVERS,
    UNCHANGED,
    Deadline,
    DeadlinePlan,
    Holder,
    LoadedMatch,
    LoggedAction,
    MatchInfo,
    MessageRef,
    Seat,
    Stats,
    Status,
    decode_info,
    decode_logged,
    decode_match,
    decode_message,
    dumps,
    from_ms,
    to_ms,
)

log = logging.getLogger(__name__)

Clock = Callable[[], float]  # seconds since the Unix epoch, like time.time
DEFAULT_BOT = "bot"
_MAX_SQLITE_INT = 2**63 - 1


class _Opening:
    """`await Store.open(...)` or `async with Store.open(...) as store:`."""

    def __init__(self, path: Path, clock: Clock, create_folder: bool):
        self._path = path
        self._clock = clock
        self._create_folder = create_folder
        self._store: Store | None = None

    async def _open(self) -> "Store":
        clock = self._clock
        await asyncio.to_thread(prepare_file, self._path, lambda: _ms(clock),
                                create_folder=self._create_folder)
        store = Store(await Database.open(self._path), clock)
        try:
            await store.rate_unrated()
        except BaseException:
            await store.close()
            raise
        return store

    def __await__(self) -> Generator[Any, None, "Store"]:
        return self._open().__await__()

    async def __aenter__(self) -> "Store":
        self._store = await self._open()
        return self._store

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._store is not None
        await self._store.close()


def _ms(clock: Clock) -> int:
    return int(clock() * 1000)


class Store:
    """All persistence of the bot, on one SQLite file. Open with
    `Store.open(path)`; every method is a coroutine and safe to call from
    concurrent tasks. Times come from `clock` (injectable for tests)."""

    def __init__(self, db: Database, clock: Clock = time.time):
        self._db = db
        self._clock = clock

    # -- lifecycle ----------------------------------------------------------
    @classmethod
    def open(cls, path: str | Path | None = None, *, clock: Clock = time.time,
             create_folder: bool = True) -> _Opening:
        """Check, open (creating the file, and the folder if `create_folder`)
        and migrate the database at `path` (default:
        `database.default_path()`), then prove it takes a write. Refuses
        with UnusableDatabase (SchemaTooNew, NotOurDatabase, ...) a file it
        cannot use, in one line that names the file and what to do."""
        return _Opening(Path(path) if path is not None else default_path(), clock,
                        create_folder)

    async def close(self) -> None:
        await self._db.close()

    async def __aenter__(self) -> "Store":
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def path(self) -> Path:
        return self._db.path

    @property
    def transactions(self) -> int:
        """Write transactions committed since the store opened (one fsync each)."""
        return self._db.transactions

    def _now(self) -> int:
        return _ms(self._clock)

    # -- lobby ----------------------------------------------------------------
    async def create_lobby(self, guild_id: int, channel_id: int, game_id: str,
                           options: dict | None, creator_id: int,
                           thread_id: int | None = None) -> int:
        """A new match in the lobby (no seats, no engine state); its id.
        Raises rules.UnknownGame for a game this code does not have."""
        get_game(game_id)
        now = self._now()
        async with self._db.write() as conn:
            cur = await conn.execute(
                "INSERT INTO matches (guild_id, channel_id, thread_id, game, status, creator_id,"
                " options, created_at, updated_at) VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                (guild_id, channel_id, thread_id, game_id, creator_id, dumps(options or {}),
                 now, now))
            return cur.lastrowid

    async def set_thread(self, match_id: int, thread_id: int | None) -> None:
        """Record the thread that shows the match (created after the lobby,
        since its name usually carries the match id)."""
        async with self._db.write() as conn:
            await _require(conn, match_id)
            await conn.execute("UPDATE matches SET thread_id = ?, updated_at = ? WHERE id = ?",
                               (thread_id, self._now(), match_id))

    async def add_user_seat(self, match_id: int, user_id: int, name: str | None = None) -> int:
        """Seat a user at the next free seat; its number. SeatError if the
        user is already seated or the lobby is full. `name`: their display
        name, kept with the seat so tables never wait on Discord for it."""
        return await self._add_seat(match_id, user_id, None, name)

    async def add_bot_seat(self, match_id: int, bot: str = DEFAULT_BOT) -> int:
        """Seat a bot of kind `bot` at the next free seat; its number."""
        if not bot:
            raise ValueError("a bot seat needs a non-empty bot kind")
        return await self._add_seat(match_id, None, bot)

    async def _add_seat(self, match_id: int, user_id: int | None, bot: str | None,
                        name: str | None = None) -> int:
        now = self._now()
        async with self._db.write() as conn:
            row = await _require(conn, match_id, (Status.LOBBY,))
            seats = await conn.execute_fetchall(
                "SELECT seat, user_id FROM seats WHERE match_id = ? ORDER BY seat", (match_id,))
            if user_id is not None and any(s["user_id"] == user_id for s in seats):
                raise SeatError(match_id, f"user {user_id} is already seated")
            capacity = get_game(row["game"]).max_players
            if len(seats) >= capacity:
                raise SeatError(match_id, f"the lobby is full ({capacity} seats)")
            seat = len(seats)
            await conn.execute(
                "INSERT INTO seats (match_id, seat, user_id, bot, joined_at, name)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, seat, user_id, bot, now, name))
            await _touch(conn, match_id, now)
            return seat

    async def remove_seat(self, match_id: int, seat: int) -> Seat:
        """Free a lobby seat; later seats move up one so seats stay 0..n-1.
        Returns the removed seat."""
        return await self._remove_seat(match_id, lambda s: s.seat == seat, f"no seat {seat}")

    async def remove_user_seat(self, match_id: int, user_id: int) -> Seat:
        """A user leaves the lobby; returns the seat they had."""
        return await self._remove_seat(
            match_id, lambda s: s.user_id == user_id, f"user {user_id} is not seated")

    async def _remove_seat(self, match_id: int, pick: Callable[[Seat], bool],
                           missing: str) -> Seat:
        now = self._now()
        async with self._db.write() as conn:
            await _require(conn, match_id, (Status.LOBBY,))
            rows = await conn.execute_fetchall(
                "SELECT seat, user_id, bot FROM seats WHERE match_id = ? ORDER BY seat",
                (match_id,))
            seats = [Seat(r["seat"], r["user_id"], r["bot"]) for r in rows]
            gone = next((s for s in seats if pick(s)), None)
            if gone is None:
                raise SeatError(match_id, missing)
            await conn.execute("DELETE FROM seats WHERE match_id = ? AND seat = ?",
                               (match_id, gone.seat))
            for s in seats:  # ascending, so each target number is already free
                if s.seat > gone.seat:
                    await conn.execute(
                        "UPDATE seats SET seat = seat - 1 WHERE match_id = ? AND seat = ?",
                        (match_id, s.seat))
            await _touch(conn, match_id, now)
            return gone

    async def start_match(self, match_id: int, match: Match) -> None:
        """Lobby -> active with a fresh `Match` (seq 0) whose player count is
        the number of seats; stores seed, players, the engine-normalised
        options, rules version and the first snapshot. Seats are then fixed."""
        if match.seq != 0:
            raise ValueError(f"start_match needs a fresh match, this one is at seq {match.seq}")
        snapshot, options = dumps(match.snapshot()), dumps(match.options)
        now = self._now()
        async with self._db.write() as conn:
            row = await _require(conn, match_id, (Status.LOBBY,))
            if row["game"] != match.game_id:
                raise ValueError(f"match {match_id} is {row['game']}, not {match.game_id}")
            (count,), = await conn.execute_fetchall(
                "SELECT count(*) FROM seats WHERE match_id = ?", (match_id,))
            if count != match.players:
                raise SeatError(match_id, f"{count} seats for a {match.players}-player match")
            await conn.execute(
                "INSERT INTO seat_holders (match_id, seat, from_seq, user_id, bot, how, at, name)"
                " SELECT match_id, seat, 0, user_id, bot, 'start', ?, name FROM seats"
                " WHERE match_id = ? ORDER BY seat", (now, match_id))
            await conn.execute(
                "UPDATE matches SET status = 'active', players = ?, seed = ?, options = ?,"
                " rules_version = ?, snapshot = ?, started_at = ?, updated_at = ? WHERE id = ?",
                (match.players, match.seed, options, match.game.rules_version, snapshot,
                 now, now, match_id))

    async def cancel(self, match_id: int) -> None:
        """Abandon a lobby or an active match (status 'cancelled')."""
        now = self._now()
        async with self._db.write() as conn:
            await _require(conn, match_id, LIVE)
            await conn.execute(
                "UPDATE matches SET status = 'cancelled', ended_at = ?, updated_at = ?"
                " WHERE id = ?",
                (now, now, match_id))

    # -- play -------------------------------------------------------------------
    async def commit_action(self, match_id: int, expected_seq: int, seat: int, key: str,
                            snapshot: dict, events: list[dict], *,
                            finished_outcome: dict | None = None) -> int:
        """Append (seat, key) and the action's engine events to the log as
        action number `expected_seq` and store the snapshot after it, in one
        transaction, only if the stored
        seq is `expected_seq` and the match is active; with
        `finished_outcome`, the match also ends. Returns the new seq.

        Raises StaleCommit (someone moved first), WrongStatus (not active)
        or UnknownMatch, and then nothing has changed. Once it returns, the
        move is on disk (fsynced); if the calling task is cancelled instead,
        the move may or may not be stored: reload to find out. The snapshot
        must be the state after applying `key` to the state at
        `expected_seq`; `commit(match_id, match)` derives all of it from the
        Match."""
        return await self._commit(match_id, expected_seq, [(seat, key, events)], snapshot,
                                  finished_outcome=finished_outcome)

    async def commit(self, match_id: int, match: Match, events: list[dict]) -> int:
        """Commit the last action applied to `match` (loaded from this store,
        then `events = match.act(...)` once). Ends the match when the engine
        says it is over. After StaleCommit the in-memory match holds a move
        that was not stored: discard it and reload."""
        return await self.commit_move(match_id, match, [events])

    async def commit_move(self, match_id: int, match: Match, steps: Sequence[list[dict]], *,
                          deadline: "DeadlinePlan | None | object" = UNCHANGED,
                          messages: Sequence[tuple[str, int, int]] = (),
                          names: dict[int, str] | None = None) -> int:
        """A whole move in one transaction, hence one fsync: the last
        `len(steps)` actions applied to `match` (loaded from this store;
        `steps[i]` the events `match.act` returned for each), the snapshot
        after them (ending the match when the engine says it is over), and
        what the move implies besides:

        - `deadline`: the deadline of the decision the match waits on after
          the move (a DeadlinePlan), or None to clear it; left alone by default;
        - `messages`: (kind, channel id, message id) rows of messages that
          show the match (e.g. the last turn ping), replacing those kinds;
        - `names`: user id -> display name, for their seats here.

        All or nothing, conditioned on the stored seq like `commit_action`
        (StaleCommit, WrongStatus, UnknownMatch). Returns the new seq."""
        if not 1 <= len(steps) <= len(match.log):
            raise ValueError(f"{len(steps)} step(s) to commit, {len(match.log)} logged")
        done = [(seat, key, events)
                for (seat, key), events in zip(match.log[-len(steps):], steps)]
        outcome = (match.outcome() or {}) if match.is_over() else None
        return await self._commit(match_id, match.seq - len(steps), done, match.snapshot(),
                                  finished_outcome=outcome, deadline=deadline,
                                  messages=messages, names=names)

    async def _commit(self, match_id: int, expected_seq: int,
                      steps: list[tuple[int, str, list[dict]]], snapshot: dict, *,
                      finished_outcome: dict | None = None,
                      deadline: "DeadlinePlan | None | object" = UNCHANGED,
                      messages: Sequence[tuple[str, int, int]] = (),
                      names: dict[int, str] | None = None) -> int:
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
        snapshot_json = dumps(snapshot)
        outcome_json = None if finished_outcome is None else dumps(finished_outcome)
        now = self._now()
        final = expected_seq + len(rows)

        async def move(conn) -> int:  # one hop to the writer's thread (Database.transact)
            for n, (seat, key, events_json) in enumerate(rows):
                seq = expected_seq + n
                # The condition on seq and status *is* the INSERT's WHERE clause.
                cur = await conn.execute(
                    "INSERT INTO actions (match_id, seq, seat, key, at, events)"
                    " SELECT id, seq, ?, ?, ?, ? FROM matches"
                    " WHERE id = ? AND seq = ? AND status = 'active'",
                    (seat, key, now, events_json, match_id, seq))
                if cur.rowcount != 1:
                    row = await _require(conn, match_id, (Status.ACTIVE,))
                    raise StaleCommit(match_id, expected_seq, row["seq"])
                if seq + 1 < final:  # a step on the way: the log grows one action at a time
                    await conn.execute(
                        "UPDATE matches SET seq = seq + 1 WHERE id = ? AND seq = ?",
                        (match_id, seq))
            last = final - 1
            if outcome_json is None:
                await conn.execute(
                    "UPDATE matches SET seq = seq + 1, snapshot = ?, updated_at = ?"
                    " WHERE id = ? AND seq = ?",
                    (snapshot_json, now, match_id, last))
            else:
                await conn.execute(
                    "UPDATE matches SET seq = seq + 1, snapshot = ?, updated_at = ?,"
                    " status = 'finished', outcome = ?, ended_at = ? WHERE id = ? AND seq = ?",
                    (snapshot_json, now, outcome_json, now, match_id, last))
                await results.record_finish(conn, match_id)
            if deadline is None:
                await conn.execute("DELETE FROM deadlines WHERE match_id = ?", (match_id,))
            elif deadline is not UNCHANGED:
                await _put_deadline(conn, match_id, final, deadline.remind_at,
                                    deadline.timeout_at)
            for kind, channel_id, message_id in messages:
                await _put_message(conn, match_id, kind, channel_id, message_id, now)
            for user_id, name in (names or {}).items():
                await conn.execute(
                    "UPDATE seats SET name = ? WHERE match_id = ? AND user_id = ?"
                    " AND name IS NOT ?", (name, match_id, user_id, name))
            return final
        return await self._db.transact(move)

    async def finish(self, match_id: int, outcome: dict, *,
                     expected_seq: int | None = None) -> None:
        """End an active match outside the rules (a forfeit on timeout, a
        moderator's decision; a concession is an engine action, committed
        like a move) with the given outcome. With `expected_seq`, only if no
        move was committed since (else StaleCommit)."""
        outcome_json = dumps(outcome)
        now = self._now()
        async with self._db.write() as conn:
            row = await _require(conn, match_id, (Status.ACTIVE,))
            if expected_seq is not None and row["seq"] != expected_seq:
                raise StaleCommit(match_id, expected_seq, row["seq"])
            await conn.execute(
                "UPDATE matches SET status = 'finished', outcome = ?, ended_at = ?,"
                " updated_at = ? WHERE id = ?", (outcome_json, now, now, match_id))
            await results.record_finish(conn, match_id)

    async def archive(self, match_id: int) -> None:
        """Hide an ended match from history listings (kept, still loadable).
        Archiving twice keeps the first time."""
        now = self._now()
        async with self._db.write() as conn:
            await _require(conn, match_id, ENDED)
            await conn.execute(
                "UPDATE matches SET archived_at = coalesce(archived_at, ?), updated_at = ?"
                " WHERE id = ?", (now, now, match_id))

    # -- reading ----------------------------------------------------------------
    async def info(self, match_id: int) -> MatchInfo:
        """Metadata and seats, without the engine state (cheap)."""
        row = await self._db.lookup_one(
            f"SELECT {INFO_COLUMNS} FROM matches m WHERE m.id = ?", (match_id,))
        if row is None:
            raise UnknownMatch(match_id)
        return decode_info(row)

    async def load(self, match_id: int, *, verify: bool = False) -> LoadedMatch:
        """Metadata and the `Match` rebuilt from its snapshot; with `verify`,
        the log is replayed too and must give the same snapshot. Raises
        UnknownMatch, or CorruptMatch (carrying match_id) if unreadable."""
        row = await self._db.lookup_one(LOAD_SQL, (match_id,))
        if row is None:
            raise UnknownMatch(match_id)
        return decode_match(row, verify=verify)

    async def live_matches(self, *, guild_id: int | None = None, channel_id: int | None = None,
                           user_id: int | None = None, departed: bool = True) -> list[MatchInfo]:
        """Lobby and active matches, oldest first, filtered by guild, by
        channel or thread (`channel_id` matches either, so a channel's id
        also finds the matches in its threads) and by seated user; with
        `departed=False`, not those of guilds the bot has left."""
        where, params = ["m.status IN ('lobby', 'active')"], []
        if not departed:
            where.append("m.guild_id NOT IN (SELECT guild_id FROM departed_guilds)")
        if guild_id is not None:
            where.append("m.guild_id = ?")
            params.append(guild_id)
        if channel_id is not None:
            where.append("(m.channel_id = ? OR m.thread_id = ?)")
            params += [channel_id, channel_id]
        if user_id is not None:
            where.append("m.id IN (SELECT match_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        return await self._infos(f"WHERE {' AND '.join(where)} ORDER BY m.id", params)

    async def finished_matches(self, guild_id: int, *, limit: int = 20,
                               include_archived: bool = False) -> list[MatchInfo]:
        """A guild's finished matches, most recently ended first."""
        archived = "" if include_archived else " AND m.archived_at IS NULL"
        return await self._infos(
            f"WHERE m.guild_id = ? AND m.status = 'finished'{archived}"
            " ORDER BY m.ended_at DESC, m.id DESC LIMIT ?", (guild_id, limit))

    async def match_shown_in(self, place_id: int) -> MatchInfo | None:
        """The match shown in a thread, or directly in a channel (a match
        without a thread): the newest live one, else the newest at all."""
        found = await self._infos(
            "WHERE m.thread_id = ? OR (m.channel_id = ? AND m.thread_id IS NULL)"
            " ORDER BY m.status IN ('lobby', 'active') DESC, m.id DESC LIMIT 1",
            (place_id, place_id))
        return found[0] if found else None

    async def _infos(self, tail: str, params) -> list[MatchInfo]:
        """Decode each row on its own: a row whose JSON is bad comes back
        flagged (`problem`), one that cannot be decoded at all is skipped;
        both are logged with their match id, and the rest is listed."""
        rows = await self._db.fetchall(f"SELECT {INFO_COLUMNS} FROM matches m {tail}", params)
        infos = []
        for row in rows:
            try:
                info = decode_info(row)
            except Exception:
                log.exception("match %s is unreadable; left out of the listing", row["id"])
                continue
            if info.problem:
                log.warning("match %s is unreadable: %s", info.id, info.problem)
            infos.append(info)
        return infos

    # -- Discord messages -------------------------------------------------------
    async def set_message(self, match_id: int, kind: str, channel_id: int,
                          message_id: int) -> MessageRef | None:
        """Record the message of `kind` ('table', 'lobby', ...) showing the
        match, replacing the previous one of that kind, which is returned
        (so the caller can delete or edit it)."""
        now = self._now()
        async with self._db.write() as conn:
            await _require(conn, match_id)
            old = await conn.execute_fetchall(
                "SELECT * FROM messages WHERE match_id = ? AND kind = ?", (match_id, kind))
            await _put_message(conn, match_id, kind, channel_id, message_id, now)
            return decode_message(old[0]) if old else None

    async def message(self, match_id: int, kind: str) -> MessageRef | None:
        row = await self._db.lookup_one(
            "SELECT * FROM messages WHERE match_id = ? AND kind = ?", (match_id, kind))
        return decode_message(row) if row else None

    async def messages(self, match_id: int) -> dict[str, MessageRef]:
        rows = await self._db.lookup(
            "SELECT * FROM messages WHERE match_id = ? ORDER BY kind", (match_id,))
        return {row["kind"]: decode_message(row) for row in rows}

    async def find_message(self, message_id: int) -> MessageRef | None:
        """Which match (and kind) a Discord message shows, if any."""
        row = await self._db.fetchone(
            "SELECT * FROM messages WHERE message_id = ? LIMIT 1", (message_id,))
        return decode_message(row) if row else None

    async def forget_message(self, match_id: int, kind: str) -> MessageRef | None:
        """Drop the record of a message (e.g. deleted on Discord); the old one."""
        async with self._db.write() as conn:
            old = await conn.execute_fetchall(
                "DELETE FROM messages WHERE match_id = ? AND kind = ? RETURNING *",
                (match_id, kind))
            return decode_message(old[0]) if old else None

    # -- hosting: per-match settings, pause, seats handed over -------------------
    async def set_match_settings(self, match_id: int, settings: dict) -> None:
        """The host's settings for one match (deadlines, timeout policy)."""
        async with self._db.write() as conn:
            await _require(conn, match_id, LIVE)
            await conn.execute("UPDATE matches SET settings = ?, updated_at = ? WHERE id = ?",
                               (dumps(settings), self._now(), match_id))

    async def pause(self, match_id: int) -> None:
        """A host pauses an active match (pausing twice keeps the first time)."""
        now = self._now()
        async with self._db.write() as conn:
            await _require(conn, match_id, (Status.ACTIVE,))
            await conn.execute(
                "UPDATE matches SET paused_at = coalesce(paused_at, ?), updated_at = ?"
                " WHERE id = ?", (now, now, match_id))

    async def resume(self, match_id: int) -> None:
        async with self._db.write() as conn:
            await _require(conn, match_id, (Status.ACTIVE,))
            await conn.execute("UPDATE matches SET paused_at = NULL, updated_at = ? WHERE id = ?",
                               (self._now(), match_id))

    async def replace_seat(self, match_id: int, seat: int, *, how: str,
                           user_id: int | None = None, bot: str | None = None,
                           name: str | None = None) -> Seat:
        """Give a seat of a live match to another user or to a bot; `how` the
        holder left (HAND_OVERS: conceded, kicked, forfeited, replaced).
        Returns the seat as it was. The seat history keeps the old holder
        and their moves. SeatError if the new user is already seated or the
        seat is missing."""
        if (user_id is None) == (bot is None):
            raise ValueError("a seat goes to exactly one of a user or a bot")
        if how not in HAND_OVERS:
            raise ValueError(f"unknown hand-over {how!r} (one of {', '.join(HAND_OVERS)})")
        async with self._db.write() as conn:
            row = await _require(conn, match_id, LIVE)
            rows = await conn.execute_fetchall(
                "SELECT seat, user_id, bot FROM seats WHERE match_id = ?", (match_id,))
            seats = {r["seat"]: Seat(r["seat"], r["user_id"], r["bot"]) for r in rows}
            if seat not in seats:
                raise SeatError(match_id, f"no seat {seat}")
            if user_id is not None and any(s.user_id == user_id for s in seats.values()):
                raise SeatError(match_id, f"user {user_id} is already seated")
            await conn.execute(
                "UPDATE seats SET user_id = ?, bot = ?, joined_at = ?, name = ?"
                " WHERE match_id = ? AND seat = ?",
                (user_id, bot, self._now(), name, match_id, seat))
            if row["status"] == Status.ACTIVE:
                await conn.execute(
                    "INSERT INTO seat_holders (match_id, seat, from_seq, user_id, bot, how, at,"
                    " name) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (match_id, seat, row["seq"], user_id, bot, how, self._now(), name))
            await _touch(conn, match_id, self._now())
            return seats[seat]

    async def seat_history(self, match_id: int) -> list[Holder]:
        """Every holder of every seat of a started match, in order of seat
        and time (empty for a lobby)."""
        rows = await self._db.lookup(
            "SELECT seat, from_seq, user_id, bot, how, name FROM seat_holders"
            " WHERE match_id = ? ORDER BY seat, id", (match_id,))
        return [Holder(r["seat"], r["from_seq"], r["user_id"], r["bot"], r["how"], r["name"])
                for r in rows]

    async def rename_seats(self, guild_id: int, user_id: int, name: str) -> int:
        """A member's display name changed: their seats in the guild's live
        matches show the new one (the seat history keeps the name each
        holder had when taking the seat). Returns the seats renamed; writes
        nothing when none is out of date."""
        where = ("user_id = ? AND name IS NOT ? AND match_id IN (SELECT id FROM matches"
                 " WHERE guild_id = ? AND status IN ('lobby', 'active'))")
        stale = await self._db.lookup(f"SELECT 1 FROM seats WHERE {where} LIMIT 1",
                                        (user_id, name, guild_id))
        if not stale:
            return 0
        async with self._db.write() as conn:
            cur = await conn.execute(f"UPDATE seats SET name = ? WHERE {where}",
                                     (name, user_id, name, guild_id))
            return cur.rowcount

    async def story(self, match_id: int, *, since: int = 0,
                    until: int | None = None) -> list[LoggedAction]:
        """Logged actions `since` <= seq < `until` with their events, oldest
        first. Events are every seat's: filter them for the reader
        (rules.core.events.visible)."""
        rows = await self._db.fetchall(
            "SELECT seq, seat, key, events, at FROM actions WHERE match_id = ? AND seq >= ?"
            " AND seq < ? ORDER BY seq",
            (match_id, since, _MAX_SQLITE_INT if until is None else until))
        return [decode_logged(r) for r in rows]

    # -- deadlines ---------------------------------------------------------------
    async def set_deadline(self, match_id: int, seq: int, *, remind_at: datetime | None,
                           timeout_at: datetime | None) -> None:
        """The deadlines of the decision the match waits on at `seq`
        (replacing any earlier one)."""
        async with self._db.write() as conn:
            await _require(conn, match_id)
            await _put_deadline(conn, match_id, seq, remind_at, timeout_at)

    async def clear_deadline(self, match_id: int, *, reminder_only: bool = False) -> None:
        async with self._db.write() as conn:
            if reminder_only:
                await conn.execute("UPDATE deadlines SET remind_at = NULL WHERE match_id = ?",
                                   (match_id,))
            else:
                await conn.execute("DELETE FROM deadlines WHERE match_id = ?", (match_id,))

    async def deadline(self, match_id: int) -> Deadline | None:
        row = await self._db.lookup_one("SELECT * FROM deadlines WHERE match_id = ?",
                                        (match_id,))
        return _decode_deadline(row) if row else None

    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        """Deadlines due by `now` of active, unpaused matches still at the
        deadline's seq (a move since makes a deadline stale), except in
        guilds the bot has left (they fire once it is back)."""
        ms = to_ms(now)
        rows = await self._db.fetchall(
            "SELECT d.* FROM deadlines d JOIN matches m ON m.id = d.match_id"
            " WHERE m.status = 'active' AND m.paused_at IS NULL AND m.seq = d.seq"
            " AND (d.remind_at <= ? OR d.timeout_at <= ?)"
            " AND m.guild_id NOT IN (SELECT guild_id FROM departed_guilds)"
            " ORDER BY d.match_id", (ms, ms))
        return [_decode_deadline(r) for r in rows]

    # -- players' own settings ------------------------------------------------------
    async def get_user_setting(self, user_id: int, key: str, default: Any = None) -> Any:
        row = await self._db.lookup_one(
            "SELECT value FROM user_settings WHERE user_id = ? AND key = ?", (user_id, key))
        return default if row is None else json.loads(row["value"])

    async def set_user_setting(self, user_id: int, key: str, value: Any) -> None:
        async with self._db.write() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id, key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at", (user_id, key, dumps(value), self._now()))

    # -- history, stats and ratings ----------------------------------------------------
    # Derived from the seat history and outcomes when a match finishes
    # (storage/results.py), never from who sits in a seat now.
    async def player_stats(self, guild_id: int, user_id: int) -> dict[str, Stats]:
        """game -> the member's finished matches, wins and rating on a guild."""
        rows = await self._db.fetchall(
            f"SELECT {_STATS} WHERE m.guild_id = ? AND r.user_id = ?"
            " GROUP BY m.game ORDER BY m.game", (guild_id, user_id))
        return {r["game"]: _decode_stats(r) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, *, limit: int = 10) -> list[Stats]:
        """A guild's best players of a game: highest rating (its ordinal; a
        player never rated counts as a fresh one) first, then most wins."""
        rows = await self._db.fetchall(
            f"SELECT {_STATS} WHERE m.guild_id = ? AND m.game = ? GROUP BY r.user_id"
            " ORDER BY coalesce(g.ordinal, ?) DESC, won DESC, played ASC, r.user_id LIMIT ?",
            (guild_id, game, ratings.FRESH_ORDINAL, limit))
        return [_decode_stats(r) for r in rows]

    async def rebuild_ratings(self, guild_id: int, game: str) -> int:
        """Recompute a guild's results and ratings of a game from the stored
        history (same figures as the updates made as matches finished);
        returns the number of matches counted."""
        async with self._db.write() as conn:
            return await results.rebuild(conn, guild_id, game)

    async def rate_unrated(self) -> int:
        """Rate the matches that finished before ratings existed (run at
        open): a rebuild of each guild and game concerned. Returns how many
        guild-and-game ratings were rebuilt."""
        async with self._db.write() as conn:
            pending = await results.unrated(conn)
        for guild_id, game in pending:
            counted = await self.rebuild_ratings(guild_id, game)
            log.info("rated %d finished %s match(es) of guild %s", counted, game, guild_id)
        return len(pending)

    # -- guild settings ---------------------------------------------------------
    async def get_setting(self, guild_id: int, key: str, default: Any = None) -> Any:
        row = await self._db.lookup_one(
            "SELECT value FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
        if row is None:
            return default
        return self._decode_setting(guild_id, key, row["value"], default)

    async def settings(self, guild_id: int,
                       defaults: dict[str, Any] | None = None) -> dict[str, Any]:
        """All of a guild's settings over the caller's defaults."""
        rows = await self._db.lookup(
            "SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,))
        merged = dict(defaults or {})
        for row in rows:
            merged[row["key"]] = self._decode_setting(
                guild_id, row["key"], row["value"], merged.get(row["key"]))
        return merged

    async def set_setting(self, guild_id: int, key: str, value: Any) -> None:
        """Store a JSON-encodable value (None is stored as null, not unset)."""
        value_json = dumps(value)
        async with self._db.write() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at", (guild_id, key, value_json, self._now()))

    async def delete_setting(self, guild_id: int, key: str) -> bool:
        """Back to the caller's default; whether a value was stored."""
        async with self._db.write() as conn:
            cur = await conn.execute(
                "DELETE FROM guild_settings WHERE guild_id = ? AND key = ?", (guild_id, key))
            return cur.rowcount > 0

    @staticmethod
    def _decode_setting(guild_id: int, key: str, raw: str, default: Any) -> Any:
        try:
            return json.loads(raw)
        except ValueError:
            log.warning("guild %s setting %r is unreadable; using the default", guild_id, key)
            return default

    # -- guilds -----------------------------------------------------------------
    async def delete_guild(self, guild_id: int) -> int:
        """Remove everything of a guild at once (it asked to be forgotten, or
        its retention ended): matches with their seats, logs, messages and
        deadlines, its settings and any pending purge. Returns the matches
        removed. Players' own settings (user_settings) are not per guild."""
        async with self._db.write() as conn:
            return await _delete_guild(conn, guild_id)

    async def guild_departed(self, guild_id: int, purge_at: datetime) -> datetime:
        """The bot left the guild: keep its data until `purge_at`, then
        `purge_departed_guilds` deletes it. A second departure before a
        return keeps the first date. Returns the date in force."""
        async with self._db.write() as conn:
            await conn.execute(
                "INSERT INTO departed_guilds (guild_id, left_at, purge_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO NOTHING", (guild_id, self._now(), to_ms(purge_at)))
            (kept,), = await conn.execute_fetchall(
                "SELECT purge_at FROM departed_guilds WHERE guild_id = ?", (guild_id,))
            return from_ms(kept)

    async def guilds_back(self, guild_ids: Iterable[int]) -> list[int]:
        """The bot is in these guilds (again): cancel their pending purges.
        Returns the guilds that had one, whose data is thus kept. Costs no
        write when none had (the bot calls it for every guild at start-up)."""
        ids = sorted(set(guild_ids))
        departed = set()
        for start in range(0, len(ids), 500):  # SQLite's bound-parameter limit
            chunk = ids[start:start + 500]
            rows = await self._db.fetchall(
                f"SELECT guild_id FROM departed_guilds WHERE guild_id IN"
                f" ({', '.join('?' * len(chunk))})", chunk)
            departed.update(r["guild_id"] for r in rows)
        if not departed:
            return []
        async with self._db.write() as conn:
            back = []
            for guild_id in sorted(departed):
                rows = await conn.execute_fetchall(
                    "DELETE FROM departed_guilds WHERE guild_id = ? RETURNING guild_id",
                    (guild_id,))
                back += [r["guild_id"] for r in rows]
            return back

    async def purge_date(self, guild_id: int) -> datetime | None:
        """When a departed guild's data will be purged; None if it is not departed."""
        row = await self._db.fetchone(
            "SELECT purge_at FROM departed_guilds WHERE guild_id = ?", (guild_id,))
        return None if row is None else from_ms(row["purge_at"])

    async def purge_departed_guilds(self, now: datetime) -> list[tuple[int, int]]:
        """Delete the data of every departed guild whose retention ended by
        `now`, one transaction per guild; [(guild id, matches removed)]."""
        rows = await self._db.fetchall(
            "SELECT guild_id FROM departed_guilds WHERE purge_at <= ? ORDER BY guild_id",
            (to_ms(now),))
        purged = []
        for row in rows:
            async with self._db.write() as conn:
                # Re-checked inside the transaction: the guild may have come back.
                due = await conn.execute_fetchall(
                    "SELECT 1 FROM departed_guilds WHERE guild_id = ? AND purge_at <= ?",
                    (row["guild_id"], to_ms(now)))
                if due:
                    purged.append((row["guild_id"], await _delete_guild(conn, row["guild_id"])))
        return purged


# A player's finished matches, wins and rating per game (GROUP BY follows).
_STATS = ("m.game, r.user_id, count(*) AS played, sum(r.won) AS won,"
          " g.ordinal"
          " FROM results r JOIN matches m ON m.id = r.match_id"
          " LEFT JOIN ratings g ON g.guild_id = m.guild_id AND g.game = m.game"
          " AND g.user_id = r.user_id")


def _decode_stats(row: sqlite3.Row) -> Stats:
    return Stats(row["user_id"], row["game"], row["played"], row["won"], row["ordinal"])


def _ms_or_none(dt: datetime | None) -> int | None:
    return None if dt is None else to_ms(dt)


def _decode_deadline(row: sqlite3.Row) -> Deadline:
    return Deadline(row["match_id"], row["seq"], from_ms(row["remind_at"]),
                    from_ms(row["timeout_at"]))


# -- helpers used inside write transactions -----------------------------------

async def _require(conn: aiosqlite.Connection, match_id: int,
                   allowed: tuple[Status, ...] | None = None) -> sqlite3.Row:
    rows = await conn.execute_fetchall(
        "SELECT id, game, status, seq FROM matches WHERE id = ?", (match_id,))
    if not rows:
        raise UnknownMatch(match_id)
    row = rows[0]
    if allowed is not None and row["status"] not in allowed:
        raise WrongStatus(match_id, row["status"], tuple(str(s) for s in allowed))
    return row


async def _delete_guild(conn: aiosqlite.Connection, guild_id: int) -> int:
    cur = await conn.execute("DELETE FROM matches WHERE guild_id = ?", (guild_id,))
    removed = cur.rowcount
    await conn.execute("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
    await conn.execute("DELETE FROM departed_guilds WHERE guild_id = ?", (guild_id,))
    await conn.execute("DELETE FROM ratings WHERE guild_id = ?", (guild_id,))
    return removed


async def _put_deadline(conn: aiosqlite.Connection, match_id: int, seq: int,
                        remind_at: datetime | None, timeout_at: datetime | None) -> None:
    await conn.execute(
        "INSERT INTO deadlines (match_id, seq, remind_at, timeout_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (match_id) DO UPDATE SET seq = excluded.seq,"
        " remind_at = excluded.remind_at, timeout_at = excluded.timeout_at",
        (match_id, seq, _ms_or_none(remind_at), _ms_or_none(timeout_at)))


async def _put_message(conn: aiosqlite.Connection, match_id: int, kind: str, channel_id: int,
                       message_id: int, now: int) -> None:
    await conn.execute(
        "INSERT INTO messages (match_id, kind, channel_id, message_id, posted_at)"
        " VALUES (?, ?, ?, ?, ?) ON CONFLICT (match_id, kind) DO UPDATE SET"
        " channel_id = excluded.channel_id, message_id = excluded.message_id,"
        " posted_at = excluded.posted_at",
        (match_id, kind, channel_id, message_id, now))


async def _touch(conn: aiosqlite.Connection, match_id: int, now: int) -> None:
    await conn.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (now, match_id))
